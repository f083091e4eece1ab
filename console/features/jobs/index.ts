/** The pages of the jobs feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'jobs'> = {
  'task/time': () => import('./job-list-page').then((module) => module.JobListPage),
};
