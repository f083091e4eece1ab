/**
 * Browser-side calls of the map through their contracts (shared/calls/hall.ts), and small helpers
 * the map components share.
 */
import { callApi } from '@shared/api/call';
import { createApiClient, compactParams, type ApiClient } from '@shared/api/client';
import type { ApiBases } from '@shared/api/bases';
import type { BBox, ClusterResult, MapFilter, Place, ProjectCard, ReverseResult } from '@shared/calls/hall';
import { hallCalls } from '@shared/calls/hall';

export interface MapApi {
  clusters(zoom: number, bbox: BBox, filter: MapFilter, signal: AbortSignal): Promise<ClusterResult>;
  project(pkid: number, signal?: AbortSignal): Promise<ProjectCard>;
  search(keyword: string, signal?: AbortSignal): Promise<Place[]>;
  reverse(lon: number, lat: number, signal?: AbortSignal): Promise<ReverseResult>;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function createMapApi(bases: ApiBases, client: ApiClient = createApiClient({ bases })): MapApi {
  return {
    clusters: (zoom, bbox, filter, signal) =>
      callApi(
        client,
        hallCalls.mapClusters,
        {
          zoom,
          bbox: [bbox.west, bbox.south, bbox.east, bbox.north].map(round5).join(','),
          ...compactParams({ ...filter }),
        },
        { signal },
      ),
    project: (pkid, signal) => callApi(client, hallCalls.mapProject, { pkid }, { signal }),
    search: (keyword, signal) => callApi(client, hallCalls.mapSearch, { keyword }, { signal }),
    reverse: (lon, lat, signal) =>
      callApi(client, hallCalls.mapReverse, { lon: round5(lon), lat: round5(lat) }, { signal }),
  };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The message to show for a failed call (AppError carries the server's Chinese message). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '加载失败，请稍后重试';
}

const formatter = new Intl.NumberFormat('zh-CN');
export const formatCount = (n: number) => formatter.format(n);

/** Fill shade of a district by its share of the largest count (5 steps of the primary blue). */
export function districtShade(count: number, max: number): string {
  const shades = ['#eef3fa', '#d3e0f2', '#a9c2e6', '#7a9fd4', '#4c7abd'];
  if (max <= 0 || count <= 0) return shades[0] as string;
  return shades[Math.min(4, Math.floor((count / max) * 4.999))] as string;
}
