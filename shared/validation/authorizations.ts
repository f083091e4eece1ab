/**
 * Inputs of authorizations (authorizationProjectDemand, the agency's answer) and authorization
 * changes (/authchange/*), with their Chinese messages; the console's forms check the same schemas.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { pagingSchema } from './lists';
import { reviewQueueFields } from './review';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const AUTH_REASON_MAX = 500;

export const authorizationMessages = {
  projectId: '请提供正确的项目编号',
  organizationId: '请选择中介机构',
  demandId: '请提供正确的需求编号',
  authorizationId: '请提供正确的委托编号',
  projectNo: '请提供正确的项目编号',
  declineReasonRequired: '请填写拒绝原因',
  changeReasonRequired: '请填写变更原因',
  reasonTooLong: `原因不能超过${AUTH_REASON_MAX}个字`,
  changeId: '请提供正确的变更编号',
  projectNotFound: '项目不存在',
  demandNotReleased: '该项目没有已发布、待委托的测绘需求',
  alreadyAuthorized: '该需求已委托中介机构，等待答复或已接受；如需更换请申请授权变更',
  selectionUndecided: '该需求的中介机构选取尚未完成，请先在“选取中介”中确定中选机构',
  notSelectionWinner: '只能授权该需求选取结果中的中选机构',
  notEligible: '所选中介机构不符合条件（须审核通过、业务范围覆盖全部测绘事项且无失信、不合格或黑名单记录）',
  agencyNotFound: '中介机构不存在',
  authorizationNotFound: '委托不存在',
  alreadyAnswered: '该委托已答复，不能重复操作',
  changeNotFound: '授权变更不存在',
  changeOpen: '该需求已有待审核的授权变更',
  nothingToChange: '该项目没有可以变更的委托（须已委托中介机构，且合同尚未备案）',
  sameAgency: '新的中介机构不能与当前受托机构相同',
  changeNotDeletable: '审核中或已通过的授权变更不能删除',
} as const;
const m = authorizationMessages;

const id = (message: string) => z.preprocess(blankToUndefined, idField(message));
const reason = (required: string) =>
  z.preprocess(
    blankToUndefined,
    z.string(required).trim().min(1, required).max(AUTH_REASON_MAX, m.reasonTooLong),
  );

/** authorizationProjectDemand?projectId&organizationId (demandId: which released demand, if several). */
export const authorizeSchema = z.object({
  projectId: id(m.projectId),
  organizationId: id(m.organizationId),
  demandId: z.preprocess(blankToUndefined, idField(m.demandId).optional()),
});

export const projectIdQuerySchema = z.object({ projectId: id(m.projectId) });

export const projectNoQuerySchema = z.object({
  projectNo: z.preprocess(
    blankToUndefined,
    z.string(m.projectNo).trim().min(1, m.projectNo).max(40, m.projectNo),
  ),
});

export const authorizationIdSchema = z.object({ id: id(m.authorizationId) });

export const declineSchema = z.object({ id: id(m.authorizationId), reason: reason(m.declineReasonRequired) });

export const authorizationListSchema = pagingSchema.extend({
  projectName: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, '项目名称不能超过 100 个字').optional(),
  ),
});

/** The reviewers' queue of authorization changes: the list's fields and the queue's. */
export const authChangeQueueSchema = authorizationListSchema.extend(reviewQueueFields);

/** /authchange/add: replace the agency of a project's demand, with a reason. */
export const authChangeAddSchema = z.object({
  projectId: id(m.projectId),
  organizationId: id(m.organizationId),
  reason: reason(m.changeReasonRequired),
});

export const authChangeIdSchema = z.object({ id: id(m.changeId) });
/** project/log/getAuthChangeProjectLogs?authChangeId */
export const authChangeLogQuerySchema = z.object({ authChangeId: id(m.changeId) });
/** project/log/getConstructionAuthChangeProjectLogs?projectid (the spec's lower-case name) */
export const projectAuthChangeLogQuerySchema = z.object({ projectid: id(m.projectId) });

export const authChangeListSchema = pagingSchema.extend({
  auditStatus: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((v) => [0, 1, 2, 3].includes(v), '审核状态不正确')
      .optional(),
  ),
});
