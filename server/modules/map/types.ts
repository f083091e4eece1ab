/**
 * Wire shapes of the map calls (business base). The hall's map island imports these as types only.
 */
import type { DistrictBoundary } from '@server/db/schema/reference';
import type { BBox } from '@server/lib/geometry';

export type { BBox };

/** GET /sgs/getAllDistrict: one row per district (codes of length 7 or 11 only). */
export interface DistrictItem {
  districtCode: string;
  districtName: string;
}

/** GET /statistics/getDistrictProjectNum: projects per district (every status). */
export interface DistrictProjectNum extends DistrictItem {
  projectNum: number;
}

/**
 * GET /statistics/getProjectDistribute: projects per status, per current approval stage (the stage of
 * the project's newest demand; projects without a demand count under stageId null) and per year of
 * creation (China time).
 */
export interface ProjectDistribute {
  total: number;
  byStatus: { status: number; statusName: string; projectNum: number }[];
  byStage: { stageId: number | null; stageName: string; projectNum: number }[];
  byYear: { year: number; projectNum: number }[];
}

/** Filters of the map (all optional; absent = every value). */
export interface MapFilter {
  stage?: number;
  status?: number;
  year?: number;
}

export interface ClusterProperties {
  cluster: true;
  clusterId: number;
  count: number;
  /** The zoom at which this cluster splits: clicking it zooms there. */
  expansionZoom: number;
}

export interface PointProperties {
  cluster: false;
  pkid: number;
  name: string;
  status: number;
}

export interface MapFeature<P> {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: P;
}

export type ClusterFeature = MapFeature<ClusterProperties> | MapFeature<PointProperties>;

/**
 * GET /map/clusters: a GeoJSON FeatureCollection of the clusters and single projects inside the box at
 * that zoom, plus the filtered total and the filtered count per district (for the district layer).
 */
export interface ClusterResult {
  type: 'FeatureCollection';
  features: ClusterFeature[];
  total: number;
  districtCounts: Record<string, number>;
}

/** A district of the base layer with its project count. */
export interface DistrictShape extends DistrictProjectNum {
  boundary: DistrictBoundary | null;
  center: [number, number] | null;
}

/** GET /map/project: the card shown when a project is clicked. */
export interface ProjectCard {
  pkid: number;
  projectName: string;
  projectNo: string;
  status: number;
  statusName: string;
  stageName: string | null;
  districtName: string;
  address: string | null;
  constructionName: string;
  projectType: string | null;
  createdAt: string;
  lon: number | null;
  lat: number | null;
}

/** One hit of GET /map/search. */
export interface Place {
  name: string;
  address: string | null;
  lon: number;
  lat: number;
  /** Where it came from: a district or project of ours (local provider), or a Tianditu place. */
  kind: 'district' | 'project' | 'place';
}

/** GET /map/reverse: what is at a point. */
export interface ReverseResult {
  /** A readable address, or null when the point is outside the city. */
  address: string | null;
  districtCode: string | null;
  districtName: string | null;
}

/** What the browser needs to draw the base map (GET /map/config, and the map page's props). */
export interface MapClientConfig {
  provider: 'local' | 'tianditu';
  bbox: BBox;
  /** Tianditu tile templates (vec = roads, cva = labels) for Leaflet; null for the offline base layer. */
  tiles: { vec: string; cva: string } | null;
}
