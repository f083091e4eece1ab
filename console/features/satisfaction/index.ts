/** The pages of the satisfaction feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { RateAgencyPage, RatingListPage } from './pages';

export const pages: FeaturePages<'satisfaction'> = {
  'evaluatemanger/smoEvaluteList': RatingListPage,
  'evaluatemanger/smoEvalute': RateAgencyPage,
};
