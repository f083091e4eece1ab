/** The pages of the offline feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'offline'> = {
  'workflow/offlineProjectList': () => import('./offline-pages').then((module) => module.OfflineListPage),
  'workflow/offlineProject': () => import('./offline-pages').then((module) => module.OfflineProjectPage),
  'notdchy/CaseAdd': () => import('./case-pages').then((module) => module.CaseAddPage),
  'notdchy/CaseDetail': () => import('./case-pages').then((module) => module.CaseDetailPage),
  'notdchy/toDoList': () => import('./case-pages').then((module) => module.CaseTodoSection),
};
