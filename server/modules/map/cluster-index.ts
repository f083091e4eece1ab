/**
 * Server-side clustering of every project point (supercluster). The points are read once (and again
 * after `invalidate()`, which project writes call); one supercluster index per filter combination is
 * built on first use and kept in a small LRU, so a request never rebuilds: with 100,000 projects a
 * build takes a few hundred milliseconds and a query well under a millisecond (scripts/bench).
 */
import { LRUCache } from 'lru-cache';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { projects } from '@server/db/schema';

import { currentStages, hallCountedProject, projectYearSql } from './districts';
import type { BBox, ClusterFeature, ClusterResult, MapFilter } from './types';

/** Zoom levels clustered; past this every project is its own marker. */
export const MAX_CLUSTER_ZOOM = 16;
const CLUSTER_RADIUS_PX = 60;
const INDEXES_KEPT = 16;

/** One project point in memory (columns, not objects, keep 100,000 of them small). */
export interface ProjectPoints {
  pkid: Int32Array;
  lon: Float64Array;
  lat: Float64Array;
  status: Int16Array;
  /** 0 = no demand yet. */
  stage: Int16Array;
  year: Int16Array;
  name: string[];
  districtCode: string[];
  length: number;
}

interface PointProps {
  i: number;
}

interface FilteredIndex {
  index: Supercluster<PointProps, Record<string, never>>;
  total: number;
  districtCounts: Record<string, number>;
}

type PointRow = [number, string, number, number, number, string, number, number | null];

/**
 * Every located project, read as one JSON text: on PGlite, handing 100,000 rows one by one from the
 * database to JavaScript costs about twice as long as the same data as a single value.
 */
export async function loadProjectPoints(db: Database): Promise<ProjectPoints> {
  const current = currentStages(db);
  const [result] = await db
    .select({
      points: sql<
        string | null
      >`json_agg(json_build_array(${projects.pkid}, ${projects.projectName}, ${projects.lon}, ${projects.lat}, ${projects.status}, ${projects.districtCode}, ${projectYearSql}, ${current.stageId}))::text`,
    })
    .from(projects)
    .leftJoin(current, eq(current.projectId, projects.pkid))
    .where(and(isNotNull(projects.lon), hallCountedProject));
  const rows = JSON.parse(result?.points ?? '[]') as PointRow[];
  const n = rows.length;
  const points: ProjectPoints = {
    pkid: new Int32Array(n),
    lon: new Float64Array(n),
    lat: new Float64Array(n),
    status: new Int16Array(n),
    stage: new Int16Array(n),
    year: new Int16Array(n),
    name: new Array<string>(n),
    districtCode: new Array<string>(n),
    length: n,
  };
  rows.forEach(([pkid, name, lon, lat, status, districtCode, year, stage], i) => {
    points.pkid[i] = pkid;
    points.lon[i] = lon;
    points.lat[i] = lat;
    points.status[i] = status;
    points.stage[i] = stage ?? 0;
    points.year[i] = year;
    points.name[i] = name;
    points.districtCode[i] = districtCode;
  });
  return points;
}

function filterKey(filter: MapFilter): string {
  return `${filter.stage ?? ''}|${filter.status ?? ''}|${filter.year ?? ''}`;
}

function matches(points: ProjectPoints, i: number, filter: MapFilter): boolean {
  return (
    (filter.stage === undefined || points.stage[i] === filter.stage) &&
    (filter.status === undefined || points.status[i] === filter.status) &&
    (filter.year === undefined || points.year[i] === filter.year)
  );
}

function buildIndex(points: ProjectPoints, filter: MapFilter): FilteredIndex {
  const features: PointFeature<PointProps>[] = [];
  const districtCounts: Record<string, number> = {};
  for (let i = 0; i < points.length; i++) {
    if (!matches(points, i, filter)) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [points.lon[i] as number, points.lat[i] as number] },
      properties: { i },
    });
    const code = points.districtCode[i] as string;
    districtCounts[code] = (districtCounts[code] ?? 0) + 1;
  }
  const index = new Supercluster<PointProps, Record<string, never>>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: MAX_CLUSTER_ZOOM,
  });
  index.load(features);
  return { index, total: features.length, districtCounts };
}

export interface ClusterQuery extends MapFilter {
  zoom: number;
  bbox: BBox;
}

export class ClusterIndex {
  #points: Promise<ProjectPoints> | undefined;
  #indexes = new LRUCache<string, FilteredIndex>({ max: INDEXES_KEPT });
  readonly #load: () => Promise<ProjectPoints>;

  constructor(load: () => Promise<ProjectPoints>) {
    this.#load = load;
  }

  /** The points (loaded on first use, or again after invalidate). */
  points(): Promise<ProjectPoints> {
    if (!this.#points) {
      const loading = this.#load();
      this.#points = loading;
      // A failed load must not stick: the next call tries again.
      loading.catch(() => {
        if (this.#points === loading) this.#points = undefined;
      });
    }
    return this.#points;
  }

  /** Drops the points and every built index; call after any write to projects' location, status or stage. */
  invalidate(): void {
    this.#points = undefined;
    this.#indexes.clear();
  }

  /** Starts loading now (at server start), so the first visitor does not wait for it. */
  warm(): void {
    this.points().catch(() => {});
  }

  async #indexFor(filter: MapFilter): Promise<FilteredIndex> {
    const key = filterKey(filter);
    const pending = this.#points;
    const points = await this.points();
    const cached = this.#indexes.get(key);
    if (cached) return cached;
    const built = buildIndex(points, filter);
    // Only keep it when no invalidate happened while the points were loading.
    if (pending === undefined || this.#points === pending) this.#indexes.set(key, built);
    return built;
  }

  async clusters(query: ClusterQuery): Promise<ClusterResult> {
    const points = await this.points();
    const { index, total, districtCounts } = await this.#indexFor(query);
    const { west, south, east, north } = query.bbox;
    const zoom = Math.max(0, Math.min(Math.floor(query.zoom), MAX_CLUSTER_ZOOM + 1));
    const raw = index.getClusters([west, south, east, north], zoom);
    const features: ClusterFeature[] = raw.map((feature) => {
      const coordinates = feature.geometry.coordinates as [number, number];
      const props = feature.properties as Partial<ClusterProperties> & Partial<PointProps>;
      if (props.cluster) {
        const clusterId = props.cluster_id as number;
        return {
          type: 'Feature',
          geometry: { type: 'Point', coordinates },
          properties: {
            cluster: true,
            clusterId,
            count: props.point_count as number,
            expansionZoom: index.getClusterExpansionZoom(clusterId),
          },
        };
      }
      const i = props.i as number;
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates },
        properties: {
          cluster: false,
          pkid: points.pkid[i] as number,
          name: points.name[i] as string,
          status: points.status[i] as number,
        },
      };
    });
    return { type: 'FeatureCollection', features, total, districtCounts };
  }

  /** The project nearest to a point within `maxDegrees`, or undefined. */
  async nearest(
    lon: number,
    lat: number,
    maxDegrees: number,
  ): Promise<{ pkid: number; name: string } | undefined> {
    const points = await this.points();
    let best = -1;
    let bestDistance = maxDegrees * maxDegrees;
    const cosLat = Math.cos((lat * Math.PI) / 180);
    for (let i = 0; i < points.length; i++) {
      const dx = ((points.lon[i] as number) - lon) * cosLat;
      const dy = (points.lat[i] as number) - lat;
      const distance = dx * dx + dy * dy;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    return best === -1 ? undefined : { pkid: points.pkid[best] as number, name: points.name[best] as string };
  }
}
