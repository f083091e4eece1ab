/** The job selection-price-close: price comparisons close at their deadline (the job runner's clock). */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { demandSelections } from '@server/db/schema';
import { MIN_QUOTES } from '@shared/domain/selection';
import { demandInfo, selectionOf } from './demand';
import { validQuotes } from './quotes';
import { settleLowest } from './settle-lowest';
import { logEvent, tellOwner } from './tell';

/**
 * The job selection-price-close: every price comparison whose deadline passed closes. With at least
 * MIN_QUOTES valid quotes the lowest wins; with fewer the owner decides (extend once, direct, or take
 * the lowest). Repeatable: a closed comparison is no longer `quoting`.
 */
export async function closeDueQuotes(ctx: Pick<AppContext, 'db'>, now: Date): Promise<string> {
  const due = await ctx.db
    .select({ demandId: demandSelections.demandId })
    .from(demandSelections)
    .where(and(eq(demandSelections.state, 'quoting'), lte(demandSelections.quoteDeadline, now)))
    .orderBy(asc(demandSelections.demandId));
  let settled = 0;
  let insufficient = 0;
  for (const { demandId } of due) {
    await ctx.db.transaction(async (tx) => {
      const selection = await selectionOf(tx, demandId, true);
      if (selection?.state !== 'quoting' || !selection.quoteDeadline || selection.quoteDeadline > now) return;
      const demand = await demandInfo(tx, demandId);
      const quotes = await validQuotes(tx, selection);
      if (quotes.length >= MIN_QUOTES) {
        await settleLowest(tx, demand, selection, quotes, null, now);
        settled++;
        return;
      }
      await tx
        .update(demandSelections)
        .set({ state: 'insufficient', updatedAt: now })
        .where(and(eq(demandSelections.demandId, demandId), eq(demandSelections.state, 'quoting')));
      const options = selection.deadlineExtended ? '可改为直接选取' : '可延长一次截止时间或改为直接选取';
      await tellOwner(
        tx,
        demand,
        `项目“${demand.projectName}”比选报价已截止，有效报价 ${quotes.length} 家，不足 ${MIN_QUOTES} 家：${options}${quotes.length > 0 ? '，或按最低报价确定' : ''}`,
        now,
      );
      await logEvent(
        tx,
        demand,
        `比选报价截止：有效报价 ${quotes.length} 家，不足 ${MIN_QUOTES} 家`,
        null,
        now,
      );
      insufficient++;
    });
  }
  return `${settled} 个比选报价确定中选机构，${insufficient} 个报价不足`;
}
