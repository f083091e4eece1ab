/** A price comparison ends: the lowest valid quote wins. */
import type { Queryable } from '@server/db/database';
import { frozenCandidates } from '@shared/domain/selection';
import type { DemandInfo, Selection, SelectionActor } from './demand';
import type { NamedQuote } from './quotes';
import { drawOver, recordWinner } from './record-winner';
import { logEvent } from './tell';

/**
 * The lowest of `quotes` (valid, lowest first, at least one) wins; a tie is drawn over the tied
 * agencies with the demand's salt. The owner is told (recordWinner); `actor` null is the closing job.
 */
export async function settleLowest(
  tx: Queryable,
  demand: DemandInfo,
  selection: Selection,
  quotes: NamedQuote[],
  actor: SelectionActor | null,
  now: Date,
): Promise<void> {
  const lowest = quotes[0]!.quote.amount;
  // numeric(14,2) compares exactly as its text from PostgreSQL (same scale): no floats involved.
  const tied = frozenCandidates(
    quotes.filter((q) => q.quote.amount === lowest).map((q) => q.quote.organizationId),
  );
  const winnerId = tied.length === 1 ? tied[0]! : drawOver(selection, tied);
  const how = tied.length > 1 ? `，${tied.length} 家报价相同，随机抽取决定` : '';
  // The owner's message (recordWinner's) names the lowest quote and leads to the 委托.
  const orgName = await recordWinner(
    tx,
    demand,
    {
      fromStates: ['quoting', 'insufficient'],
      values: { winnerId, ...(tied.length > 1 ? { candidates: tied, drawnAt: now } : {}) },
      actor,
      how: '比选报价',
      detail: `（最低报价 ${lowest} 元${how}）`,
    },
    now,
  );
  await logEvent(
    tx,
    demand,
    `比选报价结束：${quotes.length} 家有效报价，${orgName}以 ${lowest} 元中选${how}`,
    actor,
    now,
  );
}
