/**
 * What hall pages may read in-process (contract item 4): server/main.ts builds this once and passes it
 * to Astro's handler as `locals.services`, so a page never calls our own API over HTTP.
 */
import type { AppContext } from './app-context';
import {
  getProjectDistribute,
  listDistrictShapes,
  type DistrictShape,
  type MapClientConfig,
  type ProjectDistribute,
} from '@server/modules/map';
import { createHallReads, type HallReads } from './hall-reads';
import { getHallCounts, type HallCounts } from '@server/modules/statistics';

export interface HallServices {
  statistics: {
    /** The home page's statistics strip. */
    getHallCounts: () => Promise<HallCounts>;
  };
  map: {
    /** Listed districts with boundary and project count (map base layer, home map preview). */
    listDistrictShapes: () => Promise<DistrictShape[]>;
    /** Projects per status, current stage and year (the map's filter options and summary). */
    getProjectDistribute: () => Promise<ProjectDistribute>;
    /** Provider, bounds and tiles for the map page. */
    getClientConfig: () => MapClientConfig;
  };
  /** Notices, agencies, downloads, demands and the newest lists (server/hall-reads.ts). */
  hall: HallReads;
}

export function createHallServices(ctx: AppContext): HallServices {
  const { db } = ctx;
  // Built once at start, after the data is in: the map's first visitor should not wait for 100k points.
  ctx.services.map.clusters.warm();
  return {
    statistics: {
      getHallCounts: () => getHallCounts(db),
    },
    map: {
      listDistrictShapes: () => listDistrictShapes(db),
      getProjectDistribute: () => getProjectDistribute(db),
      getClientConfig: () => ctx.services.map.clientConfig,
    },
    hall: createHallReads(ctx),
  };
}

export type { HallCounts };
