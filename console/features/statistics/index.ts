/** The pages of the statistics feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'statistics'> = {
  'noticemanger/statistical': () => import('./statistical-page').then((module) => module.StatisticalPage),
};
