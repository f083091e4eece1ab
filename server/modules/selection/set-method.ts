/** The owner chooses or changes how a demand's agency is selected (project/selection/setMethod). */
import { and, eq, isNull } from 'drizzle-orm';
import { demandSelections } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { selectionMethodLabels, type SelectionMethod } from '@shared/domain/selection';
import { AppError } from '@shared/errors/app-error';
import type { SetMethodInput } from '@shared/validation/selection';
import { actAsOwner } from './act-as-owner';
import { hasAuthorization, requireReleased, selectionOf, type SelectionContext } from './demand';
import { assertAllowed, openSelection, quotingFor } from './open-selection';
import { logEvent } from './tell';

/**
 * The owner chooses the method of a released demand that has none yet (the seeded ones), or changes
 * it while nothing is decided: before a draw or a direct choice; after a price comparison closed
 * with too few quotes, only to direct choice. Quoting in progress and a recorded winner refuse (409).
 */
export async function setMethod(ctx: SelectionContext, user: SessionUser, input: SetMethodInput) {
  const allowed = ctx.config.selectionMethods;
  assertAllowed(input.method, allowed);
  return actAsOwner(ctx, user, input.demandId, async (tx, demand, now) => {
    requireReleased(demand);
    const current = await selectionOf(tx, input.demandId, true);
    if (!current && (await hasAuthorization(tx, input.demandId))) {
      throw new AppError('conflict', { message: '该需求已授权中介机构，无需再选取' });
    }
    if (!current) {
      await openSelection(tx, { ...input, actor: user, now, allowedMethods: allowed });
      return;
    }
    if (current.state === 'done') {
      throw new AppError('conflict', { message: '已选定中介机构，不能更改选取方式' });
    }
    if (current.state === 'quoting') {
      throw new AppError('conflict', { message: '比选报价进行中，截止后才能更改选取方式' });
    }
    if (current.state === 'insufficient' && input.method !== 'direct') {
      throw new AppError('conflict', {
        message: '报价不足三家时，只能延长一次报价截止时间或改为直接选取',
      });
    }
    if (current.method === input.method) return;
    const { invited, quoteDeadline } = await quotingFor(tx, demand, input.method, input.quoteDeadline, now);
    await tx
      .update(demandSelections)
      .set({
        method: input.method,
        state: input.method === 'price' ? 'quoting' : 'open',
        // An earlier invitation list stays for the record when switching to direct after quoting.
        ...(input.method === 'price' ? { invited, quoteDeadline } : {}),
        updatedAt: now,
      })
      .where(and(eq(demandSelections.demandId, input.demandId), isNull(demandSelections.winnerId)));
    await logEvent(
      tx,
      demand,
      `更改中介机构选取方式：${selectionMethodLabels[current.method as SelectionMethod]} → ${selectionMethodLabels[input.method]}`,
      user,
      now,
    );
  });
}
