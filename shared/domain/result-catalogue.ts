/**
 * The result catalogue each survey item starts with (issue 22): the files an agency submits for the
 * item, their accepted formats, whether each is required and its size limit. Administrators edit it
 * on /fruitcatalog/manage (every save is a new version); a database without a version of an item gets
 * this one as version 1 the first time the item's catalogue is read.
 */
import { stages, type SurveyItemId } from './stages';

export interface CatalogueEntryDef {
  name: string;
  formats: readonly string[];
  required: boolean;
  /** Bytes. */
  maxSize: number;
}

const MB = 1024 * 1024;
const report = (name: string): CatalogueEntryDef => ({
  name,
  formats: ['pdf', 'docx', 'doc'],
  required: true,
  maxSize: 50 * MB,
});
const drawing = (name: string): CatalogueEntryDef => ({
  name,
  formats: ['pdf', 'zip'],
  required: true,
  maxSize: 50 * MB,
});
const photos: CatalogueEntryDef = {
  name: '现场照片',
  formats: ['jpg', 'jpeg', 'png', 'zip'],
  required: false,
  maxSize: 50 * MB,
};
const data: CatalogueEntryDef = {
  name: '成果数据（坐标、面积等表格）',
  formats: ['xlsx', 'xls', 'zip'],
  required: false,
  maxSize: 50 * MB,
};

/** The first catalogue of every item of shared/domain/stages.ts. */
export const defaultCatalogues: Readonly<Record<SurveyItemId, readonly CatalogueEntryDef[]>> = {
  101: [report('拨地测量技术报告'), drawing('拨地测量成果图'), data],
  102: [report('地籍调查报告'), drawing('宗地图'), data],
  201: [report('规划放线测量报告'), drawing('放线测量成果图'), photos],
  202: [report('房产预测绘报告'), drawing('房产分户图'), data],
  301: [report('规划验线测量报告'), drawing('验线测量成果图'), photos],
  302: [report('基础验线测量报告'), drawing('基础验线成果图'), photos],
  401: [report('规划条件核实测量报告'), drawing('竣工测量成果图'), data, photos],
  402: [report('房产实测绘报告'), drawing('房产分户图'), data],
  403: [report('地下管线竣工测量报告'), drawing('管线竣工图'), data],
  404: [report('人防测量报告'), drawing('人防工程平面图')],
  405: [report('绿地测量报告'), drawing('绿地测量成果图'), photos],
};

/** The default catalogue of an item; items added later by administrators start with a report. */
export function defaultCatalogueOf(itemId: number): readonly CatalogueEntryDef[] {
  return (
    (defaultCatalogues as Record<number, readonly CatalogueEntryDef[]>)[itemId] ?? [report('测绘成果报告')]
  );
}

/** Every item id of the stages table (for tests and the catalogue page's order). */
export const catalogueItemIds: readonly number[] = stages.flatMap((stage) =>
  stage.items.map((item) => item.id),
);
