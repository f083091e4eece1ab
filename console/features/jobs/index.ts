/** The pages of the jobs feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { JobListPage } from './job-list-page';

export const pages: FeaturePages<'jobs'> = {
  'task/time': JobListPage,
};
