/**
 * A zipped Shapefile writer for the vector reader's tests, the e2e and the demo: .shp, .shx and .dbf
 * (dBase III: character fields for strings, numeric for numbers), an optional .prj and .cpg, zipped.
 * One geometry type per file, as the format wants. Node only: GBK goes through iconv-lite.
 */
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';

type Position = readonly number[];

export type SampleGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: readonly Position[] }
  | { type: 'Polygon'; coordinates: readonly (readonly Position[])[] };

export interface SampleShapefileOptions {
  /** The files' base name, e.g. '地块' or 'data/parcels' (a folder inside the zip). */
  name: string;
  features: { geometry: SampleGeometry; properties: Record<string, string | number> }[];
  /** The .prj's WKT; none written when absent. */
  prj?: string;
  /** Of the .dbf's text (default UTF-8). */
  encoding?: 'UTF-8' | 'GBK';
  /** Write a .cpg naming the encoding (default true). */
  cpg?: boolean;
}

const shapeTypes = { Point: 1, LineString: 3, Polygon: 5 } as const;

const encode = (text: string, encoding: 'UTF-8' | 'GBK') =>
  encoding === 'GBK' ? new Uint8Array(iconv.encode(text, 'gbk')) : new TextEncoder().encode(text);

/** Twice the signed area: positive when counter-clockwise. */
function signedArea(ring: readonly Position[]) {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** The parts a record stores: a shapefile's outer rings run clockwise, its holes counter-clockwise. */
function partsOf(geometry: SampleGeometry): Position[][] {
  if (geometry.type === 'Point') return [[geometry.coordinates]];
  if (geometry.type === 'LineString') return [[...geometry.coordinates]];
  return geometry.coordinates.map((ring, index) => {
    const clockwise = signedArea(ring) < 0;
    return clockwise === (index === 0) ? [...ring] : [...ring].reverse();
  });
}

function boundsOf(points: readonly Position[]): [number, number, number, number] {
  if (points.length === 0) return [0, 0, 0, 0];
  const xs = points.map((point) => point[0]!);
  const ys = points.map((point) => point[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The record content (shape type onwards). */
function recordContent(shapeType: number, parts: Position[][]): Uint8Array {
  const points = parts.flat();
  if (shapeType === 1) {
    const view = new DataView(new ArrayBuffer(20));
    view.setInt32(0, 1, true);
    view.setFloat64(4, points[0]![0]!, true);
    view.setFloat64(12, points[0]![1]!, true);
    return new Uint8Array(view.buffer);
  }
  const size = 44 + 4 * parts.length + 16 * points.length;
  const view = new DataView(new ArrayBuffer(size));
  view.setInt32(0, shapeType, true);
  boundsOf(points).forEach((value, index) => view.setFloat64(4 + 8 * index, value, true));
  view.setInt32(36, parts.length, true);
  view.setInt32(40, points.length, true);
  let start = 0;
  parts.forEach((part, index) => {
    view.setInt32(44 + 4 * index, start, true);
    start += part.length;
  });
  points.forEach((point, index) => {
    const at = 44 + 4 * parts.length + 16 * index;
    view.setFloat64(at, point[0]!, true);
    view.setFloat64(at + 8, point[1]!, true);
  });
  return new Uint8Array(view.buffer);
}

/** The 100-byte header shared by .shp and .shx. */
function mainHeader(fileBytes: number, shapeType: number, bounds: readonly number[]) {
  const view = new DataView(new ArrayBuffer(100));
  view.setInt32(0, 9994);
  view.setInt32(24, fileBytes / 2);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
  bounds.forEach((value, index) => view.setFloat64(36 + 8 * index, value, true));
  return new Uint8Array(view.buffer);
}

function concat(chunks: readonly Uint8Array[]) {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function writeShp(geometries: readonly SampleGeometry[]) {
  const types = new Set(geometries.map((geometry) => geometry.type));
  if (types.size > 1) throw new Error('zippedShapefile: all features must share one geometry type');
  // An empty file still declares a type: Point.
  const shapeType = geometries[0] ? shapeTypes[geometries[0].type] : 1;
  const contents = geometries.map((geometry) => recordContent(shapeType, partsOf(geometry)));
  const bounds = boundsOf(geometries.flatMap((geometry) => partsOf(geometry).flat()));
  const shpRecords: Uint8Array[] = [];
  const shxRecords: Uint8Array[] = [];
  let offset = 100;
  contents.forEach((content, index) => {
    const header = new DataView(new ArrayBuffer(8));
    header.setInt32(0, index + 1);
    header.setInt32(4, content.length / 2);
    shpRecords.push(new Uint8Array(header.buffer), content);
    const entry = new DataView(new ArrayBuffer(8));
    entry.setInt32(0, offset / 2);
    entry.setInt32(4, content.length / 2);
    shxRecords.push(new Uint8Array(entry.buffer));
    offset += 8 + content.length;
  });
  const shxBytes = 100 + 8 * contents.length;
  return {
    shp: concat([mainHeader(offset, shapeType, [...bounds, 0, 0, 0, 0]), ...shpRecords]),
    shx: concat([mainHeader(shxBytes, shapeType, [...bounds, 0, 0, 0, 0]), ...shxRecords]),
  };
}

interface Field {
  name: Uint8Array;
  type: 'C' | 'N';
  length: number;
  decimals: number;
  cells: Uint8Array[];
}

function writeDbf(rows: readonly Record<string, string | number>[], encoding: 'UTF-8' | 'GBK') {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const fields: Field[] = keys.map((key) => {
    const name = encode(key, encoding);
    if (name.length > 10) throw new Error(`zippedShapefile: field name longer than 10 bytes: ${key}`);
    const values = rows.map((row) => row[key]);
    if (values.every((value) => value === undefined || typeof value === 'number')) {
      const decimals = Math.max(
        0,
        ...values.map((value) => (value === undefined ? 0 : (String(value).split('.')[1]?.length ?? 0))),
      );
      const texts = values.map((value) => (value === undefined ? '' : value.toFixed(decimals)));
      const length = Math.min(20, Math.max(1, ...texts.map((text) => text.length)));
      const cells = texts.map((text) => new TextEncoder().encode(text.padStart(length)));
      return { name, type: 'N', length, decimals, cells };
    }
    const cells = values.map((value) => encode(value === undefined ? '' : String(value), encoding));
    const length = Math.min(254, Math.max(1, ...cells.map((cell) => cell.length)));
    return { name, type: 'C', length, decimals: 0, cells };
  });
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const out = new Uint8Array(headerLength + recordLength * rows.length + 1);
  const view = new DataView(out.buffer);
  const today = new Date();
  out.set([0x03, today.getFullYear() - 1900, today.getMonth() + 1, today.getDate()]);
  view.setUint32(4, rows.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  // Language driver id: 0x4D is CP936 (GBK), as ArcGIS marks it.
  out[29] = encoding === 'GBK' ? 0x4d : 0;
  fields.forEach((field, index) => {
    const at = 32 + 32 * index;
    out.set(field.name, at);
    out[at + 11] = field.type.charCodeAt(0);
    out[at + 16] = field.length;
    out[at + 17] = field.decimals;
  });
  out[headerLength - 1] = 0x0d;
  rows.forEach((_, row) => {
    let at = headerLength + recordLength * row;
    out[at++] = 0x20;
    for (const field of fields) {
      out.fill(0x20, at, at + field.length);
      out.set(field.cells[row]!.subarray(0, field.length), at);
      at += field.length;
    }
  });
  out[out.length - 1] = 0x1a;
  return out;
}

/** The zip's bytes. */
export function zippedShapefile(options: SampleShapefileOptions): Uint8Array {
  const encoding = options.encoding ?? 'UTF-8';
  const { shp, shx } = writeShp(options.features.map((feature) => feature.geometry));
  const files: Record<string, Uint8Array> = {
    [`${options.name}.shp`]: shp,
    [`${options.name}.shx`]: shx,
    [`${options.name}.dbf`]: writeDbf(
      options.features.map((feature) => feature.properties),
      encoding,
    ),
  };
  if (options.prj !== undefined) files[`${options.name}.prj`] = new TextEncoder().encode(options.prj);
  if (options.cpg ?? true) files[`${options.name}.cpg`] = new TextEncoder().encode(encoding);
  return zipSync(files);
}
