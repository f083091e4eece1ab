/**
 * Docking with the provincial investment-project approval platform (spec section 7, "Projects and
 * demands": /task/project/docking/*, /task/project/create/getSynchroProjectListByUserID,
 * /task/zhujian/getSpfXmxx; docs/docking.md). Administrators and the authority see the projects
 * received (list, view, delete, download a file, export); an owner sees those of its own unit and
 * turns one into a project (project/create/createFromSynchro, ours: the spec's create call is not shown).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { dockedFileTypeValues } from '@shared/domain/docking';
import {
  dockingFileSchema,
  dockingIdSchema,
  dockingListSchema,
  dockingFiltersSchema,
  housingQuerySchema,
  synchroListSchema,
} from '@shared/validation/docking';
import { defineCalls } from './define';
import { projectRecordOutSchema } from './projects';
import { dateTime, id } from './wire';

const SUPERVISORS = [roles.authority.id];
const OWNER = [roles.owner.id];
/** Who may look up the platform's housing information: the parties of a survey and its supervisors. */
const HOUSING_READERS = [
  roles.owner.id,
  roles.agency.id,
  roles.staff.id,
  roles.authority.id,
  roles.auditor.id,
];

export const dockedRowSchema = z.object({
  pkid: id,
  platformProjectId: z.string().describe('审批平台项目编号'),
  source: z.string().describe('directory 数据目录，http 审批平台接口'),
  sourceName: z.string(),
  projectName: z.string(),
  centralCode: z.string().nullable(),
  localCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  fundingParty: z.string().nullable(),
  constructionName: z.string(),
  constructionCreditCode: z.string().nullable(),
  approvalNo: z.string().nullable(),
  approvedOn: z.string().nullable().describe('审批日期 YYYY-MM-DD'),
  state: z.number().int().describe('0 待导入，1 已导入'),
  projectId: id.nullable().describe('由此生成（或按项目代码关联）的项目'),
  projectNo: z.string().nullable(),
  fileTypes: z.array(z.enum(dockedFileTypeValues)).describe('已收到的文件类型'),
  createdAt: dateTime.describe('首次接收时间'),
  updatedAt: dateTime,
});
export type DockedRow = z.infer<typeof dockedRowSchema>;

export const dockedFileSchema = z.object({
  type: z.enum(dockedFileTypeValues),
  typeName: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
});

export const dockedRecordSchema = dockedRowSchema.extend({
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  projectType: z.string().nullable(),
  totalInvestment: z.number().nullable(),
  landArea: z.number().nullable(),
  buildingArea: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  importedAt: dateTime.nullable(),
  files: z.array(dockedFileSchema),
});
export type DockedRecord = z.infer<typeof dockedRecordSchema>;

export const importSummarySchema = z.object({
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

export const housingInfoOutSchema = z.object({
  centralCode: z.string(),
  projectName: z.string(),
  developer: z.string().describe('开发企业'),
  presaleLicenseNo: z.string().nullable().describe('预售许可证号'),
  landUseCertificateNo: z.string().nullable().describe('土地使用证号'),
  totalBuildingArea: z.number().nullable().describe('总建筑面积（平方米）'),
  buildings: z.array(
    z.object({
      buildingNo: z.string(),
      floorsAbove: z.number().int(),
      floorsBelow: z.number().int(),
      households: z.number().int(),
      buildingArea: z.number().nullable(),
    }),
  ),
  projectId: id.nullable(),
  itemIds: z.array(id),
});
export type HousingInfoOut = z.infer<typeof housingInfoOutSchema>;

export const dockingCalls = defineCalls('docking', {
  list: {
    summary: '审批平台推送项目列表（按项目名称、项目代码、建设单位、导入状态筛选）',
    base: 'task',
    path: 'project/docking/list',
    method: 'POST',
    input: dockingListSchema,
    output: dockedRowSchema,
    envelope: 'page',
    access: SUPERVISORS,
    paging: { page: 'page', size: 'rows' },
  },
  get: {
    summary: '查看审批平台推送项目',
    base: 'task',
    path: 'project/docking/{id}',
    method: 'GET',
    input: dockingIdSchema,
    output: dockedRecordSchema,
    envelope: 'result',
    access: SUPERVISORS,
  },
  remove: {
    summary: '删除审批平台推送项目（再次导入时不会恢复）',
    base: 'task',
    path: 'project/docking/{id}',
    method: 'DELETE',
    input: dockingIdSchema,
    envelope: 'result',
    access: SUPERVISORS,
  },
  downloadFile: {
    summary:
      '下载审批平台推送项目的文件（type：approval 立项批复，planning 规划许可，land 用地批准，other 其他）',
    base: 'task',
    path: 'project/docking/downloadProFile/{id}/{type}',
    method: 'GET',
    input: dockingFileSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: SUPERVISORS,
  },
  exportExcel: {
    summary: '导出审批平台推送项目（Excel），筛选条件与列表相同',
    base: 'task',
    path: 'project/docking/export',
    method: ['POST', 'GET'],
    changesState: false,
    input: dockingFiltersSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: SUPERVISORS,
  },
  importNow: {
    summary: '立即从省审批平台读取推送项目（与定时任务 docking-import 相同，按平台项目编号去重）',
    base: 'task',
    path: 'project/docking/import',
    method: 'POST',
    output: importSummarySchema,
    envelope: 'result',
    access: SUPERVISORS,
  },
  synchroList: {
    summary: '本单位可从审批平台导入的项目（按统一社会信用代码或单位名称匹配）',
    description: 'userID 仅管理员可指定（查看该用户单位的项目）；其他用户总是看到本单位的项目。',
    base: 'task',
    path: 'project/create/getSynchroProjectListByUserID',
    method: 'GET',
    input: synchroListSchema,
    output: dockedRowSchema,
    envelope: 'page',
    access: OWNER,
    paging: { page: 'pageNum', size: 'pageSize' },
  },
  createProject: {
    summary: '将审批平台项目一键生成本单位项目（名称、代码、区县、位置、出资方），查重规则与新建项目相同',
    base: 'task',
    path: 'project/create/createFromSynchro',
    method: 'POST',
    input: dockingIdSchema,
    output: projectRecordOutSchema,
    envelope: 'result',
    access: OWNER,
  },
  housingInfo: {
    summary: '按项目代码查询审批平台（住建）的商品房项目信息',
    base: 'task',
    path: 'zhujian/getSpfXmxx',
    method: 'GET',
    input: housingQuerySchema,
    output: housingInfoOutSchema,
    envelope: 'result',
    access: HOUSING_READERS,
  },
});
