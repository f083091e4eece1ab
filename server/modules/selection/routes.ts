/** Selection of a demand's agency (shared/contracts/selection.ts). */
import { implement, reply } from '@server/lib/contracts';
import { selectionCalls } from '@shared/contracts/selection';
import {
  acceptLowest,
  chooseDirect,
  drawAgency,
  extendDeadline,
  getOwnerSelection,
  getPublicSelection,
  listEligibleAgencies,
  listInvitations,
  listOwnerDemands,
  setMethod,
  submitQuote,
} from './service';

export const selectionRoutes = implement(selectionCalls, (ctx) => ({
  getAgentOrganizationByItems: ({ demandId }, { user }) => listEligibleAgencies(ctx, user, demandId),
  ownerList: (input, { user }) => listOwnerDemands(ctx, user, input),
  ownerSelection: ({ demandId }, { user }) => getOwnerSelection(ctx, user, demandId),
  drawRecord: ({ demandId }) => getPublicSelection(ctx.db, demandId),
  setMethod: async (input, { user }) => reply(await setMethod(ctx, user, input), '选取方式已保存'),
  choose: async (input, { user }) => reply(await chooseDirect(ctx, user, input), '已选定中介机构'),
  draw: async ({ demandId }, { user }) => reply(await drawAgency(ctx, user, demandId), '抽取完成'),
  extend: async (input, { user }) => reply(await extendDeadline(ctx, user, input), '报价截止时间已延长'),
  acceptLowest: async ({ demandId }, { user }) =>
    reply(await acceptLowest(ctx, user, demandId), '已按最低报价确定中选机构'),
  invitations: (input, { user }) => listInvitations(ctx, user, input),
  quote: async (input, { user }) => reply(await submitQuote(ctx, user, input), '报价已提交'),
}));
