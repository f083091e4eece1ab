/**
 * Reads uploaded vector data (GeoJSON, a zipped Shapefile, KML) into GeoJSON features in WGS84
 * lon/lat for the map: finds the source's coordinate reference system, checks every geometry,
 * reprojects and refuses what lies outside the city (mostly a wrong coordinate system). Every refusal
 * is a VectorFileError whose message, in Chinese, is for the uploader.
 */
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import type { Feature, GeoJsonProperties, Geometry } from 'geojson';
import proj4 from 'proj4';
import { parseDbf, parseShp } from 'shpjs';
import { crsFromName, crsFromPrj, prjName, WGS84, type Crs } from './crs';
import { eachPosition, geometryProblem, geometryTypeOf, isObject, mapPositions, rewind } from './geometry';

/** A refusal of the file; the message is the Chinese text for the user (a 400). */
export class VectorFileError extends Error {
  override name = 'VectorFileError';
}

/** A lon/lat box (config `map.bbox`). */
export interface CityBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type VectorEncoding = 'UTF-8' | 'GBK';

export interface VectorData {
  /** WGS84 lon/lat, 2D (heights dropped), rounded to 7 decimals (about 1 cm), RFC 7946 ring winding. */
  features: Feature[];
  /** The source's system. */
  crs: Crs;
  /**
   * 'Point', 'LineString', 'Polygon', …; single and multi of one kind give the multi kind (a polygon
   * shapefile holds both), '混合' when kinds mix.
   */
  geometryType: string;
  count: number;
  /** [west, south, east, north] in WGS84. */
  bbox: [number, number, number, number];
  /** Attribute names in order of first appearance. */
  fields: string[];
  /** How the attributes' text was decoded (a shapefile's .dbf; GeoJSON and KML text). */
  encoding?: VectorEncoding;
}

export const MAX_FEATURES = 200_000;
/** How far (in degrees) outside the city box a coordinate may lie: data along the boundary. */
export const BOX_MARGIN = 0.05;
/** What a zip may claim to unpack to (its shapefile parts): a guard against zip bombs. */
const MAX_UNZIPPED_BYTES = 512 * 1024 * 1024;

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

const fail = (message: string): never => {
  throw new VectorFileError(message);
};

/** What a format reader hands on: the features as found (source coordinates) and their system. */
interface Source {
  features: { geometry: unknown; properties: GeoJsonProperties; id?: string | number }[];
  crs: Crs;
  /** GeoJSON without `crs`: WGS84 by RFC 7946, but only if the coordinates look like lon/lat. */
  assumed?: boolean;
  encoding?: VectorEncoding;
}

// ---------------------------------------------------------------------------------------------------
// Text

/** Valid UTF-8 (ASCII included)? Text that is not is taken for GBK (Chinese Windows software). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function decodeText(
  bytes: Uint8Array,
  declared?: VectorEncoding,
): { text: string; encoding: VectorEncoding } {
  const encoding = declared ?? (isUtf8(bytes) ? 'UTF-8' : 'GBK');
  const text = new TextDecoder(encoding === 'GBK' ? 'gbk' : 'utf-8').decode(bytes);
  return { text: text.replace(/^\uFEFF/, ''), encoding };
}

/** A .cpg's or an XML declaration's encoding name; undefined for one we do not know. */
function encodingNamed(name: string): VectorEncoding | undefined {
  const label = name
    .trim()
    .toUpperCase()
    .replace(/^ANSI\s*/, '')
    .replace(/[\s_-]/g, '');
  if (['UTF8', '65001'].includes(label)) return 'UTF-8';
  if (['GBK', 'CP936', '936', 'GB2312', 'GB18030', 'WINDOWS936', 'MS936', 'XGBK'].includes(label))
    return 'GBK';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// GeoJSON

const geometryTypes = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
];

/** The legacy (2008) `crs` member: {"type":"name","properties":{"name":"EPSG:4527"}}. */
function declaredCrs(member: unknown): Crs | undefined {
  if (member === undefined || member === null) return undefined;
  const properties = isObject(member) && isObject(member.properties) ? member.properties : {};
  const name =
    isObject(member) && member.type === 'name' && typeof properties.name === 'string'
      ? properties.name
      : isObject(member) && member.type === 'EPSG' && properties.code !== undefined
        ? `EPSG:${String(properties.code)}`
        : undefined;
  if (name === undefined)
    return fail('无法识别 GeoJSON 中声明的坐标参考系：crs 应为 name 形式，如 EPSG:4490');
  return crsFromName(name) ?? fail(`无法识别 GeoJSON 中声明的坐标参考系：${name.slice(0, 60)}`);
}

function readGeoJson(bytes: Uint8Array): Source {
  const { text, encoding } = decodeText(bytes);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return fail('GeoJSON 文件无法解析：不是有效的 JSON');
  }
  if (!isObject(root)) return fail('不是有效的 GeoJSON：缺少 FeatureCollection、Feature 或几何对象');
  let items: unknown[];
  if (root.type === 'FeatureCollection') {
    items = Array.isArray(root.features) ? root.features : fail('不是有效的 GeoJSON：features 不是数组');
  } else if (root.type === 'Feature') {
    items = [root];
  } else if (typeof root.type === 'string' && geometryTypes.includes(root.type)) {
    items = [{ type: 'Feature', geometry: root, properties: {} }];
  } else {
    return fail('不是有效的 GeoJSON：缺少 FeatureCollection、Feature 或几何对象');
  }
  const crs = declaredCrs(root.crs);
  const features = items.map((item, index) => {
    if (!isObject(item) || item.type !== 'Feature')
      return fail(`第 ${index + 1} 个要素不是有效的 GeoJSON 要素（Feature）`);
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? item.id : undefined;
    const properties = isObject(item.properties) ? item.properties : {};
    return { geometry: item.geometry, properties, ...(id === undefined ? {} : { id }) };
  });
  return { features, crs: crs ?? WGS84, assumed: crs === undefined, encoding };
}

// ---------------------------------------------------------------------------------------------------
// Shapefile (zipped)

const shapeTypeNames: Record<number, string> = { 31: '多面体（MultiPatch）' };
const supportedShapeTypes = new Set([0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28]);

/** The parts of each shapefile in the zip, by lower-cased path without extension. */
function shapefileParts(bytes: Uint8Array) {
  let claimed = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = /\.(shp|dbf|prj|cpg)$/i.test(file.name) && !/(^|\/)(__MACOSX\/|\._)/.test(file.name);
        if (wanted) claimed += file.originalSize;
        return wanted;
      },
    });
  } catch {
    return fail('压缩包无法解压：文件可能已损坏，或不是 zip 格式');
  }
  if (claimed > MAX_UNZIPPED_BYTES) fail('压缩包解压后超过 512 MB，请拆分后上传');
  const parts = new Map<
    string,
    { name: string; shp?: Uint8Array; dbf?: Uint8Array; prj?: Uint8Array; cpg?: Uint8Array }
  >();
  for (const [path, content] of Object.entries(files)) {
    const dot = path.lastIndexOf('.');
    const base = path.slice(0, dot);
    const extension = path.slice(dot + 1).toLowerCase() as 'shp' | 'dbf' | 'prj' | 'cpg';
    const key = base.toLowerCase();
    const entry = parts.get(key) ?? { name: base };
    entry[extension] = content;
    parts.set(key, entry);
  }
  return [...parts.values()];
}

function shpGeometries(shp: Uint8Array): (Geometry | null)[] {
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (shp.byteLength < 100 || view.getInt32(0) !== 9994) fail('.shp 文件无法解析：不是有效的 Shapefile');
  const shapeType = view.getInt32(32, true);
  if (!supportedShapeTypes.has(shapeType))
    fail(`不支持的 Shapefile 几何类型：${shapeTypeNames[shapeType] ?? `类型 ${shapeType}`}`);
  try {
    // No prj: shpjs would reproject with it; we reproject ourselves.
    return parseShp(shp);
  } catch {
    return fail('.shp 文件无法解析：文件可能已损坏');
  }
}

/** The .dbf's encoding: the .cpg's, else UTF-8 if its text is valid UTF-8, else GBK. */
function dbfEncoding(dbf: Uint8Array, cpg: Uint8Array | undefined): VectorEncoding {
  const declared = cpg && encodingNamed(new TextDecoder().decode(cpg));
  if (declared) return declared;
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const headerLength = view.getUint16(8, true);
  // Field names and the records hold text; the descriptors' other bytes are binary.
  for (let at = 32; at + 32 <= headerLength && dbf[at] !== 0x0d; at += 32) {
    const name = dbf.subarray(at, at + 11);
    const end = name.indexOf(0);
    if (!isUtf8(end < 0 ? name : name.subarray(0, end))) return 'GBK';
  }
  return isUtf8(dbf.subarray(headerLength)) ? 'UTF-8' : 'GBK';
}

/** A dBase value as JSON holds it: blanks (NaN, invalid dates) are null, dates 'YYYY-MM-DD'. */
function dbfValue(value: string | number | boolean | Date): string | number | boolean | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return value;
}

function readShapefile(bytes: Uint8Array): Source {
  const all = shapefileParts(bytes);
  const layers = all.filter((part) => part.shp);
  if (layers.length === 0) {
    const dbfOnly = all.find((part) => part.dbf);
    return fail(
      dbfOnly
        ? `缺少 .shp 文件：压缩包中只有属性表 ${dbfOnly.name}.dbf，没有几何数据`
        : '压缩包中没有找到 Shapefile（.shp 文件）',
    );
  }
  if (layers.length > 1)
    fail(
      `压缩包中有 ${layers.length} 个 Shapefile（${layers.map((part) => `${part.name}.shp`).join('、')}），请每次只上传一个`,
    );
  const layer = layers[0]!;
  const shp = layer.shp!;
  const dbf = layer.dbf ?? fail(`缺少 .dbf 文件：${layer.name}.shp 的属性表 ${layer.name}.dbf 不在压缩包中`);
  if (!layer.prj) fail('缺少 .prj 文件：无法确定坐标参考系，请附上坐标系文件后重新上传');
  const wkt = new TextDecoder().decode(layer.prj);
  const crs = crsFromPrj(wkt) ?? fail(`无法识别 .prj 中的坐标参考系：${prjName(wkt)}`);

  const geometries = shpGeometries(shp);
  if (dbf.byteLength < 32) fail('.dbf 文件无法解析：文件可能已损坏');
  const encoding = dbfEncoding(dbf, layer.cpg);
  let rows: ReturnType<typeof parseDbf>;
  try {
    rows = parseDbf(dbf, encoding === 'GBK' ? 'gbk' : 'utf-8');
  } catch {
    return fail('.dbf 文件无法解析：文件可能已损坏');
  }
  // A count mismatch would pair attributes with the wrong shapes.
  if (rows.length !== geometries.length)
    fail(
      `.shp 与 .dbf 的记录数不一致（.shp ${geometries.length} 条，.dbf ${rows.length} 条），文件可能已损坏`,
    );
  const features = geometries.map((geometry, index) => ({
    geometry,
    properties: Object.fromEntries(
      Object.entries(rows[index]!).map(([key, value]) => [key, dbfValue(value)]),
    ),
  }));
  return { features, crs, encoding };
}

// ---------------------------------------------------------------------------------------------------
// KML

function readKml(bytes: Uint8Array): Source {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*encoding=["']([^"']+)["']/.exec(head)?.[1];
  const { text, encoding } = decodeText(bytes, declared === undefined ? undefined : encodingNamed(declared));
  let doc;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    return fail('KML 文件无法解析：不是有效的 XML');
  }
  if (doc.documentElement?.localName?.toLowerCase() !== 'kml') fail('不是有效的 KML 文件：根元素不是 kml');
  const collection = kml(doc);
  const features = collection.features.map((feature) => ({
    geometry: feature.geometry,
    properties: feature.properties ?? {},
    ...(feature.id === undefined ? {} : { id: feature.id }),
  }));
  // KML is WGS84 lon/lat by definition.
  return { features, crs: WGS84, encoding };
}

// ---------------------------------------------------------------------------------------------------
// Checking and reprojection

/** Checks every feature, reprojects to WGS84 and checks the result against the city box. */
function finish(source: Source, box: CityBox): VectorData {
  const count = source.features.length;
  if (count === 0) fail('文件中没有要素');
  if (count > MAX_FEATURES) fail(`要素数量超过 ${MAX_FEATURES} 个，请拆分后上传`);
  const geometries = source.features.map(({ geometry }, index) => {
    if (geometry === null || geometry === undefined) return fail(`第 ${index + 1} 个要素没有几何`);
    const problem = geometryProblem(geometry);
    if (problem) fail(`第 ${index + 1} 个要素的几何无效：${problem}`);
    return geometry as Geometry;
  });
  if (source.assumed)
    for (const geometry of geometries)
      eachPosition(geometry, ([x, y]) => {
        if (Math.abs(x!) > 180 || Math.abs(y!) > 90)
          fail('GeoJSON 未声明坐标参考系（crs），且坐标不是经纬度，无法确定坐标系');
      });

  const converter = source.crs.code === WGS84.code ? undefined : proj4(source.crs.proj4, WGS84.proj4);
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const limits = {
    west: box.west - BOX_MARGIN,
    south: box.south - BOX_MARGIN,
    east: box.east + BOX_MARGIN,
    north: box.north + BOX_MARGIN,
  };
  const features = geometries.map((geometry, index): Feature => {
    const { properties, id } = source.features[index]!;
    const wgs84 = mapPositions(geometry, ([x, y]) => {
      let lonLat: number[];
      try {
        lonLat = converter ? converter.forward([x!, y!]) : [x!, y!];
      } catch {
        lonLat = [NaN, NaN];
      }
      const [lon, lat] = lonLat as [number, number];
      if (!Number.isFinite(lon) || !Number.isFinite(lat))
        fail(`第 ${index + 1} 个要素的坐标无法转换为经纬度，请检查坐标系是否正确`);
      if (lon < limits.west || lon > limits.east || lat < limits.south || lat > limits.north)
        fail(
          `第 ${index + 1} 个要素位于城市范围之外（经度 ${lon.toFixed(4)}，纬度 ${lat.toFixed(4)}），请检查坐标系是否正确`,
        );
      const out = [round7(lon), round7(lat)] as [number, number];
      bbox[0] = Math.min(bbox[0], out[0]);
      bbox[1] = Math.min(bbox[1], out[1]);
      bbox[2] = Math.max(bbox[2], out[0]);
      bbox[3] = Math.max(bbox[3], out[1]);
      return out;
    });
    return { type: 'Feature', ...(id === undefined ? {} : { id }), geometry: rewind(wgs84), properties };
  });

  const fields = [...new Set(source.features.flatMap(({ properties }) => Object.keys(properties ?? {})))];
  return {
    features,
    crs: source.crs,
    geometryType: geometryTypeOf(geometries),
    count,
    bbox,
    fields,
    ...(source.encoding ? { encoding: source.encoding } : {}),
  };
}

/**
 * The features of an uploaded file, in WGS84 lon/lat, checked against the city box. The format is
 * the file name's extension: .geojson/.json, .zip (a Shapefile), .kml. Throws VectorFileError.
 */
export function readVectorFile(bytes: Uint8Array, fileName: string, box: CityBox): VectorData {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const source =
    extension === 'geojson' || extension === 'json'
      ? readGeoJson(bytes)
      : extension === 'zip'
        ? readShapefile(bytes)
        : extension === 'kml'
          ? readKml(bytes)
          : fail('不支持的矢量数据格式：仅支持 GeoJSON、Shapefile（zip 压缩）和 KML');
  return finish(source, box);
}
