/** The pages of the selection feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { DemandOptionPage } from './owner-pages';
import { AgencyDemandOptionPage } from './agency-pages';

export const pages: FeaturePages<'selection'> = {
  'demandmanger/demandOption': DemandOptionPage,
  'notdchy/DemandOption': AgencyDemandOptionPage,
};
