/**
 * Statistics queries (issue 25): the per-district figures behind /query/districtCounty and
 * /noticemanger/mapStatistical (one call feeds both), the results statistics of /query/achievementQuery
 * and the project search of /query/projectQuery, each with its Excel export. The authority, auditors and
 * administrators see the whole city; a district sub-office only its own district (the server narrows
 * and refuses another district's code).
 */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import {
  achievementQuerySchema,
  districtCountySchema,
  projectQueryExportSchema,
  projectQueryListSchema,
} from '@shared/validation/queries';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const money = z.string().describe('金额（元），两位小数的十进制字符串');
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A count by a status table's value or a stage id. */
const countBy = z.array(z.object({ key: z.number().int(), count: z.number().int() }));

export const districtFiguresSchema = z.object({
  districtCode: z.string(),
  districtName: z.string(),
  /** Projects registered (every status). */
  projects: z.number().int(),
  projectsByStatus: countBy.describe('按项目状态的项目数（key 为项目状态）'),
  /** Demands released or drafted for the district's projects. */
  demands: z.number().int(),
  projectsByStage: countBy.describe('按审批阶段有需求的项目数（key 为阶段编号）'),
  contracts: z.number().int(),
  contractsByStatus: countBy.describe('按合同状态的合同数（key 为合同状态）'),
  contractAmount: money.describe('合同金额合计（元，不含已终止合同）'),
  amountByStatus: z
    .array(z.object({ key: z.number().int(), amount: money }))
    .describe('按合同状态的合同金额（元）'),
  overdue: z.number().int().describe('有逾期需求的项目数（需求期限已过、项目尚未验收或终止）'),
});
export type DistrictFigures = z.infer<typeof districtFiguresSchema>;

export const districtCountySchemaOut = z.object({
  /** The stages the stage columns show, in order. */
  stages: z.array(z.object({ stageId: id, name: z.string() })),
  rows: z.array(districtFiguresSchema),
  /** The sums of the rows (the city, or the district sub-office's one district). */
  total: districtFiguresSchema.omit({ districtCode: true, districtName: true }),
  /** True when the figures are limited to the user's own district. */
  ownDistrictOnly: z.boolean(),
});
export type DistrictCounty = z.infer<typeof districtCountySchemaOut>;

export const achievementRowSchema = z.object({
  key: z.string().describe('分组键：事项编号、机构编号、区县代码或月份（YYYY-MM）'),
  label: z.string(),
  submitted: z.number().int().describe('提交过的成果事项数（已提交、已采纳、已退回）'),
  pending: z.number().int().describe('待审核（已提交）'),
  adopted: z.number().int(),
  rejected: z.number().int(),
  certificates: z.number().int().describe('有效验收证书数'),
});
export type AchievementRow = z.infer<typeof achievementRowSchema>;

export const achievementSchemaOut = z.object({
  rows: z.array(achievementRowSchema),
  total: achievementRowSchema.omit({ key: true, label: true }),
  ownDistrictOnly: z.boolean(),
});
export type AchievementStatistics = z.infer<typeof achievementSchemaOut>;

export const projectQueryRowSchema = z.object({
  pkid: id,
  projectName: z.string(),
  projectNo: z.string(),
  centralCode: z.string().nullable(),
  districtCode: z.string(),
  districtName: z.string(),
  ownerName: z.string(),
  status: z.number().int(),
  stageName: z.string().nullable().describe('当前阶段（最新需求的阶段）'),
  agencyNames: z.array(z.string()).describe('已接受委托的测绘机构'),
  contractAmount: money.nullable().describe('合同金额合计（元，不含已终止合同）'),
  overdue: z.boolean(),
  createdAt: dateTime,
});
export type ProjectQueryRow = z.infer<typeof projectQueryRowSchema>;

const READERS = pageRoles('query', 'districtCounty');

export const queryCalls = defineCalls('queries', {
  districtCounty: {
    summary:
      '区县统计：各区县的项目（按状态）、需求（按阶段）、合同数与金额（按状态）和逾期项目（区县分局只见本区县）',
    description: '区县查询和地图统计使用同一查询。可按登记日期限定（start、end，北京时间的日期，含两端）。',
    base: 'business',
    path: 'query/districtCounty',
    method: 'GET',
    input: districtCountySchema,
    output: districtCountySchemaOut,
    envelope: 'object',
    access: READERS,
  },
  districtCountyExport: {
    summary: '导出区县统计（Excel），与区县查询的数字相同',
    base: 'business',
    path: 'query/districtCounty/exportExcel',
    method: 'GET',
    input: districtCountySchema,
    envelope: 'file',
    produces: xlsx,
    access: READERS,
  },
  achievement: {
    summary: '成果统计：按测绘事项、测绘机构、区县或月份统计提交、采纳、退回的成果事项和验收证书',
    base: 'business',
    path: 'query/achievement',
    method: 'GET',
    input: achievementQuerySchema,
    output: achievementSchemaOut,
    envelope: 'object',
    access: pageRoles('query', 'achievementQuery'),
  },
  achievementExport: {
    summary: '导出成果统计（Excel），统计维度和条件与成果查询相同',
    base: 'business',
    path: 'query/achievement/exportExcel',
    method: 'GET',
    input: achievementQuerySchema,
    envelope: 'file',
    produces: xlsx,
    access: pageRoles('query', 'achievementQuery'),
  },
  projects: {
    summary:
      '项目查询：按名称、编号、区县、状态、阶段、事项、合同状态、建设单位、测绘机构、逾期和登记日期分页查询项目',
    base: 'business',
    path: 'query/projects',
    method: 'GET',
    input: projectQueryListSchema,
    output: projectQueryRowSchema,
    envelope: 'page',
    access: pageRoles('query', 'projectQuery'),
    paging: { page: 'page', size: 'rows' },
  },
  projectsExport: {
    summary: '导出项目查询结果（Excel），筛选条件与项目查询相同',
    base: 'business',
    path: 'query/projects/exportExcel',
    method: 'GET',
    input: projectQueryExportSchema,
    envelope: 'file',
    produces: xlsx,
    access: pageRoles('query', 'projectQuery'),
  },
});
