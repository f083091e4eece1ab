/**
 * Plane geometry on GeoJSON lon/lat rings, used by the demo seed (tiling the districts) and at run
 * time by the local map provider (reverse geocoding by point in polygon).
 */
import type { DistrictBoundary, GeoJsonPolygon, GeoJsonPosition } from '@server/db/schema/reference';

/** Lon/lat box. */
export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Signed area of a closed ring (positive = counter-clockwise), in square degrees. */
export function ringArea(ring: readonly GeoJsonPosition[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i] as GeoJsonPosition;
    const [x2, y2] = ring[i + 1] as GeoJsonPosition;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Area-weighted centroid of a closed simple ring. */
export function ringCentroid(ring: readonly GeoJsonPosition[]): GeoJsonPosition {
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i] as GeoJsonPosition;
    const [x2, y2] = ring[i + 1] as GeoJsonPosition;
    const cross = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  const area = ringArea(ring);
  return [cx / (6 * area), cy / (6 * area)];
}

export function ringBBox(ring: readonly GeoJsonPosition[]): BBox {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { west: Math.min(...xs), south: Math.min(...ys), east: Math.max(...xs), north: Math.max(...ys) };
}

/** Ray casting: true when the point is inside the ring (points exactly on an edge may go either way). */
export function pointInRing(point: GeoJsonPosition, ring: readonly GeoJsonPosition[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as GeoJsonPosition;
    const [xj, yj] = ring[j] as GeoJsonPosition;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Point in a GeoJSON Polygon (outer ring minus holes). */
export function pointInPolygon(point: GeoJsonPosition, polygon: GeoJsonPolygon): boolean {
  const [outer, ...holes] = polygon.coordinates;
  if (!outer || !pointInRing(point, outer)) return false;
  return !holes.some((hole) => pointInRing(point, hole));
}

/** A point inside a district's boundary (a polygon or a multipolygon). */
export function pointInBoundary(point: GeoJsonPosition, boundary: DistrictBoundary): boolean {
  if (boundary.type === 'Polygon') return pointInPolygon(point, boundary);
  return boundary.coordinates.some((coordinates) => pointInPolygon(point, { type: 'Polygon', coordinates }));
}
