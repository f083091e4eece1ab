/** The pages of the inspections feature (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { InspectionsPage } from './inspections-page';

export const pages: FeaturePages<'inspections'> = {
  'evaluatemanger/organizationCheckList': InspectionsPage,
};
