/**
 * Survey results (issue 22; docs/results.md): the result catalogue of each survey item
 * (/fruitcatalog, ours), the agency's submission (/projectAccept, /acceptMedia, updateUploadProcess)
 * and the acceptance by the acceptance auditors through the review workflow (/actAccept,
 * /acceptApproveMedia, /catalogAccept).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import { uploadProcessSchema } from '@shared/validation/projects';
import {
  acceptAdoptSchema,
  acceptDoneSchema,
  acceptMediaSaveSchema,
  acceptQueueSchema,
  acceptRejectSchema,
  acceptSubmitSchema,
  acceptTransferSchema,
  achieveQuerySchema,
  catalogueItemSchema,
  catalogueSaveSchema,
  projectHistorySchema,
  resultFileSchema,
  resultIdSchema,
  resultPkidSchema,
  districtResultListSchema,
  resultProjectListSchema,
  resultProjectSchema,
  resultUpdateSchema,
} from '@shared/validation/results';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { projectLogSchema } from './projects';
import { dateTime, id, queueFields } from './wire';

const R = roles;
const ADMIN = [R.admin.id];
/** Who uploads and submits: the authorized agency's account and its staff assigned to the project. */
const SUBMITTERS = [R.agency.id, R.staff.id];
/** The acceptance auditors (assigned on /auditAcceptUser; every auditor when none are). */
const ACCEPTORS = [R.auditor.id];
/** Who reads a project's results: its parties and the supervising roles (ownership checked per project). */
const READERS = [R.owner.id, R.agency.id, R.staff.id, R.auditor.id, R.authority.id, R.district.id];

export const catalogueEntryOutSchema = z.object({
  entryId: id,
  name: z.string(),
  formats: z.array(z.string()),
  required: z.boolean(),
  maxSize: z.number().int().positive().describe('字节'),
});
export type CatalogueEntryOut = z.infer<typeof catalogueEntryOutSchema>;

export const catalogueVersionSchema = z.object({
  itemId: id,
  itemName: z.string(),
  stageId: id,
  stageName: z.string(),
  versionId: id,
  version: z.number().int().positive(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  createdByName: z.string().nullable(),
  entries: z.array(catalogueEntryOutSchema),
});
export type CatalogueVersion = z.infer<typeof catalogueVersionSchema>;

export const resultFileOutSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  byAuditor: z.boolean().describe('审核人员上传的审核附件'),
  archiveId: id.nullable().describe('档案文件编号（经分片上传的文件，可用档案的预览和下载）'),
  createdById: id.nullable().describe('上传人'),
  createdAt: dateTime,
});
export type ResultFileOut = z.infer<typeof resultFileOutSchema>;

export const resultItemSchema = catalogueEntryOutSchema.extend({
  resultId: id,
  itemId: id,
  itemName: z.string(),
  status: z.number().int().describe('0 未提交，1 已提交，2 已采纳，3 已退回'),
  description: z.string().nullable(),
  opinion: z.string().nullable().describe('最近一次退回的意见'),
  submittedByName: z.string().nullable(),
  submittedAt: dateTime.nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: dateTime.nullable(),
  files: z.array(resultFileOutSchema),
});
export type ResultItem = z.infer<typeof resultItemSchema>;

export const resultProjectRowSchema = z.object({
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  status: z.number().int().describe('项目状态'),
  constructionName: z.string(),
  orgName: z.string(),
  total: z.number().int().describe('成果项数'),
  required: z.number().int(),
  uploaded: z.number().int().describe('已上传文件的成果项数'),
  adopted: z.number().int(),
  rejected: z.number().int(),
  acceptance: z
    .number()
    .int()
    .nullable()
    .describe('验收审核状态：0 未提交，1 验收中，2 已验收，3 已退回；null 尚未提交'),
  updatedAt: dateTime,
});
export type ResultProjectRow = z.infer<typeof resultProjectRowSchema>;

export const resultProjectSchemaOut = resultProjectRowSchema.extend({
  stageNames: z.array(z.string()),
  items: z.array(resultItemSchema),
  /** The user may upload, describe and submit now (the authorized agency, project in 3 or 4 or returned). */
  canEdit: z.boolean(),
  /** Whether every required item has a file and something is left to submit. */
  canSubmit: z.boolean(),
  /** The acceptance auditor's panel (adopt / reject per item, then submit; transfer). */
  review: reviewStateSchema.nullable(),
  records: z.array(reviewRecordSchema),
});
export type ResultProject = z.infer<typeof resultProjectSchemaOut>;

export const uploadProgressSchema = z.object({
  projectId: id,
  projectNo: z.string(),
  status: z.number().int(),
  total: z.number().int(),
  required: z.number().int(),
  uploaded: z.number().int(),
  submitted: z.number().int(),
  adopted: z.number().int(),
  rejected: z.number().int(),
  percent: z.number().int().min(0).max(100).describe('已采纳的必交成果占必交成果的百分比'),
  logs: z.array(projectLogSchema),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

const decisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });

export const catalogueCalls = defineCalls('resultCatalogue', {
  list: {
    summary: '成果目录：每个测绘事项当前版本的成果清单（名称、格式、必交、大小限制）',
    base: 'business',
    path: 'fruitcatalog/list',
    method: 'GET',
    input: z.object({}),
    output: z.array(catalogueVersionSchema),
    envelope: 'object',
    access: 'signed-in',
  },
  versions: {
    summary: '一个测绘事项成果目录的全部版本（新的在前）',
    base: 'business',
    path: 'fruitcatalog/versions',
    method: 'GET',
    input: catalogueItemSchema,
    output: z.array(catalogueVersionSchema),
    envelope: 'object',
    access: ADMIN,
  },
  save: {
    summary: '保存测绘事项的成果目录（生成新版本；已授权项目的目录不随之改变）',
    base: 'business',
    path: 'fruitcatalog/save',
    method: 'POST',
    encoding: 'json',
    input: catalogueSaveSchema,
    output: catalogueVersionSchema,
    envelope: 'result',
    access: ADMIN,
  },
});

export const resultCalls = defineCalls('results', {
  queryBySelf: {
    summary:
      '我的成果项目：中介机构和作业人员为受托项目（合同已备案起）提交成果，建设单位查看本单位项目的成果进度',
    base: 'business',
    path: 'projectAccept/queryBySelf',
    method: 'POST',
    input: resultProjectListSchema,
    output: resultProjectRowSchema,
    envelope: 'page',
    access: [...SUBMITTERS, R.owner.id],
    paging: { page: 'page', size: 'rows' },
  },
  todo: {
    summary: '成果待办：合同已备案或测绘中、尚未提交验收的项目，以及有退回成果的项目',
    base: 'business',
    path: 'projectAccept/toDoList',
    method: 'POST',
    input: resultProjectListSchema,
    output: resultProjectRowSchema,
    envelope: 'page',
    access: SUBMITTERS,
    paging: { page: 'page', size: 'rows' },
  },
  query: {
    summary: '项目的成果（按成果目录逐项：状态、文件、说明、退回意见）',
    base: 'business',
    path: 'projectAccept/query',
    method: 'GET',
    input: resultProjectSchema,
    output: resultProjectSchemaOut,
    envelope: 'object',
    access: READERS,
  },
  update: {
    summary: '修改一项成果的说明',
    base: 'business',
    path: 'projectAccept/update',
    method: 'PUT',
    input: resultUpdateSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: SUBMITTERS,
  },
  remove: {
    summary: '清空一项尚未提交或已退回的成果（删除其文件和说明）',
    base: 'business',
    path: 'projectAccept/delete',
    method: 'POST',
    input: resultIdSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: SUBMITTERS,
  },
  save: {
    summary: '提交项目的成果验收（每项必交成果都已上传文件）；退回后修改的成果重新提交',
    base: 'business',
    path: 'projectAccept/save',
    method: 'POST',
    input: resultProjectSchema,
    output: resultProjectSchemaOut,
    envelope: 'result',
    access: SUBMITTERS,
  },
  deleteMedia: {
    summary:
      '删除一项尚未提交或已退回的成果中的一个文件；验收审核人员删除本人上传的审核附件（验收结论提交前）',
    base: 'business',
    path: 'acceptMedia/deleteMedia',
    method: 'POST',
    input: resultFileSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: [...SUBMITTERS, ...ACCEPTORS],
  },
  file: {
    summary: '下载成果文件',
    base: 'business',
    path: 'projectAccept/file',
    method: 'GET',
    input: resultFileSchema,
    envelope: 'file',
    access: READERS,
  },
  uploadProcess: {
    summary: '成果上传与验收进度（成果项数、已上传、已提交、已采纳、已退回）和项目日志',
    base: 'business',
    path: 'project/log/updateUploadProcess',
    method: 'GET',
    input: uploadProcessSchema,
    output: uploadProgressSchema,
    envelope: 'object',
    access: READERS,
  },
  catalogue: {
    summary: '项目的成果目录（授权时固定的版本）及每项成果的验收状态',
    base: 'business',
    path: 'catalogAccept/findFruitAcceptList',
    method: 'GET',
    input: resultPkidSchema,
    output: z.array(resultItemSchema),
    envelope: 'object',
    access: READERS,
  },
});

export const acceptanceCalls = defineCalls('acceptance', {
  queryBySelf: {
    summary: '验收待办：提交验收的项目（搜索项目名称或编号、我的待办、排序，办理人和办理期限）',
    base: 'business',
    path: 'actAccept/queryBySelf',
    method: 'POST',
    input: acceptQueueSchema,
    output: resultProjectRowSchema.extend({ submittedAt: dateTime.nullable(), ...queueFields }),
    envelope: 'page',
    access: ACCEPTORS,
    paging: { page: 'page', size: 'rows' },
  },
  queryDoneBySelf: {
    summary: '验收已办：本人最近一次采纳、退回或转办过的项目',
    base: 'business',
    path: 'actAccept/queryDoneBySelf',
    method: 'POST',
    input: acceptDoneSchema,
    output: resultProjectRowSchema.extend({ decidedAt: dateTime, decisionLabel: z.string() }),
    envelope: 'page',
    access: ACCEPTORS,
    paging: { page: 'page', size: 'rows' },
  },
  queryProjectByPkid: {
    summary: '验收页：项目、逐项成果及文件、验收状态和可执行的操作',
    base: 'business',
    path: 'actAccept/queryProjectByPkid',
    method: 'GET',
    input: resultPkidSchema,
    output: resultProjectSchemaOut,
    envelope: 'object',
    access: READERS,
  },
  queryApproveMessages: {
    summary: '项目成果验收的审核记录（提交、采纳、退回、转办，谁、何时、意见）',
    base: 'business',
    path: 'actAccept/queryApproveMessages',
    method: 'GET',
    input: resultPkidSchema,
    output: z.array(reviewRecordSchema),
    envelope: 'object',
    access: READERS,
  },
  adopt: {
    summary: '采纳一项待验收的成果',
    base: 'business',
    path: 'actAccept/adopt',
    method: 'POST',
    input: acceptAdoptSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: ACCEPTORS,
  },
  reject: {
    summary: '退回一项待验收的成果（须填写退回意见，可选用审核意见模板）',
    base: 'business',
    path: 'actAccept/reject',
    method: 'POST',
    input: acceptRejectSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: ACCEPTORS,
  },
  submit: {
    summary:
      '提交验收结论：必交成果全部采纳则项目验收通过并在同一事务中颁发证书（已办结），有退回的成果则退回中介机构修改',
    base: 'business',
    path: 'actAccept/submit',
    method: 'POST',
    input: acceptSubmitSchema,
    output: decisionOut.extend({
      certificateNo: z.string().nullable().describe('验收通过时同时颁发的证书编号'),
    }),
    envelope: 'result',
    access: ACCEPTORS,
  },
  transferTask: {
    summary: '转办验收任务给另一位验收审核人员（须填写原因）',
    base: 'business',
    path: 'actAccept/transferTask',
    method: 'POST',
    input: acceptTransferSchema,
    output: decisionOut,
    envelope: 'result',
    access: ACCEPTORS,
  },
  saveMedia: {
    summary: '为一项成果上传审核附件（如现场照片、批注后的图件），作为审核意见的依据',
    description: '办理该验收的审核人员上传；文件为文档或图片，内容须与扩展名相符，不超过 50MB。',
    base: 'business',
    path: 'acceptApproveMedia/save',
    method: 'POST',
    encoding: 'multipart',
    input: acceptMediaSaveSchema,
    output: resultItemSchema,
    envelope: 'result',
    access: ACCEPTORS,
  },
});

// ── Project history (spec "Projects and demands": projectHistory/query, achieveQuery) ────────────────

export const historyCertificateSchema = z.object({
  pkid: id,
  certificateNo: z.string(),
  state: z.number().int().describe('1 有效，2 已撤销'),
  issuedAt: dateTime,
});

export const projectHistoryRowSchema = resultProjectRowSchema.extend({
  districtCode: z.string(),
  districtName: z.string().nullable(),
  createdAt: dateTime,
  /** The authorized agency's survey case (办件) of the project, once opened. */
  caseId: id.nullable(),
  caseNo: z.string().nullable(),
  certificate: historyCertificateSchema.nullable(),
});
export type ProjectHistoryRow = z.infer<typeof projectHistoryRowSchema>;

export const achieveRowSchema = z.object({
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  constructionName: z.string(),
  orgName: z.string(),
  districtName: z.string().nullable(),
  completedAt: dateTime.nullable(),
  itemNames: z.array(z.string()).describe('有成果的测绘事项'),
  total: z.number().int().describe('成果项数'),
  adopted: z.number().int().describe('已采纳的成果项数'),
  fileCount: z.number().int().describe('已采纳成果的文件数（不含审核附件）'),
  certificate: historyCertificateSchema.nullable(),
});
export type AchieveRow = z.infer<typeof achieveRowSchema>;

export const projectHistoryCalls = defineCalls('projectHistory', {
  query: {
    summary:
      '第二阶段项目（合同已备案至已办结）：按状态、区县、测绘机构、年份、名称筛选；中介机构和作业人员只见本机构受托的，建设单位只见本单位的',
    base: 'business',
    path: 'projectHistory/query',
    method: 'GET',
    input: projectHistorySchema,
    output: projectHistoryRowSchema,
    envelope: 'page',
    access: pageRoles('workflow', 'detials'),
    paging: { page: 'page', size: 'rows' },
  },
  achieveQuery: {
    summary: '已办结项目及其成果和验收证书编号（按名称、证书编号、测绘机构、区县、办结年份搜索）',
    base: 'business',
    path: 'projectHistory/achieveQuery',
    method: 'GET',
    input: achieveQuerySchema,
    output: achieveRowSchema,
    envelope: 'page',
    access: pageRoles('workflow', 'achieCompleteList'),
    paging: { page: 'page', size: 'rows' },
  },
});

/** A district sub-office's row: the project's results, when they were submitted, its certificate. */
export const districtResultRowSchema = resultProjectRowSchema.extend({
  districtName: z.string().nullable(),
  submittedAt: dateTime.nullable().describe('最近一次提交验收的时间'),
  certificateNo: z.string().nullable(),
});
export type DistrictResultRow = z.infer<typeof districtResultRowSchema>;

export const resultCertificateSchema = z.object({
  certificateNo: z.string(),
  state: z.number().int().describe('1 有效，2 已撤销'),
  issuedAt: dateTime,
  revokedAt: dateTime.nullable(),
  revokeReason: z.string().nullable(),
});

export const districtResultSchema = resultProjectSchemaOut.extend({
  districtName: z.string().nullable(),
  submittedAt: dateTime.nullable(),
  certificate: resultCertificateSchema.nullable(),
});
export type DistrictResult = z.infer<typeof districtResultSchema>;

/** Who reads a district's results: its sub-office (administrators pass every role check). */
const DISTRICT = [R.district.id];

export const districtResultCalls = defineCalls('districtResults', {
  list: {
    summary: '区县分局：本辖区已提交验收的测绘成果（按项目状态、测绘事项、测绘机构、提交年份筛选）',
    base: 'business',
    path: 'resultSubOffice/list',
    method: 'GET',
    input: districtResultListSchema,
    output: districtResultRowSchema,
    envelope: 'page',
    access: DISTRICT,
    paging: { page: 'page', size: 'rows' },
  },
  detail: {
    summary: '区县分局：本辖区一个项目的成果（文件、验收状态和意见、证书）；其他辖区的项目答 403',
    base: 'business',
    path: 'resultSubOffice/detail',
    method: 'GET',
    input: resultProjectSchema,
    output: districtResultSchema,
    envelope: 'object',
    access: DISTRICT,
  },
});
