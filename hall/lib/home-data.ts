import type { HallServices } from '@server/hall-services';
import type {
  AgencySummary,
  NewConstruction,
  NewProject,
  NoticeSummary,
} from '@server/modules/hall/hall-reads';

/** Spec section 9: the latest-items statistics ask for 5 items. */
export const LATEST_COUNT = 5;

export interface HomeLatest {
  notices: NoticeSummary[];
  agencies: AgencySummary[];
  constructions: NewConstruction[];
  projects: NewProject[];
}

/**
 * The home page's latest lists. Like the counts, a failure must not break the page: it gets null
 * (and says so), and the error goes to `onError`.
 */
export async function loadHomeLatest(
  services: HallServices | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<HomeLatest | null> {
  if (!services) {
    onError(new Error('locals.services is missing: the hall must be served by server/main.ts'));
    return null;
  }
  try {
    const { hall } = services;
    // Sequential: PGlite has one connection, and these are small indexed reads.
    const notices = await hall.notices.latest(LATEST_COUNT);
    const agencies = await hall.agencies.newest(LATEST_COUNT);
    const constructions = await hall.newest.constructions(LATEST_COUNT);
    const projects = await hall.newest.projects(LATEST_COUNT);
    return { notices, agencies, constructions, projects };
  } catch (error) {
    onError(error);
    return null;
  }
}

/** The tags of what the home page shows, for the front page cache. */
export const HOME_CACHE_TAGS = 'notices,agencies,constructions,projects,statistics,districts';
