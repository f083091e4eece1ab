/** The pages of the archive feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'archive'> = {
  'workflow/myDetials': () => import('./case-archive-page').then((module) => module.CaseArchivePage),
};
