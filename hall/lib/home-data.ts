import type { HallServices } from '@server/hall-services';
import type { AgencySummary, NewConstruction, NewProject, NoticeSummary } from '@server/hall-reads';
import type { BBox, DistrictShape } from '@shared/calls/hall';

/** Spec section 9: the latest-items statistics ask for 5 items. */
export const LATEST_COUNT = 5;

/**
 * One read of the home page's data. The page must still render when it fails (services not passed,
 * as under `astro dev`, or a database error): the read then gives null, which the page shows and
 * which keeps the page out of the front cache, and the error goes to `onError`.
 */
export async function readHomePart<S, T>(
  services: S | undefined,
  read: (services: S) => Promise<T>,
  onError: (error: unknown) => void,
): Promise<T | null> {
  if (!services) {
    onError(new Error('locals.services is missing: the hall must be served by server/main.ts'));
    return null;
  }
  try {
    return await read(services);
  } catch (error) {
    onError(error);
    return null;
  }
}

export interface HomeLatest {
  notices: NoticeSummary[];
  agencies: AgencySummary[];
  constructions: NewConstruction[];
  projects: NewProject[];
}

/** The home page's latest lists, or null when they could not be read. */
export function loadHomeLatest(
  services: Pick<HallServices, 'hall'> | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<HomeLatest | null> {
  return readHomePart(
    services,
    async ({ hall }) => {
      // Sequential: PGlite has one connection, and these are small indexed reads.
      const notices = await hall.notices.latest(LATEST_COUNT);
      const agencies = await hall.agencies.newest(LATEST_COUNT);
      const constructions = await hall.newest.constructions(LATEST_COUNT);
      const projects = await hall.newest.projects(LATEST_COUNT);
      return { notices, agencies, constructions, projects };
    },
    onError,
  );
}

/** The map preview's districts (boundary, centre, project count) and the city's box they are drawn in. */
export interface HomeMapPreview {
  districts: DistrictShape[];
  bbox: BBox;
}

/** The home page's map preview, or null when its districts could not be read. */
export function loadHomeMapPreview(
  services: Pick<HallServices, 'map'> | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<HomeMapPreview | null> {
  return readHomePart(
    services,
    async ({ map }) => ({ districts: await map.listDistrictShapes(), bbox: map.getClientConfig().bbox }),
    onError,
  );
}

/** The tags of what the home page shows, for the front page cache. */
export const HOME_CACHE_TAGS = 'notices,agencies,constructions,projects,statistics,districts';
