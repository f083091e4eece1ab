/** The pages of the satisfaction feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'satisfaction'> = {
  'evaluatemanger/smoEvaluteList': () => import('./pages').then((module) => module.RatingListPage),
  'evaluatemanger/smoEvalute': () => import('./pages').then((module) => module.RateAgencyPage),
};
