/** The pages of the feedback feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { FeedbackListPage } from './pages';

export const pages: FeaturePages<'feedback'> = {
  'feedback/feedbackList': FeedbackListPage,
};
