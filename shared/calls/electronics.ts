/**
 * The electronic archive (成果档案, issue 23; docs/electronics.md): archive cases of completed projects
 * and the metadata records of what they hold, which form a tamper-evident hash chain. The spec names
 * the pages but no calls: these are ours, under the archive base.
 */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import {
  archiveCaseClassifySchema,
  archiveCaseFiltersSchema,
  archiveCaseIdSchema,
  archiveCaseListSchema,
  drawingIdSchema,
  drawingListSchema,
  layerIdSchema,
  layerImportSchema,
  layerListSchema,
  layerMoveSchema,
  layerUpdateSchema,
  pictureFiltersSchema,
  caseTargetsSchema,
  metadataRecordIdSchema,
  metadataRecordListSchema,
  metadataUpdateSchema,
} from '@shared/validation/electronics';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const caseReaders = pageRoles('electronics', 'CaseList');
/** The archive's keepers (the administrator passes every role check). */
const keepers = pageRoles('electronics', 'MetadataManage');

/** Drawings: every party of a project and the supervisors; the service narrows (docs/electronics.md). */
const drawingReaders = pageRoles('electronics', 'DrawingManagement');

/** Vector data: the case's readers see its layers, its uploaders (its agency, the keepers) import, the keepers manage the map. */
const dataUploaders = pageRoles('electronics', 'DataUpload');
const mapKeepers = pageRoles('electronics', 'MapManagement');

const contentSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const archiveCaseRowSchema = z.object({
  caseId: id,
  caseNo: z.string(),
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  ownerName: z.string(),
  agencyName: z.string().nullable(),
  districtName: z.string().nullable(),
  itemNames: z.array(z.string()),
  certificateId: id.nullable(),
  certificateNo: z.string().nullable(),
  year: z.number().int(),
  archivedAt: dateTime,
  classification: z.number().int().describe('1 公开，2 内部，3 涉密'),
  recordCount: z.number().int(),
});
export type ArchiveCaseRow = z.infer<typeof archiveCaseRowSchema>;

export const caseRecordSchema = z.object({
  recordId: id,
  kind: z.number().int().describe('1 文档数据，2 矢量数据'),
  subjectKey: z.string(),
  version: z.number().int(),
  classification: z.number().int(),
  hasFile: z.boolean(),
  content: contentSchema,
  hash: z.string(),
  createdByName: z.string(),
  createdAt: dateTime,
});
export type CaseRecord = z.infer<typeof caseRecordSchema>;

export const archiveCaseDetailSchema = archiveCaseRowSchema.extend({
  /** The latest version of each record the user may read. */
  records: z.array(caseRecordSchema),
  /** Records of the case at a level the user may not read (shown as a count only). */
  hiddenCount: z.number().int(),
  /** The user keeps the archive: sets the level, edits metadata. */
  canEdit: z.boolean(),
  /** Recorded downloads of the case's classified files (keepers only; others get none). */
  downloads: z.array(
    z.object({
      pkid: id,
      recordId: id,
      name: z.string().nullable(),
      userName: z.string(),
      classification: z.number().int(),
      downloadedAt: dateTime,
    }),
  ),
});
export type ArchiveCaseDetail = z.infer<typeof archiveCaseDetailSchema>;

export const metadataRecordRowSchema = z.object({
  recordId: id,
  caseId: id,
  caseNo: z.string(),
  kind: z.number().int(),
  subjectKey: z.string(),
  version: z.number().int(),
  classification: z.number().int(),
  content: contentSchema,
  previousHash: z.string().nullable(),
  hash: z.string(),
  createdByName: z.string(),
  createdAt: dateTime,
});
export type MetadataRecordRow = z.infer<typeof metadataRecordRowSchema>;

export const metadataFieldSchema = z.object({
  kind: z.number().int(),
  order: z.number().int(),
  field: z.string(),
  label: z.string(),
  dataType: z.string(),
  editable: z.boolean(),
  addedAt: dateTime,
  updatedAt: dateTime,
});
export type MetadataField = z.infer<typeof metadataFieldSchema>;

export const chainVerificationSchema = z.object({
  verified: z.number().int(),
  total: z.number().int(),
  broken: z
    .object({
      recordId: id,
      caseNo: z.string().nullable(),
      subjectKey: z.string(),
      version: z.number().int(),
      reason: z.enum(['content', 'link']),
    })
    .nullable(),
});
export type ChainVerificationResult = z.infer<typeof chainVerificationSchema>;

export const drawingRowSchema = z.object({
  drawingId: id,
  category: z.number().int().describe('1 图件，2 图文档'),
  caseId: id,
  caseNo: z.string(),
  projectName: z.string(),
  /** The latest metadata record (preview and download it). */
  recordId: id,
  name: z.string(),
  format: z.string().describe('PDF、DXF 或 DWG'),
  size: z.number().int().nullable(),
  classification: z.number().int(),
  version: z.number().int(),
  updatedByName: z.string(),
  updatedAt: dateTime,
  createdAt: dateTime,
});
export type DrawingRow = z.infer<typeof drawingRowSchema>;

export const drawingVersionSchema = z.object({
  recordId: id,
  version: z.number().int(),
  /** The version brought a new file (an upload); otherwise it edited the metadata. */
  newFile: z.boolean(),
  fileName: z.string(),
  size: z.number().int().nullable(),
  classification: z.number().int(),
  hash: z.string(),
  createdByName: z.string(),
  createdAt: dateTime,
});
export type DrawingVersion = z.infer<typeof drawingVersionSchema>;

export const drawingDetailSchema = drawingRowSchema.extend({
  content: contentSchema,
  hash: z.string(),
  ownerName: z.string(),
  agencyName: z.string().nullable(),
  /** Newest first, those the user may read. */
  versions: z.array(drawingVersionSchema),
  /** The user may upload a new version (the case's agency, the archive's keepers). */
  canUpload: z.boolean(),
  /** The user keeps the archive: edits the metadata and the level. */
  canEdit: z.boolean(),
});
export type DrawingDetail = z.infer<typeof drawingDetailSchema>;

export const layerStyleSchema = z.object({
  color: z.string(),
  width: z.number(),
  fill: z.string().nullable(),
  fillOpacity: z.number(),
  labelField: z.string().nullable(),
});
export type LayerStyleValue = z.infer<typeof layerStyleSchema>;

export const layerRowSchema = z.object({
  layerId: id,
  caseId: id,
  caseNo: z.string(),
  projectName: z.string(),
  /** The latest metadata record (its versions, its edit). */
  recordId: id,
  name: z.string(),
  classification: z.number().int(),
  sourceFormat: z.string().describe('GeoJSON、Shapefile 或 KML'),
  crsCode: z.string(),
  crsLabel: z.string(),
  geometryType: z.string(),
  featureCount: z.number().int(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('WGS84：西、南、东、北'),
  fields: z.array(z.string()),
  /** The 3D view can draw it: footprints with 高度 or 层数 (isExtrudable, shared/domain/electronics). */
  extrudable: z.boolean(),
  style: layerStyleSchema,
  sortOrder: z.number().int(),
  visible: z.boolean(),
  createdByName: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type LayerRow = z.infer<typeof layerRowSchema>;

export const picturePointSchema = z.object({
  caseId: id,
  caseNo: z.string(),
  projectName: z.string(),
  agencyName: z.string().nullable(),
  year: z.number().int(),
  lon: z.number(),
  lat: z.number(),
});
export type PicturePoint = z.infer<typeof picturePointSchema>;

export const electronicsCalls = defineCalls('electronics', {
  caseList: {
    summary: '办件档案列表（按档案编号、项目、测绘单位、测绘事项、区县、年份、密级查询）',
    base: 'archive',
    path: 'electronics/case/list',
    method: 'GET',
    input: archiveCaseListSchema,
    output: archiveCaseRowSchema,
    envelope: 'page',
    access: caseReaders,
    paging: { page: 'page', size: 'rows' },
  },
  caseExport: {
    summary: '导出办件档案列表（Excel），筛选条件与列表相同',
    base: 'archive',
    path: 'electronics/case/exportExcel',
    method: 'GET',
    input: archiveCaseFiltersSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: caseReaders,
  },
  caseDetail: {
    summary: '档案详情：项目、证书和各项成果的元数据（内部、涉密记录只对有权限者显示）',
    base: 'archive',
    path: 'electronics/case/detail',
    method: 'GET',
    input: archiveCaseIdSchema,
    output: archiveCaseDetailSchema,
    envelope: 'object',
    access: caseReaders,
  },
  caseClassify: {
    summary: '调整档案密级（行业主管部门）',
    base: 'archive',
    path: 'electronics/case/classify',
    method: 'POST',
    encoding: 'json',
    input: archiveCaseClassifySchema,
    output: archiveCaseDetailSchema,
    envelope: 'result',
    access: keepers,
  },
  fields: {
    summary: '元数据字段目录（文档数据 12 项、矢量数据 20 项），在浏览器中筛选和分页',
    base: 'archive',
    path: 'electronics/metadata/fields',
    method: 'GET',
    input: z.object({}),
    output: z.array(metadataFieldSchema),
    envelope: 'object',
    access: keepers,
  },
  recordList: {
    summary: '元数据记录（链上每个版本，新的在前），可按类别、档案编号、名称查询',
    base: 'archive',
    path: 'electronics/metadata/list',
    method: 'GET',
    input: metadataRecordListSchema,
    output: metadataRecordRowSchema,
    envelope: 'page',
    access: keepers,
    paging: { page: 'page', size: 'rows' },
  },
  recordVersions: {
    summary: '一条元数据的全部版本（新的在前）',
    base: 'archive',
    path: 'electronics/metadata/versions',
    method: 'GET',
    input: metadataRecordIdSchema,
    output: z.array(metadataRecordRowSchema),
    envelope: 'object',
    access: caseReaders,
  },
  recordUpdate: {
    summary: '修改元数据：在链尾追加新版本，原版本保留',
    base: 'archive',
    path: 'electronics/metadata/update',
    method: 'POST',
    encoding: 'json',
    input: metadataUpdateSchema,
    output: z.object({ recordId: id }),
    envelope: 'result',
    access: keepers,
  },
  verifyChain: {
    summary: '校验元数据哈希链：重新计算每条记录的哈希，指出第一条不符的记录',
    base: 'archive',
    path: 'electronics/metadata/verify',
    method: 'POST',
    encoding: 'json',
    input: z.object({}),
    output: chainVerificationSchema,
    envelope: 'result',
    access: keepers,
  },
  recordDownload: {
    summary: '下载档案文件（内部、涉密文件的每次下载均被记录）',
    base: 'archive',
    path: 'electronics/metadata/download/{id}',
    method: 'GET',
    input: metadataRecordIdSchema,
    envelope: 'file',
    access: caseReaders,
  },
  recordPreview: {
    summary: '在线预览档案文件（与下载一样，内部、涉密文件的每次查看均被记录）',
    base: 'archive',
    path: 'electronics/metadata/preview/{id}',
    method: 'GET',
    input: metadataRecordIdSchema,
    envelope: 'file',
    access: caseReaders,
  },
  drawingList: {
    summary: '图件或图文档列表（按类别、名称、档案编号、项目名称、格式查询），每行为最新版本',
    base: 'archive',
    path: 'electronics/drawing/list',
    method: 'GET',
    input: drawingListSchema,
    output: drawingRowSchema,
    envelope: 'page',
    access: drawingReaders,
    paging: { page: 'page', size: 'rows' },
  },
  drawingDetail: {
    summary: '图件详情：元数据、各版本（上传人、时间、链哈希）',
    base: 'archive',
    path: 'electronics/drawing/detail',
    method: 'GET',
    input: drawingIdSchema,
    output: drawingDetailSchema,
    envelope: 'object',
    access: drawingReaders,
  },
  caseTargets: {
    summary: '可上传图件和矢量数据的档案（测绘单位：本单位的档案；档案管理部门：全部），最多 50 条',
    base: 'archive',
    path: 'electronics/case/targets',
    method: 'GET',
    input: caseTargetsSchema,
    output: z.array(z.object({ caseId: id, caseNo: z.string(), projectName: z.string() })),
    envelope: 'object',
    access: drawingReaders,
  },
  layerList: {
    summary: '矢量图层列表（按名称、档案编号、密级查询，可只列三维展示可用的建筑图层），按绘制顺序从上到下',
    base: 'archive',
    path: 'electronics/layer/list',
    method: 'GET',
    input: layerListSchema,
    output: layerRowSchema,
    envelope: 'page',
    access: caseReaders,
    paging: { page: 'page', size: 'rows' },
  },
  layerMap: {
    summary: '地图上显示的图层（用户可见的全部图层，按绘制顺序从下到上，最多 200 个）',
    base: 'archive',
    path: 'electronics/layer/map',
    method: 'GET',
    input: z.object({}),
    output: z.array(layerRowSchema),
    envelope: 'object',
    access: caseReaders,
  },
  layerData: {
    summary: '图层要素（GeoJSON，WGS84 经纬度）；内部、涉密图层的每次读取均被记录',
    base: 'archive',
    path: 'electronics/layer/data/{id}',
    method: 'GET',
    input: layerIdSchema,
    envelope: 'file',
    produces: 'application/geo+json',
    access: caseReaders,
  },
  layerImport: {
    summary: '导入矢量数据：读取已上传的 GeoJSON、Shapefile（zip）或 KML，识别坐标系并转换为 WGS84',
    base: 'archive',
    path: 'electronics/layer/import',
    method: 'POST',
    encoding: 'json',
    input: layerImportSchema,
    output: layerRowSchema,
    envelope: 'result',
    access: dataUploaders,
  },
  layerUpdate: {
    summary: '图层设置：名称和密级（追加元数据版本）、样式、显示或隐藏',
    base: 'archive',
    path: 'electronics/layer/update',
    method: 'POST',
    encoding: 'json',
    input: layerUpdateSchema,
    output: layerRowSchema,
    envelope: 'result',
    access: mapKeepers,
  },
  layerMove: {
    summary: '调整图层绘制顺序（上移、下移一位）',
    base: 'archive',
    path: 'electronics/layer/move',
    method: 'POST',
    encoding: 'json',
    input: layerMoveSchema,
    output: z.object({ layerId: id }),
    envelope: 'result',
    access: mapKeepers,
  },
  picture: {
    summary:
      '一张图：用户可见的档案，每个为项目位置上的一个点（按阶段、测绘事项、测绘单位、年份筛选，最多 20000 个）',
    base: 'archive',
    path: 'electronics/picture',
    method: 'GET',
    input: pictureFiltersSchema,
    output: z.object({ points: z.array(picturePointSchema), total: z.number().int() }),
    envelope: 'object',
    access: pageRoles('electronics', 'APicture'),
  },
});
