/** The review engine's own calls (shared/calls/review.ts): claiming a task from the pool. */
import { implement, reply } from '@server/lib/calls';
import { reviewCalls } from '@shared/calls/review';
import { reviewQueueMessages } from '@shared/validation/review';
import { claimReview } from './claim';

export const reviewRoutes = implement(reviewCalls, ({ db }) => ({
  claim: async ({ subjectType, subjectId }, { user }) =>
    reply(await claimReview(db, user, subjectType, subjectId), reviewQueueMessages.claimed),
}));
