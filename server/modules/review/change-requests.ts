/**
 * Change requests of approved subjects, once for every kind (agency, staff, unit, contract-filing and
 * authorization changes): the subject's current data stays in force; the request carries what it would
 * change (for field changes a full copy of the fields with the edits, `data`, beside the fields as they
 * were, `before`), is reviewed through the review workflow, and only an approval applies it, in the
 * decision's transaction (change-tables.ts `applyOnApproval`, the hook a domain gives its kind). At most
 * one open (draft or pending) request per subject, which a partial unique index of each table also
 * enforces; decided requests stay, so every earlier version stays readable.
 *
 * The domains keep only what is theirs: who may ask, which fields, the messages.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import { auditStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { ChangeRequestTable, ChangeTable } from './change-tables';
import { submitForReview, type ReviewClock } from './decide';

const OPEN = [auditStatus.code.draft, auditStatus.code.pending];

/** The subject's open (draft or pending) request, or null. */
export async function openChangeOf(
  db: Queryable,
  kind: ChangeTable,
  subjectId: number,
): Promise<{ pkid: number; auditStatus: number } | null> {
  const { table } = kind;
  const [row] = await db
    .select({ pkid: table.pkid, auditStatus: table.auditStatus })
    .from(table)
    .where(and(eq(kind.subjectId, subjectId), inArray(table.auditStatus, OPEN)));
  return row ?? null;
}

/** A request's own columns (the subject's id column, before and data, reason, …); the engine adds the rest. */
export type ChangeValues<T extends ChangeRequestTable> = Omit<
  PgInsertValue<T>,
  'pkid' | 'auditStatus' | 'applicantId' | 'createdAt' | 'updatedAt' | 'appliedAt'
>;

/**
 * Saves the subject's request (`requestId`, by default its open draft) or a new one, puts it under review
 * and, with action=submit, submits it, all in the caller's transaction. Refuses a request while another
 * is pending (409 with `pendingMessage`). Returns the request's id.
 */
export async function saveChangeRequest<T extends ChangeRequestTable>(
  ctx: ReviewClock,
  tx: Queryable,
  user: SessionUser,
  kind: ChangeTable<T>,
  input: {
    subjectId: number;
    values: ChangeValues<T>;
    action: 'save' | 'submit';
    pendingMessage: string;
    /** The request edited (a rejected one sent again), when it is not the open one. */
    requestId?: number | undefined;
  },
): Promise<number> {
  const current = await openChangeOf(tx, kind, input.subjectId);
  if (current?.auditStatus === auditStatus.code.pending)
    throw new AppError('conflict', { message: input.pendingMessage });
  const now = ctx.services.now();
  // A table handed in through a type parameter is written through PgTable (Drizzle cannot type it);
  // `values` was checked against the kind's own table by the caller.
  const table: PgTable = kind.table;
  let id = input.requestId ?? current?.pkid ?? null;
  if (id === null) {
    const [created] = await tx
      .insert(table)
      .values({ ...input.values, applicantId: user.pkid, createdAt: now, updatedAt: now })
      .returning({ id: kind.table.pkid });
    if (!created) throw new Error('change request insert returned nothing');
    id = created.id;
  } else {
    await tx
      .update(table)
      .set({ ...input.values, updatedAt: now })
      .where(eq(kind.table.pkid, id));
  }
  await submitForReview(ctx, tx, user, { subjectType: kind.subjectType, subjectId: id }, input.action);
  return id;
}
