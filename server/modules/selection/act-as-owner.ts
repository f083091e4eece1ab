/** The shape of every owner's step on a selection: one transaction on its own locked demand. */
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import type { OwnerSelection } from '@shared/calls/selection';
import { ownDemand, type DemandInfo, type SelectionContext } from './demand';
import { getOwnerSelection } from './get-selection';

/**
 * Runs `act` in a transaction on the user's own demand (locked; another owner's answers 404) at the
 * product's clock, then answers the owner's view of the selection as it stands after.
 */
export async function actAsOwner(
  ctx: SelectionContext,
  user: SessionUser,
  demandId: number,
  act: (tx: Queryable, demand: DemandInfo, now: Date) => Promise<void>,
): Promise<OwnerSelection> {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => act(tx, await ownDemand(tx, user, demandId, true), now));
  return getOwnerSelection(ctx, user, demandId);
}
