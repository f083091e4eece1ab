/**
 * Change requests of approved subjects, once for every kind (agency changes, staff changes, unit
 * changes): the subject's current data stays in force; the request is a full copy of its fields with
 * the edits (`data`) beside the fields as they were (`before`), reviewed through the review workflow;
 * only an approval writes `data` over the subject, in the decision's transaction (`applyOnApproval`,
 * a kind's `onDecision` in kinds.ts). At most one open (draft or pending) request per subject, which a
 * partial unique index of each table also enforces.
 *
 * A kind names its table's columns once (change-tables.ts); the domains keep only what is theirs: who
 * may ask, which fields, the messages.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity/sessions';
import { auditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { ChangeTable } from './change-tables';
import { decideIn, getReviewState, openReview } from './service';

const OPEN = [auditStatus.code.draft, auditStatus.code.pending];

/** The subject's open (draft or pending) request, or null. */
export async function openChangeOf(
  db: Queryable,
  kind: ChangeTable,
  subjectId: number,
): Promise<{ pkid: number; auditStatus: number } | null> {
  const { columns } = kind;
  const [row] = (await db
    .select({ pkid: columns.pkid, auditStatus: columns.auditStatus })
    .from(kind.table)
    .where(and(eq(columns.subjectId, subjectId), inArray(columns.auditStatus, OPEN)))) as {
    pkid: number;
    auditStatus: number;
  }[];
  return row ?? null;
}

/**
 * Saves the subject's open draft (or a new request) with both versions, puts it under review and,
 * with action=submit, submits it, all in the caller's transaction. Refuses a request while another is
 * pending (409 with `pendingMessage`). Returns the request's id.
 */
export async function saveChangeRequest<F>(
  tx: Queryable,
  user: SessionUser,
  kind: ChangeTable,
  input: {
    subjectId: number;
    before: F;
    data: F;
    reason?: string | undefined;
    action: 'save' | 'submit';
    pendingMessage: string;
    /** More columns of the kind's table to write (by property name), e.g. attachment sets. */
    extra?: Record<string, unknown>;
  },
): Promise<number> {
  const current = await openChangeOf(tx, kind, input.subjectId);
  if (current?.auditStatus === auditStatus.code.pending)
    throw new AppError('conflict', { message: input.pendingMessage });
  const now = new Date();
  const fields: Record<string, unknown> = {
    ...input.extra,
    before: input.before,
    data: input.data,
    updatedAt: now,
  };
  if (kind.keys.reason) fields[kind.keys.reason] = input.reason ?? null;
  let id = current?.pkid ?? null;
  if (id === null) {
    const [created] = (await tx
      .insert(kind.table)
      .values({
        ...fields,
        [kind.keys.subjectId]: input.subjectId,
        applicantId: user.pkid,
        createdAt: now,
      } as never)
      .returning({ id: kind.columns.pkid })) as { id: number }[];
    if (!created) throw new Error('change request insert returned nothing');
    id = created.id;
  } else {
    await tx
      .update(kind.table)
      .set(fields as never)
      .where(eq(kind.columns.pkid, id));
  }
  await openReview(tx, { subjectType: kind.subjectType, subjectId: id, applicantId: user.pkid });
  if (input.action === 'submit')
    await decideIn(tx, user, { subjectType: kind.subjectType, subjectId: id, decision: 'submit' });
  return id;
}

/** What a detail page needs of a subject's review (null when it is not under review). */
export async function reviewStateOrNull(
  db: Queryable,
  user: SessionUser,
  type: AuditSubject,
  subjectId: number,
  { transfer = true }: { transfer?: boolean } = {},
) {
  try {
    const state = await getReviewState(db, user, type, subjectId);
    return {
      status: state.item.status,
      version: state.item.version,
      allowed: transfer ? state.allowed : state.allowed.filter((key) => key !== 'transfer'),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}
