/**
 * A kind of change request, as its domain declares it beside its review hooks (agencies, staff,
 * construction, contracts, authorizations): its review kind, its table and the column of the subject it
 * changes. This file names no table; it gives every kind the same review hook (`applyOnApproval`) and
 * the same review-item source (`changeItems`) and the same subjects of the reviewers' lists
 * (`changeSubjects`).
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { containsAny } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import type { ReviewItemSource } from '@server/db/review-items';
import { auditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { ReviewHook, ReviewHookContext } from './hooks';
import type { ReviewSubjects } from './todo-rows';

type IntColumn = AnyPgColumn<{ data: number; notNull: true }>;
type TimeColumn = AnyPgColumn<{ data: Date; notNull: true }>;

/** The columns every change-request table has (agent_org_changes, contract_changes, …). */
export type ChangeRequestTable = PgTable & {
  pkid: IntColumn;
  auditStatus: IntColumn;
  /** Who asked (null once the account is gone). */
  applicantId: AnyPgColumn<{ data: number }>;
  createdAt: TimeColumn;
  updatedAt: TimeColumn;
  /** When an approval put the request in force. */
  appliedAt: AnyPgColumn<{ data: Date }>;
};

export interface ChangeTable<T extends ChangeRequestTable = ChangeRequestTable> {
  /** The review kind of the requests (auditSubject). */
  subjectType: AuditSubject;
  table: T;
  /** The column of the subject a request changes: one open (draft or pending) request per subject. */
  subjectId: IntColumn;
}

/** A domain's step on a decided request of its kind, given the request's row, in the decision's transaction. */
export type ChangeStep<T extends ChangeRequestTable> = (
  hook: ReviewHookContext,
  change: T['$inferSelect'],
) => Promise<void>;

/**
 * The review hook of a change kind: mirrors every status change into the request's row (and its
 * applied time on an approval), then runs the domain's step: `apply` on an approval (write the copy over
 * the subject, replace an agency …), `onRejection` on a rejection. Until an approval the subject stays
 * as it is; when a step throws, the whole decision is undone.
 */
export function applyOnApproval<T extends ChangeRequestTable>(
  kind: ChangeTable<T>,
  apply: ChangeStep<T>,
  { onRejection }: { onRejection?: ChangeStep<T> } = {},
): ReviewHook {
  return async (hook) => {
    if (hook.from === hook.to) return;
    const approved = hook.to === auditStatus.code.approved;
    // Drizzle cannot type a write to a table handed in through a type parameter, so it goes through
    // PgTable, whose rows it leaves untyped: the row returned is the kind's own table's row.
    const table: PgTable = kind.table;
    const rows = await hook.tx
      .update(table)
      .set({ auditStatus: hook.to, updatedAt: hook.at, ...(approved ? { appliedAt: hook.at } : {}) })
      .where(eq(kind.table.pkid, hook.subjectId))
      .returning();
    const [change] = rows as T['$inferSelect'][];
    if (!change) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
    if (approved) await apply(hook, change);
    else if (hook.to === auditStatus.code.rejected) await onRejection?.(hook, change);
  };
}

/**
 * The kind's requests as review items (backfillReviewItems): the applicant asked; a request counts as
 * submitted when it was created and as decided when it was last updated.
 */
export function changeItems(kind: ChangeTable): ReviewItemSource {
  const { table } = kind;
  return {
    table,
    id: table.pkid,
    applicant: table.applicantId,
    submitted: table.createdAt,
    decided: table.updatedAt,
  };
}

/**
 * The kind's requests as the reviewers' lists show them (todo-rows.ts): `select` is the list's query of
 * the requests, whose rows carry the request's `pkid`. The queue searches the subject a request changes:
 * the requests joined to the subject's table (`subject.table` on `subject.on`) whose `subject.columns`
 * contain the keyword.
 */
export function changeSubjects<S extends { pkid: number }>(
  kind: ChangeTable,
  select: (db: Queryable) => { where(condition: SQL): PromiseLike<readonly S[]> },
  subject: { table: PgTable; on: SQL; columns: AnyPgColumn[] },
): ReviewSubjects<S> {
  const { table } = kind;
  return {
    subjectType: kind.subjectType,
    rowsOf: async (db, ids) => select(db).where(inArray(table.pkid, ids)),
    idOf: (row) => row.pkid,
    search: (db, keyword) =>
      db
        .select({ id: table.pkid })
        .from(table)
        .innerJoin(subject.table, subject.on)
        .where(containsAny(keyword, ...subject.columns)),
  };
}
