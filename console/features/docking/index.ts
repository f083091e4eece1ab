/** The dataExchangeSystem route group's pages (docking with the approval platform), registered in console/app/pages.ts. */
import { DockingDetailPage, DockingListPage } from './docking-pages';

export const pages = {
  interfaceManagement: DockingListPage,
  interfaceDetails: DockingDetailPage,
};
