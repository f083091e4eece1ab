/** The oversight hub's calls (shared/calls/oversight.ts), built with the item sources the root hands in. */
import type { ReviewItemSources } from '@server/db/review-items';
import { implement, type CallModule } from '@server/lib/calls';
import { oversightCalls } from '@shared/calls/oversight';
import { listOpenTasks, listReturnedTasks, openTaskHolders } from './oversight';

export function oversightRoutes(sources: ReviewItemSources): CallModule {
  return implement(oversightCalls, (ctx) => ({
    openTasks: (input, { user }) => listOpenTasks(ctx.db, sources, user, input, ctx.services.now()),
    holders: (_input, { user }) => openTaskHolders(ctx.db, sources, user),
    returnedTasks: (input, { user }) => listReturnedTasks(ctx.db, sources, user, input),
  }));
}
