/** The pages of the data interfaces (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'interfaces'> = {
  'dataExchangeSystem/interfaceManagement': () =>
    import('./interface-management-page').then((module) => module.InterfaceManagementPage),
  'dataExchangeSystem/interfaceDetails': () =>
    import('./interface-details-page').then((module) => module.InterfaceDetailsPage),
};
