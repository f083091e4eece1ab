/**
 * Result sharing (issue 22; shared/domain/sharing.ts, server/modules/sharing): result-sharing
 * departments browse accepted results and apply for a project's results (/resultShare, ours: the spec
 * names the pages but no calls for them); the owner and then the authority decide; the applicant
 * downloads the adopted result files within the validity period (/task/common/download*, the spec's
 * blob GETs, which also serve the project's own parties), every download under an application recorded.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  commonDownloadSchema,
  resultFileIdSchema,
  shareableListSchema,
  shareApplySchema,
  shareDecideSchema,
  shareDownloadListSchema,
  sharedProjectListSchema,
  shareListSchema,
  sharePkidSchema,
} from '@shared/validation/sharing';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const R = roles;
/** Who applies: the result-sharing departments. */
const APPLICANTS = [R.sharing.id];
/** An application's parties: the applicant, the project's owner, the authority (ownership per row). */
const PARTIES = [R.sharing.id, R.owner.id, R.authority.id];
/** Who may get a result file: its project's parties, the supervising roles, and approved applicants. */
const FILE_READERS = [
  R.sharing.id,
  R.owner.id,
  R.agency.id,
  R.staff.id,
  R.auditor.id,
  R.authority.id,
  R.district.id,
];

const validity = z
  .enum(['valid', 'expired'])
  .nullable()
  .describe('valid 有效期内，expired 已过期；未通过的申请为空');

export const shareableRowSchema = z.object({
  projectId: id,
  projectNo: z.string(),
  projectName: z.string(),
  status: z.number().int().describe('项目状态（6 已验收，7 已办结）'),
  districtName: z.string().nullable(),
  constructionName: z.string(),
  orgName: z.string().nullable().describe('测绘中介机构'),
  itemNames: z.array(z.string()).describe('有已采纳成果的测绘事项'),
  fileCount: z.number().int().describe('已采纳的成果文件数'),
  acceptedAt: dateTime.nullable().describe('最近一次采纳成果的时间'),
  myApplication: z
    .object({ pkid: id, status: z.number().int(), validity })
    .nullable()
    .describe('本单位对该项目最近的申请'),
});
export type ShareableRow = z.infer<typeof shareableRowSchema>;

export const shareRowSchema = z.object({
  pkid: id,
  projectId: id,
  projectNo: z.string(),
  projectName: z.string(),
  constructionName: z.string(),
  applicantName: z.string(),
  applicantDept: z.string().nullable(),
  purpose: z.string(),
  status: z
    .number()
    .int()
    .describe('0 草稿，1 待建设单位审核，2 待主管部门审核，3 已通过，4 建设单位不同意，5 主管部门不同意'),
  validity,
  submittedAt: dateTime.nullable(),
  approvedAt: dateTime.nullable(),
  validUntil: dateTime.nullable(),
  downloads: z.number().int().describe('下载次数'),
  updatedAt: dateTime,
});
export type ShareRow = z.infer<typeof shareRowSchema>;

export const shareFileSchema = z.object({
  id: id.describe('成果文件编号（下载 /task/common/downloadAchieveFile/{id}）'),
  fileId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  itemName: z.string(),
  entryName: z.string(),
});
export type ShareFile = z.infer<typeof shareFileSchema>;

export const shareDetailSchema = shareRowSchema.extend({
  /** The review of the step the application is at (owner or authority), for the decision panel. */
  review: reviewStateSchema.nullable(),
  /** Both steps' records, oldest first. */
  records: z.array(reviewRecordSchema),
  /** The adopted result files, shown to the applicant while the application is valid, and to the holders. */
  files: z.array(shareFileSchema),
  canEdit: z.boolean().describe('申请人可以修改并提交（草稿或被退回）'),
  canDownload: z.boolean(),
});
export type ShareDetail = z.infer<typeof shareDetailSchema>;

export const shareDownloadRowSchema = z.object({
  pkid: id,
  applicationId: id,
  projectNo: z.string(),
  projectName: z.string(),
  fileName: z.string(),
  itemName: z.string(),
  userName: z.string(),
  userDept: z.string().nullable(),
  downloadedAt: dateTime,
});
export type ShareDownloadRow = z.infer<typeof shareDownloadRowSchema>;

export const sharedProjectRowSchema = z.object({
  applicationId: id,
  projectId: id,
  projectNo: z.string(),
  projectName: z.string(),
  applicantName: z.string(),
  applicantDept: z.string().nullable(),
  purpose: z.string(),
  approvedAt: dateTime.nullable(),
  validUntil: dateTime.nullable(),
  validity,
  downloads: z.number().int(),
});
export type SharedProjectRow = z.infer<typeof sharedProjectRowSchema>;

export const resultFileDetailSchema = shareFileSchema.extend({
  projectId: id,
  projectNo: z.string(),
  projectName: z.string(),
  resultStatus: z.number().int().describe('成果验收状态：0 未提交，1 已提交，2 已采纳，3 已退回'),
  description: z.string().nullable(),
  uploadedAt: dateTime,
  canDownload: z.boolean(),
});

const decisionOut = z.object({ status: z.number().int(), version: z.number().int() });

export const sharingCalls = defineCalls('sharing', {
  shareable: {
    summary: '可共享的成果：已验收或已办结、有已采纳成果的项目（按测绘事项、区县、年份、中介机构、关键字）',
    base: 'business',
    path: 'resultShare/shareable',
    method: 'GET',
    input: shareableListSchema,
    output: shareableRowSchema,
    envelope: 'page',
    access: APPLICANTS,
    paging: { page: 'page', size: 'rows' },
  },
  apply: {
    summary: '保存成果共享申请（新申请或草稿），submit 为 true 时一并提交建设单位审核',
    base: 'business',
    path: 'resultShare/apply',
    method: 'POST',
    encoding: 'json',
    input: shareApplySchema,
    output: shareDetailSchema,
    envelope: 'result',
    access: APPLICANTS,
  },
  list: {
    summary: '共享申请：共享单位看本单位的，建设单位看本单位项目的，主管部门看全部；todo 只列等待我审核的',
    base: 'business',
    path: 'resultShare/list',
    method: 'POST',
    input: shareListSchema,
    output: shareRowSchema,
    envelope: 'page',
    access: PARTIES,
    paging: { page: 'page', size: 'rows' },
  },
  get: {
    summary: '一个共享申请：内容、审批记录、审核操作、可下载的成果文件',
    base: 'business',
    path: 'resultShare/get',
    method: 'GET',
    input: sharePkidSchema,
    output: shareDetailSchema,
    envelope: 'object',
    access: PARTIES,
  },
  decide: {
    summary: '审核共享申请：建设单位先审，主管部门再审；auditStatus 2 同意，3 不同意（须填写意见）',
    base: 'business',
    path: 'resultShare/approve',
    method: 'POST',
    encoding: 'json',
    input: shareDecideSchema,
    output: decisionOut,
    envelope: 'result',
    access: [R.owner.id, R.authority.id],
  },
  downloads: {
    summary: '成果下载记录（谁、何时、哪个文件）：共享单位看本单位的，建设单位看本单位项目的，主管部门看全部',
    base: 'business',
    path: 'resultShare/downloadList',
    method: 'POST',
    input: shareDownloadListSchema,
    output: shareDownloadRowSchema,
    envelope: 'page',
    access: PARTIES,
    paging: { page: 'page', size: 'rows' },
  },
  sharedProjects: {
    summary: '共享项目：建设单位的项目中成果已共享给哪些单位（主管部门看全部）',
    base: 'business',
    path: 'resultShare/sharedProjects',
    method: 'POST',
    input: sharedProjectListSchema,
    output: sharedProjectRowSchema,
    envelope: 'page',
    access: [R.owner.id, R.authority.id],
    paging: { page: 'page', size: 'rows' },
  },
  fileDetail: {
    summary: '成果文件详情（所属项目、成果项、大小、sha256、当前用户能否下载）',
    base: 'business',
    path: 'projectHistory/achieveFileDetail/{id}',
    method: 'POST',
    input: resultFileIdSchema,
    output: resultFileDetailSchema,
    envelope: 'object',
    access: FILE_READERS,
  },
  downloadAchieveFile: {
    summary: '下载成果文件（项目各方与监管角色；共享单位须有有效期内已通过的申请，每次下载都记录）',
    base: 'task',
    path: 'common/downloadAchieveFile/{id}',
    method: 'GET',
    input: resultFileIdSchema,
    envelope: 'file',
    access: FILE_READERS,
  },
  downloadImage: {
    summary: '在浏览器中查看成果图片（权限与下载相同，非图片文件拒绝）',
    base: 'task',
    path: 'common/downloadImage/{id}',
    method: 'GET',
    input: resultFileIdSchema,
    envelope: 'file',
    access: FILE_READERS,
  },
  download: {
    summary: '按存储文件编号下载成果文件（权限与下载相同；delete 为旧系统删除临时文件的参数，成果文件保留）',
    base: 'task',
    path: 'common/download',
    method: 'GET',
    input: commonDownloadSchema,
    envelope: 'file',
    access: FILE_READERS,
  },
});
