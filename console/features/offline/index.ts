/** The workflow route group's pages built so far (ours: offline projects): one lazy chunk, registered in console/app/pages.ts. */
import { OfflineListPage, OfflineProjectPage } from './offline-pages';

export const pages = {
  offlineProjectList: OfflineListPage,
  offlineProject: OfflineProjectPage,
};
