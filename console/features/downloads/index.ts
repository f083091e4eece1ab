/** The pages of the downloads feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'downloads'> = {
  'downLoad/service': () => import('./service-page').then((module) => module.ServicePage),
};
