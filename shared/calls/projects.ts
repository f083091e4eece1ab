/**
 * Projects and demands (spec section 7, "Projects and demands"; issue 13, projects slice): the owner's
 * projects (add, update, delete, query, checkIfCanSelfUpload, getProjectsByProjectNo, findProjects*,
 * updateStatus), their log timeline (/project/log/findProjectLogs), the stage and item catalogue
 * (/drawStage/findAllStageItem) and demands by stage: one comprehensive demand per project, stage and
 * funding party, attachments, release, and amendments reviewed by the authority.
 * Selection, authorization and their changes are other modules' calls.
 */
import { z } from 'zod';
import { demandReleaseSchema } from '@shared/validation/selection';
import { roles } from '@shared/domain/roles';
import {
  amendmentDecisionSchema,
  amendmentQueueSchema,
  demandDetailSchema,
  demandFileRemoveSchema,
  demandFileSchema,
  demandIdSchema,
  demandSaveSchema,
  ownerDemandListSchema,
  projectCheckSchema,
  projectFieldsSchema,
  projectListSchema,
  projectNoSchema,
  projectPkidSchema,
  projectRecordSchema,
  projectStatusSchema,
  projectUpdateSchema,
  proNoSchema,
} from '@shared/validation/projects';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { dateTime, id, queueFields } from './wire';

/** Who reads projects: owners (their own unit's only), the authority and auditors, the administrator. */
export const projectReaderRoles = [roles.owner.id, roles.authority.id, roles.auditor.id] as const;
const owner = [roles.owner.id] as const;

export const projectRowSchema = z.object({
  pkid: id,
  projectName: z.string(),
  projectNo: z.string(),
  centralCode: z.string().nullable(),
  localCode: z.string().nullable(),
  districtCode: z.string(),
  districtName: z.string().nullable(),
  constructionName: z.string(),
  fundingParty: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  demandCount: z.number().int().nonnegative(),
  createdAt: dateTime,
  releasedAt: dateTime.nullable(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const projectRecordOutSchema = projectRowSchema.extend({
  address: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  projectType: z.string().nullable(),
  totalInvestment: z.number().nullable(),
  landArea: z.number().nullable(),
  buildingArea: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  terminationReason: z.string().nullable(),
  canEdit: z.boolean().describe('待发布且为本单位项目时可修改、删除'),
});
export type ProjectRecord = z.infer<typeof projectRecordOutSchema>;

export const projectLogSchema = z.object({
  pkid: id,
  statusFrom: z.number().int().nullable(),
  statusTo: z.number().int(),
  content: z.string(),
  actorName: z.string().nullable(),
  createdAt: dateTime,
});
export type ProjectLog = z.infer<typeof projectLogSchema>;

export const stageCatalogSchema = z.object({
  stageId: id,
  stageName: z.string(),
  items: z.array(z.object({ itemId: id, itemName: z.string() })),
});
export type StageCatalog = z.infer<typeof stageCatalogSchema>;

export const demandFileOutSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});

export const amendmentSchema = z.object({
  amendmentId: id,
  itemNames: z.array(z.string()),
  reason: z.string().nullable(),
  auditStatus: z.number().int(),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
  review: reviewStateSchema.nullable().describe('待审核时：当前用户可执行的审核操作'),
  records: z.array(reviewRecordSchema),
});
export type DemandAmendment = z.infer<typeof amendmentSchema>;

export const demandRowSchema = z.object({
  demandId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  constructionName: z.string(),
  stageId: id,
  stageName: z.string(),
  fundingParty: z.string().nullable(),
  itemNames: z.array(z.string()),
  status: z.number().int(),
  statusName: z.string(),
  fileCount: z.number().int().nonnegative(),
  pendingAmendment: z.boolean(),
  createdAt: dateTime,
  releasedAt: dateTime.nullable(),
});
export type DemandRow = z.infer<typeof demandRowSchema>;

/** One survey item a project's demand asks for, with its stage and demand. */
export const demandStageItemSchema = z.object({
  demandId: id,
  stageId: id,
  stageName: z.string(),
  itemId: id,
  itemName: z.string(),
  fundingParty: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
});

export const demandRecordSchema = demandRowSchema.extend({
  remark: z.string().nullable(),
  deadline: z.string().nullable(),
  items: z.array(z.object({ itemId: id, itemName: z.string() })),
  files: z.array(demandFileOutSchema),
  amendments: z.array(amendmentSchema),
  project: projectRecordOutSchema,
  logs: z.array(projectLogSchema),
  canEdit: z.boolean().describe('本单位的草稿需求：可上传附件、发布'),
});
export type DemandRecord = z.infer<typeof demandRecordSchema>;

export const demandSaveResultSchema = z.object({
  demandId: id,
  outcome: z
    .enum(['created', 'merged', 'amended'])
    .describe('created 新建需求；merged 并入该阶段的草稿需求；amended 已发布需求的追加申请（待审核）'),
  amendmentId: id.nullable(),
});

export const projectCalls = defineCalls('projects', {
  add: {
    summary: '新建项目（本单位）',
    description:
      '区县由地图选点反查得出；项目代码、地方项目编码格式见 shared/validation/projects.ts。重名或代码重复时拒绝并指出已有项目。',
    base: 'business',
    path: 'project/add',
    method: 'POST',
    input: projectFieldsSchema,
    output: projectRecordOutSchema,
    envelope: 'result',
    access: owner,
  },
  update: {
    summary: '修改项目（本单位、待发布）',
    base: 'business',
    path: 'project/update',
    method: 'POST',
    input: projectUpdateSchema,
    output: projectRecordOutSchema,
    envelope: 'result',
    access: owner,
  },
  remove: {
    summary: '删除项目（本单位、待发布）',
    base: 'business',
    path: 'project/delete',
    method: 'POST',
    input: projectPkidSchema,
    output: z.null(),
    envelope: 'result',
    access: owner,
  },
  query: {
    summary: '分页查询项目（建设单位只见本单位）',
    base: 'business',
    path: 'project/query',
    method: ['POST', 'GET'],
    changesState: false,
    input: projectListSchema,
    output: projectRowSchema,
    envelope: 'page',
    access: projectReaderRoles,
    paging: { page: 'page', size: 'rows' },
  },
  checkIfCanSelfUpload: {
    summary: '检查项目名称、项目代码、地方项目编码是否已被使用',
    base: 'business',
    path: 'project/checkIfCanSelfUpload',
    method: 'POST',
    input: projectCheckSchema,
    output: z.object({ canUpload: z.literal(true) }),
    envelope: 'result',
    access: owner,
  },
  getProjectsByProjectNo: {
    summary: '按项目编号查询项目',
    base: 'business',
    path: 'project/getProjectsByProjectNo',
    method: 'GET',
    input: projectNoSchema,
    output: projectRecordOutSchema,
    envelope: 'object',
    access: projectReaderRoles,
  },
  getProject: {
    summary: '项目详情',
    base: 'business',
    path: 'project/getProject',
    method: 'GET',
    input: projectPkidSchema,
    output: projectRecordOutSchema,
    envelope: 'object',
    access: projectReaderRoles,
  },
  findProjects: {
    summary: '本单位按状态的项目（发布需求时选择项目）',
    base: 'business',
    path: 'project/findProjects',
    method: 'GET',
    input: projectRecordSchema,
    output: projectRowSchema,
    envelope: 'page',
    access: owner,
    paging: { page: 'pageIndex', size: 'pageSize' },
  },
  findProjectsRecord: {
    summary: '本单位的需求发布记录',
    base: 'business',
    path: 'project/findProjectsRecord',
    method: 'GET',
    input: projectRecordSchema,
    output: demandRowSchema,
    envelope: 'page',
    access: owner,
    paging: { page: 'pageIndex', size: 'pageSize' },
  },
  findProjectsRecordCheck: {
    summary: '全部需求发布记录（主管部门核查）',
    base: 'business',
    path: 'project/findProjectsRecordCheck',
    method: 'GET',
    input: projectRecordSchema,
    output: demandRowSchema,
    envelope: 'page',
    access: [roles.authority.id, roles.auditor.id],
    paging: { page: 'pageIndex', size: 'pageSize' },
  },
  updateStatus: {
    summary: '变更项目状态（仅状态表允许的变更；终止须填写原因）',
    base: 'business',
    path: 'project/updateStatus',
    method: 'GET',
    changesState: true,
    input: projectStatusSchema,
    output: projectRecordOutSchema,
    envelope: 'result',
    access: owner,
  },
  findProjectLogs: {
    summary: '项目日志（办理时间线）',
    base: 'business',
    path: 'project/log/findProjectLogs',
    method: 'GET',
    input: proNoSchema,
    output: z.array(projectLogSchema),
    envelope: 'object',
    access: projectReaderRoles,
  },
  findAllStageItem: {
    summary: '审批阶段及其测绘事项',
    base: 'business',
    path: 'drawStage/findAllStageItem',
    method: 'GET',
    output: z.array(stageCatalogSchema),
    envelope: 'object',
    access: 'signed-in',
  },
  saveDemand: {
    summary: '按阶段保存测绘需求（同一项目、阶段、出资方只有一个综合需求）',
    description:
      '该阶段尚无需求：新建草稿；已有草稿：并入所选事项；已发布：新增事项作为追加申请，经主管部门审核通过后并入。',
    base: 'business',
    path: 'project/demand/save',
    method: 'POST',
    input: demandSaveSchema,
    output: demandSaveResultSchema,
    envelope: 'result',
    access: owner,
  },
  getDemand: {
    summary: '测绘需求详情（含附件、追加申请和项目日志）',
    base: 'business',
    path: 'project/demand/get',
    method: 'GET',
    input: demandDetailSchema,
    output: demandRecordSchema,
    envelope: 'object',
    access: projectReaderRoles,
  },
  listDemands: {
    summary: '分页查询测绘需求（建设单位只见本单位；amendment=pending 为待审核追加）',
    base: 'business',
    path: 'project/demand/query',
    method: 'GET',
    input: ownerDemandListSchema,
    output: demandRowSchema,
    envelope: 'page',
    access: projectReaderRoles,
    paging: { page: 'page', size: 'rows' },
  },
  getProjectDemandByPkid: {
    summary: '项目的全部测绘需求',
    base: 'business',
    path: 'project/getProjectDemandByPkid',
    method: 'GET',
    input: z.object({ projectId: projectPkidSchema.shape.pkid }),
    output: z.array(demandRowSchema),
    envelope: 'object',
    access: projectReaderRoles,
  },
  getProjectDemandStageItemByProjectId: {
    summary: '项目各需求的阶段与测绘事项（按项目主键）',
    base: 'business',
    path: 'project/getProjectDemandStageItemByProjectId',
    method: 'GET',
    input: z.object({ projectId: projectPkidSchema.shape.pkid }),
    output: z.array(demandStageItemSchema),
    envelope: 'object',
    access: projectReaderRoles,
  },
  getProjectDemandStageItemByProjectNo: {
    summary: '项目各需求的阶段与测绘事项（按项目编号）',
    base: 'business',
    path: 'project/getProjectDemandStageItemByProjectNo',
    method: 'GET',
    input: projectNoSchema,
    output: z.array(demandStageItemSchema),
    envelope: 'object',
    access: projectReaderRoles,
  },
  submitFile: {
    summary: '上传需求附件（草稿需求）',
    description: '文档或图片，内容须与扩展名相符，单个不超过 50MB。',
    base: 'business',
    path: 'project/demand/submitFile',
    method: 'POST',
    encoding: 'multipart',
    input: demandFileSchema,
    output: demandFileOutSchema,
    envelope: 'result',
    access: owner,
  },
  removeFile: {
    summary: '删除需求附件（草稿需求）',
    base: 'business',
    path: 'project/demand/removeFile',
    method: 'POST',
    input: demandFileRemoveSchema,
    output: z.null(),
    envelope: 'result',
    access: owner,
  },
  demandFile: {
    summary: '下载需求附件',
    base: 'business',
    path: 'project/demand/file',
    method: 'GET',
    input: z.object({ demandId: demandIdSchema.shape.demandId, fileId: z.uuid('请提供正确的文件编号') }),
    envelope: 'file',
    access: projectReaderRoles,
  },
  release: {
    summary: '发布测绘需求（项目由待发布变为已发布）',
    base: 'business',
    path: 'project/demand/release',
    method: 'POST',
    input: demandReleaseSchema,
    output: demandRowSchema,
    envelope: 'result',
    access: owner,
  },
  amendmentTodo: {
    summary: '待审核的需求追加（主管部门的待办：搜索项目名称或编号、我的待办、排序，办理人和办理期限）',
    base: 'business',
    path: 'project/demand/amendment/toDoList',
    method: 'GET',
    input: amendmentQueueSchema,
    output: demandRowSchema.extend({ amendmentId: id }).extend(queueFields),
    envelope: 'page',
    access: [roles.authority.id],
    paging: { page: 'page', size: 'rows' },
  },
  decideAmendment: {
    summary: '审核需求追加（通过后事项并入需求）',
    base: 'business',
    path: 'project/demand/amendment/check',
    method: 'POST',
    input: amendmentDecisionSchema,
    output: z.object({ auditStatus: z.number().int(), version: z.number().int() }),
    envelope: 'result',
    access: [roles.authority.id],
  },
});
