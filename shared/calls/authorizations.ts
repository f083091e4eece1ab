/**
 * Authorizations of demands and their changes (spec section 7, "Projects and demands"; issue 13):
 * the owner authorizes an eligible agency (authorizationProjectDemand), the agency answers
 * (project/authorization/accept, decline: not named by the spec, whose answer calls are not shown),
 * and an owner's request to replace the agency is reviewed by the authority (/authchange/*).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { changeDecisionSchema, changeTransferSchema } from '@shared/validation/agencies';
import {
  authChangeAddSchema,
  authChangeQueueSchema,
  authChangeIdSchema,
  authChangeListSchema,
  authChangeLogQuerySchema,
  authorizationIdSchema,
  authorizationListSchema,
  authorizeSchema,
  declineSchema,
  projectIdQuerySchema,
  projectAuthChangeLogQuerySchema,
  projectNoQuerySchema,
} from '@shared/validation/authorizations';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { dateTime, deadlineFields, id, queueFields } from './wire';

const R = roles;
const OWNER = [R.owner.id];
const AGENCY_ACCOUNT = [R.agency.id];
/** Who sees authorizations at all; ownership (own project, offered to own agency) is the service's. */
const VIEWERS = [
  R.owner.id,
  R.agency.id,
  R.staff.id,
  R.authority.id,
  R.auditor.id,
  R.district.id,
  R.sharing.id,
];
const SUPERVISORS = [R.authority.id, R.auditor.id, R.district.id];
const REVIEWERS = [R.authority.id];
/** The authorization-change to-do and done pages are the audit group's (auditors see an empty list). */
const REVIEW_LISTS = [R.authority.id, R.auditor.id];

export const authorizationRowSchema = z.object({
  authorizationId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int().describe('项目状态（projectStatus）'),
  demandId: id,
  stageName: z.string(),
  itemNames: z.array(z.string()),
  constructionName: z.string(),
  organizationId: id,
  orgName: z.string(),
  state: z.number().int().describe('0 待接受，1 已接受，2 已拒绝，3 已变更'),
  reason: z.string().nullable().describe('拒绝或变更的原因'),
  authorizedAt: dateTime,
  respondedAt: dateTime.nullable(),
  ...deadlineFields,
});
export type AuthorizationRow = z.infer<typeof authorizationRowSchema>;

export const organizationRefSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  state: z.number().int(),
  authorizationId: id,
  authorizedAt: dateTime,
  respondedAt: dateTime.nullable(),
});

export const changeableProjectSchema = z.object({
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  authorizationId: id,
  organizationId: id,
  orgName: z.string(),
  state: z.number().int(),
  openChangeId: id.nullable().describe('待审核的授权变更'),
});
export type ChangeableProject = z.infer<typeof changeableProjectSchema>;

export const authChangeRowSchema = z.object({
  pkid: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  demandId: id,
  authorizationId: id,
  newAuthorizationId: id.nullable(),
  fromOrganizationId: id,
  fromOrgName: z.string(),
  toOrganizationId: id,
  toOrgName: z.string(),
  reason: z.string(),
  auditStatus: z.number().int(),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
});
export type AuthChangeRow = z.infer<typeof authChangeRowSchema>;

export const authChangeSchemaOut = authChangeRowSchema.extend({
  review: reviewStateSchema.nullable(),
});
export type AuthChange = z.infer<typeof authChangeSchemaOut>;

const decisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });

export const authorizationCalls = defineCalls('authorizations', {
  authorize: {
    summary: '委托中介机构承担已发布的测绘需求',
    description:
      '中介机构须审核通过、业务范围覆盖需求的全部测绘事项且没有失信、不合格或黑名单记录；需求已有待答复或已接受的委托时须申请授权变更。',
    base: 'business',
    path: 'project/authorizationProjectDemand',
    method: 'POST',
    input: authorizeSchema,
    output: authorizationRowSchema,
    envelope: 'result',
    access: OWNER,
  },
  projectAuthorizations: {
    summary: '项目各需求的委托记录',
    base: 'business',
    path: 'project/getProjectDemandAuthorization',
    method: 'GET',
    input: projectIdQuerySchema,
    output: z.array(authorizationRowSchema),
    envelope: 'object',
    access: VIEWERS,
  },
  organizationRefs: {
    summary: '项目涉及的中介机构（按项目编号）',
    base: 'business',
    path: 'project/getProjectOrganizationRefsByProjectNo',
    method: 'GET',
    input: projectNoQuerySchema,
    output: z.array(organizationRefSchema),
    envelope: 'object',
    access: VIEWERS,
  },
  queryChange: {
    summary: '可以申请授权变更的项目（已委托、合同尚未备案）',
    base: 'business',
    path: 'project/queryChange',
    method: 'GET',
    input: authorizationListSchema,
    output: changeableProjectSchema,
    envelope: 'page',
    access: [...OWNER, ...SUPERVISORS],
    paging: { page: 'page', size: 'rows' },
  },
  candidates: {
    summary: '可委托的中介机构（审核通过、业务范围覆盖需求全部事项、无信用问题）',
    base: 'business',
    path: 'project/authorization/candidates',
    method: 'GET',
    input: projectIdQuerySchema,
    output: z.array(z.object({ organizationId: id, orgName: z.string() })),
    envelope: 'object',
    access: OWNER,
  },
  queryOne: {
    summary: '委托详情',
    base: 'business',
    path: 'project/authorization/queryOne',
    method: 'GET',
    input: authorizationIdSchema,
    output: authorizationRowSchema,
    envelope: 'object',
    access: VIEWERS,
  },
  list: {
    summary: '可查看的委托（建设单位：本单位项目；中介机构：委托本机构的；主管部门：全部）',
    base: 'business',
    path: 'project/authorization/query',
    method: 'GET',
    input: authorizationListSchema.extend({
      state: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce
          .number()
          .refine((v) => [0, 1, 2, 3].includes(v), '委托状态不正确')
          .optional(),
      ),
    }),
    output: authorizationRowSchema,
    envelope: 'page',
    access: VIEWERS,
    paging: { page: 'page', size: 'rows' },
  },
  todo: {
    summary: '本机构待答复的委托（最早在前）',
    base: 'business',
    path: 'project/authorization/toDoList',
    method: 'GET',
    input: authorizationListSchema,
    output: authorizationRowSchema,
    envelope: 'page',
    access: [R.agency.id, R.staff.id, R.auditor.id, R.district.id],
    paging: { page: 'page', size: 'rows' },
  },
  done: {
    summary: '本机构已答复的委托（最新在前）',
    base: 'business',
    path: 'project/authorization/doneList',
    method: 'GET',
    input: authorizationListSchema,
    output: authorizationRowSchema,
    envelope: 'page',
    access: [R.agency.id, R.staff.id, R.auditor.id, R.district.id],
    paging: { page: 'page', size: 'rows' },
  },
  accept: {
    summary: '中介机构接受委托（项目改为已委托）',
    base: 'business',
    path: 'project/authorization/accept',
    method: 'POST',
    input: authorizationIdSchema,
    output: authorizationRowSchema,
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
  decline: {
    summary: '中介机构拒绝委托（须填写原因）',
    base: 'business',
    path: 'project/authorization/decline',
    method: 'POST',
    input: declineSchema,
    output: authorizationRowSchema,
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
});

export const authChangeCalls = defineCalls('authChanges', {
  check: {
    summary: '该项目能否申请授权变更，以及当前受托机构',
    base: 'business',
    path: 'authchange/ifProjectDemandAuthChange',
    method: 'GET',
    input: projectIdQuerySchema,
    output: z.object({
      canChange: z.boolean(),
      message: z.string().nullable(),
      openChangeId: id.nullable(),
      current: z
        .object({ authorizationId: id, organizationId: id, orgName: z.string(), state: z.number().int() })
        .nullable(),
    }),
    envelope: 'object',
    access: OWNER,
  },
  add: {
    summary: '申请授权变更（更换受托中介机构，须填写原因），提交主管部门审核',
    base: 'business',
    path: 'authchange/add',
    method: 'POST',
    input: authChangeAddSchema,
    output: authChangeSchemaOut,
    envelope: 'result',
    access: OWNER,
  },
  query: {
    summary: '授权变更列表（建设单位：本单位；中介机构：涉及本机构；主管部门：全部）',
    base: 'business',
    path: 'authchange/query',
    method: 'GET',
    input: authChangeListSchema,
    output: authChangeRowSchema,
    envelope: 'page',
    access: VIEWERS,
    paging: { page: 'page', size: 'rows' },
  },
  queryOne: {
    summary: '授权变更详情和审核状态',
    base: 'business',
    path: 'authchange/queryOne',
    method: 'GET',
    input: authChangeIdSchema,
    output: authChangeSchemaOut,
    envelope: 'object',
    access: VIEWERS,
  },
  auditInfo: {
    summary: '授权变更的审核记录',
    base: 'business',
    path: 'authchange/auditInfo',
    method: 'GET',
    input: authChangeIdSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: VIEWERS,
  },
  projectLogs: {
    summary: '项目的授权变更日志：每次变更及其审核记录（建设单位查看本单位项目）',
    base: 'business',
    path: 'project/log/getConstructionAuthChangeProjectLogs',
    method: 'GET',
    input: projectAuthChangeLogQuerySchema,
    output: z.array(authChangeRowSchema.extend({ records: z.array(reviewRecordSchema) })),
    envelope: 'object',
    access: VIEWERS,
  },
  changeLogs: {
    summary: '一次授权变更的日志（审核记录）',
    base: 'business',
    path: 'project/log/getAuthChangeProjectLogs',
    method: 'GET',
    input: authChangeLogQuerySchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: VIEWERS,
  },
  todo: {
    summary: '待审核的授权变更',
    base: 'business',
    path: 'authchange/toDoList',
    method: 'GET',
    input: authChangeQueueSchema,
    output: authChangeRowSchema.extend(queueFields),
    envelope: 'page',
    access: REVIEW_LISTS,
    paging: { page: 'page', size: 'rows' },
  },
  done: {
    summary: '已审核的授权变更',
    base: 'business',
    path: 'authchange/doneProjectDemandAuthChange',
    method: 'GET',
    input: authorizationListSchema,
    output: authChangeRowSchema,
    envelope: 'page',
    access: REVIEW_LISTS,
    paging: { page: 'page', size: 'rows' },
  },
  approve: {
    summary: '审核授权变更（auditStatus 2 通过并生效，3 不通过，须填写意见）',
    base: 'business',
    path: 'authchange/check',
    method: 'POST',
    input: changeDecisionSchema,
    output: decisionOut,
    envelope: 'result',
    access: REVIEWERS,
  },
  transfer: {
    summary: '把授权变更审核任务转办给其他审核人员',
    base: 'business',
    path: 'authchange/transfer',
    method: 'POST',
    input: changeTransferSchema,
    output: decisionOut,
    envelope: 'result',
    access: REVIEWERS,
  },
  remove: {
    summary: '删除未通过的授权变更申请',
    base: 'business',
    path: 'authchange/delete/{id}',
    method: 'DELETE',
    input: authChangeIdSchema,
    output: z.object({ id }),
    envelope: 'result',
    access: OWNER,
  },
});
