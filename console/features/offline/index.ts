/** The pages of the offline feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { OfflineListPage, OfflineProjectPage } from './offline-pages';
import { CaseAddPage, CaseDetailPage, CaseTodoSection } from './case-pages';

export const pages: FeaturePages<'offline'> = {
  'workflow/offlineProjectList': OfflineListPage,
  'workflow/offlineProject': OfflineProjectPage,
  'notdchy/CaseAdd': CaseAddPage,
  'notdchy/CaseDetail': CaseDetailPage,
  'notdchy/toDoList': CaseTodoSection,
};
