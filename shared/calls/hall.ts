/**
 * The public hall's calls on the business base (spec section 7): the counts and newest items of the
 * home page, the agency directory, and the project-distribution map. All public; they show only what
 * the public may see (approved agencies).
 */
import { z } from 'zod';
import { creditFlag } from '@shared/domain/statuses';
import { idField } from '@shared/validation/numbers';
import { agencyListSchema, newConstructionSchema, newestSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { dateTime, id } from './wire';
import { creditGrades } from '@shared/domain/credit-score';

const count = z.number().int().nonnegative();

export const hallCountsSchema = z.object({
  agentOrganizationCount: count,
  constructionCount: count,
  projectCount: count,
  natureDeptCount: count,
});

export const agencySummarySchema = z.object({
  organizationId: id,
  orgName: z.string(),
  credential: z.string().nullable().describe('统一社会信用代码'),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  qualificationGrade: z.number().int().nullable(),
  businessScope: z.array(z.number().int()).describe('测绘事项编号'),
  legalPersonName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  creditFlags: z.array(z.enum(creditFlag.values)),
  creditGrade: z.enum(creditGrades).describe('信用等级（信用评分规则：docs/credit-score.md）'),
});
export type AgencySummary = z.infer<typeof agencySummarySchema>;

const newConstructionSchemaOut = z.object({
  constructionId: id,
  name: z.string(),
  districtName: z.string().nullable(),
  createdAt: dateTime,
});

const newProjectSchema = z.object({
  pkid: id,
  projectName: z.string(),
  projectNo: z.string(),
  districtName: z.string().nullable(),
  status: z.number().int(),
  createdAt: dateTime,
});

const position = z.tuple([z.number(), z.number()]).describe('[经度，纬度]');

export const districtItemSchema = z.object({ districtCode: z.string(), districtName: z.string() });
export const districtProjectNumSchema = districtItemSchema.extend({ projectNum: count });

export const projectDistributeSchema = z.object({
  total: count,
  byStatus: z.array(z.object({ status: z.number().int(), statusName: z.string(), projectNum: count })),
  byStage: z.array(
    z.object({ stageId: z.number().int().nullable(), stageName: z.string(), projectNum: count }),
  ),
  byYear: z.array(z.object({ year: z.number().int(), projectNum: count })),
  /** Approved offline projects: counted apart, in none of the numbers above (the hall's one rule). */
  offline: count,
  /** Projects counted above that have no location, so the map cannot show them. */
  unlocated: count,
});

const boundarySchema = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);

export const districtShapeSchema = districtProjectNumSchema.extend({
  boundary: boundarySchema.nullable(),
  center: position.nullable(),
});

const pointGeometry = z.object({ type: z.literal('Point'), coordinates: position });

export const clusterResultSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.union([
      z.object({
        type: z.literal('Feature'),
        geometry: pointGeometry,
        properties: z.object({
          cluster: z.literal(true),
          clusterId: z.number().int(),
          count,
          expansionZoom: z.number(),
        }),
      }),
      z.object({
        type: z.literal('Feature'),
        geometry: pointGeometry,
        properties: z.object({
          cluster: z.literal(false),
          pkid: id,
          name: z.string(),
          status: z.number().int(),
        }),
      }),
    ]),
  ),
  total: count,
  districtCounts: z.record(z.string(), count).describe('各区县的项目数（按筛选条件）'),
});

export const projectCardSchema = z.object({
  pkid: id,
  projectName: z.string(),
  projectNo: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  stageName: z.string().nullable(),
  districtName: z.string(),
  address: z.string().nullable(),
  constructionName: z.string(),
  projectType: z.string().nullable(),
  createdAt: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  /** The newest released demand, whose public page shows the agency selection record. */
  demandId: id.nullable(),
});

export const placeSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  lon: z.number(),
  lat: z.number(),
  kind: z.enum(['district', 'project', 'place']),
});

export const reverseResultSchema = z.object({
  address: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
});

export const bboxSchema = z.object({
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
});

export const mapClientConfigSchema = z.object({
  provider: z.enum(['local', 'tianditu']),
  bbox: bboxSchema,
  tiles: z.object({ vec: z.string(), cva: z.string() }).nullable(),
});

const optionalInt = (message: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: message }).int(message).optional(),
  );

/** `west,south,east,north` in degrees. */
const bboxParam = z.string({ error: '请提供地图范围' }).transform((value, context) => {
  const parts = value.split(',').map(Number);
  const [west, south, east, north] = parts as [number, number, number, number];
  if (
    parts.length !== 4 ||
    parts.some((n) => !Number.isFinite(n)) ||
    west < -180 ||
    east > 180 ||
    south < -90 ||
    north > 90 ||
    south > north ||
    west > east
  ) {
    context.addIssue({ code: 'custom', message: '地图范围格式不正确' });
    return z.NEVER;
  }
  return { west, south, east, north };
});

export const clusterQuerySchema = z.object({
  zoom: z.coerce.number({ error: '缩放级别不正确' }).min(0, '缩放级别不正确').max(22, '缩放级别不正确'),
  bbox: bboxParam,
  stage: optionalInt('阶段不正确'),
  status: optionalInt('项目状态不正确'),
  year: optionalInt('年份不正确'),
});

const projectIdSchema = z.object({
  pkid: idField('项目编号不正确'),
});
const placeSearchSchema = z.object({
  keyword: z
    .string({ error: '请输入地名或项目名称' })
    .trim()
    .min(1, '请输入地名或项目名称')
    .max(50, '关键字不能超过50个字'),
});
const pointSchema = z.object({
  lon: z.coerce.number({ error: '经度不正确' }).min(-180, '经度不正确').max(180, '经度不正确'),
  lat: z.coerce.number({ error: '纬度不正确' }).min(-90, '纬度不正确').max(90, '纬度不正确'),
});

const get = { base: 'business', method: 'GET', access: 'public' } as const;

export const hallCalls = defineCalls('hall', {
  counts: {
    ...get,
    summary: '大厅统计数',
    path: 'statistics/getInfo',
    output: hallCountsSchema,
    envelope: 'object',
  },
  agencyCount: {
    ...get,
    summary: '审核通过的中介机构数',
    path: 'statistics/getAgentOrganizationAllCount',
    output: count,
    envelope: 'object',
  },
  constructionCount: {
    ...get,
    summary: '建设单位数',
    path: 'statistics/getConstructionAllCount',
    output: count,
    envelope: 'object',
  },
  natureDeptCount: {
    ...get,
    summary: '成果共享单位数',
    path: 'statistics/getNatureDeptAllCount',
    output: count,
    envelope: 'object',
  },
  newestConstructions: {
    ...get,
    summary: '最新建设单位',
    path: 'statistics/getNewConstruction',
    input: newConstructionSchema,
    output: z.array(newConstructionSchemaOut),
    envelope: 'object',
  },
  newestAgencies: {
    ...get,
    summary: '最新入驻的中介机构',
    path: 'statistics/getNewAgentOrganization',
    input: newestSchema,
    output: z.array(agencySummarySchema),
    envelope: 'object',
  },
  newestProjects: {
    ...get,
    summary: '最新项目',
    path: 'statistics/getNewProject',
    input: newestSchema,
    output: z.array(newProjectSchema),
    envelope: 'object',
  },
  projectStatistics: {
    ...get,
    summary: '各状态项目数',
    path: 'statistics/getProjectStatistics',
    output: z.array(z.object({ status: z.number().int(), label: z.string(), count })),
    envelope: 'object',
  },
  projectStatistics2: {
    ...get,
    summary: '近 12 个月每月发布和办结的项目数（北京时间，按月升序）',
    path: 'statistics/getProjectStatistics2',
    output: z.array(z.object({ month: z.string(), released: count, completed: count })),
    envelope: 'object',
  },
  agencies: {
    ...get,
    summary: '中介机构名录（审核通过的机构）',
    path: 'agentorg/query',
    method: ['POST', 'GET'],
    changesState: false,
    input: agencyListSchema,
    output: agencySummarySchema,
    envelope: 'page',
    paging: { page: 'page', size: 'rows' },
  },
  districts: {
    ...get,
    summary: '区县列表',
    path: 'sgs/getAllDistrict',
    output: z.array(districtItemSchema),
    envelope: 'object',
  },
  districtProjectCounts: {
    ...get,
    summary: '各区县项目数',
    path: 'statistics/getDistrictProjectNum',
    output: z.array(districtProjectNumSchema),
    envelope: 'object',
  },
  projectDistribution: {
    ...get,
    summary: '项目分布（按状态、阶段、年份）',
    path: 'statistics/getProjectDistribute',
    output: projectDistributeSchema,
    envelope: 'object',
  },
  mapClusters: {
    ...get,
    summary: '地图上的项目聚合点',
    path: 'map/clusters',
    input: clusterQuerySchema,
    output: clusterResultSchema,
    envelope: 'object',
  },
  mapProject: {
    ...get,
    summary: '地图上一个项目的信息卡',
    path: 'map/project',
    input: projectIdSchema,
    output: projectCardSchema,
    envelope: 'object',
  },
  mapSearch: {
    ...get,
    summary: '地名或项目搜索',
    path: 'map/search',
    input: placeSearchSchema,
    output: z.array(placeSchema),
    envelope: 'object',
  },
  mapReverse: {
    ...get,
    summary: '坐标所在的地址和区县',
    path: 'map/reverse',
    input: pointSchema,
    output: reverseResultSchema,
    envelope: 'object',
  },
  mapDistricts: {
    ...get,
    summary: '区县边界和项目数',
    path: 'map/districts',
    output: z.array(districtShapeSchema),
    envelope: 'object',
  },
  mapConfig: {
    ...get,
    summary: '地图底图配置',
    path: 'map/config',
    output: mapClientConfigSchema,
    envelope: 'object',
  },
});

export type HallCounts = z.infer<typeof hallCountsSchema>;
export type DistrictItem = z.infer<typeof districtItemSchema>;
export type DistrictProjectNum = z.infer<typeof districtProjectNumSchema>;
export type ProjectDistribute = z.infer<typeof projectDistributeSchema>;
export type DistrictShape = z.infer<typeof districtShapeSchema>;
export type ClusterResult = z.infer<typeof clusterResultSchema>;
export type ClusterFeature = ClusterResult['features'][number];
export type ProjectCard = z.infer<typeof projectCardSchema>;
export type Place = z.infer<typeof placeSchema>;
export type ReverseResult = z.infer<typeof reverseResultSchema>;
export type MapClientConfig = z.infer<typeof mapClientConfigSchema>;
export type BBox = z.infer<typeof bboxSchema>;
/** Filters of the map (all optional; absent = every value). */
export interface MapFilter {
  stage?: number;
  status?: number;
  year?: number;
}
