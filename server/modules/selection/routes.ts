/** Selection of a demand's agency (shared/calls/selection.ts): one step per file beside this one. */
import { implement, reply } from '@server/lib/calls';
import { selectionCalls } from '@shared/calls/selection';
import { acceptLowest } from './accept-lowest';
import { chooseDirect } from './choose-direct';
import { drawAgency } from './draw-agency';
import { extendDeadline } from './extend-deadline';
import { getOwnerSelection, getPublicSelection } from './get-selection';
import { listEligibleAgencies } from './list-eligible-agencies';
import { listInvitations } from './list-invitations';
import { listOwnerDemands } from './list-owner-demands';
import { setMethod } from './set-method';
import { submitQuote } from './submit-quote';

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
