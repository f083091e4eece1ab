/** The pages of the feedback feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'feedback'> = {
  'feedback/feedbackList': () => import('./pages').then((module) => module.FeedbackListPage),
};
