/** Too few quotes: the owner extends the deadline, once (project/selection/extend). */
import { and, eq } from 'drizzle-orm';
import { demandSelections } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import { actAsOwner } from './act-as-owner';
import { selectionOf, type SelectionContext } from './demand';
import { checkDeadline } from './open-selection';
import { logEvent, tellAgencies } from './tell';

/** Quoting reopens until the new deadline; the invited agencies are told. */
export function extendDeadline(
  ctx: SelectionContext,
  user: SessionUser,
  input: { demandId: number; quoteDeadline: Date },
) {
  return actAsOwner(ctx, user, input.demandId, async (tx, demand, now) => {
    const selection = await selectionOf(tx, input.demandId, true);
    if (selection?.method !== 'price' || selection.state !== 'insufficient') {
      throw new AppError('conflict', { message: '只有报价不足三家的比选报价可以延长截止时间' });
    }
    if (selection.deadlineExtended) {
      throw new AppError('conflict', { message: '报价截止时间只能延长一次' });
    }
    checkDeadline(input.quoteDeadline, now);
    await tx
      .update(demandSelections)
      .set({ state: 'quoting', quoteDeadline: input.quoteDeadline, deadlineExtended: true, updatedAt: now })
      .where(and(eq(demandSelections.demandId, input.demandId), eq(demandSelections.state, 'insufficient')));
    await tellAgencies(
      tx,
      selection.invited ?? [],
      `项目“${demand.projectName}”比选报价截止时间延长至 ${formatDateTime(input.quoteDeadline)}`,
      now,
    );
    await logEvent(tx, demand, `延长比选报价截止时间至 ${formatDateTime(input.quoteDeadline)}`, user, now);
  });
}
