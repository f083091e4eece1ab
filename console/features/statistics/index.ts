/** The pages of the statistics feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { StatisticalPage } from './statistical-page';

export const pages: FeaturePages<'statistics'> = {
  'noticemanger/statistical': StatisticalPage,
};
