/**
 * 三维展示's pure part (docs/electronics.md "The 3D view"): a layer's building footprints (GeoJSON in
 * WGS84 longitude and latitude) turned into what the scene extrudes. Each footprint becomes polygons
 * in local metres around the layer's centre (x east, y north) with a height: 高度 when the feature has
 * one, else 层数 × 3 m, else a default the page mentions. No three.js here, so it is tested on its own
 * and the page's chunk stays light.
 */
import { buildingFields, metresPerFloor } from '@shared/domain/electronics';

/** The height of a footprint without 高度 or 层数 (metres); the page says how many have it. */
export const DEFAULT_HEIGHT = 10;

export type HeightSource = 'height' | 'floors' | 'default';

/** A positive number from an attribute, which a .dbf may hold as text ('45.5'); null otherwise. */
function positiveNumber(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** A building's height by the rule above, and where it came from. */
export function buildingHeight(properties: Record<string, unknown> | null | undefined): {
  height: number;
  source: HeightSource;
  floors: number | null;
} {
  const floors = positiveNumber(properties?.[buildingFields.floors]);
  const height = positiveNumber(properties?.[buildingFields.height]);
  if (height !== null) return { height, source: 'height', floors };
  if (floors !== null) return { height: floors * metresPerFloor, source: 'floors', floors };
  return { height: DEFAULT_HEIGHT, source: 'default', floors: null };
}

/**
 * Longitude and latitude to metres east and north of `centre`, on the ellipsoid's local scale (the
 * metres of a degree at the centre's latitude, WGS84/CGCS2000): within a project's few hundred
 * metres the error is far below a centimetre per metre.
 */
export function localProjection(centre: readonly [number, number]) {
  const phi = (centre[1] * Math.PI) / 180;
  const perLat = 111132.954 - 559.822 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi);
  const perLon = 111412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi) + 0.118 * Math.cos(5 * phi);
  return (position: readonly number[]): [number, number] => [
    ((position[0] ?? 0) - centre[0]) * perLon,
    ((position[1] ?? 0) - centre[1]) * perLat,
  ];
}

/** A footprint polygon in local metres: its outer ring and its holes, each without the closing point. */
export interface Footprint {
  outer: [number, number][];
  holes: [number, number][][];
}

export interface Building {
  /** The feature's index in the layer. */
  index: number;
  name: string;
  floors: number | null;
  height: number;
  heightSource: HeightSource;
  polygons: Footprint[];
}

export interface Extrusion {
  /** The buildings drawn (at most BUILDINGS_MAX). */
  buildings: Building[];
  /** The layer's buildings, drawn or not. */
  total: number;
  /** The buildings' extent in local metres. */
  extent: { minX: number; minY: number; maxX: number; maxY: number };
  minHeight: number;
  maxHeight: number;
  /** Features that are not polygons (points, lines) or have no usable ring: not drawn. */
  skipped: number;
  /** Buildings drawn at DEFAULT_HEIGHT (no 高度 nor 层数), among those drawn. */
  defaulted: number;
}

/** A ring in metres, without its closing point (and repeated points), or null when under 3 points. */
function ringOf(ring: readonly (readonly number[])[], project: (p: readonly number[]) => [number, number]) {
  const points: [number, number][] = [];
  for (const position of ring) {
    const point = project(position);
    const last = points.at(-1);
    if (last && last[0] === point[0] && last[1] === point[1]) continue;
    points.push(point);
  }
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points.length >= 3 ? points : null;
}

function polygonsOf(
  geometry: GeoJSON.Geometry | null,
  project: (p: readonly number[]) => [number, number],
): Footprint[] {
  if (!geometry) return [];
  const rings =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : geometry.type === 'GeometryCollection'
          ? geometry.geometries.flatMap((part) =>
              part.type === 'Polygon'
                ? [part.coordinates]
                : part.type === 'MultiPolygon'
                  ? part.coordinates
                  : [],
            )
          : [];
  const polygons: Footprint[] = [];
  for (const [outerRing, ...holeRings] of rings) {
    const outer = outerRing ? ringOf(outerRing, project) : null;
    if (!outer) continue;
    const holes = holeRings.map((hole) => ringOf(hole, project)).filter((hole) => hole !== null);
    polygons.push({ outer, holes });
  }
  return polygons;
}

/** The text a building is named by: 名称 when it has one, else 第 n 个要素. */
function nameOf(properties: Record<string, unknown> | null, index: number): string {
  const name = properties?.['名称'];
  return typeof name === 'string' && name.trim()
    ? name.trim()
    : typeof name === 'number'
      ? String(name)
      : `第 ${index + 1} 个要素`;
}

/** The most buildings the 3D view draws: beyond, those nearest the layer's centre (the page says so). */
export const BUILDINGS_MAX = 20_000;

/**
 * The layer's footprints, projected around `centre` (the layer's box's centre), with their heights;
 * at most `max` of them, the nearest to the centre, in the layer's order.
 */
export function extrusionOf(
  collection: GeoJSON.FeatureCollection,
  centre: readonly [number, number],
  max = BUILDINGS_MAX,
): Extrusion {
  const project = localProjection(centre);
  let buildings: Building[] = [];
  let skipped = 0;
  collection.features.forEach((feature, index) => {
    const polygons = polygonsOf(feature.geometry, project);
    if (polygons.length === 0) {
      skipped++;
      return;
    }
    const properties = feature.properties as Record<string, unknown> | null;
    const { height, source, floors } = buildingHeight(properties);
    buildings.push({
      index,
      name: nameOf(properties, index),
      floors,
      height,
      heightSource: source,
      polygons,
    });
  });
  const total = buildings.length;
  if (total > max) {
    const distance = (building: Building) => {
      const [x, y] = building.polygons[0]!.outer[0]!;
      return x * x + y * y;
    };
    buildings = buildings
      .map((building) => ({ building, distance: distance(building) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, max)
      .map((item) => item.building)
      .sort((a, b) => a.index - b.index);
  }
  // Loops, not Math.min(...): a layer may hold 200,000 features, past what a call's arguments take.
  const extent = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  let minHeight = Infinity;
  let maxHeight = -Infinity;
  let defaulted = 0;
  for (const building of buildings) {
    minHeight = Math.min(minHeight, building.height);
    maxHeight = Math.max(maxHeight, building.height);
    if (building.heightSource === 'default') defaulted++;
    for (const polygon of building.polygons)
      for (const [x, y] of polygon.outer) {
        extent.minX = Math.min(extent.minX, x);
        extent.minY = Math.min(extent.minY, y);
        extent.maxX = Math.max(extent.maxX, x);
        extent.maxY = Math.max(extent.maxY, y);
      }
  }
  const any = buildings.length > 0;
  return {
    buildings,
    total,
    extent: any ? extent : { minX: 0, minY: 0, maxX: 0, maxY: 0 },
    minHeight: any ? minHeight : 0,
    maxHeight: any ? maxHeight : 0,
    skipped,
    defaulted,
  };
}

/**
 * The ground under the buildings: a square four times the larger of their extent and their height
 * (at least 40 m), with a grid of round cells (1, 2 or 5 × 10ⁿ metres, about forty across it).
 */
export function groundOf(extrusion: Pick<Extrusion, 'extent' | 'maxHeight'>): { size: number; cell: number } {
  const { extent, maxHeight } = extrusion;
  const span = Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY, maxHeight, 40);
  const size = span * 4;
  const raw = size / 40;
  const power = 10 ** Math.floor(Math.log10(raw));
  const cell = [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= raw) ?? power * 10;
  return { size, cell };
}

/** The colour ramp by height, low to high (light to the house's deep blue), as #rrggbb stops. */
export const heightRamp = ['#c6dbef', '#6baed6', '#2f6db5', '#1d4f91', '#0b2a55'] as const;

/** A height's colour on the ramp between the layer's lowest and highest building. */
export function heightColour(height: number, min: number, max: number): string {
  const t = max > min ? Math.min(1, Math.max(0, (height - min) / (max - min))) : 0.5;
  const scaled = t * (heightRamp.length - 1);
  const at = Math.min(heightRamp.length - 2, Math.floor(scaled));
  const from = heightRamp[at]!;
  const to = heightRamp[at + 1]!;
  const f = scaled - at;
  const channel = (hex: string, offset: number) => parseInt(hex.slice(offset, offset + 2), 16);
  const mixed = [1, 3, 5].map((offset) =>
    Math.round(channel(from, offset) + (channel(to, offset) - channel(from, offset)) * f),
  );
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}
