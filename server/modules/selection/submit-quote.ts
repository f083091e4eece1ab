/** An invited agency quotes (project/selection/quote). */
import { selectionQuotes } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import type { QuoteInput } from '@shared/validation/selection';
import { eligibleAgencyIds, selectionOf, type SelectionContext } from './demand';
import { ownAgencyId, toQuoteRow } from './quotes';

/** An invited agency quotes (or revises its quote) before the deadline. */
export async function submitQuote(ctx: SelectionContext, user: SessionUser, input: QuoteInput) {
  const now = ctx.services.now();
  const organizationId = await ownAgencyId(ctx.db, user);
  return ctx.db.transaction(async (tx) => {
    const selection = await selectionOf(tx, input.demandId, true);
    if (!selection?.invited?.includes(organizationId)) {
      throw new AppError('not_found', { message: '没有该需求的报价邀请' });
    }
    if (selection.state !== 'quoting' || !selection.quoteDeadline || selection.quoteDeadline <= now) {
      throw new AppError('conflict', { message: '报价已截止' });
    }
    if (!(await eligibleAgencyIds(tx, input.demandId, 'price')).includes(organizationId)) {
      throw new AppError('conflict', { message: '贵机构当前不符合选取条件，不能报价' });
    }
    const [quote] = await tx
      .insert(selectionQuotes)
      .values({
        demandId: input.demandId,
        organizationId,
        amount: input.amount,
        plan: input.plan,
        quotedBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [selectionQuotes.demandId, selectionQuotes.organizationId],
        set: { amount: input.amount, plan: input.plan, quotedBy: user.pkid, updatedAt: now },
      })
      .returning();
    return toQuoteRow(quote!, '');
  });
}
