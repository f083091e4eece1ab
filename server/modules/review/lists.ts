/**
 * The reviewers' task lists (decision 0005 "Who reviews"): the to-do (pending items of the kinds the
 * user reviews, held by them or by nobody, oldest submission first) and the done list (the items whose
 * latest approve, reject or transfer was theirs, newest first). Both paged, with an optional kind and
 * an optional filter of subjects; todo-rows.ts joins a page to its subjects.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import { auditRecords, reviewItems, users } from '@server/db/schema';
import { deadlineView } from '@server/modules/deadlines';
import type { SessionUser } from '@server/modules/identity';
import { reviewLink } from '@shared/domain/review-kinds';
import { auditDecision, auditStatus, auditSubject, type AuditSubject } from '@shared/domain/statuses';
import type { ReviewQueueSort } from '@shared/validation/review';
import { itemColumns, type ReviewItem } from './items';
import { kindsReviewedBy } from './pool';

export interface ReviewListQuery {
  subjectType?: AuditSubject;
  page: number;
  rows: number;
  /** Only these subjects: a query of their ids, for a list's own filters (a contract number). */
  subjectIds?: SQLWrapper;
  /** Only the tasks the user holds (claimed or transferred to them), not the pool's. */
  mine?: boolean;
  /** Oldest submission first (default) or soonest deadline first (no deadline last). */
  sort?: ReviewQueueSort;
}

export interface ReviewTask extends ReviewItem {
  applicantName: string | null;
  /** The reviewer holding the task (claimed or transferred to them); null while it is in the pool. */
  holderName: string | null;
  subjectLabel: string;
  statusLabel: string;
  detailPath: string;
  /** Past its service deadline: still pending after dueAt, or decided after it. */
  overdue: boolean;
}

/** A task of the done list, with how and when the user last decided it. */
export interface DoneTask extends ReviewTask {
  decidedAs: string;
  decidedOn: Date;
}

type TaskRow = ReviewItem & { applicantName: string | null; holderName: string | null };

/** The holder of a task, beside its applicant (both are users). */
const holders = alias(users, 'holder');

function toTask(row: TaskRow, now = new Date()): ReviewTask {
  return {
    ...row,
    overdue: deadlineView(row.dueAt, now, row.status === auditStatus.code.pending ? null : row.decidedAt)
      .overdue,
    subjectLabel: auditSubject.label(row.subjectType),
    statusLabel: auditStatus.label(row.status),
    detailPath: reviewLink(row.subjectType, row.subjectId, 'reviewer'),
  };
}

/**
 * A reviewer's to-do: pending items of the kinds they review (pool.ts), held by them or by nobody (the
 * administrator sees every holder's), never their own applications. Oldest submission first, or
 * soonest deadline first; `mine` keeps only those the user holds.
 */
export async function listTodo(
  db: Queryable,
  user: SessionUser,
  query: ReviewListQuery,
): Promise<{ rows: ReviewTask[]; total: number }> {
  const types = await kindsReviewedBy(db, user.pkid, query.subjectType);
  if (types.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(reviewItems.status, auditStatus.code.pending),
    inArray(reviewItems.subjectType, types),
    or(isNull(reviewItems.applicantId), ne(reviewItems.applicantId, user.pkid)),
    query.mine
      ? eq(reviewItems.assigneeId, user.pkid)
      : user.isAdmin
        ? undefined
        : or(isNull(reviewItems.assigneeId), eq(reviewItems.assigneeId, user.pkid)),
    query.subjectIds ? inArray(reviewItems.subjectId, query.subjectIds) : undefined,
  );
  const order =
    query.sort === 'deadline'
      ? [sql`${reviewItems.dueAt} asc nulls last`, asc(reviewItems.submittedAt), asc(reviewItems.pkid)]
      : [asc(reviewItems.submittedAt), asc(reviewItems.pkid)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...itemColumns, applicantName: users.username, holderName: holders.username })
      .from(reviewItems)
      .leftJoin(users, eq(users.pkid, reviewItems.applicantId))
      .leftJoin(holders, eq(holders.pkid, reviewItems.assigneeId))
      .where(where)
      .orderBy(...order)
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(reviewItems).where(where),
  ]);
  return { rows: (rows as TaskRow[]).map((row) => toTask(row)), total: total?.n ?? 0 };
}

/** The size of each of a reviewer's queues: open tasks of each kind they review, held by them, overdue. */
export async function queueCounts(
  db: Queryable,
  user: SessionUser,
  now = new Date(),
): Promise<{ subjectType: AuditSubject; total: number; mine: number; overdue: number }[]> {
  const types = await kindsReviewedBy(db, user.pkid);
  if (types.length === 0) return [];
  const rows = await db
    .select({
      subjectType: reviewItems.subjectType,
      total: count(),
      mine: sql<number>`count(*) filter (where ${reviewItems.assigneeId} = ${user.pkid})::int`,
      overdue: sql<number>`count(*) filter (where ${reviewItems.dueAt} <= ${now})::int`,
    })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.status, auditStatus.code.pending),
        inArray(reviewItems.subjectType, types),
        or(isNull(reviewItems.applicantId), ne(reviewItems.applicantId, user.pkid)),
        user.isAdmin ? undefined : or(isNull(reviewItems.assigneeId), eq(reviewItems.assigneeId, user.pkid)),
      ),
    )
    .groupBy(reviewItems.subjectType);
  const bySubject = new Map(rows.map((row) => [row.subjectType, row]));
  return types.map((type) => {
    const row = bySubject.get(type);
    return { subjectType: type, total: row?.total ?? 0, mine: row?.mine ?? 0, overdue: row?.overdue ?? 0 };
  });
}

/** A reviewer's done list: the items they approved, rejected or transferred, newest decision first. */
export async function listDone(
  db: Queryable,
  user: SessionUser,
  query: ReviewListQuery,
): Promise<{ rows: DoneTask[]; total: number }> {
  const decided = [auditDecision.code.approved, auditDecision.code.rejected, auditDecision.code.transferred];
  const latest = db
    .selectDistinctOn([auditRecords.subjectType, auditRecords.subjectId], {
      subjectType: auditRecords.subjectType,
      subjectId: auditRecords.subjectId,
      decision: auditRecords.decision,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.auditorId, user.pkid),
        inArray(auditRecords.decision, decided),
        query.subjectType ? eq(auditRecords.subjectType, query.subjectType) : undefined,
        query.subjectIds ? inArray(auditRecords.subjectId, query.subjectIds) : undefined,
      ),
    )
    .orderBy(auditRecords.subjectType, auditRecords.subjectId, desc(auditRecords.auditedAt))
    .as('latest');
  const joined = and(
    eq(reviewItems.subjectType, latest.subjectType),
    eq(reviewItems.subjectId, latest.subjectId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...itemColumns,
        applicantName: users.username,
        holderName: holders.username,
        decision: latest.decision,
        auditedAt: latest.auditedAt,
      })
      .from(latest)
      .innerJoin(reviewItems, joined)
      .leftJoin(users, eq(users.pkid, reviewItems.applicantId))
      .leftJoin(holders, eq(holders.pkid, reviewItems.assigneeId))
      .orderBy(desc(latest.auditedAt), desc(reviewItems.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(latest).innerJoin(reviewItems, joined),
  ]);
  return {
    rows: rows.map(({ decision, auditedAt, ...row }) => ({
      ...toTask(row as TaskRow),
      decidedAs: auditDecision.label(decision),
      decidedOn: auditedAt,
    })),
    total: total?.n ?? 0,
  };
}
