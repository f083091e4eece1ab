/**
 * The agency application and its review (spec section 7, agentorg/*; issue 12): an agency fills in
 * and submits its organization (querySelf, updateSelf), reviewers decide it through the review
 * workflow (queryNeedAudit, queryOne, approve, transferOrgTask, orgAuditInfo, doneOrg), and its
 * attachments are downloaded or previewed. The public directory (agentorg/query) is the hall's.
 */
import { z } from 'zod';
import { agencyAttachmentKind } from '@shared/domain/agencies';
import { reviewDecisionKeys, type ReviewDecisionKey } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import {
  agencyApplySchema,
  dishonestQuerySchema,
  agencyChangeSchema,
  changeDecisionSchema,
  changeIdSchema,
  changeTransferSchema,
  agencyDecisionSchema,
  agencyTransferSchema,
  agencyUserIdSchema,
  changeMetadataSchema,
  metadataSchema,
  orgIdSchema,
  organizationIdSchema,
  reviewListSchema,
  reviewQueueSchema,
} from '@shared/validation/agencies';
import { agencyListSchema, fileIdSchema, passRateSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { attachmentSchema, dateTime, id, queueFields } from './wire';

/** Who reviews agencies (the administrator always passes). */
export const agencyReviewerRoles = [roles.authority.id] as const;
/** Who may look agencies up in the console (orgManageDetail: every role; the service narrows it). */
export const agencyViewerRoles = pageRoles('intermediary', 'orgManageDetail');
/** Who exports the agency directory (agentorg/exportExcel): the authority and its reviewers. */
export const agencyExportRoles = [roles.authority.id, roles.auditor.id] as const;
/** Who lists reviewed agencies (orglist, orgdonelist). */
export const agencyManageRoles = pageRoles('intermediary', 'orglist');

export const agencyFieldsOutSchema = z.object({
  orgName: z.string(),
  credential: z.string(),
  legalPersonName: z.string(),
  registrationOrgan: z.string(),
  qualificationCertNo: z.string(),
  qualificationGrade: z.number().int(),
  qualificationValidUntil: z.string().nullable(),
  businessScope: z.array(z.number().int()),
  districtCode: z.string(),
  address: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string().nullable(),
  establishedOn: z.string().nullable(),
  employeeCount: z.number().int().nullable(),
  introduction: z.string().nullable(),
});

export const agencyAttachmentSchema = attachmentSchema(agencyAttachmentKind);
export type AgencyAttachment = z.infer<typeof agencyAttachmentSchema>;

export const reviewStateSchema = z.object({
  status: z.number().int(),
  version: z.number().int(),
  allowed: z
    .array(z.enum(reviewDecisionKeys as [ReviewDecisionKey, ...ReviewDecisionKey[]]))
    .describe('当前用户此刻可以执行的审核操作'),
  reviewers: z.array(z.object({ pkid: id, username: z.string() })).describe('可转办的审核人员'),
});

/** An agency as the console shows it. Fields of a draft may still be empty. */
export const agencyRecordSchema = agencyFieldsOutSchema
  .partial()
  .required({ orgName: true, businessScope: true })
  .extend({
    organizationId: id,
    auditStatus: z.number().int(),
    districtName: z.string().nullable(),
    creditFlags: z.array(z.string()),
    submittedAt: dateTime.nullable(),
    auditedAt: dateTime.nullable(),
    attachments: z.array(agencyAttachmentSchema),
    review: reviewStateSchema.nullable().describe('审核状态和当前用户可执行的操作；不在审核中为 null'),
  });
export type AgencyRecord = z.infer<typeof agencyRecordSchema>;

export const reviewTaskSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  credential: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  districtName: z.string().nullable(),
  auditStatus: z.number().int(),
  applicantName: z.string().nullable(),
  submittedAt: dateTime.nullable(),
  decidedAs: z.string().optional(),
  decidedOn: dateTime.optional(),
  version: z.number().int(),
  ...queueFields,
});
export type AgencyReviewTask = z.infer<typeof reviewTaskSchema>;

export const reviewRecordSchema = z.object({
  pkid: id,
  decision: z.number().int(),
  decisionLabel: z.string(),
  opinion: z.string().nullable(),
  auditorName: z.string().nullable(),
  roleId: z.string().nullable(),
  transferToName: z.string().nullable(),
  auditedAt: dateTime,
});

/** The directory's filters without paging: an export has every matching row. */
export const agencyExportSchema = agencyListSchema.omit({ page: true, rows: true });

const option = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });

const tally = z.number().int().nonnegative();
export const passRateRowSchema = z.object({
  registrationOrgan: z.string(),
  organizationId: id.nullable().describe('按登记机关分组时为 null'),
  orgName: z.string().nullable(),
  credential: z.string().nullable(),
  organizations: tally.describe('有审核结论的机构数'),
  decided: tally.describe('审核结论数（通过或不通过，每次审核计一次）'),
  approved: tally.describe('审核通过数'),
  rejected: tally.describe('审核不通过数'),
  passRate: z.number().min(0).max(1).describe('approved / decided'),
});
export type PassRateRow = z.infer<typeof passRateRowSchema>;

export const agencyCalls = defineCalls('agencies', {
  metadata: {
    summary: '机构相关字典（审核状态、资质等级、附件类型、区县）',
    base: 'business',
    path: 'agentorg/metadata/{x}',
    method: 'GET',
    input: metadataSchema,
    output: z.array(option),
    envelope: 'object',
    access: 'signed-in',
  },
  bizScope: {
    summary: '业务范围字典：各审批阶段的测绘事项',
    base: 'business',
    path: 'agentorg/listDictBizscope',
    method: ['POST', 'GET'],
    changesState: false,
    output: z.array(z.object({ id, name: z.string(), items: z.array(z.object({ id, name: z.string() })) })),
    envelope: 'object',
    access: 'signed-in',
  },
  querySelf: {
    summary: '本机构的申请信息（尚未填写时为 null）',
    base: 'business',
    path: 'agentorg/querySelf',
    method: ['POST', 'GET'],
    changesState: false,
    output: agencyRecordSchema.nullable(),
    envelope: 'object',
    access: [roles.agency.id],
  },
  updateSelf: {
    summary: '保存或提交本机构的申请（含附件）',
    description:
      'action=save 保存草稿，action=submit 提交审核（须已有营业执照和资质证书）。附件：licence 营业执照、qualification 资质证书、other 其他附件，格式为文档或图片，内容须与扩展名相符，单个不超过 50MB；removeFileIds 删除已上传的附件。审核中或已通过时不能修改（变更走 agentChange）。',
    base: 'business',
    path: 'agentorg/updateSelf',
    method: 'POST',
    encoding: 'multipart',
    input: agencyApplySchema,
    output: agencyRecordSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  queryOne: {
    summary: '机构详情（机构只能查看本机构；审核人员查看全部；其他角色只能查看审核通过的机构）',
    base: 'business',
    path: 'agentorg/queryOne',
    method: ['POST', 'GET'],
    changesState: false,
    input: orgIdSchema,
    output: agencyRecordSchema,
    envelope: 'object',
    access: agencyViewerRoles,
  },
  queryOneByUserId: {
    summary: '某账号登记的机构（可见范围同机构详情；该账号未登记机构时为 404）',
    base: 'business',
    path: 'agentorg/queryOneByUserId',
    method: ['POST', 'GET'],
    changesState: false,
    input: agencyUserIdSchema,
    output: agencyRecordSchema,
    envelope: 'object',
    access: agencyViewerRoles,
  },
  approve: {
    summary: '审核机构申请（auditStatus 2 通过，3 不通过，不通过须填写意见）',
    base: 'business',
    path: 'agentorg/approve',
    method: 'POST',
    input: agencyDecisionSchema,
    output: z.object({ auditStatus: z.number().int(), version: z.number().int() }),
    envelope: 'result',
    access: agencyReviewerRoles,
  },
  auditInfo: {
    summary: '机构申请的审核记录（时间顺序）',
    base: 'business',
    path: 'agentorg/orgAuditInfo',
    method: ['POST', 'GET'],
    changesState: false,
    input: organizationIdSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: agencyViewerRoles,
  },
  todo: {
    summary:
      '待审核的机构申请（keyword 按机构名称或统一社会信用代码搜索，mine=1 只看本人领取的，orderBy=deadline 按办理期限排序）',
    base: 'business',
    path: 'agentorg/queryNeedAudit',
    method: 'GET',
    input: reviewQueueSchema,
    output: reviewTaskSchema,
    envelope: 'page',
    access: agencyManageRoles,
    paging: { page: 'page', size: 'rows' },
  },
  done: {
    summary: '我已审核（通过、不通过或转办）的机构申请',
    base: 'business',
    path: 'agentorg/doneOrg',
    method: 'POST',
    input: reviewListSchema,
    output: reviewTaskSchema,
    envelope: 'page',
    access: agencyManageRoles,
    paging: { page: 'page', size: 'rows' },
  },
  transfer: {
    summary: '把机构审核任务转办给其他审核人员',
    base: 'business',
    path: 'agentorg/transferOrgTask',
    method: 'GET',
    changesState: true,
    input: agencyTransferSchema,
    output: z.object({ auditStatus: z.number().int(), version: z.number().int() }),
    envelope: 'result',
    access: agencyReviewerRoles,
  },
  dishonest: {
    summary: '失信核查：某法定代表人名下机构的信用标记（失信、不合格、黑名单）',
    base: 'business',
    path: 'agentorg/queryDishonestByLegalPersonName',
    method: ['POST', 'GET'],
    changesState: false,
    input: dishonestQuerySchema,
    output: z.array(
      z.object({
        organizationId: id,
        orgName: z.string(),
        legalPersonName: z.string(),
        auditStatus: z.number().int(),
        flags: z.array(
          z.object({
            flag: z.string().describe('lostCredit 失信 / unqualified 不合格 / blacklisted 黑名单'),
            reason: z.string().nullable(),
            start: z.string().nullable(),
            end: z.string().nullable(),
          }),
        ),
      }),
    ),
    envelope: 'object',
    access: pageRoles('intermediary', 'dishonest'),
  },
  passRate: {
    summary: '机构申请通过率：已审核的机构申请中审核通过的比例，按机构或登记机关分组，含各项数量',
    description:
      'registrationOrgan 登记机关（包含），credential 统一社会信用代码（精确）；groupBy=organization（默认）按机构，groupBy=organ 按登记机关。每次通过或不通过计一次审核。机构只能看到本机构。',
    base: 'business',
    path: 'agentorg/getOrgPassRate',
    method: 'GET',
    input: passRateSchema,
    output: passRateRowSchema,
    envelope: 'page',
    access: pageRoles('intermediary', 'orgpassrate'),
    paging: { page: 'page', size: 'rows' },
  },
  exportExcel: {
    summary: '导出中介机构名录（Excel），筛选条件与机构查询相同',
    description: '审核通过的机构，按机构名称排序；所有符合条件的行（不分页）。',
    base: 'business',
    path: 'agentorg/exportExcel',
    method: ['POST', 'GET'],
    changesState: false,
    input: agencyExportSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: agencyExportRoles,
  },
  exportFiles: {
    summary: '打包下载机构的全部附件（zip，按附件类型分目录，中文文件名）',
    base: 'business',
    path: 'agentorg/exportFiles',
    method: ['POST', 'GET'],
    changesState: false,
    input: organizationIdSchema,
    envelope: 'file',
    produces: 'application/zip',
    access: agencyViewerRoles,
  },
  downloadFile: {
    summary: '下载机构附件',
    base: 'business',
    path: 'agentorg/file/download',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: agencyViewerRoles,
  },
  previewFile: {
    summary: '预览机构附件（PDF、图片在浏览器中打开，其余下载）',
    base: 'business',
    path: 'agentorg/file/preview',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: agencyViewerRoles,
  },
});

export const agencyChangeSchemaOut = z.object({
  pkid: id,
  organizationId: id,
  orgName: z.string().describe('当前（变更前）的机构名称'),
  reason: z.string().nullable(),
  auditStatus: z.number().int(),
  before: agencyFieldsOutSchema.describe('提出变更时的机构信息'),
  data: agencyFieldsOutSchema.describe('变更后的机构信息'),
  changedFields: z.array(z.string()).describe('有变化的字段（附件有变化时含 attachments）'),
  beforeFiles: z.array(agencyAttachmentSchema).describe('提出变更时的附件'),
  dataFiles: z.array(agencyAttachmentSchema).describe('变更后的附件（审核通过后替换现有附件）'),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
  review: reviewStateSchema.nullable(),
});
export type AgencyChange = z.infer<typeof agencyChangeSchemaOut>;

export const agencyChangeRowSchema = z.object({
  pkid: id,
  organizationId: id,
  orgName: z.string(),
  reason: z.string().nullable(),
  auditStatus: z.number().int(),
  changedFields: z.array(z.string()),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
});
export type AgencyChangeRow = z.infer<typeof agencyChangeRowSchema>;

const changeDecisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });

const changeCheckSchema = z.object({
  canChange: z.boolean(),
  message: z.string().nullable(),
  openChangeId: z.number().int().nullable(),
});

export const agencyChangeCalls = defineCalls('agencyChanges', {
  check: {
    summary: '本机构能否提出变更申请（须审核通过且没有未完成的变更）',
    base: 'business',
    path: 'agentChange/checkOrgChange',
    method: 'GET',
    output: changeCheckSchema,
    envelope: 'object',
    access: [roles.agency.id],
  },
  checkByOrg: {
    summary: '某机构能否提出变更申请，以及其未完成的变更（机构只能查询本机构）',
    base: 'business',
    path: 'agentChange/checkOrgChangeByOrgId',
    method: 'GET',
    input: organizationIdSchema,
    output: changeCheckSchema,
    envelope: 'object',
    access: agencyViewerRoles,
  },
  metadata: {
    summary: '机构变更相关字典（审核状态、可变更的字段）',
    base: 'business',
    path: 'agentChange/metadata/{x}',
    method: 'GET',
    input: changeMetadataSchema,
    output: z.array(option),
    envelope: 'object',
    access: 'signed-in',
  },
  querySelf: {
    summary: '本机构的变更申请（最新在前）',
    base: 'business',
    path: 'agentChange/querySelfChange',
    method: 'POST',
    input: reviewListSchema,
    output: agencyChangeRowSchema,
    envelope: 'page',
    access: [roles.agency.id],
    paging: { page: 'page', size: 'rows' },
  },
  updateSelf: {
    summary: '保存或提交本机构的变更申请',
    description:
      '提交的是变更后的完整机构信息和变更原因；审核通过前现有信息继续有效，审核通过后才替换。已有草稿时修改该草稿。',
    base: 'business',
    path: 'agentChange/updateSelfChange',
    method: 'POST',
    encoding: 'multipart',
    input: agencyChangeSchema,
    output: agencyChangeSchemaOut,
    envelope: 'result',
    access: [roles.agency.id],
  },
  todo: {
    summary: '待审核的机构变更',
    base: 'business',
    path: 'agentChange/toDoChangeList',
    method: 'POST',
    input: reviewQueueSchema,
    output: agencyChangeRowSchema.extend(queueFields),
    envelope: 'page',
    access: agencyManageRoles,
    paging: { page: 'page', size: 'rows' },
  },
  queryOne: {
    summary: '变更详情：变更前后对照和有变化的字段',
    base: 'business',
    path: 'agentChange/queryOneOrgChange',
    method: ['POST', 'GET'],
    changesState: false,
    input: changeIdSchema,
    output: agencyChangeSchemaOut,
    envelope: 'object',
    access: agencyViewerRoles,
  },
  auditInfo: {
    summary: '机构变更的审核记录',
    base: 'business',
    path: 'agentChange/orgChangeAuditInfo',
    method: ['POST', 'GET'],
    changesState: false,
    input: changeIdSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: agencyViewerRoles,
  },
  approve: {
    summary: '审核机构变更（auditStatus 2 通过并生效，3 不通过，须填写意见）',
    base: 'business',
    path: 'agentChange/approve',
    method: 'POST',
    input: changeDecisionSchema,
    output: changeDecisionOut,
    envelope: 'result',
    access: agencyReviewerRoles,
  },
  transfer: {
    summary: '把机构变更审核任务转办给其他审核人员',
    base: 'business',
    path: 'agentChange/transferOrgChangeTask',
    method: 'GET',
    changesState: true,
    input: changeTransferSchema,
    output: changeDecisionOut,
    envelope: 'result',
    access: agencyReviewerRoles,
  },
});
