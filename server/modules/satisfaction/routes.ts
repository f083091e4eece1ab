/** /constructionSatisfy/* (shared/calls/satisfaction.ts). */
import { implement, reply } from '@server/lib/calls';
import { satisfactionCalls } from '@shared/calls/satisfaction';
import { getRating, listRatable, listRatings, ratingOfDemand, ratingSummary, saveRating } from './service';

export const satisfactionRoutes = implement(satisfactionCalls, (ctx) => ({
  save: async (input, { user }) => reply(await saveRating(ctx, user, input), '评价成功'),
  query: (input, { user }) => listRatings(ctx.db, user, input),
  queryOne: (input, { user }) => getRating(ctx.db, user, input.tableId),
  byDemand: (input, { user }) => ratingOfDemand(ctx.db, user, input.projectDemandId),
  ratable: (input, { user }) => listRatable(ctx.db, user, input),
  summary: (input) => ratingSummary(ctx.db, input.organizationId),
}));
