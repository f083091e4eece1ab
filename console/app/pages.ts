/**
 * The console's page registry: where each feature's code is. Which routes a feature builds is listed
 * once, in shared/domain/console-pages.ts; each feature's module (console/features/<feature>/index.ts,
 * loaded lazily) exports a loader of each of its pages as `pages`, so a page is a chunk of its own.
 *
 * Only built routes are routed, and the left menu hides the rest: we ship no "under construction"
 * pages.
 */
import { consolePages, type BuiltPages, type ConsoleFeature } from '@shared/domain/console-pages';
import type { PageLoader } from '@console/lib/feature-pages';

/** What a feature module exports. */
export interface PageModule {
  /** Page loaders by route id (`group/name`). */
  pages: Readonly<Record<string, PageLoader>>;
}

export interface FeatureEntry {
  load: () => Promise<PageModule>;
  /** Route ids the feature builds. */
  pages: readonly string[];
}

export type PageRegistry = Readonly<Record<string, FeatureEntry>> & BuiltPages;

const loaders: Record<ConsoleFeature, () => Promise<PageModule>> = {
  agencies: () => import('@console/features/agencies'),
  archive: () => import('@console/features/archive'),
  'audit-opinions': () => import('@console/features/audit-opinions'),
  'audit-users': () => import('@console/features/audit-users'),
  authorizations: () => import('@console/features/authorizations'),
  certificates: () => import('@console/features/certificates'),
  construction: () => import('@console/features/construction'),
  contracts: () => import('@console/features/contracts'),
  credit: () => import('@console/features/credit'),
  deadlines: () => import('@console/features/deadlines'),
  docking: () => import('@console/features/docking'),
  downloads: () => import('@console/features/downloads'),
  electronics: () => import('@console/features/electronics'),
  feedback: () => import('@console/features/feedback'),
  inspections: () => import('@console/features/inspections'),
  interfaces: () => import('@console/features/interfaces'),
  jobs: () => import('@console/features/jobs'),
  notices: () => import('@console/features/notices'),
  offline: () => import('@console/features/offline'),
  oversight: () => import('@console/features/oversight'),
  projects: () => import('@console/features/projects'),
  queries: () => import('@console/features/queries'),
  reporting: () => import('@console/features/reporting'),
  results: () => import('@console/features/results'),
  satisfaction: () => import('@console/features/satisfaction'),
  evaluations: () => import('@console/features/evaluations'),
  sharing: () => import('@console/features/sharing'),
  selection: () => import('@console/features/selection'),
  staff: () => import('@console/features/staff'),
  statistics: () => import('@console/features/statistics'),
  system: () => import('@console/features/system'),
  workbench: () => import('@console/features/workbench'),
};

export const pageRegistry: PageRegistry = Object.fromEntries(
  (Object.keys(consolePages) as ConsoleFeature[]).map((feature) => [
    feature,
    { pages: consolePages[feature], load: loaders[feature] },
  ]),
);

export { builtRouteFor, isRouteBuilt } from '@shared/domain/console-pages';
