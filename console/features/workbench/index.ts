/** The pages of the workbench feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'workbench'> = {
  'workbench/home': () => import('./work-home-page').then((module) => module.WorkHomePage),
};
