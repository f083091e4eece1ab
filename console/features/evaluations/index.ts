/** The pages of the evaluations feature (smd, con), by route (shared/domain/console-pages.ts) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'evaluations'> = {
  'evaluatemanger/smdEvaluteList': () =>
    import('./assessment-pages').then((module) => module.AssessmentListPage),
  'evaluatemanger/smdEvalute': () => import('./assessment-pages').then((module) => module.AssessPage),
  'evaluatemanger/conEvaluteList': () =>
    import('./owner-rating-pages').then((module) => module.OwnerRatingListPage),
  'evaluatemanger/conEvalute': () => import('./owner-rating-pages').then((module) => module.RateOwnerPage),
};
