/** The pages of the downloads feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { ServicePage } from './service-page';

export const pages: FeaturePages<'downloads'> = {
  'downLoad/service': ServicePage,
};
