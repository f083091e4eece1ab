import { describe, expect, it } from 'vitest';
import type { GeoJsonPolygon, GeoJsonPosition } from '@server/db/schema/reference';
import { pointInPolygon, pointInRing, ringArea, ringCentroid } from '@server/lib/geometry';
import { cityBox, partitionBox, randomPointIn } from './geo';
import { DEMO_SEED } from './demo';
import { Rng } from './random';

const square: GeoJsonPosition[] = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
  [0, 0],
];

type Segment = [GeoJsonPosition, GeoJsonPosition];

function properlyCross([a, b]: Segment, [c, d]: Segment): boolean {
  const orient = (p: GeoJsonPosition, q: GeoJsonPosition, r: GeoJsonPosition) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}

const segmentsOf = (ring: GeoJsonPosition[]): Segment[] => ring.slice(1).map((point, i) => [ring[i]!, point]);

describe('geometry helpers', () => {
  it('point in ring, area and centroid on a square', () => {
    expect(pointInRing([1, 1], square)).toBe(true);
    expect(pointInRing([3, 1], square)).toBe(false);
    expect(pointInRing([1, -0.1], square)).toBe(false);
    expect(ringArea(square)).toBe(4);
    expect(ringArea([...square].reverse())).toBe(-4);
    expect(ringCentroid(square)).toEqual([1, 1]);
  });

  it('a hole excludes its points', () => {
    const hole: GeoJsonPosition[] = [
      [0.5, 0.5],
      [0.5, 1.5],
      [1.5, 1.5],
      [1.5, 0.5],
      [0.5, 0.5],
    ];
    const polygon: GeoJsonPolygon = { type: 'Polygon', coordinates: [square, hole] };
    expect(pointInPolygon([1, 1], polygon)).toBe(false);
    expect(pointInPolygon([0.2, 1], polygon)).toBe(true);
  });
});

// The demo's own districts come from the 'districts' fork of DEMO_SEED; check those and another seed.
// Pure geometry (seconds of sampling): skipped in the suite's postgres project, which only re-runs
// database tests.
describe.skipIf(process.env.TEST_DB === 'postgres').each([
  ['the demo seed', new Rng(DEMO_SEED).fork('districts')],
  ['another seed', new Rng('test')],
])('partitionBox with %s', (_label, seedRng) => {
  const cells = partitionBox(seedRng, cityBox, 3, 4);

  it('gives closed counter-clockwise simple rings inside the box', () => {
    expect(cells).toHaveLength(7);
    for (const cell of cells) {
      const ring = cell.coordinates[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(ringArea(ring)).toBeGreaterThan(0);
      for (const [x, y] of ring) {
        expect(x).toBeGreaterThanOrEqual(cityBox.west);
        expect(x).toBeLessThanOrEqual(cityBox.east);
        expect(y).toBeGreaterThanOrEqual(cityBox.south);
        expect(y).toBeLessThanOrEqual(cityBox.north);
      }
      const segments = segmentsOf(ring);
      let selfCrossings = 0;
      for (let i = 0; i < segments.length; i++) {
        for (let j = i + 2; j < segments.length; j++)
          if (properlyCross(segments[i]!, segments[j]!)) selfCrossings++;
      }
      expect(selfCrossings).toBe(0);
    }
  });

  it('cells never overlap and cover the box except its wavy rim', () => {
    const rng = new Rng('sample');
    const rim = 0.01;
    let inner = 0;
    let overlaps = 0;
    let gaps = 0;
    for (let k = 0; k < 20_000; k++) {
      const point: GeoJsonPosition = [
        rng.real(cityBox.west, cityBox.east),
        rng.real(cityBox.south, cityBox.north),
      ];
      const hits = cells.filter((cell) => pointInPolygon(point, cell)).length;
      if (hits > 1) overlaps++;
      const isInner =
        point[0] > cityBox.west + rim &&
        point[0] < cityBox.east - rim &&
        point[1] > cityBox.south + rim &&
        point[1] < cityBox.north - rim;
      if (isInner) {
        inner++;
        if (hits === 0) gaps++;
      }
    }
    expect(overlaps).toBe(0);
    expect(gaps).toBe(0);
    expect(inner).toBeGreaterThan(15_000);
  });

  it('no two cells cross each other', () => {
    for (let a = 0; a < cells.length; a++) {
      for (let b = a + 1; b < cells.length; b++) {
        const sa = segmentsOf(cells[a]!.coordinates[0]!);
        const sb = segmentsOf(cells[b]!.coordinates[0]!);
        const crossings = sa.flatMap((s) => sb.filter((t) => properlyCross(s, t)));
        expect(crossings).toEqual([]);
      }
    }
  });

  it('random points land inside the requested cell', () => {
    const rng = new Rng('points');
    for (const cell of cells) {
      const center = ringCentroid(cell.coordinates[0]!);
      for (let k = 0; k < 200; k++)
        expect(pointInPolygon(randomPointIn(rng, cell, center, 0.02), cell)).toBe(true);
    }
  });
});
