/**
 * Reading one selection: the public record (the hall and anyone) and the owner's view. The draw's salt
 * is created when the method is first chosen and only its sha256 (the commitment) is public; no answer
 * carries the salt before `drawn_at` is set (publicRecord is the one place that decides). Quotes are
 * visible to their own agency only until the price comparison closes.
 */
import { count, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { selectionQuotes } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { OwnerSelection, PublicSelection, QuoteRow } from '@shared/calls/selection';
import { drawHashInput, type SelectionMethod, type SelectionState } from '@shared/domain/selection';
import { projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import {
  agencyUsers,
  demandInfo,
  hasAuthorization,
  ownDemand,
  selectionOf,
  type Selection,
  type SelectionContext,
} from './demand';
import { sha256hex } from './open-selection';
import { quotesOf, toQuoteRow } from './quotes';

async function orgName(db: Queryable, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await agencyUsers(db, [id])).get(id)?.orgName ?? null;
}

/**
 * What anyone may see of a selection. The ONE place that decides whether the salt is shown: only
 * once a draw happened (`drawnAt`). Candidates likewise appear with the draw.
 */
async function publicRecord(db: Queryable, selection: Selection): Promise<PublicSelection> {
  const drawn = selection.drawnAt !== null;
  const candidates = drawn ? (selection.candidates ?? []) : null;
  const names = candidates ? await agencyUsers(db, candidates) : new Map();
  const hashInput =
    drawn && candidates ? drawHashInput(selection.salt, selection.demandId, candidates) : null;
  return {
    demandId: selection.demandId,
    method: selection.method as SelectionMethod,
    state: selection.state as SelectionState,
    commitment: selection.commitment,
    salt: drawn ? selection.salt : null,
    candidates: candidates
      ? candidates.map((id) => ({ organizationId: id, orgName: names.get(id)?.orgName ?? '' }))
      : null,
    hashInput,
    hash: hashInput === null ? null : sha256hex(hashInput),
    drawnAt: selection.drawnAt?.toISOString() ?? null,
    winnerId: selection.winnerId,
    winnerName: await orgName(db, selection.winnerId),
    decidedAt: selection.decidedAt?.toISOString() ?? null,
    decidedByName: selection.decidedByName,
    quoteDeadline: selection.quoteDeadline?.toISOString() ?? null,
  };
}

/** The public record of a released demand's selection (null when no method was chosen yet). */
export async function getPublicSelection(db: Queryable, demandId: number): Promise<PublicSelection | null> {
  const demand = await demandInfo(db, demandId).catch(() => null);
  if (!demand || demand.demandStatus === projectStatus.code.draft) {
    throw new AppError('not_found', { message: '该测绘需求不存在或尚未发布' });
  }
  const selection = await selectionOf(db, demandId);
  return selection ? publicRecord(db, selection) : null;
}

/** The owner's view: the public record, the quoting state, and the quotes once quoting closed. */
export async function getOwnerSelection(
  ctx: SelectionContext,
  user: SessionUser,
  demandId: number,
): Promise<OwnerSelection> {
  const demand = await ownDemand(ctx.db, user, demandId);
  const selection = await selectionOf(ctx.db, demandId);
  const base = {
    demandId,
    projectId: demand.projectId,
    authorized: await hasAuthorization(ctx.db, demandId),
    projectName: demand.projectName,
    projectNo: demand.projectNo,
    demandStatus: demand.demandStatus,
    allowedMethods: [...ctx.config.selectionMethods],
  };
  if (!selection) {
    return { ...base, record: null, invitedCount: 0, quoteCount: 0, deadlineExtended: false, quotes: null };
  }
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(selectionQuotes)
    .where(eq(selectionQuotes.demandId, demandId));
  // Quotes stay private while quoting is open: the owner sees how many, not who or how much.
  const closed = selection.method === 'price' && selection.state !== 'quoting';
  let quotes: QuoteRow[] | null = null;
  if (closed) quotes = (await quotesOf(ctx.db, demandId)).map((r) => toQuoteRow(r.quote, r.orgName));
  return {
    ...base,
    record: await publicRecord(ctx.db, selection),
    invitedCount: selection.invited?.length ?? 0,
    quoteCount: counted?.n ?? 0,
    deadlineExtended: selection.deadlineExtended,
    quotes,
  };
}
