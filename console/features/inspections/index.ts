/** The pages of the inspections feature (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'inspections'> = {
  'evaluatemanger/organizationCheckList': () =>
    import('./inspections-page').then((module) => module.InspectionsPage),
};
