/**
 * The electronic archive (成果档案, issue 23; DOMAIN.md "Archive"): one archive case per completed
 * project, holding its accepted results, its certificate and their metadata records. Metadata records
 * are append-only and form one hash chain (docs/electronics.md): each record's hash covers its
 * canonical content and the previous record's hash, so an edit through the product appends a new
 * version and extends the chain, and an edit behind its back breaks it.
 */
import { defineStatusTable } from './status-table';

/** How widely a case or a record may be read (DOMAIN.md: 公开, 内部, 涉密). */
export const classification = defineStatusTable([
  { value: 1, key: 'public', label: '公开', tone: 'success' },
  { value: 2, key: 'internal', label: '内部', tone: 'warning' },
  { value: 3, key: 'secret', label: '涉密', tone: 'danger' },
]);
export type Classification = (typeof classification.values)[number];

/** Document data (a file: a report, a drawing, a certificate) or vector data (a map layer). */
export const metadataKind = defineStatusTable([
  { value: 1, key: 'document', label: '文档数据', tone: 'info' },
  { value: 2, key: 'vector', label: '矢量数据', tone: 'progress' },
]);
export type MetadataKind = (typeof metadataKind.values)[number];

/**
 * What an archived drawing is: 图件 (a drawing the survey produced: a plan, a map sheet) or 图文档 (a
 * drawing document the project brought: a design drawing, its notes). Both are kept as PDF, DXF or
 * DWG in a case, with versions, and only their lists differ (/electronics/DrawingManagement,
 * /drawdoc/DrawDocManagement).
 */
export const drawingCategory = defineStatusTable([
  { value: 1, key: 'drawing', label: '图件', tone: 'info' },
  { value: 2, key: 'document', label: '图文档', tone: 'progress' },
]);
export type DrawingCategory = (typeof drawingCategory.values)[number];

/** The formats a drawing is kept in; only PDF and DXF are previewed in the browser. */
export const drawingFormats = ['pdf', 'dxf', 'dwg'] as const;

/** The vector data files a layer is read from: GeoJSON, a zipped Shapefile, KML. */
export const vectorFormats = ['geojson', 'json', 'zip', 'kml'] as const;

/**
 * What the 3D view (/electronics/ThreeDimensional) extrudes a building footprint by: its 高度 (height,
 * metres) when the feature has one, else its 层数 (floors) times `metresPerFloor`.
 */
export const buildingFields = { height: '高度', floors: '层数' } as const;
export const metresPerFloor = 3;

/** The geometry types a layer of footprints has (docs/electronics.md "Vector data"). */
export const footprintGeometryTypes = ['Polygon', 'MultiPolygon'] as const;

/** A layer the 3D view can draw: polygons whose attributes include a height or a number of floors. */
export function isExtrudable(layer: { geometryType: string; fields: readonly string[] }): boolean {
  return (
    (footprintGeometryTypes as readonly string[]).includes(layer.geometryType) &&
    (layer.fields.includes(buildingFields.height) || layer.fields.includes(buildingFields.floors))
  );
}

/** The data type of a catalogue field, as the catalogue page shows it. */
export const metadataDataType = {
  text: '字符串',
  integer: '整数',
  dateTime: '日期时间',
  date: '日期',
  hash: '哈希值',
} as const;
export type MetadataDataType = keyof typeof metadataDataType;

export interface MetadataFieldDef {
  /** The English field name: the key in a record's content. */
  readonly field: string;
  readonly label: string;
  readonly dataType: MetadataDataType;
  /** Set by a person (修改元数据); the others are read off the stored file or the chain. */
  readonly editable?: boolean;
}

/** The twelve fields of a document data record (spec section 3, metadata catalogue). */
export const documentFields: readonly MetadataFieldDef[] = [
  { field: 'name', label: '名称', dataType: 'text', editable: true },
  { field: 'alias', label: '别名', dataType: 'text', editable: true },
  { field: 'type', label: '类型', dataType: 'text', editable: true },
  { field: 'format', label: '格式', dataType: 'text' },
  { field: 'size', label: '大小（字节）', dataType: 'integer' },
  { field: 'classificationLevel', label: '密级', dataType: 'text' },
  { field: 'managingUnit', label: '管理单位', dataType: 'text', editable: true },
  { field: 'link', label: '链接', dataType: 'text' },
  { field: 'productionTime', label: '生产时间', dataType: 'date', editable: true },
  { field: 'loadDate', label: '入库日期', dataType: 'date' },
  { field: 'updateTime', label: '更新时间', dataType: 'dateTime' },
  { field: 'chainHash', label: '链哈希', dataType: 'hash' },
];

/** The twenty fields of a vector data record: the document's twelve and eight of the layer. */
export const vectorFields: readonly MetadataFieldDef[] = [
  ...documentFields,
  { field: 'coordinateSystem', label: '坐标系', dataType: 'text', editable: true },
  { field: 'geometryType', label: '几何类型', dataType: 'text' },
  { field: 'featureCount', label: '要素数量', dataType: 'integer' },
  { field: 'extent', label: '空间范围', dataType: 'text' },
  { field: 'scale', label: '比例尺', dataType: 'text', editable: true },
  { field: 'producer', label: '生产单位', dataType: 'text', editable: true },
  { field: 'dataSource', label: '数据来源', dataType: 'text', editable: true },
  { field: 'attributeFields', label: '属性字段', dataType: 'text' },
];

export const metadataFieldsOf = (kind: MetadataKind): readonly MetadataFieldDef[] =>
  kind === metadataKind.code.vector ? vectorFields : documentFields;

/** The fields a person may change with 修改元数据, by kind. */
export const editableFieldsOf = (kind: MetadataKind): readonly string[] =>
  metadataFieldsOf(kind)
    .filter((def) => def.editable)
    .map((def) => def.field);

/** The case number: DA, the year the project was archived and the project's id, six digits. */
export function archiveCaseNo(year: number, projectId: number): string {
  return `DA${year}${String(projectId).padStart(6, '0')}`;
}

/**
 * The canonical text of a record's content that the chain hashes: JSON with the keys of every object
 * sorted, no spaces, so the same content always gives the same bytes whatever order it was built in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
