/** The pages of the docking feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'docking'> = {
  'dataExchangeSystem/dockingList': () => import('./docking-pages').then((module) => module.DockingListPage),
  'dataExchangeSystem/dockingDetails': () =>
    import('./docking-pages').then((module) => module.DockingDetailPage),
};
