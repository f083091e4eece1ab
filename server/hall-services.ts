/**
 * What hall pages may read in-process (contract item 4): server/main.ts builds this once and passes it
 * to Astro's handler as `locals.services`, so a page never calls our own API over HTTP.
 */
import type { AppContext } from './app-context';
import { getHallCounts } from './modules/statistics/service';
import type { HallCounts } from './modules/statistics/service';

export interface HallServices {
  statistics: {
    /** The home page's statistics strip. */
    getHallCounts: () => Promise<HallCounts>;
  };
}

export function createHallServices(ctx: AppContext): HallServices {
  const { db } = ctx;
  return {
    statistics: {
      getHallCounts: () => getHallCounts(db),
    },
  };
}

export type { HallCounts };
