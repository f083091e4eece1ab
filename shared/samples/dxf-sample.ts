/**
 * A small DXF floor plan for the preview's tests, the e2e and the demo: a 24 × 12 m building at
 * Gauss-Krüger-like coordinates in metres, on the layers 轮廓 (outline, partition, door, a manhole in
 * its own colour), AXIS (grid lines) and 标注 (the title and a north arrow, a block inserted scaled and
 * rotated, whose shapes sit on layer 0). ASCII DXF with HEADER, TABLES, BLOCKS and ENTITIES sections,
 * as dxf-parser reads it; AutoCAD 2007 and later (AC1021) keep text in UTF-8.
 */

export interface SampleDxfOptions {
  /** The building's lower left corner, in metres (default 500100, 3300200). */
  x?: number;
  y?: number;
  /** The title written above the plan. */
  label?: string;
  /** 2: the revised plan, with a second partition and the title marked 修改. */
  variant?: number;
}

/** The layer table: name and AutoCAD colour index (7 is white on screen, black on paper). */
export const sampleLayers = [
  { name: '0', color: 7 },
  { name: '轮廓', color: 7 },
  { name: 'AXIS', color: 1 },
  { name: '标注', color: 5 },
] as const;

/** The north arrow block's name. */
export const NORTH_ARROW = '指北针';

/** A DXF group: its code and value. */
type Group = readonly [number, string | number];
type Point = readonly [number, number];

/** A value as DXF writes it: numbers without float noise (500100.30000000005). */
const value = (item: string | number) => (typeof item === 'number' ? String(Number(item.toFixed(6))) : item);

/** Each group on two lines, the code right-aligned as AutoCAD writes it. */
const write = (groups: readonly Group[]) =>
  groups.flatMap(([code, item]) => [String(code).padStart(3), value(item)]);

const xyz = ([x, y]: Point, code = 10): Group[] => [
  [code, x],
  [code + 10, y],
  [code + 20, 0],
];

const entity = (type: string, layer: string, ...groups: Group[]): Group[] => [
  [0, type],
  [8, layer],
  ...groups,
];

const line = (layer: string, from: Point, to: Point) => entity('LINE', layer, ...xyz(from), ...xyz(to, 11));

const polyline = (layer: string, points: readonly Point[], closed: boolean) =>
  entity(
    'LWPOLYLINE',
    layer,
    [90, points.length],
    [70, closed ? 1 : 0],
    ...points.flatMap(([x, y]): Group[] => [
      [10, x],
      [20, y],
    ]),
  );

const circle = (layer: string, center: Point, r: number, color?: number) =>
  entity('CIRCLE', layer, ...(color === undefined ? [] : [[62, color] as const]), ...xyz(center), [40, r]);

/** Angles in degrees, counter-clockwise from start to end. */
const arc = (layer: string, center: Point, r: number, start: number, end: number) =>
  entity('ARC', layer, ...xyz(center), [40, r], [50, start], [51, end]);

const text = (layer: string, at: Point, height: number, content: string) =>
  entity('TEXT', layer, ...xyz(at), [40, height], [1, content], [50, 0]);

const insert = (layer: string, block: string, at: Point, scale: number, rotation: number) =>
  entity('INSERT', layer, [2, block], ...xyz(at), [41, scale], [42, scale], [43, scale], [50, rotation]);

const section = (name: string, ...groups: Group[]): Group[] => [
  [0, 'SECTION'],
  [2, name],
  ...groups,
  [0, 'ENDSEC'],
];

/** The floor plan as the text of a DXF file. */
export function sampleDxf(options: SampleDxfOptions = {}): string {
  const { x = 500100, y = 3300200, variant = 1 } = options;
  const label = options.label ?? (variant === 2 ? '1#楼 一层平面图（修改）' : '1#楼 一层平面图');
  const at = (dx: number, dy: number): Point => [x + dx, y + dy];

  const header = section(
    'HEADER',
    [9, '$ACADVER'],
    [1, 'AC1021'],
    [9, '$INSUNITS'],
    [70, 6], // metres
    [9, '$EXTMIN'],
    ...xyz(at(-3, -3)),
    [9, '$EXTMAX'],
    ...xyz(at(33, 15)),
  );
  const tables = section(
    'TABLES',
    [0, 'TABLE'],
    [2, 'LAYER'],
    [70, sampleLayers.length],
    ...sampleLayers.flatMap(({ name, color }): Group[] => [
      [0, 'LAYER'],
      [2, name],
      [70, 0],
      [62, color],
      [6, 'CONTINUOUS'],
    ]),
    [0, 'ENDTAB'],
  );
  // The north arrow about its base point (0, 0): a circle of radius 1 and an arrow pointing up.
  const arrow: Point[] = [
    [0, 1],
    [0.3, -0.8],
    [0, -0.4],
    [-0.3, -0.8],
  ];
  const blocks = section(
    'BLOCKS',
    ...entity('BLOCK', '0', [2, NORTH_ARROW], [70, 0], ...xyz([0, 0]), [3, NORTH_ARROW]),
    ...circle('0', [0, 0], 1),
    ...polyline('0', arrow, true),
    ...entity('ENDBLK', '0'),
  );
  const outline = [at(0, 0), at(24, 0), at(24, 12), at(0, 12)];
  const entities = section(
    'ENTITIES',
    ...polyline('轮廓', outline, true),
    ...line('轮廓', at(12, 0), at(12, 12)),
    ...(variant === 2 ? line('轮廓', at(12, 6), at(24, 6)) : []),
    // The entrance: a door leaf and its swing.
    ...line('轮廓', at(5, 0), at(5, 1)),
    ...arc('轮廓', at(5, 0), 1, 0, 90),
    // A manhole outside, magenta (colour 6) whatever its layer's colour.
    ...circle('轮廓', at(28, 3), 0.5, 6),
    ...[0, 12, 24].flatMap((dx) => line('AXIS', at(dx, -3), at(dx, 15))),
    ...[0, 12].flatMap((dy) => line('AXIS', at(-3, dy), at(27, dy))),
    ...text('标注', at(0, 13), 0.8, label),
    ...insert('标注', NORTH_ARROW, at(31, 9), 2, 30),
  );
  return [...write([...header, ...tables, ...blocks, ...entities]), '  0', 'EOF', ''].join('\n');
}
