/**
 * An agency's staff (agentstaff/*): the agency adds people, the authority reviews each addition through
 * the review workflow (server/modules/review). A person on the person blacklist cannot be added.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import { reviewDecisionKeys } from '@shared/domain/review';
import { fileIdSchema, idSchema, pagingSchema } from '@shared/validation/lists';
import { reviewQueueFields } from '@shared/validation/review';
import {
  staffAccountSchema,
  staffAddSchema,
  staffByProjectSchema,
  staffChangeListSchema,
  staffDecisionSchema,
  staffListSchema,
  staffPickSchema,
  staffUpdateSchema,
} from '@shared/validation/staff';
import { staffFieldKeys } from '@shared/domain/staff';
import { defineCalls } from './define';
import { dateTime, id, queueFields } from './wire';

export const staffRowSchema = z.object({
  staffId: id,
  organizationId: id,
  orgName: z.string(),
  name: z.string(),
  idCardNo: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  certificateNo: z.string().nullable(),
  post: z.string().nullable(),
  auditStatus: z.number().int(),
  isBlacklisted: z.boolean(),
  createdAt: dateTime,
});
export type StaffRow = z.infer<typeof staffRowSchema>;

const reviewRecordSchema = z.object({
  pkid: id,
  decision: z.number().int(),
  opinion: z.string().nullable(),
  auditorName: z.string().nullable(),
  roleId: z.string().nullable(),
  transferToName: z.string().nullable(),
  auditedAt: dateTime,
});

export const staffAttachmentSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  kind: z.number().int().describe('1 身份证复印件，2 职业资格证书，3 其他附件'),
});
export type StaffAttachment = z.infer<typeof staffAttachmentSchema>;

export const staffAccountOutSchema = z.object({
  userId: id,
  loginname: z.string(),
  userstate: z.number().int().describe('1 正常，0 停用'),
});
export type StaffAccount = z.infer<typeof staffAccountOutSchema>;

export const staffDetailSchema = staffRowSchema.extend({
  attachments: z.array(staffAttachmentSchema),
  /** The person's login account of the staff role, if the agency opened one. */
  account: staffAccountOutSchema.nullable(),
  /** Set when the agency deleted the person: kept readable from its history, gone from the lists. */
  deletedAt: dateTime.nullable(),
  /** The person's open (pending) change, if any. */
  openChangeId: id.nullable(),
  review: z
    .object({
      status: z.number().int(),
      version: z.number().int(),
      allowed: z.array(z.enum(reviewDecisionKeys as [string, ...string[]])),
    })
    .nullable(),
  records: z.array(reviewRecordSchema),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

const staffFieldsSchema = z.object({
  name: z.string(),
  idCardNo: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  certificateNo: z.string().nullable(),
  post: z.string().nullable(),
});

export const staffChangeRowSchema = z.object({
  pkid: id,
  staffId: id,
  organizationId: id,
  orgName: z.string(),
  name: z.string(),
  auditStatus: z.number().int(),
  changedFields: z.array(z.enum(staffFieldKeys as [string, ...string[]])),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
});
export type StaffChangeRow = z.infer<typeof staffChangeRowSchema>;

export const staffChangeDetailSchema = staffChangeRowSchema.extend({
  before: staffFieldsSchema,
  data: staffFieldsSchema,
  beforeFiles: z.array(staffAttachmentSchema).describe('变更前的附件'),
  dataFiles: z.array(staffAttachmentSchema).describe('变更后的附件'),
  filesChanged: z.boolean().describe('附件是否有变化'),
  review: z
    .object({
      status: z.number().int(),
      version: z.number().int(),
      allowed: z.array(z.enum(reviewDecisionKeys as [string, ...string[]])),
    })
    .nullable(),
  records: z.array(reviewRecordSchema),
});
export type StaffChangeDetail = z.infer<typeof staffChangeDetailSchema>;

export const staffSaveResultSchema = z.object({
  staffId: id,
  /** The change sent for review when the person was already approved; null when edited in place. */
  changeId: id.nullable(),
});

/** Who may open the staff list may call its calls; an agency sees only its own (checked in the service). */
const staffRoles = pageRoles('orgstaff', 'stafflist');
const reviewRoles = pageRoles('orgstaff', 'personnelReview');

export const staffCalls = defineCalls('staff', {
  query: {
    summary: '从业人员列表（机构只看本机构）',
    base: 'business',
    path: 'agentstaff/query',
    method: 'GET',
    input: staffListSchema,
    output: staffRowSchema,
    envelope: 'page',
    access: staffRoles,
    paging: { page: 'page', size: 'rows' },
  },
  add: {
    summary: '机构新增从业人员并提交审核',
    base: 'business',
    path: 'agentstaff/add',
    method: 'POST',
    encoding: 'multipart',
    input: staffAddSchema,
    output: staffRowSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  queryOne: {
    summary: '从业人员详情（审核状态与审核记录）',
    base: 'business',
    path: 'agentstaff/queryOne/{id}',
    method: 'GET',
    input: idSchema,
    output: staffDetailSchema,
    envelope: 'result',
    access: staffRoles,
  },
  approve: {
    summary: '审核从业人员（通过或不通过）',
    base: 'business',
    path: 'agentstaff/approve',
    method: 'POST',
    input: staffDecisionSchema,
    output: staffDetailSchema,
    envelope: 'result',
    access: reviewRoles,
  },
  update: {
    summary: '机构修改从业人员：未通过的改后重新提交审核，已通过的改动作为变更提交审核',
    base: 'business',
    path: 'agentstaff/update',
    method: 'POST',
    encoding: 'multipart',
    input: staffUpdateSchema,
    output: staffSaveResultSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  delete: {
    summary: '机构删除从业人员（审核记录保留，可从历史查看）',
    base: 'business',
    path: 'agentstaff/delete/{id}',
    // The spec's GET, and POST as the console sends it: both change state, both are origin-checked.
    method: ['POST', 'GET'],
    changesState: true,
    input: idSchema,
    output: z.object({ staffId: id }),
    envelope: 'result',
    access: [roles.agency.id],
  },
  queryStaff: {
    summary: '某机构审核通过、未列入黑名单的从业人员（供选择；机构只能查本机构，最多 200 人）',
    base: 'business',
    path: 'agentstaff/queryStaff',
    method: 'GET',
    input: staffPickSchema,
    output: z.array(
      z.object({
        staffId: id,
        organizationId: id,
        name: z.string(),
        title: z.string().nullable(),
        certificateNo: z.string().nullable(),
        post: z.string().nullable(),
      }),
    ),
    envelope: 'object',
    access: staffRoles,
  },
  queryStaffByProjectId: {
    summary:
      '项目授权机构（授权已接受）的从业人员：queryType 0 全部人员（任何审核状态，不含已删除），1 仅审核通过的人员，2 仅已开通从业人员登录账号的人员；项目业主、被授权机构及其从业人员、主管部门和审核人员可查，其他人 404；无已接受授权时为空',
    base: 'business',
    path: 'agentstaff/queryStaffByProjectId',
    method: 'GET',
    input: staffByProjectSchema,
    output: z.array(
      z.object({
        staffId: id,
        organizationId: id,
        orgName: z.string(),
        name: z.string(),
        phone: z.string().nullable(),
        title: z.string().nullable(),
        certificateNo: z.string().nullable(),
        post: z.string().nullable(),
        auditStatus: z.number().int(),
        hasAccount: z.boolean(),
      }),
    ),
    envelope: 'object',
    access: [
      roles.admin.id,
      roles.owner.id,
      roles.agency.id,
      roles.staff.id,
      roles.authority.id,
      roles.auditor.id,
    ],
  },
  auditInfo: {
    summary: '从业人员的审核记录（时间顺序；机构只能查看本机构人员）',
    base: 'business',
    path: 'agentstaff/orgStaffAuditInfo/{id}',
    method: 'GET',
    input: idSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: staffRoles,
  },
  toDoStaff: {
    summary:
      '待审核的从业人员（keyword 按姓名或证件号码搜索，mine=1 只看本人领取的，orderBy=deadline 按办理期限排序）',
    base: 'business',
    path: 'agentstaff/toDoStaff',
    method: 'GET',
    input: pagingSchema.extend(reviewQueueFields),
    output: staffRowSchema.extend(queueFields),
    envelope: 'page',
    access: reviewRoles,
    paging: { page: 'page', size: 'rows' },
  },
});

/** Whoever may open a person's detail page may fetch its attachments (ownership checked in the service). */
const fileRoles = [...new Set([...staffRoles, ...reviewRoles, roles.staff.id])];

/** A person's attachments and login account (agentstaff/file/*, agentstaff/*Account). */
export const staffFileCalls = defineCalls('staffFiles', {
  downloadFile: {
    summary: '下载从业人员附件（含变更中的附件）',
    base: 'business',
    path: 'agentstaff/file/download',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: fileRoles,
  },
  previewFile: {
    summary: '预览从业人员附件（PDF、图片在浏览器中打开，其余下载）',
    base: 'business',
    path: 'agentstaff/file/preview',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: fileRoles,
  },
  createAccount: {
    summary: '为审核通过的从业人员开通登录账号（从业人员角色，属于本机构）',
    description: '密码留空时由系统生成，只在本次返回中显示一次。',
    base: 'business',
    path: 'agentstaff/createAccount',
    method: 'POST',
    input: staffAccountSchema,
    output: staffAccountOutSchema.extend({
      initialPassword: z
        .string()
        .nullable()
        .describe('系统生成的初始密码，只显示这一次；自行设置密码时为 null'),
    }),
    envelope: 'result',
    access: [roles.agency.id],
  },
  disableAccount: {
    summary: '停用从业人员的登录账号（其登录会话随之结束）',
    base: 'business',
    path: 'agentstaff/disableAccount/{id}',
    method: 'POST',
    input: idSchema,
    output: staffAccountOutSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  resetAccountPassword: {
    summary: '重置从业人员登录账号的密码（系统生成新密码，只显示一次；原有登录会话随之结束）',
    base: 'business',
    path: 'agentstaff/resetAccountPassword/{id}',
    method: 'POST',
    input: idSchema,
    output: staffAccountOutSchema.extend({
      initialPassword: z.string().describe('系统生成的新密码，只显示这一次'),
    }),
    envelope: 'result',
    access: [roles.agency.id],
  },
  querySelf: {
    summary: '从业人员本人的人员信息（登录账号所属的人员）',
    base: 'business',
    path: 'agentstaff/querySelf',
    method: 'GET',
    output: staffDetailSchema,
    envelope: 'result',
    access: [roles.staff.id],
  },
});

const changeRoles = pageRoles('orgstaff', 'staffchecklist');

/** Changes of approved people (agentStaffChange/*), reviewed like agency changes. */
export const staffChangeCalls = defineCalls('staffChange', {
  query: {
    summary: '人员变更列表（机构只看本机构）',
    base: 'business',
    path: 'agentStaffChange/query',
    method: 'GET',
    input: staffChangeListSchema,
    output: staffChangeRowSchema,
    envelope: 'page',
    access: changeRoles,
    paging: { page: 'page', size: 'rows' },
  },
  queryOne: {
    summary: '人员变更详情：变更前后两份信息、改动的字段与审核记录',
    base: 'business',
    path: 'agentStaffChange/queryOne/{id}',
    method: 'GET',
    input: idSchema,
    output: staffChangeDetailSchema,
    envelope: 'result',
    access: changeRoles,
  },
  approve: {
    summary: '审核人员变更（通过即生效，不通过则保持原信息）',
    base: 'business',
    path: 'agentStaffChange/approve',
    method: 'POST',
    input: staffDecisionSchema,
    output: staffChangeDetailSchema,
    envelope: 'result',
    access: reviewRoles,
  },
  toDo: {
    summary: '待审核的人员变更',
    base: 'business',
    path: 'agentStaffChange/toDo',
    method: 'GET',
    input: pagingSchema.extend(reviewQueueFields),
    output: staffChangeRowSchema.extend(queueFields),
    envelope: 'page',
    access: reviewRoles,
    paging: { page: 'page', size: 'rows' },
  },
});
