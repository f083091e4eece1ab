import type { LegacyTile } from 'geojson-vt';
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import {
  LabelGrid,
  createVectorTileLayer,
  drawTile,
  hitTest,
  indexCollection,
  labelAnchors,
  layerBoundsOf,
  projectX,
  projectY,
  type TileContext,
  type VectorStyle,
} from './vector-tiles';

// Leaflet reads a few browser globals as it loads (vi.hoisted runs before the imports); these
// stand-ins let the real one load in Node. Nothing
// here draws a map: the tests call the pure drawing and hit-testing, and the layer's index.
vi.hoisted(() => {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('devicePixelRatio', 1);
  vi.stubGlobal('navigator', { userAgent: 'node', platform: 'node' });
  vi.stubGlobal('document', { documentElement: { style: {} }, createElement: () => ({ style: {} }) });
});

/** A context that records the calls made on it, with the fill and stroke settings of each paint. */
class RecordingContext {
  calls: unknown[][] = [];
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000';
  lineWidth = 1;
  lineJoin: CanvasLineJoin = 'miter';
  lineCap: CanvasLineCap = 'butt';
  globalAlpha = 1;
  font = '10px sans-serif';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';

  private record(name: string, args: unknown[]) {
    this.calls.push([name, ...args]);
  }
  save = () => this.record('save', []);
  restore = () => this.record('restore', []);
  scale = (...args: unknown[]) => this.record('scale', args);
  beginPath = () => this.record('beginPath', []);
  moveTo = (...args: unknown[]) => this.record('moveTo', args);
  lineTo = (...args: unknown[]) => this.record('lineTo', args);
  arc = (...args: unknown[]) => this.record('arc', args);
  closePath = () => this.record('closePath', []);
  fill = (...args: unknown[]) =>
    this.record('fill', [...args, { fillStyle: this.fillStyle, globalAlpha: this.globalAlpha }]);
  stroke = () => this.record('stroke', [{ strokeStyle: this.strokeStyle, lineWidth: this.lineWidth }]);
  fillText = (...args: unknown[]) => this.record('fillText', [...args, { font: this.font }]);
  strokeText = (...args: unknown[]) =>
    this.record('strokeText', [...args, { strokeStyle: this.strokeStyle }]);

  named(name: string) {
    return this.calls.filter((call) => call[0] === name);
  }
}

function record(
  tile: LegacyTile,
  style: VectorStyle,
  zoom = 12,
  labels: Parameters<typeof drawTile>[5] = [],
): RecordingContext {
  const ctx = new RecordingContext();
  drawTile(ctx satisfies TileContext, tile, style, zoom, 2, labels);
  return ctx;
}

const style: VectorStyle = {
  color: '#1d4f91',
  width: 1,
  fill: '#dce8f6',
  fillOpacity: 0.5,
  labelField: 'name',
};
const hollow: VectorStyle = { ...style, fill: null };

describe('drawTile', () => {
  const polygon: LegacyTile = {
    features: [
      {
        type: 3,
        tags: { name: '地块' },
        geometry: [
          [
            [0, 0],
            [4096, 0],
            [4096, 4096],
            [0, 0],
          ],
          [
            [1024, 1024],
            [2048, 1024],
            [2048, 2048],
            [1024, 1024],
          ],
        ],
      },
    ],
  };

  it('fills a polygon with its opacity by the even-odd rule, then strokes it, on a scaled canvas', () => {
    const ctx = record(polygon, style);
    expect(ctx.calls[0]).toEqual(['save']);
    expect(ctx.named('scale')).toEqual([['scale', 2, 2]]);
    expect(ctx.named('fill')).toEqual([['fill', 'evenodd', { fillStyle: '#dce8f6', globalAlpha: 0.5 }]]);
    expect(ctx.named('stroke')).toEqual([['stroke', { strokeStyle: '#1d4f91', lineWidth: 1 }]]);
    // Tile units (0..4096) become CSS pixels (0..256); both rings of the feature, closed.
    expect(ctx.named('moveTo')).toContainEqual(['moveTo', 64, 64]);
    expect(ctx.named('lineTo')).toContainEqual(['lineTo', 256, 256]);
    expect(ctx.named('closePath')).toHaveLength(4);
    expect(ctx.calls.at(-1)).toEqual(['restore']);
    expect(ctx.globalAlpha).toBe(1);
  });

  it('leaves a polygon without fill hollow', () => {
    const ctx = record(polygon, hollow);
    expect(ctx.named('fill')).toEqual([]);
    expect(ctx.named('stroke')).toHaveLength(1);
  });

  it('strokes lines unclosed and draws points as circles of radius 3 + width, in one path each', () => {
    const tile: LegacyTile = {
      features: [
        {
          type: 2,
          tags: {},
          geometry: [
            [
              [0, 0],
              [4096, 2048],
            ],
          ],
        },
        { type: 1, tags: {}, geometry: [[2048, 2048]] },
        { type: 1, tags: {}, geometry: [[1024, 0]] },
      ],
    };
    const ctx = record(tile, { ...style, width: 2, fill: null });
    expect(ctx.named('closePath')).toEqual([]);
    expect(ctx.named('beginPath')).toHaveLength(2);
    expect(ctx.named('arc')).toEqual([
      ['arc', 128, 128, 5, 0, 2 * Math.PI],
      ['arc', 64, 0, 5, 0, 2 * Math.PI],
    ]);
    // Without a fill of their own, points are filled in the stroke colour.
    expect(ctx.named('fill')).toEqual([['fill', { fillStyle: '#1d4f91', globalAlpha: 1 }]]);
  });

  it('draws labels with a white halo from zoom 15 on, beside points and centred elsewhere', () => {
    const labels = [
      { x: 10, y: 20, text: '井1', atPoint: true },
      { x: 100, y: 100, text: '地块', atPoint: false },
    ];
    expect(record(polygon, style, 14, labels).named('fillText')).toEqual([]);
    expect(record(polygon, { ...style, labelField: null }, 16, labels).named('fillText')).toEqual([]);
    const ctx = record(polygon, style, 15, labels);
    const font = { font: '12px "Noto Sans SC", sans-serif' };
    expect(ctx.named('fillText')).toEqual([
      ['fillText', '井1', 10 + 4 + 3, 20, font],
      ['fillText', '地块', 100, 100, font],
    ]);
    const texts = ctx.calls.filter((call) => call[0] === 'fillText' || call[0] === 'strokeText');
    expect(texts.map((call) => call[0])).toEqual(['strokeText', 'fillText', 'strokeText', 'fillText']);
    expect(texts[0]).toContainEqual({ strokeStyle: '#ffffff' });
  });
});

/** A spot in the zoom-14 tile over central Chongqing, by fractions of the tile, as [lng, lat]. */
const Z = 14;
const TX = Math.floor(projectX(106.55) * 2 ** Z);
const TY = Math.floor(projectY(29.56) * 2 ** Z);
function at(fx: number, fy: number): [number, number] {
  const x = (TX + fx) / 2 ** Z;
  const y = (TY + fy) / 2 ** Z;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return [x * 360 - 180, lat];
}
const PX = 1 / 256; // one CSS pixel of the tile, as a fraction of it

const parcel = { name: '地块' };
const pipe = { name: '管线' };
const well = { name: '井' };
const valve = { name: '阀门' };
const beyond = { name: '邻块的井' };
const sample: GeoJSON.FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: parcel,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [at(0.1, 0.1), at(0.5, 0.1), at(0.5, 0.5), at(0.1, 0.5), at(0.1, 0.1)],
          [at(0.25, 0.25), at(0.35, 0.25), at(0.35, 0.35), at(0.25, 0.35), at(0.25, 0.25)],
        ],
      },
    },
    {
      type: 'Feature',
      properties: pipe,
      geometry: { type: 'LineString', coordinates: [at(0.6, 0.1), at(0.9, 0.1)] },
    },
    { type: 'Feature', properties: well, geometry: { type: 'Point', coordinates: at(0.7, 0.7) } },
    { type: 'Feature', properties: valve, geometry: { type: 'Point', coordinates: at(0.15, 0.15) } },
    { type: 'Feature', properties: beyond, geometry: { type: 'Point', coordinates: at(1 + 5 * PX, 0.8) } },
  ],
};

describe('hitTest', () => {
  const tile = indexCollection(sample).getTile(Z, TX, TY)!;
  const hit = (fx: number, fy: number, drawn = style) =>
    hitTest(tile, fx * 4096, fy * 4096, drawn, 4096 / 256)?.tags ?? null;

  it('finds a filled polygon inside, not in its hole', () => {
    expect(hit(0.2, 0.45)).toBe(parcel);
    expect(hit(0.3, 0.3)).toBeNull();
  });

  it('finds a hollow polygon on its outline only', () => {
    expect(hit(0.2, 0.45, hollow)).toBeNull();
    expect(hit(0.1 + 2 * PX, 0.3, hollow)).toBe(parcel);
  });

  it('finds a line within 4 px', () => {
    expect(hit(0.75, 0.1 + 3 * PX)).toBe(pipe);
    expect(hit(0.75, 0.1 + 6 * PX)).toBeNull();
  });

  it('finds a point within its radius (and 2 px of slack), above the polygon under it', () => {
    expect(hit(0.7 + 5 * PX, 0.7)).toBe(well);
    expect(hit(0.7 + 8 * PX, 0.7)).toBeNull();
    expect(hit(0.15, 0.15 + 2 * PX)).toBe(valve);
  });
});

describe('VectorTileLayer.featureAt', () => {
  const layer = createVectorTileLayer(sample, style);
  const latLngAt = (fx: number, fy: number) => {
    const [lng, lat] = at(fx, fy);
    return L.latLng(lat, lng);
  };

  it('returns the feature’s own properties under a point, at any zoom', () => {
    expect(layer.featureAt(latLngAt(0.2, 0.45), Z)).toBe(parcel);
    expect(layer.featureAt(latLngAt(0.7, 0.7), Z + 3)).toBe(well);
    expect(layer.featureAt(latLngAt(0.3, 0.3), Z)).toBeNull();
  });

  it('looks into the next tile when the point is near its edge', () => {
    expect(layer.featureAt(latLngAt(1 - 0.5 * PX, 0.8), Z)).toBe(beyond);
    expect(layer.featureAt(latLngAt(1 - 3 * PX, 0.8), Z)).toBeNull();
  });
});

describe('labels', () => {
  it('anchors a label at a point, a polygon’s centroid and a line’s midpoint', () => {
    const anchors = labelAnchors(sample, 'name');
    const [polygon, line, point] = anchors;
    expect(anchors).toHaveLength(5);
    expect(polygon).toMatchObject({ text: '地块', atPoint: false });
    expect(polygon!.x * 2 ** Z - TX).toBeCloseTo(0.3, 6);
    expect(polygon!.y * 2 ** Z - TY).toBeCloseTo(0.3, 6);
    expect(line!.x * 2 ** Z - TX).toBeCloseTo(0.75, 6);
    expect(point).toMatchObject({ text: '井', atPoint: true });
  });

  it('gives a tile the labels around it in its pixels, from zoom 15', () => {
    const grid = new LabelGrid(labelAnchors(sample, 'name'));
    expect(grid.labelsFor(14, TX, TY)).toEqual([]);
    // Zoom 15: the tile is a quarter of the zoom-14 one; the well at (0.7, 0.7) lies in its lower right.
    const labels = grid.labelsFor(15, TX * 2 + 1, TY * 2 + 1);
    const wellLabel = labels.find((label) => label.text === '井');
    expect(wellLabel?.x).toBeCloseTo((0.7 * 2 - 1) * 256, 3);
    expect(wellLabel?.y).toBeCloseTo((0.7 * 2 - 1) * 256, 3);
    expect(labels.map((label) => label.text)).not.toContain('管线');
  });

  it('skips features without the value and shortens long ones', () => {
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: '' }, geometry: { type: 'Point', coordinates: [106, 29] } },
        { type: 'Feature', properties: null, geometry: { type: 'Point', coordinates: [106, 29] } },
        {
          type: 'Feature',
          properties: { name: '很'.repeat(30) },
          geometry: { type: 'Point', coordinates: [106, 29] },
        },
      ],
    };
    expect(labelAnchors(data, 'name').map((anchor) => anchor.text)).toEqual([`${'很'.repeat(19)}…`]);
  });
});

describe('layerBoundsOf', () => {
  it('spans every coordinate of every geometry', () => {
    const bounds = layerBoundsOf({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [106.1, 29.2] } },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [106.5, 29.5],
                  [107, 29.5],
                  [107, 30.1],
                  [106.5, 29.5],
                ],
              ],
            ],
          },
        },
      ],
    });
    expect(bounds?.toBBoxString()).toBe('106.1,29.2,107,30.1');
  });

  it('is null for a collection without coordinates', () => {
    expect(layerBoundsOf({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});

describe('a large layer', () => {
  it('indexes 100,000 points and has them all in the top tile', () => {
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: Array.from({ length: 100_000 }, (_, i) => ({
        type: 'Feature',
        properties: { id: i },
        geometry: { type: 'Point', coordinates: [106 + (i % 400) / 300, 29 + Math.floor(i / 400) / 250] },
      })),
    };
    const index = indexCollection(data);
    expect(index.getTile(0, 0, 0)?.features).toHaveLength(100_000);
  });
});
