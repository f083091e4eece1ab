/**
 * The drawing model of a DXF file for the archive's preview (drawing-preview.tsx): what dxf-parser
 * reads, flattened into SVG paths, circles and texts by layer, with blocks expanded. Coordinates keep
 * the DXF orientation (Y up: the component flips them). Pure, so it is tested without a browser.
 */
import DxfParser from 'dxf-parser';
import type {
  I3DfaceEntity,
  IArcEntity,
  ICircleEntity,
  IDimensionEntity,
  IDxf,
  IEllipseEntity,
  IEntity,
  IInsertEntity,
  ILineEntity,
  ILwpolylineEntity,
  IMtextEntity,
  IPoint,
  IPointEntity,
  IPolylineEntity,
  ISolidEntity,
  ISplineEntity,
  ITextEntity,
} from 'dxf-parser';

export interface DxfLayer {
  name: string;
  /** CSS hex; white is drawn black, as the preview's paper is white. */
  color: string;
  /** Shapes on the layer. */
  count: number;
  /** False for a layer switched off or frozen in the file: the preview starts with it hidden. */
  visible: boolean;
}

interface ShapeBase {
  layer: string;
  /** The entity's own colour, when it does not take its layer's. */
  color?: string;
}

export type DxfShape =
  | (ShapeBase & { kind: 'path'; d: string })
  | (ShapeBase & { kind: 'circle'; cx: number; cy: number; r: number })
  | (ShapeBase & {
      kind: 'text';
      x: number;
      y: number;
      height: number;
      /** Lines separated by \n. */
      text: string;
      /** Degrees, counter-clockwise. */
      rotation: number;
      anchor: 'start' | 'middle' | 'end';
      baseline: 'alphabetic' | 'middle' | 'hanging';
    });

type TextShape = Extract<DxfShape, { kind: 'text' }>;

export interface DxfBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface DxfDrawing {
  layers: DxfLayer[];
  shapes: DxfShape[];
  bounds: DxfBounds | null;
  /** Entities the preview does not draw (types it does not know, blocks missing or nested too deep). */
  skipped: number;
  /** What was subtracted from every coordinate of shapes and bounds ({0, 0} unless `relative`). */
  origin: { x: number; y: number };
}

export interface DrawingOptions {
  /**
   * Coordinates relative to the lower left corner of the bounds. Browsers hold SVG coordinates in
   * single precision: at Gauss-Krüger magnitudes (3 300 000 m) that is a quarter of a metre.
   */
  relative?: boolean;
}

/** How deep INSERTs of blocks within blocks are expanded; also stops a block that inserts itself. */
const MAX_BLOCK_DEPTH = 8;
/** The most copies of a block one INSERT's rows and columns (MINSERT) draw. */
const MAX_ARRAY_COPIES = 1000;

// ---- 2D affine transforms: [a, b, c, d, e, f] maps (x, y) to (a·x + c·y + e, b·x + d·y + f).

type Matrix = readonly [number, number, number, number, number, number];
type Point = { x: number; y: number };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** The object coordinate system of an entity whose extrusion is (0, 0, -1): X mirrored. */
const MIRROR_X: Matrix = [-1, 0, 0, 1, 0, 0];

function apply(m: Matrix, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
const scale = (x: number, y: number): Matrix => [x, 0, 0, y, 0, 0];
function rotate(degrees: number): Matrix {
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return [cos, sin, -sin, cos, 0, 0];
}

/** The uniform scale of a transform that keeps circles circles, or null when it distorts them. */
function similarityScale(m: Matrix): number | null {
  const [sx, sy] = [Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3])];
  const tolerance = 1e-9 * Math.max(sx, sy);
  return Math.abs(sx - sy) <= tolerance && Math.abs(m[0] * m[2] + m[1] * m[3]) <= tolerance * sx ? sx : null;
}

const isMirror = (m: Matrix) => m[0] * m[3] - m[1] * m[2] < 0;

// ---- Paths are built as numbers and written out at the end, once the origin is known.

type Command =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'A'; r: number; large: boolean; sweep: boolean; x: number; y: number }
  | { op: 'Z' };

type RawShape =
  | (ShapeBase & { kind: 'path'; commands: Command[] })
  | (ShapeBase & { kind: 'circle'; cx: number; cy: number; r: number })
  | (ShapeBase & { kind: 'point'; cx: number; cy: number })
  | TextShape;

interface Scope {
  m: Matrix;
  /** The layer of the INSERT, which a block's entities on layer "0" take. */
  layer: string | null;
  /** The colour of the INSERT, which a block's BYBLOCK entities take. */
  byBlock: string | undefined;
  depth: number;
}

interface TableLayer {
  name: string;
  color: string;
  visible: boolean;
}

class Collector {
  readonly shapes: RawShape[] = [];
  skipped = 0;
  box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  readonly dxf: IDxf;
  /** The layer table by lower-case name (DXF layer names ignore case). */
  readonly layers: Map<string, TableLayer>;

  constructor(dxf: IDxf, tableLayers: readonly TableLayer[]) {
    this.dxf = dxf;
    this.layers = new Map(tableLayers.map((layer) => [layer.name.toLowerCase(), layer]));
  }

  include({ x, y }: Point) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    this.box.minX = Math.min(this.box.minX, x);
    this.box.minY = Math.min(this.box.minY, y);
    this.box.maxX = Math.max(this.box.maxX, x);
    this.box.maxY = Math.max(this.box.maxY, y);
  }

  /** The table's spelling of a layer name. */
  layerName(name: string | undefined): string {
    const plain = unescapeUnicode(name || '0');
    return this.layers.get(plain.toLowerCase())?.name ?? plain;
  }

  layerColor(name: string): string {
    return this.layers.get(name.toLowerCase())?.color ?? cssColor(undefined);
  }

  block(name: string | undefined, depth: number): IDxf['blocks'][string] | undefined {
    return name !== undefined && depth < MAX_BLOCK_DEPTH ? this.dxf.blocks?.[name] : undefined;
  }
}

/** The model of a parsed DXF file: its shapes by layer, in DXF coordinates (Y up). */
export function drawingOf(dxf: IDxf, options: DrawingOptions = {}): DxfDrawing {
  // dxf-parser adds a nameless record when the table is empty.
  const tableLayers = Object.values(dxf.tables?.layer?.layers ?? {})
    .filter((layer) => typeof layer.name === 'string')
    .map((layer) => ({
      name: unescapeUnicode(layer.name),
      color: cssColor(layer.color),
      visible: layer.visible !== false && !layer.frozen,
    }));
  const collector = new Collector(dxf, tableLayers);
  const scope: Scope = { m: IDENTITY, layer: null, byBlock: undefined, depth: 0 };
  for (const entity of dxf.entities ?? []) drawEntity(entity, scope, collector);

  const { minX, minY, maxX, maxY } = collector.box;
  const found = Number.isFinite(minX);
  const origin = found && options.relative ? { x: Math.floor(minX), y: Math.floor(minY) } : { x: 0, y: 0 };
  // A POINT is a dot a fixed share of the drawing across, whatever the drawing's units.
  const dot = found ? Math.max(maxX - minX, maxY - minY) / 400 || 0.5 : 0.5;
  const shapes = collector.shapes.map((shape) => finish(shape, origin, dot));

  const counts = new Map<string, number>();
  for (const shape of shapes) counts.set(shape.layer, (counts.get(shape.layer) ?? 0) + 1);
  const layers: DxfLayer[] = tableLayers.map((layer) => ({ ...layer, count: counts.get(layer.name) ?? 0 }));
  const listed = new Set(layers.map((layer) => layer.name));
  for (const [name, count] of counts) {
    if (!listed.has(name)) layers.push({ name, color: cssColor(undefined), count, visible: true });
  }

  const bounds = found
    ? { minX: minX - origin.x, minY: minY - origin.y, maxX: maxX - origin.x, maxY: maxY - origin.y }
    : null;
  return { layers, shapes, bounds, skipped: collector.skipped, origin };
}

/** Parses a DXF file's text into the drawing model; a file dxf-parser cannot read throws in Chinese. */
export function parseDxf(text: string, options: DrawingOptions = {}): DxfDrawing {
  if (text.startsWith('AutoCAD Binary DXF'))
    throw new Error('DXF 文件无法解析：这是二进制 DXF，请在 CAD 软件中另存为文本（ASCII）DXF');
  let dxf: IDxf | null;
  try {
    const parser = new DxfParser();
    for (const type of UNREAD_TYPES) parser.registerEntityHandler(reader(type, readCommon));
    parser.registerEntityHandler(reader('ATTRIB', readAttribute));
    dxf = parser.parseSync(text);
  } catch (error) {
    throw new Error(`DXF 文件无法解析：${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!dxf?.entities) throw new Error('DXF 文件无法解析：文件中没有图形对象（ENTITIES 段）');
  return drawingOf(dxf, options);
}

// ---- Entities dxf-parser 1.1 drops without a word: read far enough to count them as not drawn,
// and ATTRIB, the values of a block's attributes (a title block's fields), to draw as text.

const UNREAD_TYPES = (
  'HATCH LEADER MLEADER MULTILEADER MLINE TRACE XLINE RAY IMAGE WIPEOUT REGION 3DSOLID BODY MESH SURFACE ' +
  'HELIX TOLERANCE ACAD_TABLE ARC_DIMENSION LARGE_RADIAL_DIMENSION OLE2FRAME PDFUNDERLAY DWFUNDERLAY DGNUNDERLAY'
).split(' ');

interface Group {
  code: number;
  value: unknown;
}

interface Scanner {
  next(): Group;
  isEOF(): boolean;
}

type EntityHandler = Parameters<DxfParser['registerEntityHandler']>[0];
type Fields = Record<string, unknown>;

/** A handler reading one entity's groups up to the next entity (code 0), as dxf-parser's own do. */
function reader(type: string, read: (entity: Fields, group: Group) => void): EntityHandler {
  return class {
    ForEntityName = type;
    parseEntity(scanner: Scanner, first: Group) {
      const entity: Fields = { type: first.value };
      for (let group = scanner.next(); !scanner.isEOF() && group.code !== 0; group = scanner.next())
        read(entity, group);
      return entity;
    }
  } as unknown as EntityHandler;
}

function readCommon(entity: Fields, { code, value }: Group) {
  if (code === 8) entity.layer = String(value);
  else if (code === 60) entity.visible = Number(value) === 0;
  else if (code === 67) entity.inPaperSpace = Number(value) !== 0;
  else if (code === 62) entity.colorIndex = Number(value);
  else if (code === 420) entity.color = Number(value);
}

/** An ATTRIB as a TEXT. Its colour by index is left to its layer: dxf-parser keeps the palette to itself. */
function readAttribute(entity: Fields, group: Group) {
  const number = Number(group.value);
  const point = (name: string, axis: 'x' | 'y') => {
    entity[name] = { ...(entity[name] as object | undefined), [axis]: number };
  };
  switch (group.code) {
    case 1:
      entity.text = String(group.value);
      break;
    case 10:
    case 20:
      point('startPoint', group.code === 10 ? 'x' : 'y');
      break;
    case 11:
    case 21:
      point('endPoint', group.code === 11 ? 'x' : 'y');
      break;
    case 40:
      entity.textHeight = number;
      break;
    case 50:
      entity.rotation = number;
      break;
    case 70:
      entity.invisible = (number & 1) !== 0;
      break;
    case 72:
      entity.halign = number;
      break;
    case 74:
      entity.valign = number;
      break;
    default:
      readCommon(entity, group);
  }
}

/**
 * The text of a DXF file's bytes. Files from AutoCAD 2007 on are UTF-8; older ones are in the
 * drawing's code page, which for Chinese drawings is GBK (a subset of GB 18030).
 */
export function decodeDxf(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** `#rrggbb` of dxf-parser's RGB number; white (colour 7 on a dark CAD screen) is black on paper. */
function cssColor(rgb: number | undefined): string {
  if (typeof rgb !== 'number' || !Number.isFinite(rgb)) return '#000000';
  const hex = `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
  return hex === '#ffffff' ? '#000000' : hex;
}

function drawEntity(entity: IEntity, scope: Scope, out: Collector) {
  // Paper space holds the sheet's layouts, in their own coordinates: the preview shows the model.
  if (entity.visible === false || entity.inPaperSpace) return;
  const own = out.layerName(entity.layer);
  const layer = own === '0' && scope.layer ? scope.layer : own;
  const color =
    entity.colorIndex === 0
      ? scope.byBlock
      : entity.colorIndex === 256 || typeof entity.color !== 'number'
        ? undefined
        : cssColor(entity.color);
  const base: ShapeBase = color ? { layer, color } : { layer };
  const path = (commands: Command[]) => {
    if (commands.length > 1) out.shapes.push({ ...base, kind: 'path', commands });
  };
  const { m } = scope;

  switch (entity.type) {
    case 'LINE': {
      const [from, to] = (entity as ILineEntity).vertices ?? [];
      if (from && to) path(polyline([from, to], false, m, out));
      return;
    }
    case 'LWPOLYLINE': {
      const line = entity as ILwpolylineEntity;
      const local = line.extrusionDirectionZ < 0 ? multiply(m, MIRROR_X) : m;
      path(polyline(line.vertices ?? [], line.shape, local, out));
      return;
    }
    case 'POLYLINE': {
      const line = entity as IPolylineEntity;
      if (line.isPolyfaceMesh || line.is3dPolygonMesh) break;
      // A spline-fit polyline also lists its control points; the curve is the fit vertices.
      const vertices = (line.vertices ?? []).filter((vertex) => !vertex.splineControlPoint);
      path(polyline(vertices, line.shape, m, out));
      return;
    }
    case 'CIRCLE': {
      const { center, radius } = entity as ICircleEntity;
      if (center) circle(center, radius, m, base, out);
      return;
    }
    case 'ARC': {
      const arc = entity as IArcEntity;
      if (!arc.center) return;
      const local = arc.extrusionDirectionZ < 0 ? multiply(m, MIRROR_X) : m;
      const start = arc.startAngle ?? 0;
      const sweep = counterClockwise(start, arc.endAngle ?? start);
      const commands: Command[] = [];
      arcTo(commands, true, arc.center, arc.radius, start, sweep, local, out);
      path(commands);
      return;
    }
    case 'ELLIPSE':
      path(ellipse(entity as IEllipseEntity, m, out));
      return;
    case 'SPLINE': {
      const spline = entity as ISplineEntity;
      path(polyline(splinePoints(spline), spline.closed, m, out));
      return;
    }
    case 'SOLID':
    case '3DFACE': {
      const points = (entity as ISolidEntity).points ?? (entity as I3DfaceEntity).vertices;
      // A SOLID lists its corners in Z order: 1, 2, 4, 3 around.
      const [a, b, c, d] = points ?? [];
      const around = entity.type === 'SOLID' && d ? [a, b, d, c] : [a, b, c, d];
      const corners = around.filter((point) => point !== undefined);
      path(polyline(corners, true, m, out));
      return;
    }
    case 'POINT': {
      const { position } = entity as IPointEntity;
      if (!position) return;
      const at = apply(m, position.x, position.y);
      out.include(at);
      out.shapes.push({ ...base, kind: 'point', cx: at.x, cy: at.y });
      return;
    }
    case 'TEXT':
      text(entity as ITextEntity, base, m, out);
      return;
    case 'ATTRIB':
      if (!(entity as { invisible?: boolean }).invisible) text(entity as ITextEntity, base, m, out);
      return;
    case 'MTEXT':
      mtext(entity as IMtextEntity, base, m, out);
      return;
    case 'INSERT':
      insert(entity as IInsertEntity, layer, color ?? out.layerColor(layer), scope, out);
      return;
    case 'DIMENSION': {
      // A dimension's lines, arrows and text are an anonymous block, already in place.
      const block = out.block((entity as IDimensionEntity).block, scope.depth);
      if (!block) break;
      const inner = { m, layer, byBlock: color ?? out.layerColor(layer), depth: scope.depth + 1 };
      for (const child of block.entities ?? []) drawEntity(child, inner, out);
      return;
    }
    case 'ATTDEF':
      // The template of a block attribute: inserts show their own values (ATTRIB), not this.
      return;
  }
  out.skipped += 1;
}

function insert(entity: IInsertEntity, layer: string, color: string, scope: Scope, out: Collector) {
  const block = out.block(entity.name, scope.depth);
  if (!block) {
    out.skipped += 1;
    return;
  }
  const position = entity.position ?? { x: 0, y: 0 };
  const basePoint = block.position ?? { x: 0, y: 0 };
  const columns = Math.max(1, entity.columnCount ?? 1);
  const rows = Math.max(1, Math.min(entity.rowCount ?? 1, Math.floor(MAX_ARRAY_COPIES / columns)));
  const outer = multiply(
    (entity.extrusionDirection?.z ?? 0) < 0 ? multiply(scope.m, MIRROR_X) : scope.m,
    multiply(translate(position.x, position.y), rotate(entity.rotation ?? 0)),
  );
  const blockToInsert = multiply(
    scale(entity.xScale ?? 1, entity.yScale ?? 1),
    translate(-basePoint.x, -basePoint.y),
  );
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < Math.min(columns, MAX_ARRAY_COPIES); column += 1) {
      // MINSERT copies are spaced along the insert's rotated axes, unscaled.
      const offset = translate(column * (entity.columnSpacing ?? 0), row * (entity.rowSpacing ?? 0));
      const m = multiply(outer, multiply(offset, blockToInsert));
      const inner: Scope = { m, layer, byBlock: color, depth: scope.depth + 1 };
      for (const child of block.entities ?? []) drawEntity(child, inner, out);
    }
  }
}

// ---- Geometry

interface Vertex extends Partial<IPoint> {
  bulge?: number;
}

function polyline(vertices: readonly Vertex[], closed: boolean, m: Matrix, out: Collector): Command[] {
  const points = vertices.filter((vertex): vertex is Vertex & Point => isPoint(vertex));
  const first = points[0];
  if (!first) return [];
  const start = apply(m, first.x, first.y);
  out.include(start);
  const commands: Command[] = [{ op: 'M', ...start }];
  const segments = closed ? points.length : points.length - 1;
  for (let index = 0; index < segments; index += 1) {
    const from = points[index]!;
    const to = points[(index + 1) % points.length]!;
    // The closing segment is the Z, unless it is an arc.
    if (closed && index === points.length - 1 && !from.bulge) break;
    if (from.bulge) {
      bulgeTo(commands, from, to, from.bulge, m, out);
    } else {
      const end = apply(m, to.x, to.y);
      out.include(end);
      commands.push({ op: 'L', ...end });
    }
  }
  if (closed && points.length > 2) commands.push({ op: 'Z' });
  return commands;
}

const isPoint = (point: Partial<Point> | undefined): point is Point =>
  Number.isFinite(point?.x) && Number.isFinite(point?.y);

/** A polyline segment with a bulge: an arc whose included angle is 4·atan(bulge), counter-clockwise when positive. */
function bulgeTo(commands: Command[], from: Point, to: Point, bulge: number, m: Matrix, out: Collector) {
  const [dx, dy] = [to.x - from.x, to.y - from.y];
  // The centre is off the chord's midpoint, along its left normal (-dy, dx), by (1 - b²) / 4b of it.
  const k = (1 - bulge * bulge) / (4 * bulge);
  const center = { x: (from.x + to.x) / 2 - dy * k, y: (from.y + to.y) / 2 + dx * k };
  const r = Math.hypot(from.x - center.x, from.y - center.y);
  const start = Math.atan2(from.y - center.y, from.x - center.x);
  arcTo(commands, false, center, r, start, 4 * Math.atan(bulge), m, out);
}

/** The counter-clockwise sweep from one angle to another (radians), in (0, 2π]: equal angles are a full turn. */
function counterClockwise(start: number, end: number): number {
  const turn = 2 * Math.PI;
  const sweep = (((end - start) % turn) + turn) % turn;
  return sweep > 1e-9 ? sweep : turn;
}

/** Points along an arc of the given signed sweep (radians), about one every 5°. */
function arcPoints(center: Point, r: number, start: number, sweep: number): Point[] {
  const steps = Math.min(360, Math.max(2, Math.ceil((Math.abs(sweep) * 36) / Math.PI)));
  return Array.from({ length: steps + 1 }, (_, index) => {
    const angle = start + (sweep * index) / steps;
    return { x: center.x + r * Math.cos(angle), y: center.y + r * Math.sin(angle) };
  });
}

/**
 * An arc from `start` sweeping `sweep` radians (positive: counter-clockwise). Drawn as SVG arcs
 * when the transform keeps circles round; through points when it stretches them.
 */
function arcTo(
  commands: Command[],
  move: boolean,
  center: Point,
  r: number,
  start: number,
  sweep: number,
  m: Matrix,
  out: Collector,
) {
  if (!isPoint(center) || !(r > 0) || !Number.isFinite(start + sweep)) return;
  const points = arcPoints(center, r, start, sweep).map((point) => apply(m, point.x, point.y));
  for (const point of points) out.include(point);
  if (move) commands.push({ op: 'M', ...points[0]! });
  const factor = similarityScale(m);
  if (factor === null) {
    for (const point of points.slice(1)) commands.push({ op: 'L', ...point });
    return;
  }
  // An SVG arc cannot end where it starts: a full turn is two halves.
  const halves = Math.abs(sweep) > 2 * Math.PI - 1e-9 ? 2 : 1;
  for (let half = 1; half <= halves; half += 1) {
    const angle = start + (sweep * half) / halves;
    const end = apply(m, center.x + r * Math.cos(angle), center.y + r * Math.sin(angle));
    const large = Math.abs(sweep / halves) > Math.PI;
    // Counter-clockwise is the positive angle direction of SVG's sweep flag, in Y-up coordinates.
    commands.push({ op: 'A', r: r * factor, large, sweep: sweep > 0 !== isMirror(m), ...end });
  }
}

function circle(center: IPoint, r: number, m: Matrix, base: ShapeBase, out: Collector) {
  const factor = similarityScale(m);
  if (factor === null) {
    const commands: Command[] = [];
    arcTo(commands, true, center, r, 0, 2 * Math.PI, m, out);
    if (commands.length > 1) out.shapes.push({ ...base, kind: 'path', commands: [...commands, { op: 'Z' }] });
    return;
  }
  if (!isPoint(center) || !(r > 0)) return;
  const c = apply(m, center.x, center.y);
  out.include({ x: c.x - r * factor, y: c.y - r * factor });
  out.include({ x: c.x + r * factor, y: c.y + r * factor });
  out.shapes.push({ ...base, kind: 'circle', cx: c.x, cy: c.y, r: r * factor });
}

function ellipse(entity: IEllipseEntity, m: Matrix, out: Collector): Command[] {
  const { center, majorAxisEndPoint: major, axisRatio } = entity;
  if (!isPoint(center) || !isPoint(major)) return [];
  const ratio = Number.isFinite(axisRatio) ? axisRatio : 1;
  const minor = { x: -major.y * ratio, y: major.x * ratio };
  const start = entity.startAngle ?? 0;
  const sweep = counterClockwise(start, entity.endAngle ?? start);
  const full = sweep > 2 * Math.PI - 1e-6;
  // Sampled on the unit circle of the ellipse's parameter, then mapped onto its axes.
  const onAxes: Matrix = [major.x, major.y, minor.x, minor.y, center.x, center.y];
  const points = arcPoints({ x: 0, y: 0 }, 1, start, sweep);
  return polyline(full ? points.slice(0, -1) : points, full, multiply(m, onAxes), out);
}

/** The curve of a SPLINE: its fit points if it has them, else the B-spline of its control points. */
function splinePoints(spline: ISplineEntity): Point[] {
  if (spline.fitPoints?.length && spline.fitPoints.length > 1) return spline.fitPoints;
  const control = spline.controlPoints ?? [];
  const degree = spline.degreeOfSplineCurve ?? 3;
  const knots = spline.knotValues ?? [];
  const count = control.length;
  if (degree < 1 || count <= degree || knots.length !== count + degree + 1) return control;
  const [low, high] = [knots[degree]!, knots[count]!];
  if (!(high > low)) return control;
  const steps = Math.min(1000, count * 8);
  return Array.from({ length: steps + 1 }, (_, index) => {
    const t = low + ((high - low) * index) / steps;
    let span = degree;
    while (span < count - 1 && knots[span + 1]! <= t) span += 1;
    return deBoor(degree, control, knots, span, t);
  });
}

/** The point of a B-spline at parameter t in knot span `span` (weights are not read by dxf-parser). */
function deBoor(degree: number, control: IPoint[], knots: number[], span: number, t: number): Point {
  const d = control.slice(span - degree, span + 1).map((point) => ({ x: point.x, y: point.y }));
  for (let level = 1; level <= degree; level += 1) {
    for (let j = degree; j >= level; j -= 1) {
      const i = j + span - degree;
      const width = knots[i + degree - level + 1]! - knots[i]!;
      const alpha = width === 0 ? 0 : (t - knots[i]!) / width;
      d[j] = {
        x: (1 - alpha) * d[j - 1]!.x + alpha * d[j]!.x,
        y: (1 - alpha) * d[j - 1]!.y + alpha * d[j]!.y,
      };
    }
  }
  return d[degree]!;
}

// ---- Text

function text(entity: ITextEntity, base: ShapeBase, m: Matrix, out: Collector) {
  const halign = entity.halign ?? 0;
  const valign = entity.valign ?? 0;
  // Aligned text sits at its second point, except "aligned" and "fit", which span from the first to it.
  const byEnd = (halign !== 0 || valign !== 0) && halign !== 3 && halign !== 5 && isPoint(entity.endPoint);
  const at = byEnd ? entity.endPoint : entity.startPoint;
  const anchor = halign === 1 || halign === 4 ? 'middle' : halign === 2 ? 'end' : 'start';
  const baseline = valign === 3 ? 'hanging' : valign === 2 || halign === 4 ? 'middle' : 'alphabetic';
  const content = specialCharacters(unescapeUnicode(entity.text ?? ''));
  const rotation = entity.rotation ?? 0;
  placeText({ content, at, height: entity.textHeight, rotation, anchor, baseline }, base, m, out);
}

function mtext(entity: IMtextEntity, base: ShapeBase, m: Matrix, out: Collector) {
  const direction = entity.directionVector;
  const rotation = isPoint(direction)
    ? (Math.atan2(direction.y, direction.x) * 180) / Math.PI
    : (entity.rotation ?? 0);
  // Attachment 1–9: top, middle, bottom rows of left, centre, right.
  const attachment = Math.min(9, Math.max(1, Math.trunc(entity.attachmentPoint) || 1)) - 1;
  const anchor = (['start', 'middle', 'end'] as const)[attachment % 3]!;
  const baseline = (['hanging', 'middle', 'alphabetic'] as const)[Math.floor(attachment / 3)]!;
  const content = specialCharacters(mtextPlain(entity.text ?? ''));
  placeText(
    { content, at: entity.position, height: entity.height, rotation, anchor, baseline },
    base,
    m,
    out,
  );
}

interface TextPlacement extends Pick<TextShape, 'rotation' | 'anchor' | 'baseline'> {
  content: string;
  at: IPoint | undefined;
  height: number | undefined;
}

function placeText(
  { content, at, height, rotation, anchor, baseline }: TextPlacement,
  base: ShapeBase,
  m: Matrix,
  out: Collector,
) {
  if (!isPoint(at) || !content.trim()) return;
  const position = apply(m, at.x, at.y);
  out.include(position);
  // A block's rotation turns its texts; its Y scale sizes them.
  const turn = (Math.atan2(m[1], m[0]) * 180) / Math.PI;
  out.shapes.push({
    ...base,
    kind: 'text',
    x: position.x,
    y: position.y,
    height: (height && height > 0 ? height : 1) * Math.hypot(m[2], m[3]),
    text: content,
    rotation: rotation + turn,
    anchor,
    baseline,
  });
}

/** `\U+8F6E` escapes, as DXF files before AutoCAD 2007 write characters outside their code page. */
function unescapeUnicode(value: string): string {
  return value.replace(/\\U\+([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The %% codes of CAD text: diameter, degree, plus-minus, a character by number; underline and overline toggles dropped. */
function specialCharacters(value: string): string {
  const named: Record<string, string> = { c: 'Ø', d: '°', p: '±', '%': '%', u: '', o: '', k: '' };
  return value.replace(/%%(\d{3}|[cdpuok%])/gi, (_, code: string) =>
    /^\d/.test(code) ? String.fromCharCode(Number(code)) : (named[code.toLowerCase()] ?? ''),
  );
}

const MTEXT_CODE =
  /\\(P|N|X|~|\\|\{|\}|[LlOoKk]|S([^;]*);|[ACcFfHhQqTtWp][^;]*;|U\+([0-9A-Fa-f]{4})|M\+[0-9A-Fa-f]{5})|[{}]/g;

/** MTEXT without its formatting codes: \P breaks a line, {\f…;…} fonts, \A1; alignment, \S1^2; stacks. */
export function mtextPlain(value: string): string {
  return value.replace(MTEXT_CODE, (_, code: string | undefined, stacked?: string, hex?: string) => {
    if (code === undefined) return '';
    if (code === 'P' || code === 'N') return '\n';
    if (code === '~') return ' ';
    if (code === '\\' || code === '{' || code === '}') return code;
    if (stacked !== undefined) return stacked.replace(/[#^]/, '/').trim();
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    return '';
  });
}

// ---- Output

function finish(shape: RawShape, origin: Point, dot: number): DxfShape {
  const [x, y] = [(value: number) => round(value - origin.x), (value: number) => round(value - origin.y)];
  switch (shape.kind) {
    case 'path': {
      const { commands, ...rest } = shape;
      return { ...rest, d: pathData(commands, origin) };
    }
    case 'circle':
      return { ...shape, cx: x(shape.cx), cy: y(shape.cy), r: round(shape.r) };
    case 'point':
      return { ...shape, kind: 'circle', cx: x(shape.cx), cy: y(shape.cy), r: dot };
    case 'text':
      return {
        ...shape,
        x: x(shape.x),
        y: y(shape.y),
        height: round(shape.height),
        rotation: round(shape.rotation),
      };
  }
}

/** Six decimals at most, without float noise (0.1 + 0.2): a micrometre in metres. */
const round = (value: number) => Number(value.toFixed(6)) || 0;
const num = (value: number) => String(round(value));

function pathData(commands: readonly Command[], { x: ox, y: oy }: Point): string {
  return commands
    .map((command) => {
      if (command.op === 'Z') return 'Z';
      const end = `${num(command.x - ox)} ${num(command.y - oy)}`;
      if (command.op !== 'A') return `${command.op} ${end}`;
      return `A ${num(command.r)} ${num(command.r)} 0 ${command.large ? 1 : 0} ${command.sweep ? 1 : 0} ${end}`;
    })
    .join(' ');
}
