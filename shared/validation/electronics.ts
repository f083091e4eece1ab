/**
 * Inputs of the electronic archive's calls (issue 23), with their Chinese messages: the server
 * validates with these and the console's forms with the same schemas.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { classification, drawingCategory, drawingFormats, metadataKind } from '@shared/domain/electronics';
import { stageIds } from '@shared/domain/stages';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const electronicsMessages = {
  caseNotFound: '档案不存在',
  recordNotFound: '元数据记录不存在',
  caseIdRequired: '请提供正确的档案编号',
  recordIdRequired: '请提供正确的元数据记录编号',
  classificationInvalid: '密级不正确',
  kindInvalid: '数据类别不正确',
  yearInvalid: '年份不正确',
  itemInvalid: '测绘事项不正确',
  districtInvalid: '区县不正确',
  nameRequired: '请输入名称',
  dateInvalid: '日期格式应为 年-月-日，如 2026-11-27',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  notLatest: '该元数据已有更新的版本，请刷新后再修改',
  nothingChanged: '元数据没有变化，无需保存',
  classifiedForbidden: '您没有查看该密级档案的权限',
  noDistrict: '您的账号未关联区县，无法查看档案',
  drawingNotFound: '图件不存在',
  layerNotFound: '图层不存在',
  layerIdRequired: '请提供正确的图层编号',
  archiveFileRequired: '请先上传矢量数据文件',
  colorInvalid: '颜色应为 #RRGGBB 格式，如 #1d4f91',
  widthInvalid: '线宽应在 0.5 到 10 之间',
  opacityInvalid: '填充透明度应在 0 到 1 之间',
  directionInvalid: '移动方向不正确',
  extrudableInvalid: '建筑图层筛选条件不正确',
  visibleRequired: '请选择显示或隐藏',
  labelFieldUnknown: '标注字段不是该图层的属性字段',
  stageInvalid: '阶段不正确',
  layerWriteForbidden: '只有该档案的测绘单位和档案管理部门可以上传矢量数据',
  drawingIdRequired: '请提供正确的图件编号',
  categoryInvalid: '图件类别不正确',
  formatInvalid: '格式不正确',
  drawingWriteForbidden: '只有该档案的测绘单位和档案管理部门可以上传图件',
} as const;

const m = electronicsMessages;

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, m.tooLong(label, max)).optional());

const levelField = z.coerce
  .number<string | number>(m.classificationInvalid)
  .refine((value) => classification.has(value), m.classificationInvalid);

export const archiveCaseFiltersSchema = z.object({
  caseNo: optionalText(20, '档案编号'),
  projectName: optionalText(50, '项目名称'),
  orgName: optionalText(50, '测绘单位'),
  itemId: z.preprocess(blankToUndefined, idField(m.itemInvalid).optional()),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, m.districtInvalid)
      .optional(),
  ),
  year: z.preprocess(blankToUndefined, wholeNumber(m.yearInvalid, { min: 2000, max: 2999 }).optional()),
  classification: z.preprocess(blankToUndefined, levelField.optional()),
});
export type ArchiveCaseFilters = z.infer<typeof archiveCaseFiltersSchema>;

export const archiveCaseListSchema = pagingSchema.extend(archiveCaseFiltersSchema.shape);

export const archiveCaseIdSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(m.caseIdRequired)),
});

export const archiveCaseClassifySchema = archiveCaseIdSchema.extend({ classification: levelField });

export const metadataRecordIdSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(m.recordIdRequired)),
});

export const metadataRecordListSchema = pagingSchema.extend({
  kind: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(m.kindInvalid)
      .refine((value) => metadataKind.has(value), m.kindInvalid)
      .optional(),
  ),
  caseNo: optionalText(20, '档案编号'),
  name: optionalText(100, '名称'),
});

const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(value)), m.dateInvalid)
    .optional(),
);

/**
 * 修改元数据: the editable fields of a record (shared/domain/electronics.ts) and its level. A blank
 * optional field clears it. The vector-only fields are ignored on a document record.
 */
export const metadataUpdateSchema = metadataRecordIdSchema.extend({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(100, m.tooLong('名称', 100)),
  alias: optionalText(100, '别名'),
  type: optionalText(50, '类型'),
  managingUnit: optionalText(100, '管理单位'),
  productionTime: optionalDate,
  coordinateSystem: optionalText(50, '坐标系'),
  scale: optionalText(20, '比例尺'),
  producer: optionalText(100, '生产单位'),
  dataSource: optionalText(100, '数据来源'),
  classification: levelField,
});
export type MetadataUpdate = z.output<typeof metadataUpdateSchema>;

export const drawingFiltersSchema = z.object({
  category: z.coerce
    .number<string | number>(m.categoryInvalid)
    .refine((value) => drawingCategory.has(value), m.categoryInvalid),
  name: optionalText(100, '名称'),
  caseNo: optionalText(20, '档案编号'),
  projectName: optionalText(50, '项目名称'),
  format: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.toLowerCase())
      .refine((value) => (drawingFormats as readonly string[]).includes(value), m.formatInvalid)
      .optional(),
  ),
  classification: z.preprocess(blankToUndefined, levelField.optional()),
});
export type DrawingFilters = z.infer<typeof drawingFiltersSchema>;
export const drawingListSchema = pagingSchema.extend(drawingFiltersSchema.shape);

export const drawingIdSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(m.drawingIdRequired)),
});

/** The cases a user may add drawings or vector data to, found by number or project name. */
export const caseTargetsSchema = z.object({ keyword: optionalText(50, '关键字') });

export const layerFiltersSchema = z.object({
  name: optionalText(100, '名称'),
  caseNo: optionalText(20, '档案编号'),
  classification: z.preprocess(blankToUndefined, levelField.optional()),
  /** '1': only the layers the 3D view can draw (footprints with 高度 or 层数; isExtrudable). */
  extrudable: z.preprocess(blankToUndefined, z.enum(['0', '1'], m.extrudableInvalid).optional()),
});
export type LayerFilters = z.infer<typeof layerFiltersSchema>;
export const layerListSchema = pagingSchema.extend(layerFiltersSchema.shape);

export const layerIdSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(m.layerIdRequired)),
});

/** Reads an uploaded file (the archive record the chunked upload answered) into a layer. */
export const layerImportSchema = z.object({
  archiveFileId: z.preprocess(blankToUndefined, idField(m.archiveFileRequired)),
  name: optionalText(100, '图层名称'),
});

const colorField = z
  .string(m.colorInvalid)
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, m.colorInvalid);

/** 图层设置 (地图管理): the name and level (on the chain) and how the map draws the layer. */
export const layerUpdateSchema = layerIdSchema.extend({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(100, m.tooLong('名称', 100)),
  color: colorField,
  width: z.coerce.number<string | number>(m.widthInvalid).min(0.5, m.widthInvalid).max(10, m.widthInvalid),
  fill: z.preprocess(blankToUndefined, colorField.optional()),
  fillOpacity: z.coerce
    .number<string | number>(m.opacityInvalid)
    .min(0, m.opacityInvalid)
    .max(1, m.opacityInvalid),
  labelField: optionalText(50, '标注字段'),
  visible: z.boolean(m.visibleRequired),
  classification: levelField,
});
export type LayerUpdate = z.output<typeof layerUpdateSchema>;

export const layerMoveSchema = layerIdSchema.extend({
  direction: z.enum(['up', 'down'], m.directionInvalid),
});

/** 一张图's filters: the stage and survey item of the project, the agency (by name), the year archived. */
export const pictureFiltersSchema = z.object({
  stage: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(m.stageInvalid)
      .refine((value) => (stageIds as readonly number[]).includes(value), m.stageInvalid)
      .optional(),
  ),
  itemId: archiveCaseFiltersSchema.shape.itemId,
  orgName: archiveCaseFiltersSchema.shape.orgName,
  year: archiveCaseFiltersSchema.shape.year,
});
export type PictureFilters = z.infer<typeof pictureFiltersSchema>;
