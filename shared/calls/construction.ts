/**
 * Construction units (spec section 7, construction/*; issue 12): the owner keeps its own unit and
 * submits it for verification (querySelf, updateSelf); the authority verifies it through the review
 * workflow (query = to-do, queryOne, approve, constructionAuditInfo, doneOrg); the owner sees the
 * latest rejection (queryAuditRejectView). construction/exportExcel is the exports module's.
 */
import { z } from 'zod';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { roles } from '@shared/domain/roles';
import { fileIdSchema } from '@shared/validation/lists';
import {
  constructionChangeSchema,
  unitChangeDecisionSchema,
  unitChangeIdSchema,
  constructionDecisionSchema,
  constructionIdSchema,
  constructionListSchema,
  constructionQueueSchema,
  constructionMetadataSchema,
  constructionUpdateSchema,
} from '@shared/validation/construction';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { attachmentSchema, dateTime, id, queueFields } from './wire';

/** Who verifies construction units (the administrator always passes). */
export const constructionReviewerRoles = [roles.authority.id] as const;
/** Who may open one unit: its owner (its own only) and the reviewers. */
export const constructionViewerRoles = [roles.owner.id, roles.authority.id] as const;

export const constructionAttachmentSchema = attachmentSchema(constructionAttachmentKind);

export const constructionRecordSchema = z.object({
  constructionId: id,
  name: z.string(),
  creditCode: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  auditStatus: z.number().int(),
  submittedAt: dateTime.nullable(),
  auditedAt: dateTime.nullable(),
  openChangeId: id.nullable().describe('未完成（草稿或待审核）的变更申请'),
  attachments: z.array(constructionAttachmentSchema),
  review: reviewStateSchema.nullable().describe('审核状态和当前用户可执行的操作；不在审核中为 null'),
});
export type ConstructionRecord = z.infer<typeof constructionRecordSchema>;

export const constructionTaskSchema = z.object({
  constructionId: id,
  name: z.string(),
  creditCode: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  districtName: z.string().nullable(),
  auditStatus: z.number().int(),
  applicantName: z.string().nullable(),
  submittedAt: dateTime.nullable(),
  decidedAs: z.string().optional(),
  decidedOn: dateTime.optional(),
  version: z.number().int(),
});
export type ConstructionTask = z.infer<typeof constructionTaskSchema>;

export const constructionFieldsOutSchema = z.object({
  name: z.string(),
  creditCode: z.string(),
  legalPersonName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  districtCode: z.string(),
});

export const unitChangeRowSchema = z.object({
  pkid: id,
  constructionId: id,
  unitName: z.string().describe('当前（变更前）的单位名称'),
  reason: z.string().nullable(),
  auditStatus: z.number().int(),
  changedFields: z.array(z.string()).describe('有变化的字段'),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
});
export type UnitChangeRow = z.infer<typeof unitChangeRowSchema>;

export const unitChangeSchema = unitChangeRowSchema.extend({
  before: constructionFieldsOutSchema.describe('提出变更时的单位信息'),
  data: constructionFieldsOutSchema.describe('变更后的单位信息'),
  review: reviewStateSchema.nullable(),
  records: z.array(reviewRecordSchema),
});
export type UnitChange = z.infer<typeof unitChangeSchema>;

const option = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });
const decisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });

export const constructionCalls = defineCalls('construction', {
  metadata: {
    summary: '建设单位相关字典（审核状态、附件类型、区县）',
    base: 'business',
    path: 'construction/metadata/{x}',
    method: 'GET',
    input: constructionMetadataSchema,
    output: z.array(option),
    envelope: 'object',
    access: 'signed-in',
  },
  querySelf: {
    summary: '本单位的信息（尚未填写时为 null）',
    base: 'business',
    path: 'construction/querySelf',
    method: ['POST', 'GET'],
    changesState: false,
    output: constructionRecordSchema.nullable(),
    envelope: 'object',
    access: [roles.owner.id],
  },
  updateSelf: {
    summary: '保存或提交本单位的认证信息（含附件）',
    description:
      'action=save 保存草稿，action=submit 提交审核（须已有营业执照）。附件：licence 营业执照、other 其他附件，格式为文档或图片，内容须与扩展名相符，单个不超过 50MB；removeFileIds 删除已上传的附件。审核中或已认证时不能修改。',
    base: 'business',
    path: 'construction/updateSelf',
    method: 'POST',
    encoding: 'multipart',
    input: constructionUpdateSchema,
    output: constructionRecordSchema,
    envelope: 'result',
    access: [roles.owner.id],
  },
  queryOne: {
    summary: '建设单位详情（建设单位只能查看本单位；审核人员查看全部）',
    base: 'business',
    path: 'construction/queryOne',
    method: 'GET',
    input: constructionIdSchema,
    output: constructionRecordSchema,
    envelope: 'object',
    access: constructionViewerRoles,
  },
  todo: {
    summary: '待认证的建设单位（当前用户的待办）',
    base: 'business',
    path: 'construction/query',
    method: 'GET',
    input: constructionQueueSchema,
    output: constructionTaskSchema.extend(queueFields),
    envelope: 'page',
    access: constructionReviewerRoles,
    paging: { page: 'page', size: 'rows' },
  },
  done: {
    summary: '我已审核的建设单位',
    base: 'business',
    path: 'construction/doneOrg',
    method: 'GET',
    input: constructionListSchema,
    output: constructionTaskSchema,
    envelope: 'page',
    access: constructionReviewerRoles,
    paging: { page: 'page', size: 'rows' },
  },
  approve: {
    summary: '认证建设单位（auditStatus 2 通过，3 不通过，不通过须填写意见）',
    base: 'business',
    path: 'construction/approve',
    method: 'POST',
    input: constructionDecisionSchema,
    output: decisionOut,
    envelope: 'result',
    access: constructionReviewerRoles,
  },
  auditInfo: {
    summary: '建设单位的审核记录（时间顺序）',
    base: 'business',
    path: 'construction/constructionAuditInfo',
    method: 'POST',
    input: constructionIdSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: constructionViewerRoles,
  },
  rejectView: {
    summary: '最近一次退回的意见（未被退回时为 null）',
    base: 'business',
    path: 'construction/queryAuditRejectView',
    method: 'GET',
    input: constructionIdSchema,
    output: z
      .object({ opinion: z.string().nullable(), auditorName: z.string().nullable(), auditedAt: dateTime })
      .nullable(),
    envelope: 'object',
    access: constructionViewerRoles,
  },
  update: {
    summary: '已认证单位提交信息变更申请（审核通过前现有信息继续有效）',
    description:
      '提交变更后的完整单位信息和变更原因；action=save 保存草稿，action=submit（默认）提交审核。已有草稿时修改该草稿；已有待审核的变更时不能再提交。',
    base: 'business',
    path: 'construction/update',
    method: 'POST',
    input: constructionChangeSchema,
    output: unitChangeSchema,
    envelope: 'result',
    access: [roles.owner.id],
  },
  queryOneChange: {
    summary: '建设单位变更详情：变更前后对照、有变化的字段、审核状态和记录',
    base: 'business',
    path: 'construction/queryOneChange',
    method: 'GET',
    input: unitChangeIdSchema,
    output: unitChangeSchema,
    envelope: 'object',
    access: constructionViewerRoles,
  },
  toDoChange: {
    summary: '待审核的建设单位变更',
    base: 'business',
    path: 'construction/toDoChange',
    method: 'GET',
    input: constructionQueueSchema,
    output: unitChangeRowSchema.extend(queueFields),
    envelope: 'page',
    access: constructionReviewerRoles,
    paging: { page: 'page', size: 'rows' },
  },
  approveChange: {
    summary: '审核建设单位变更（auditStatus 2 通过并生效，3 不通过，须填写意见）',
    base: 'business',
    path: 'construction/approveChange',
    method: 'POST',
    input: unitChangeDecisionSchema,
    output: decisionOut,
    envelope: 'result',
    access: constructionReviewerRoles,
  },
  previewFile: {
    summary: '预览建设单位附件（PDF、图片在浏览器中打开，其余下载）',
    base: 'business',
    path: 'construction/file/preview',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: constructionViewerRoles,
  },
});
