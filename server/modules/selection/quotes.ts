/** The quotes of a price comparison: whose agency quotes, and the quotes read lowest first. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, selectionQuotes } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { QuoteRow } from '@shared/calls/selection';
import { AppError } from '@shared/errors/app-error';
import { eligibleAgencyIds, type Selection } from './demand';

/** The agency whose organization account the user is (403: only agencies quote). */
export async function ownAgencyId(db: Queryable, user: SessionUser): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) throw new AppError('forbidden', { message: '只有中介机构账号可以报价' });
  return org.id;
}

/** A quote as answered. */
export function toQuoteRow(q: typeof selectionQuotes.$inferSelect, orgName: string): QuoteRow {
  return {
    organizationId: q.organizationId,
    orgName,
    amount: q.amount,
    plan: q.plan,
    quotedAt: q.updatedAt.toISOString(),
  };
}

/** Every quote of the demand with its agency's name, lowest first (ties by agency id). */
export function quotesOf(db: Queryable, demandId: number) {
  return db
    .select({ quote: selectionQuotes, orgName: agentOrganizations.orgName })
    .from(selectionQuotes)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, selectionQuotes.organizationId))
    .where(eq(selectionQuotes.demandId, demandId))
    .orderBy(asc(selectionQuotes.amount), asc(selectionQuotes.organizationId));
}

/** A quote with its agency's name. */
export type NamedQuote = Awaited<ReturnType<typeof quotesOf>>[number];

/** Valid quotes of a selection: from invited agencies still eligible, lowest first. */
export async function validQuotes(tx: Queryable, selection: Selection): Promise<NamedQuote[]> {
  const eligible = await eligibleAgencyIds(tx, selection.demandId, 'price');
  const invited = new Set(selection.invited ?? []);
  const rows = await quotesOf(tx, selection.demandId);
  return rows.filter((r) => invited.has(r.quote.organizationId) && eligible.includes(r.quote.organizationId));
}
