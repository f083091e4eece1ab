/** Too few quotes: the owner takes the lowest of those received (project/selection/acceptLowest). */
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { actAsOwner } from './act-as-owner';
import { selectionOf, type SelectionContext } from './demand';
import { validQuotes } from './quotes';
import { settleLowest } from './settle-lowest';

/** The lowest valid quote wins, as when enough agencies quoted. */
export function acceptLowest(ctx: SelectionContext, user: SessionUser, demandId: number) {
  return actAsOwner(ctx, user, demandId, async (tx, demand, now) => {
    const selection = await selectionOf(tx, demandId, true);
    if (selection?.method !== 'price' || selection.state !== 'insufficient') {
      throw new AppError('conflict', { message: '只有已截止且报价不足三家的比选报价可以按最低报价确定' });
    }
    const quotes = await validQuotes(tx, selection);
    if (quotes.length === 0) throw new AppError('conflict', { message: '没有有效报价' });
    await settleLowest(tx, demand, selection, quotes, user, now);
  });
}
