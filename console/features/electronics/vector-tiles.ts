/**
 * Large GeoJSON layers (100,000+ features) on a Leaflet map without a DOM node per feature: geojson-vt
 * cuts the collection into vector tiles in the browser, once per layer, and every 256 px tile is drawn
 * on a canvas. Drawing and hit-testing are plain functions over a geojson-vt tile, so they run (and are
 * tested) without a DOM; only the layer class needs Leaflet and the browser.
 */
import L from 'leaflet';
import GeoJSONVT, { type LegacyFeature, type LegacyTile } from 'geojson-vt';

export interface VectorStyle {
  /** Stroke colour of lines and outlines, and of points without a fill. */
  color: string;
  /** Stroke width in CSS pixels; a point's radius is 3 + width. */
  width: number;
  /** Fill of polygons (at fillOpacity) and points (opaque, to stay visible); null: hollow polygons. */
  fill: string | null;
  fillOpacity: number;
  /** The property shown as a label from zoom 15 on, or null for none. */
  labelField: string | null;
}

/** The drawing calls drawTile uses, so a recording fake can stand in for a canvas in tests. */
export type TileContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'scale'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'fillText'
  | 'strokeText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineJoin'
  | 'lineCap'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

/** A label placed in a tile, in the tile's CSS pixels (it may lie outside: the canvas clips it). */
export interface TileLabel {
  x: number;
  y: number;
  text: string;
  /** A point's label sits to its right; others are centred on the anchor. */
  atPoint: boolean;
}

export const TILE_SIZE = 256;
export const TILE_EXTENT = 4096;
/** Above this zoom Leaflet scales the z18 tiles: geojson-vt keeps full detail there already. */
export const VECTOR_MAX_ZOOM = 18;
export const LABEL_MIN_ZOOM = 15;
const LABEL_FONT = '12px "Noto Sans SC", sans-serif';
const LABEL_MAX_CHARS = 20;
const LINE_HIT_PX = 4;
/** A little slack around a point's circle, as a 5 px target is hard to click. */
const POINT_HIT_SLACK_PX = 2;

const VT_OPTIONS = { maxZoom: VECTOR_MAX_ZOOM, indexMaxZoom: 5, extent: TILE_EXTENT, buffer: 64 };

/** Builds the tile index of a collection: the expensive step (about 20 ms for 100k points in Node). */
export function indexCollection(data: GeoJSON.FeatureCollection): GeoJSONVT {
  return new GeoJSONVT(data, VT_OPTIONS);
}

function pointRadius(style: VectorStyle): number {
  return 3 + style.width;
}

function traceRings(
  ctx: TileContext,
  rings: readonly (readonly [number, number])[][],
  k: number,
  close: boolean,
) {
  for (const ring of rings) {
    const first = ring[0];
    if (!first) continue;
    ctx.moveTo(first[0] * k, first[1] * k);
    for (let i = 1; i < ring.length; i++) {
      const p = ring[i]!;
      ctx.lineTo(p[0] * k, p[1] * k);
    }
    if (close) ctx.closePath();
  }
}

/**
 * Draws one geojson-vt tile: polygons, then lines, then points on top (hitTest follows the same order),
 * and labels from LABEL_MIN_ZOOM. Lines, outlines and points go out as one path per kind, as a stroke or
 * fill call per feature is what makes 100k features slow; polygon fills stay one per feature so the
 * even-odd rule cuts a feature's holes without overlapping features cancelling each other out.
 */
export function drawTile(
  ctx: TileContext,
  tile: LegacyTile,
  style: VectorStyle,
  zoom: number,
  ratio: number,
  labels: readonly TileLabel[] = [],
): void {
  const k = TILE_SIZE / TILE_EXTENT;
  const polygons: LegacyFeature[] = [];
  const lines: LegacyFeature[] = [];
  const points: LegacyFeature[] = [];
  for (const feature of tile.features) {
    (feature.type === 3 ? polygons : feature.type === 2 ? lines : points).push(feature);
  }

  ctx.save();
  ctx.scale(ratio, ratio);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.lineWidth = style.width;
  ctx.strokeStyle = style.color;

  if (polygons.length > 0) {
    if (style.fill && style.fillOpacity > 0) {
      ctx.fillStyle = style.fill;
      ctx.globalAlpha = style.fillOpacity;
      for (const feature of polygons) {
        ctx.beginPath();
        traceRings(ctx, feature.geometry as [number, number][][], k, true);
        ctx.fill('evenodd');
      }
      ctx.globalAlpha = 1;
    }
    if (style.width > 0) {
      ctx.beginPath();
      for (const feature of polygons) traceRings(ctx, feature.geometry as [number, number][][], k, true);
      ctx.stroke();
    }
  }

  if (lines.length > 0 && style.width > 0) {
    ctx.beginPath();
    for (const feature of lines) traceRings(ctx, feature.geometry as [number, number][][], k, false);
    ctx.stroke();
  }

  if (points.length > 0) {
    const r = pointRadius(style);
    ctx.beginPath();
    for (const feature of points) {
      for (const [x, y] of feature.geometry as [number, number][]) {
        ctx.moveTo(x * k + r, y * k);
        ctx.arc(x * k, y * k, r, 0, 2 * Math.PI);
      }
    }
    ctx.fillStyle = style.fill ?? style.color;
    ctx.fill();
    // With a fill of their own, points keep an outline in the stroke colour to stand out from the base map.
    if (style.fill) {
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  }

  if (style.labelField && zoom >= LABEL_MIN_ZOOM && labels.length > 0) {
    const r = pointRadius(style);
    ctx.font = LABEL_FONT;
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#ffffff';
    ctx.fillStyle = '#1f2937';
    for (const label of labels) {
      ctx.textAlign = label.atPoint ? 'left' : 'center';
      const x = label.atPoint ? label.x + r + 3 : label.x;
      // The white halo first, so the text reads on any base map and fill.
      ctx.strokeText(label.text, x, label.y);
      ctx.fillText(label.text, x, label.y);
    }
  }
  ctx.restore();
}

function squaredDistanceToSegment(
  px: number,
  py: number,
  a: readonly number[],
  b: readonly number[],
): number {
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

function nearRings(
  rings: readonly [number, number][][],
  x: number,
  y: number,
  reach: number,
  closed: boolean,
) {
  const reach2 = reach * reach;
  for (const ring of rings) {
    if (ring.length === 1 && squaredDistanceToSegment(x, y, ring[0]!, ring[0]!) <= reach2) return true;
    for (let i = 1; i < ring.length; i++) {
      if (squaredDistanceToSegment(x, y, ring[i - 1]!, ring[i]!) <= reach2) return true;
    }
    if (
      closed &&
      ring.length > 2 &&
      squaredDistanceToSegment(x, y, ring[ring.length - 1]!, ring[0]!) <= reach2
    )
      return true;
  }
  return false;
}

/** Even-odd ray casting over all of a polygon's rings, so a point in a hole is outside (as drawn). */
function insideRings(rings: readonly [number, number][][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * The topmost feature of a tile drawn at (x, y), in tile units (0..4096); `unitsPerPixel` converts the
 * pixel tolerances (a point's radius, 4 px around a line) to tile units at the zoom shown.
 */
export function hitTest(
  tile: LegacyTile,
  x: number,
  y: number,
  style: VectorStyle,
  unitsPerPixel: number,
): LegacyFeature | null {
  const features = tile.features;
  const pointReach = (pointRadius(style) + POINT_HIT_SLACK_PX) * unitsPerPixel;
  const lineReach = Math.max(LINE_HIT_PX, style.width / 2) * unitsPerPixel;
  // Reverse drawing order: points, lines, then polygons, the last drawn of each first.
  for (let i = features.length - 1; i >= 0; i--) {
    const feature = features[i]!;
    if (feature.type !== 1) continue;
    for (const [px, py] of feature.geometry) {
      if ((px - x) ** 2 + (py - y) ** 2 <= pointReach * pointReach) return feature;
    }
  }
  for (let i = features.length - 1; i >= 0; i--) {
    const feature = features[i]!;
    if (feature.type === 2 && nearRings(feature.geometry, x, y, lineReach, false)) return feature;
  }
  const filled = style.fill !== null && style.fillOpacity > 0;
  for (let i = features.length - 1; i >= 0; i--) {
    const feature = features[i]!;
    if (feature.type !== 3) continue;
    // A hollow polygon is hit on its outline only, as the map under it stays clickable to the eye.
    if (filled ? insideRings(feature.geometry, x, y) : nearRings(feature.geometry, x, y, lineReach, true))
      return feature;
  }
  return null;
}

/** Web Mercator in [0, 1] × [0, 1], as geojson-vt projects (y clamped at the poles). */
export function projectX(lng: number): number {
  return lng / 360 + 0.5;
}

export function projectY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

/** A label anchor in projected world coordinates (0..1). */
export interface LabelAnchor {
  x: number;
  y: number;
  text: string;
  atPoint: boolean;
}

function labelText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === 'object' ? JSON.stringify(value) : String(value)).trim();
  if (!text) return null;
  return text.length > LABEL_MAX_CHARS ? `${text.slice(0, LABEL_MAX_CHARS - 1)}…` : text;
}

type Projected = [number, number][];

function projectRing(ring: GeoJSON.Position[]): Projected {
  return ring.map((p) => [projectX(p[0]!), projectY(p[1]!)]);
}

/** Area-weighted centroid of a ring, with its area; the vertex mean when the area is nil. */
function ringCentroid(ring: Projected): { x: number; y: number; area: number } | null {
  const origin = ring[0];
  if (!origin) return null;
  // Relative to the first vertex: a small parcel's cross products would vanish into rounding otherwise.
  const [ox, oy] = origin;
  let area = 0;
  let cx = 0;
  let cy = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0] - ox;
    const yi = ring[i]![1] - oy;
    const xj = ring[j]![0] - ox;
    const yj = ring[j]![1] - oy;
    const cross = xj * yi - xi * yj;
    area += cross;
    cx += (xj + xi) * cross;
    cy += (yj + yi) * cross;
    sumX += xi;
    sumY += yi;
  }
  if (area !== 0) return { x: ox + cx / (3 * area), y: oy + cy / (3 * area), area: Math.abs(area) / 2 };
  return { x: ox + sumX / ring.length, y: oy + sumY / ring.length, area: 0 };
}

/** The point halfway along a line, with its length. */
function lineMidpoint(line: Projected): { x: number; y: number; length: number } | null {
  if (line.length === 0) return null;
  let length = 0;
  for (let i = 1; i < line.length; i++)
    length += Math.hypot(line[i]![0] - line[i - 1]![0], line[i]![1] - line[i - 1]![1]);
  let left = length / 2;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const step = Math.hypot(bx - ax, by - ay);
    if (step > 0 && left <= step)
      return { x: ax + ((bx - ax) * left) / step, y: ay + ((by - ay) * left) / step, length };
    left -= step;
  }
  return { x: line[0]![0], y: line[0]![1], length };
}

/** Where a label goes: at the point, the largest polygon's outer-ring centroid, the longest line's middle. */
function anchorOf(geometry: GeoJSON.Geometry): { x: number; y: number; atPoint: boolean } | null {
  switch (geometry.type) {
    case 'Point':
      return { x: projectX(geometry.coordinates[0]!), y: projectY(geometry.coordinates[1]!), atPoint: true };
    case 'MultiPoint': {
      const first = geometry.coordinates[0];
      return first ? { x: projectX(first[0]!), y: projectY(first[1]!), atPoint: true } : null;
    }
    case 'LineString':
    case 'MultiLineString': {
      const parts = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
      let best: ReturnType<typeof lineMidpoint> = null;
      for (const part of parts) {
        const mid = lineMidpoint(projectRing(part));
        if (mid && (!best || mid.length > best.length)) best = mid;
      }
      return best ? { x: best.x, y: best.y, atPoint: false } : null;
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      let best: ReturnType<typeof ringCentroid> = null;
      for (const part of parts) {
        const outer = part[0];
        const centroid = outer ? ringCentroid(projectRing(outer)) : null;
        if (centroid && (!best || centroid.area > best.area)) best = centroid;
      }
      return best ? { x: best.x, y: best.y, atPoint: false } : null;
    }
    case 'GeometryCollection':
      for (const part of geometry.geometries) {
        const anchor = anchorOf(part);
        if (anchor) return anchor;
      }
      return null;
  }
}

/** The label anchors of a collection, one per feature with a value in `field`. */
export function labelAnchors(data: GeoJSON.FeatureCollection, field: string): LabelAnchor[] {
  const anchors: LabelAnchor[] = [];
  for (const feature of data.features) {
    const text = labelText(feature.properties?.[field]);
    const anchor = text && feature.geometry ? anchorOf(feature.geometry) : null;
    if (text && anchor) anchors.push({ ...anchor, text });
  }
  return anchors;
}

/**
 * Label anchors bucketed by their zoom-15 tile. Labels come from the source features, not from the
 * clipped tile geometry, so a polygon or line gets one label rather than one per tile, and a label that
 * crosses a tile edge is drawn by each tile it overlaps (the canvases clip their halves).
 */
export class LabelGrid {
  private readonly cells = new Map<number, LabelAnchor[]>();

  constructor(anchors: readonly LabelAnchor[]) {
    const n = 2 ** LABEL_MIN_ZOOM;
    for (const anchor of anchors) {
      const key = LabelGrid.key(Math.floor(anchor.x * n), Math.floor(anchor.y * n));
      const cell = this.cells.get(key);
      if (cell) cell.push(anchor);
      else this.cells.set(key, [anchor]);
    }
  }

  private static key(cx: number, cy: number): number {
    return cy * 2 ** LABEL_MIN_ZOOM + cx;
  }

  /** The labels that may show in tile z/x/y (z ≥ 15), in that tile's CSS pixels. */
  labelsFor(z: number, x: number, y: number): TileLabel[] {
    if (z < LABEL_MIN_ZOOM) return [];
    const shift = z - LABEL_MIN_ZOOM;
    const n = 2 ** LABEL_MIN_ZOOM;
    const scale = 2 ** z;
    // A label reaches at most ~250 px from its anchor; a zoom-15 cell is 256 px wide or more.
    const margin = 260;
    const labels: TileLabel[] = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cx = (x >> shift) + dx;
        const cy = (y >> shift) + dy;
        if (cx < 0 || cy < 0 || cx >= n || cy >= n) continue;
        for (const anchor of this.cells.get(LabelGrid.key(cx, cy)) ?? []) {
          const px = (anchor.x * scale - x) * TILE_SIZE;
          const py = (anchor.y * scale - y) * TILE_SIZE;
          if (px < -margin || px > TILE_SIZE + margin || py < -20 || py > TILE_SIZE + 20) continue;
          labels.push({ x: px, y: py, text: anchor.text, atPoint: anchor.atPoint });
        }
      }
    }
    return labels;
  }
}

function eachPosition(geometry: GeoJSON.Geometry, visit: (lng: number, lat: number) => void): void {
  switch (geometry.type) {
    case 'Point':
      visit(geometry.coordinates[0]!, geometry.coordinates[1]!);
      return;
    case 'MultiPoint':
    case 'LineString':
      for (const p of geometry.coordinates) visit(p[0]!, p[1]!);
      return;
    case 'MultiLineString':
    case 'Polygon':
      for (const line of geometry.coordinates) for (const p of line) visit(p[0]!, p[1]!);
      return;
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates)
        for (const ring of polygon) for (const p of ring) visit(p[0]!, p[1]!);
      return;
    case 'GeometryCollection':
      for (const part of geometry.geometries) eachPosition(part, visit);
  }
}

/** The extent of a collection, for fitting the map to a layer; null when it has no coordinates. */
export function layerBoundsOf(data: GeoJSON.FeatureCollection): L.LatLngBounds | null {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of data.features) {
    if (!feature.geometry) continue;
    eachPosition(feature.geometry, (lng, lat) => {
      if (!Number.isFinite(lng) || !Number.isFinite(lat)) return;
      if (lng < west) west = lng;
      if (lng > east) east = lng;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    });
  }
  if (west > east) return null;
  return L.latLngBounds([south, west], [north, east]);
}

/** A GeoJSON layer drawn as canvas tiles cut from a geojson-vt index built once. */
export class VectorTileLayer extends L.GridLayer {
  private readonly data: GeoJSON.FeatureCollection;
  private readonly index: GeoJSONVT;
  private style: VectorStyle;
  private labelGrid: { field: string; grid: LabelGrid } | null = null;
  /** Tiles Leaflet dropped before their turn to be drawn (panned past, or redraw). */
  private readonly dropped = new WeakSet<HTMLElement>();

  constructor(
    data: GeoJSON.FeatureCollection,
    style: VectorStyle,
    options: { pane?: string; zIndex?: number } = {},
  ) {
    super({
      // Only the options given: an undefined pane would replace Leaflet's default one.
      ...(options.pane === undefined ? {} : { pane: options.pane }),
      ...(options.zIndex === undefined ? {} : { zIndex: options.zIndex }),
      tileSize: TILE_SIZE,
      maxNativeZoom: VECTOR_MAX_ZOOM,
      // Redrawing on every frame of a zoom animation would waste the drawing budget.
      updateWhenZooming: false,
    });
    this.data = data;
    this.style = style;
    this.index = indexCollection(data);
    this.on('tileunload', (event: L.TileEvent) => this.dropped.add(event.tile));
  }

  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = document.createElement('canvas');
    const ratio = window.devicePixelRatio || 1;
    const size = this.getTileSize();
    canvas.width = Math.round(size.x * ratio);
    canvas.height = Math.round(size.y * ratio);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    // Drawn in a task of its own, so a screenful of busy tiles does not freeze panning, and skipped
    // when Leaflet unloaded the tile in the meantime.
    setTimeout(() => {
      if (!this.dropped.has(canvas)) {
        const tile = this.index.getTile(coords.z, coords.x, coords.y);
        const ctx = canvas.getContext('2d');
        if (tile && ctx) {
          const labels = this.labelsFor(coords.z, coords.x, coords.y);
          drawTile(ctx, tile, this.style, coords.z, ratio, labels);
        }
      }
      done(undefined, canvas);
    }, 0);
    return canvas;
  }

  private labelsFor(z: number, x: number, y: number): TileLabel[] {
    const field = this.style.labelField;
    if (!field || z < LABEL_MIN_ZOOM) return [];
    // Built on the first labelled tile, as most layers are never zoomed in that far.
    if (this.labelGrid?.field !== field) {
      this.labelGrid = { field, grid: new LabelGrid(labelAnchors(this.data, field)) };
    }
    return this.labelGrid.grid.labelsFor(z, x, y);
  }

  setStyle(style: VectorStyle): this {
    this.style = style;
    this.redraw();
    return this;
  }

  getStyle(): VectorStyle {
    return this.style;
  }

  /**
   * The properties of the topmost feature drawn at `latlng` with the map at `zoom` ({} for a feature
   * without properties), or null when nothing is there. Tests the tile under the point, and its
   * neighbours when the point is close enough to their edge for a feature there to reach it.
   */
  featureAt(latlng: L.LatLngExpression, zoom: number): GeoJSON.GeoJsonProperties | null {
    const point = L.latLng(latlng).wrap();
    const z = Math.max(0, Math.min(VECTOR_MAX_ZOOM, Math.round(zoom)));
    const n = 2 ** z;
    const wx = projectX(point.lng) * n;
    const wy = projectY(point.lat) * n;
    const tx = Math.min(n - 1, Math.floor(wx));
    const ty = Math.min(n - 1, Math.floor(wy));
    const x = (wx - tx) * TILE_EXTENT;
    const y = (wy - ty) * TILE_EXTENT;
    const unitsPerPixel = TILE_EXTENT / TILE_SIZE / 2 ** (zoom - z);
    const reach =
      Math.max(pointRadius(this.style) + POINT_HIT_SLACK_PX, LINE_HIT_PX, this.style.width / 2) *
      unitsPerPixel;
    const offsets: [number, number][] = [[0, 0]];
    for (const dy of [-1, 0, 1]) {
      for (const dx of [-1, 0, 1]) {
        if (dx === 0 && dy === 0) continue;
        const nearX = dx === 0 || (dx < 0 ? x <= reach : x >= TILE_EXTENT - reach);
        const nearY = dy === 0 || (dy < 0 ? y <= reach : y >= TILE_EXTENT - reach);
        if (nearX && nearY) offsets.push([dx, dy]);
      }
    }
    for (const [dx, dy] of offsets) {
      if (ty + dy < 0 || ty + dy >= n) continue;
      const tile = this.index.getTile(z, (tx + dx + n) % n, ty + dy);
      const hit =
        tile && hitTest(tile, x - dx * TILE_EXTENT, y - dy * TILE_EXTENT, this.style, unitsPerPixel);
      if (hit) return hit.tags ?? {};
    }
    return null;
  }
}

export function createVectorTileLayer(
  data: GeoJSON.FeatureCollection,
  style: VectorStyle,
  options?: { pane?: string; zIndex?: number },
): VectorTileLayer {
  return new VectorTileLayer(data, style, options);
}
