/** The pages of the docking feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { DockingDetailPage, DockingListPage } from './docking-pages';

export const pages: FeaturePages<'docking'> = {
  'dataExchangeSystem/dockingList': DockingListPage,
  'dataExchangeSystem/dockingDetails': DockingDetailPage,
};
