import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { metresBetween } from '@shared/samples/distance';
import {
  buildingHeight,
  DEFAULT_HEIGHT,
  extrusionOf,
  groundOf,
  heightColour,
  heightRamp,
  localProjection,
} from './extrusion';

const centre = [118.3, 36.4] as const;

/** A point `east` and `north` metres from the centre, by the local scale (checked on its own below). */
function lonLatAt(east: number, north: number): [number, number] {
  const project = localProjection(centre);
  const [perLonMetre] = project([centre[0] + 1e-3, centre[1]]);
  const [, perLatMetre] = project([centre[0], centre[1] + 1e-3]);
  return [centre[0] + (east / perLonMetre) * 1e-3, centre[1] + (north / perLatMetre) * 1e-3];
}

const square = (x: number, y: number, size: number): number[][] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('buildingHeight', () => {
  it('takes 高度, else 层数 × 3 m, else the default', () => {
    expect(buildingHeight({ 高度: 45.5, 层数: 10 })).toEqual({ height: 45.5, source: 'height', floors: 10 });
    expect(buildingHeight({ 高度: '36', 层数: 12 })).toEqual({ height: 36, source: 'height', floors: 12 });
    expect(buildingHeight({ 层数: 11 })).toEqual({ height: 33, source: 'floors', floors: 11 });
    expect(buildingHeight({ 高度: 0, 层数: '7' })).toEqual({ height: 21, source: 'floors', floors: 7 });
    expect(buildingHeight({ 高度: '', 层数: null })).toEqual({
      height: DEFAULT_HEIGHT,
      source: 'default',
      floors: null,
    });
    expect(buildingHeight({ 高度: 'abc', 层数: -2 }).source).toBe('default');
    expect(buildingHeight(null).height).toBe(DEFAULT_HEIGHT);
  });
});

describe('localProjection', () => {
  it('gives metres east and north of the centre', () => {
    const project = localProjection(centre);
    expect(project([...centre])).toEqual([0, 0]);
    const east = [centre[0] + 0.002, centre[1]];
    const north = [centre[0], centre[1] + 0.002];
    const [ex, ey] = project(east);
    const [nx, ny] = project(north);
    expect(ey).toBe(0);
    expect(nx).toBe(0);
    // The haversine is on a sphere: within 0.5 % of it (the ellipsoid's check is the next test's).
    expect(ex / metresBetween([...centre], east)).toBeCloseTo(1, 2);
    expect(ny / metresBetween([...centre], north)).toBeCloseTo(1, 2);
  });

  it('agrees with a Gauss-Krüger projection on lengths within a few centimetres over 300 m', () => {
    const zone39 = '+proj=tmerc +lat_0=0 +lon_0=117 +k=1 +x_0=39500000 +y_0=0 +ellps=GRS80 +units=m +no_defs';
    const a = [centre[0] - 0.001, centre[1] - 0.001];
    const b = [centre[0] + 0.002, centre[1] + 0.0015];
    const project = localProjection(centre);
    const [ax, ay] = project(a);
    const [bx, by] = project(b);
    const [gax, gay] = proj4('EPSG:4326', zone39, a) as [number, number];
    const [gbx, gby] = proj4('EPSG:4326', zone39, b) as [number, number];
    const local = Math.hypot(bx - ax, by - ay);
    const grid = Math.hypot(gbx - gax, gby - gay);
    // The grid's scale factor at 1.3° from the central meridian is about 1.00026.
    expect(Math.abs(local * 1.00026 - grid)).toBeLessThan(0.05);
  });
});

describe('extrusionOf', () => {
  it('projects footprints, keeps holes and the parts of a multipolygon, and skips what is not an area', () => {
    const ring = (x: number, y: number, size: number) => square(x, y, size).map(([e, n]) => lonLatAt(e!, n!));
    const collection: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { 名称: '1号楼', 层数: 10, 高度: 31.5 },
          geometry: { type: 'Polygon', coordinates: [ring(0, 0, 20), ring(5, 5, 5).reverse()] },
        },
        {
          type: 'Feature',
          properties: { 名称: '2号楼', 层数: 6 },
          geometry: { type: 'MultiPolygon', coordinates: [[ring(40, 0, 10)], [ring(60, 0, 10)]] },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring(-30, -30, 8)] } },
        {
          type: 'Feature',
          properties: { 名称: '点' },
          geometry: { type: 'Point', coordinates: lonLatAt(1, 1) },
        },
        {
          type: 'Feature',
          properties: { 名称: '退化' },
          geometry: {
            type: 'Polygon',
            coordinates: [[lonLatAt(0, 0), lonLatAt(1, 1), lonLatAt(0, 0)]],
          },
        },
      ],
    };
    const result = extrusionOf(collection, centre);
    expect(result.skipped).toBe(2);
    expect(result.defaulted).toBe(1);
    expect(result.total).toBe(3);
    expect(result.buildings.map((b) => [b.index, b.name, b.height, b.heightSource])).toEqual([
      [0, '1号楼', 31.5, 'height'],
      [1, '2号楼', 18, 'floors'],
      [2, '第 3 个要素', DEFAULT_HEIGHT, 'default'],
    ]);
    const [first, second] = result.buildings;
    // The closing point is dropped; the corners are where they were put, to a millimetre.
    expect(first!.polygons).toHaveLength(1);
    expect(first!.polygons[0]!.outer).toHaveLength(4);
    const corners = first!.polygons[0]!.outer.map(([x, y]) => [
      Math.round(x * 1000) / 1000,
      Math.round(y * 1000) / 1000,
    ]);
    expect(corners).toEqual([
      [0, 0],
      [20, 0],
      [20, 20],
      [0, 20],
    ]);
    expect(first!.polygons[0]!.holes).toHaveLength(1);
    expect(first!.polygons[0]!.holes[0]).toHaveLength(4);
    expect(second!.polygons).toHaveLength(2);
    expect(second!.polygons[1]!.outer[0]![0]).toBeCloseTo(60, 3);
    expect(result.extent.minX).toBeCloseTo(-30, 3);
    expect(result.extent.maxX).toBeCloseTo(70, 3);
    expect(result.extent.maxY).toBeCloseTo(20, 3);
    expect([result.minHeight, result.maxHeight]).toEqual([DEFAULT_HEIGHT, 31.5]);
  });

  it('keeps the buildings nearest the centre, in the layer’s order, when there are too many', () => {
    const at = (east: number, height: number): GeoJSON.Feature => ({
      type: 'Feature',
      properties: { 名称: `${east}`, 高度: height },
      geometry: {
        type: 'Polygon',
        coordinates: [square(east, 0, 5).map(([e, n]) => lonLatAt(e!, n!))],
      },
    });
    const features = [at(300, 90), at(-20, 12), at(100, 60), at(0, 30), at(-400, 3)];
    const result = extrusionOf({ type: 'FeatureCollection', features }, centre, 3);
    expect(result.total).toBe(5);
    expect(result.buildings.map((building) => building.name)).toEqual(['-20', '100', '0']);
    expect([result.minHeight, result.maxHeight]).toEqual([12, 60]);
    expect(result.extent.minX).toBeCloseTo(-20, 3);
    expect(result.extent.maxX).toBeCloseTo(105, 3);
    expect(extrusionOf({ type: 'FeatureCollection', features }, centre).total).toBe(5);
  });

  it('answers an empty extrusion for a layer without areas', () => {
    const result = extrusionOf(
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [...centre] } },
        ],
      },
      centre,
    );
    expect(result.buildings).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.extent).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
  });
});

describe('heightColour', () => {
  it('runs from the ramp’s first colour at the lowest to its last at the highest', () => {
    expect(heightColour(10, 10, 90)).toBe(heightRamp[0]);
    expect(heightColour(90, 10, 90)).toBe(heightRamp.at(-1));
    expect(heightColour(50, 10, 90)).toBe(heightRamp[2]);
    expect(heightColour(500, 10, 90)).toBe(heightRamp.at(-1));
    expect(heightColour(30, 30, 30)).toBe(heightRamp[2]);
  });
});

describe('groundOf', () => {
  it('is four times the larger of the extent and the height, with round cells about forty across', () => {
    const extent = { minX: -50, minY: -20, maxX: 58, maxY: 80 };
    expect(groundOf({ extent, maxHeight: 54 })).toEqual({ size: 432, cell: 20 });
    expect(groundOf({ extent, maxHeight: 300 })).toEqual({ size: 1200, cell: 50 });
    expect(groundOf({ extent: { minX: 0, minY: 0, maxX: 0, maxY: 0 }, maxHeight: 3 })).toEqual({
      size: 160,
      cell: 5,
    });
  });
});
