/** The pages of the selection feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'selection'> = {
  'demandmanger/demandOption': () => import('./owner-pages').then((module) => module.DemandOptionPage),
  'notdchy/DemandOption': () => import('./agency-pages').then((module) => module.AgencyDemandOptionPage),
};
