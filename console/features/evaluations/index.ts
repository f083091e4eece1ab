/** The pages of the evaluations feature (smd, con), by route (shared/domain/console-pages.ts): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { AssessPage, AssessmentListPage } from './assessment-pages';
import { OwnerRatingListPage, RateOwnerPage } from './owner-rating-pages';

export const pages: FeaturePages<'evaluations'> = {
  'evaluatemanger/smdEvaluteList': AssessmentListPage,
  'evaluatemanger/smdEvalute': AssessPage,
  'evaluatemanger/conEvaluteList': OwnerRatingListPage,
  'evaluatemanger/conEvalute': RateOwnerPage,
};
