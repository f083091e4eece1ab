/**
 * Offline projects (spec section 7: /projectOffline/*) and survey cases (办件, /notdchy CaseAdd and
 * CaseDetail; issue 13). Offline projects are recorded by the agency that surveyed them and reviewed
 * by the offline result auditors (docs/offline-projects.md); a case is opened by the agency on an
 * accepted authorization of a project whose contract is filed, and moves the project to 测绘中.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  caseAddSchema,
  caseAuthorizationSchema,
  caseIdSchema,
  caseListSchema,
  offlineAddSchema,
  offlineDeleteSchema,
  offlineFileSchema,
  offlineListSchema,
  offlineQueueSchema,
  offlinePkidSchema,
  offlineStatusSchema,
  offlineUpdateSchema,
} from '@shared/validation/offline';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { demandFileOutSchema, projectLogSchema } from './projects';
import { dateTime, id, queueFields } from './wire';

const R = roles;
/** The agency records; the reviewers (auditors, assigned on resultinfo_audit_users_offline) and the authority read. */
const OFFLINE_READERS = [R.agency.id, R.auditor.id, R.authority.id];
const OFFLINE_REVIEWERS = [R.auditor.id];
const AGENCY_ACCOUNT = [R.agency.id];
const CASE_READERS = [R.owner.id, R.agency.id, R.staff.id, R.authority.id, R.auditor.id, R.district.id];

export const offlineRowSchema = z.object({
  pkid: id,
  projectName: z.string(),
  projectNo: z.string().nullable(),
  constructionName: z.string(),
  districtCode: z.string(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  stageId: id,
  stageName: z.string(),
  itemIds: z.array(id),
  itemNames: z.array(z.string()),
  organizationId: id,
  orgName: z.string(),
  surveyedOn: z.string().describe('测绘完成日期 YYYY-MM-DD'),
  remark: z.string().nullable(),
  auditStatus: z.number().int().describe('0 草稿，1 待审核，2 审核通过，3 审核不通过'),
  createdAt: dateTime,
  updatedAt: dateTime,
  auditedAt: dateTime.nullable(),
});
export type OfflineRow = z.infer<typeof offlineRowSchema>;

export const offlineDetailSchema = offlineRowSchema.extend({
  files: z.array(demandFileOutSchema),
  /** The recording agency may edit and resubmit it now (draft or rejected). */
  canEdit: z.boolean(),
  review: reviewStateSchema.nullable(),
  records: z.array(reviewRecordSchema),
});
export type OfflineDetail = z.infer<typeof offlineDetailSchema>;

const decisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });

export const offlineCalls = defineCalls('offlineProjects', {
  add: {
    summary: '登记线下项目（测绘中介机构，附测绘成果报告等文件），并提交审核',
    description: '文件为文档或图片，内容须与扩展名相符，单个不超过 50MB。',
    base: 'business',
    path: 'projectOffline/add',
    method: 'POST',
    encoding: 'multipart',
    input: offlineAddSchema,
    output: offlineDetailSchema,
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
  update: {
    summary: '修改草稿或审核不通过的线下项目并重新提交审核',
    base: 'business',
    path: 'projectOffline/update',
    method: 'PUT',
    encoding: 'multipart',
    input: offlineUpdateSchema,
    output: offlineDetailSchema,
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
  remove: {
    summary: '删除线下项目（草稿或审核不通过的，本机构的）',
    base: 'business',
    path: 'projectOffline/delete',
    method: 'GET',
    changesState: true,
    input: offlineDeleteSchema,
    output: z.object({ deleted: z.number().int() }),
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
  query: {
    summary: '线下项目列表（中介机构：本机构的；审核人员和主管部门：全部）',
    base: 'business',
    path: 'projectOffline/query',
    method: 'GET',
    input: offlineListSchema,
    output: offlineRowSchema,
    envelope: 'page',
    access: OFFLINE_READERS,
    paging: { page: 'page', size: 'rows' },
  },
  todo: {
    summary: '待审核的线下项目（审核人员的待办：搜索项目名称或编号、我的待办、排序，办理人和办理期限）',
    base: 'business',
    path: 'projectOffline/toDoList',
    method: 'GET',
    input: offlineQueueSchema,
    output: offlineRowSchema.extend(queueFields),
    envelope: 'page',
    access: OFFLINE_REVIEWERS,
    paging: { page: 'page', size: 'rows' },
  },
  get: {
    summary: '线下项目详情（文件、审核状态和审核记录）',
    base: 'business',
    path: 'projectOffline/getProjectDemandByPkid',
    method: 'GET',
    input: offlinePkidSchema,
    output: offlineDetailSchema,
    envelope: 'object',
    access: OFFLINE_READERS,
  },
  updateStatus: {
    summary: '审核线下项目：2 通过，3 不通过（须填写审核意见）',
    base: 'business',
    path: 'projectOffline/updateStatus',
    method: 'GET',
    changesState: true,
    input: offlineStatusSchema,
    output: decisionOut,
    envelope: 'result',
    access: OFFLINE_REVIEWERS,
  },
  file: {
    summary: '下载线下项目的文件',
    base: 'business',
    path: 'projectOffline/file',
    method: 'GET',
    input: offlineFileSchema,
    envelope: 'file',
    access: OFFLINE_READERS,
  },
});

// ── Survey cases (办件) ─────────────────────────────────────────────────────────────────────────────

export const caseStaffOptionSchema = z.object({
  staffId: id,
  staffName: z.string(),
  title: z.string().nullable(),
});

export const caseTodoRowSchema = z.object({
  authorizationId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  stageName: z.string(),
  itemNames: z.array(z.string()),
  constructionName: z.string(),
  respondedAt: dateTime.nullable(),
  /** The case once opened; null while it waits to be opened. */
  caseId: id.nullable(),
  caseNo: z.string().nullable(),
  plannedEnd: z.string().nullable(),
});
export type CaseTodoRow = z.infer<typeof caseTodoRowSchema>;

export const casePrepareSchema = z.object({
  authorizationId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  constructionName: z.string(),
  stageName: z.string(),
  items: z.array(z.object({ itemId: id, itemName: z.string() })),
  staff: z.array(caseStaffOptionSchema),
  /** Why a case cannot be opened now (null: it can). */
  blocked: z.string().nullable(),
  caseId: id.nullable(),
});
export type CasePrepare = z.infer<typeof casePrepareSchema>;

export const caseRowSchema = z.object({
  caseId: id,
  caseNo: z.string(),
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  stageName: z.string(),
  orgName: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  createdAt: dateTime,
});
export type CaseRow = z.infer<typeof caseRowSchema>;

export const caseDetailSchema = caseRowSchema.extend({
  authorizationId: id,
  demandId: id,
  constructionName: z.string(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  createdByName: z.string().nullable(),
  items: z.array(z.object({ itemId: id, itemName: z.string(), staff: z.array(caseStaffOptionSchema) })),
  logs: z.array(projectLogSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseCalls = defineCalls('cases', {
  todo: {
    summary: '本机构待建和在办的办件（已接受委托且合同已备案的项目）',
    base: 'business',
    path: 'project/case/toDoList',
    method: 'GET',
    input: caseListSchema,
    output: caseTodoRowSchema,
    envelope: 'page',
    access: [R.agency.id, R.staff.id],
    paging: { page: 'page', size: 'rows' },
  },
  prepare: {
    summary: '新建办件的准备信息：委托的项目、测绘事项和本机构可选的作业人员',
    base: 'business',
    path: 'project/case/prepare',
    method: 'GET',
    input: caseAuthorizationSchema,
    output: casePrepareSchema,
    envelope: 'object',
    access: [R.agency.id, R.staff.id],
  },
  add: {
    summary: '新建办件（选定各测绘事项的作业人员和计划日期），项目进入测绘中',
    base: 'business',
    path: 'project/case/add',
    method: 'POST',
    encoding: 'json',
    input: caseAddSchema,
    output: caseDetailSchema,
    envelope: 'result',
    access: AGENCY_ACCOUNT,
  },
  query: {
    summary: '办件列表（中介机构：本机构的；建设单位：本单位项目的；主管部门：全部）',
    base: 'business',
    path: 'project/case/query',
    method: 'GET',
    input: caseListSchema,
    output: caseRowSchema,
    envelope: 'page',
    access: CASE_READERS,
    paging: { page: 'page', size: 'rows' },
  },
  get: {
    summary: '办件详情：项目、测绘事项、作业人员、计划日期和项目日志',
    base: 'business',
    path: 'project/case/detail',
    method: 'GET',
    input: caseIdSchema,
    output: caseDetailSchema,
    envelope: 'object',
    access: CASE_READERS,
  },
});
