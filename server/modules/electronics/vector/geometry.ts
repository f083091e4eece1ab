/**
 * Geometry checks and walks for the vector reader: what is wrong with a GeoJSON geometry (in Chinese,
 * for the uploader), mapping its positions, RFC 7946 winding and the layer's geometry type.
 */
import type { Geometry, Position } from 'geojson';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function positionProblem(position: unknown): string | undefined {
  if (!Array.isArray(position) || position.length < 2) return '坐标格式不正确';
  if (!position.every(isFiniteNumber)) return '坐标不是有效的数字';
  return undefined;
}

function listProblem(list: unknown, each: (item: unknown) => string | undefined, empty: string) {
  if (!Array.isArray(list)) return '坐标格式不正确';
  if (list.length === 0) return empty;
  for (const item of list) {
    const problem = each(item);
    if (problem) return problem;
  }
  return undefined;
}

function lineProblem(line: unknown): string | undefined {
  const problem = listProblem(line, positionProblem, '线没有坐标');
  if (problem) return problem;
  return (line as Position[]).length < 2 ? '线的点数少于 2 个' : undefined;
}

function ringProblem(ring: unknown): string | undefined {
  const problem = listProblem(ring, positionProblem, '面的环没有坐标');
  if (problem) return problem;
  const points = ring as Position[];
  if (points.length < 4) return '面的环少于 4 个点';
  const [first, last] = [points[0]!, points[points.length - 1]!];
  return first[0] === last[0] && first[1] === last[1] ? undefined : '面的环未闭合';
}

const polygonProblem = (polygon: unknown) => listProblem(polygon, ringProblem, '面没有坐标');

/** What is wrong with a geometry (in Chinese), or undefined when it is valid. */
export function geometryProblem(geometry: unknown): string | undefined {
  if (!isObject(geometry) || typeof geometry.type !== 'string') return '缺少几何类型';
  const coordinates = geometry.coordinates;
  switch (geometry.type) {
    case 'Point':
      return positionProblem(coordinates);
    case 'MultiPoint':
      return listProblem(coordinates, positionProblem, '多点没有坐标');
    case 'LineString':
      return lineProblem(coordinates);
    case 'MultiLineString':
      return listProblem(coordinates, lineProblem, '多线没有坐标');
    case 'Polygon':
      return polygonProblem(coordinates);
    case 'MultiPolygon':
      return listProblem(coordinates, polygonProblem, '多面没有坐标');
    case 'GeometryCollection':
      return listProblem(geometry.geometries, geometryProblem, '几何集合为空');
    default:
      return `不支持的几何类型 ${geometry.type.slice(0, 30)}`;
  }
}

/** The geometry with each position replaced (positions are 2D afterwards). */
export function mapPositions(geometry: Geometry, map: (position: Position) => Position): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: map(geometry.coordinates) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: geometry.coordinates.map(map) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(map) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => line.map(map)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(map)) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(map))),
      };
    case 'GeometryCollection':
      return {
        type: 'GeometryCollection',
        geometries: geometry.geometries.map((member) => mapPositions(member, map)),
      };
  }
}

export function eachPosition(geometry: Geometry, visit: (position: Position) => void) {
  mapPositions(geometry, (position) => {
    visit(position);
    return position;
  });
}

/** Twice the signed area: positive when counter-clockwise. */
function signedArea(ring: readonly Position[]) {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** RFC 7946 winding: outer rings counter-clockwise, holes clockwise (shapefiles store the opposite). */
export function rewind(geometry: Geometry): Geometry {
  const polygon = (rings: Position[][]) =>
    rings.map((ring, index) => (signedArea(ring) < 0 === (index === 0) ? [...ring].reverse() : ring));
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: polygon(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map(polygon) };
  if (geometry.type === 'GeometryCollection')
    return { ...geometry, geometries: geometry.geometries.map(rewind) };
  return geometry;
}

/** Single and multi of one kind count as the multi kind: a polygon shapefile yields both. */
export function geometryTypeOf(geometries: readonly Geometry[]): string {
  const kinds = new Set(geometries.map((geometry) => geometry.type.replace(/^Multi/, '')));
  if (kinds.size > 1) return '混合';
  const types = new Set(geometries.map((geometry) => geometry.type));
  return types.size === 1 ? [...types][0]! : `Multi${[...kinds][0]!}`;
}
