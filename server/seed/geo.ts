import type { GeoJsonPolygon, GeoJsonPosition } from '@server/db/schema/reference';
import { pointInPolygon, ringArea, ringBBox, type BBox } from '@server/lib/geometry';
import type { Rng } from './random';

/** Lon/lat box of the fictional city. */
export const cityBox: BBox = { west: 118.0, south: 36.2, east: 118.6, north: 36.6 };

/** Coordinates to six decimals (about 0.1 m), as stored. */
export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Splits the box into `top.length + bottom.length` cells that tile it without overlaps: a wavy middle
 * line from west to east, wavy dividers from it to the north edge (top row) and to the south edge
 * (bottom row). Every shared border is one polyline used by both neighbours, so the cells meet exactly.
 * Outer edges wave inwards only, so every cell stays inside the box. Returns cells west to east, top
 * row first, each a counter-clockwise GeoJSON Polygon.
 */
export function partitionBox(rng: Rng, box: BBox, topCount: number, bottomCount: number): GeoJsonPolygon[] {
  const width = box.east - box.west;
  const height = box.north - box.south;
  const step = Math.min(width, height) / 20;
  const amplitude = step * 0.3;
  const nodeJitter = Math.min(width / (topCount + bottomCount) / 4, height / 10);
  const midY = box.south + height * 0.52;

  type Node = { id: string; x: number; y: number };
  const node = (id: string, x: number, y: number): Node => ({ id, x: round6(x), y: round6(y) });
  const NW = node('NW', box.west, box.north);
  const NE = node('NE', box.east, box.north);
  const SW = node('SW', box.west, box.south);
  const SE = node('SE', box.east, box.south);
  const W = node('W', box.west, midY + rng.real(-nodeJitter, nodeJitter));
  const E = node('E', box.east, midY + rng.real(-nodeJitter, nodeJitter));

  const dividers = (count: number, row: 'T' | 'B', edgeY: number) =>
    Array.from({ length: count - 1 }, (_, i) => {
      const baseX = box.west + (width * (i + 1)) / count;
      return {
        edge: node(`${row}${i}e`, baseX + rng.real(-nodeJitter, nodeJitter), edgeY),
        junction: node(
          `${row}${i}j`,
          baseX + rng.real(-0.5, 0.5) * nodeJitter,
          midY + rng.real(-0.6, 0.6) * nodeJitter,
        ),
      };
    });
  const top = dividers(topCount, 'T', box.north);
  const bottom = dividers(bottomCount, 'B', box.south);
  const middle = [W, ...[...top, ...bottom].map((d) => d.junction).sort((a, b) => a.x - b.x), E];

  const cache = new Map<string, GeoJsonPosition[]>();
  /** Points from a to b (both included); `inward` set for outer edges. Cached per pair, reversed on reuse. */
  function segment(a: Node, b: Node, inward?: GeoJsonPosition): GeoJsonPosition[] {
    const cached = cache.get(`${a.id}|${b.id}`);
    if (cached) return cached;
    const reverse = cache.get(`${b.id}|${a.id}`);
    if (reverse) return [...reverse].reverse();
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy);
    const count = Math.max(1, Math.round(length / step));
    const points: GeoJsonPosition[] = [[a.x, a.y]];
    for (let k = 1; k < count; k++) {
      const t = k / count;
      const [ox, oy] = inward ?? [-dy / length, dx / length];
      const offset = inward ? rng.real(0, amplitude) : rng.real(-amplitude, amplitude);
      points.push([round6(a.x + dx * t + ox * offset), round6(a.y + dy * t + oy * offset)]);
    }
    points.push([b.x, b.y]);
    cache.set(`${a.id}|${b.id}`, points);
    return points;
  }
  /** A path through several nodes, without repeating the joints. */
  function path(nodes: Node[], inward?: GeoJsonPosition): GeoJsonPosition[] {
    const points: GeoJsonPosition[] = [];
    for (let i = 0; i < nodes.length - 1; i++) {
      const part = segment(nodes[i] as Node, nodes[i + 1] as Node, inward);
      points.push(...(i === 0 ? part : part.slice(1)));
    }
    return points;
  }
  const middleBetween = (from: Node, to: Node) => {
    const i = middle.indexOf(from);
    const j = middle.indexOf(to);
    return i <= j ? path(middle.slice(i, j + 1)) : path(middle.slice(j, i + 1).reverse());
  };
  function ring(parts: GeoJsonPosition[][]): GeoJsonPosition[] {
    const points: GeoJsonPosition[] = [];
    for (const part of parts) points.push(...(points.length === 0 ? part : part.slice(1)));
    const first = points[0] as GeoJsonPosition;
    const last = points[points.length - 1] as GeoJsonPosition;
    if (first[0] !== last[0] || first[1] !== last[1]) throw new Error('ring does not close');
    return ringArea(points) < 0 ? points.reverse() : points;
  }

  const cells: GeoJsonPolygon[] = [];
  const topLeft = [{ edge: NW, junction: W }, ...top];
  const topRight = [...top, { edge: NE, junction: E }];
  for (let i = 0; i < topCount; i++) {
    const left = topLeft[i] as { edge: Node; junction: Node };
    const right = topRight[i] as { edge: Node; junction: Node };
    const leftSide = i === 0 ? path([W, NW], [1, 0]) : path([left.junction, left.edge]);
    const rightSide = i === topCount - 1 ? path([NE, E], [-1, 0]) : path([right.edge, right.junction]);
    const topSide = path([left.edge, right.edge], [0, -1]);
    cells.push({
      type: 'Polygon',
      coordinates: [ring([topSide, rightSide, middleBetween(right.junction, left.junction), leftSide])],
    });
  }
  const bottomLeft = [{ edge: SW, junction: W }, ...bottom];
  const bottomRight = [...bottom, { edge: SE, junction: E }];
  for (let i = 0; i < bottomCount; i++) {
    const left = bottomLeft[i] as { edge: Node; junction: Node };
    const right = bottomRight[i] as { edge: Node; junction: Node };
    const leftSide = i === 0 ? path([SW, W], [1, 0]) : path([left.edge, left.junction]);
    const rightSide = i === bottomCount - 1 ? path([E, SE], [-1, 0]) : path([right.junction, right.edge]);
    const bottomSide = path([right.edge, left.edge], [0, 1]);
    cells.push({
      type: 'Polygon',
      coordinates: [ring([middleBetween(left.junction, right.junction), rightSide, bottomSide, leftSide])],
    });
  }
  return cells;
}

/**
 * A point inside the polygon: mostly clustered around `center` (towns gather), sometimes anywhere.
 * Rejection sampling, so the result is always inside.
 */
export function randomPointIn(
  rng: Rng,
  polygon: GeoJsonPolygon,
  center: GeoJsonPosition,
  spread: number,
): GeoJsonPosition {
  const outer = polygon.coordinates[0] as GeoJsonPosition[];
  const box = ringBBox(outer);
  const clustered = rng.chance(0.7);
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const point: GeoJsonPosition =
      clustered && attempt < 50
        ? [round6(center[0] + rng.normal() * spread), round6(center[1] + rng.normal() * spread)]
        : [round6(rng.real(box.west, box.east)), round6(rng.real(box.south, box.north))];
    if (pointInPolygon(point, polygon)) return point;
  }
  throw new Error('no point found inside the polygon');
}
