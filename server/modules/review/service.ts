/**
 * The review engine (shared/domain/review.ts has the decision table): opening a subject for review,
 * deciding (submit, approve, reject, transfer, withdraw), the reviewers' to-do and done lists, and a
 * subject's timeline. Each decision changes the state, writes its audit record, runs the kind's hook and
 * sends its messages in one transaction; the state change is a conditional UPDATE on the version read,
 * so of two reviewers deciding at once exactly one wins and the other gets 409.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { writeDroppingPages, type PageCache, type PageCacheTag } from '@server/lib/page-cache';
import { auditRecords, reviewItems, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import { sendMessage } from '@server/modules/messages/service';
import {
  REVIEW_OPINION_MAX,
  reviewDecisionKeys,
  reviewDecisions,
  reviewMessages,
  type ReviewDecisionKey,
} from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import {
  auditDecision,
  auditStatus,
  auditSubject,
  type AuditStatus,
  type AuditSubject,
} from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { reviewKind, reviewLink, type ReviewKind } from './kinds';
import { isReviewerOf, kindsReviewedBy, pickAssignee, reviewersOf } from './pool';
import { deadlineView, dueAt, reviewTaskType } from '@server/modules/deadlines/service';

export { reviewersOf } from './pool';

export interface ReviewItem {
  pkid: number;
  subjectType: AuditSubject;
  subjectId: number;
  status: AuditStatus;
  /** null: no account behind the subject (see the schema); only reviewers and the administrator act. */
  applicantId: number | null;
  assigneeId: number | null;
  version: number;
  submittedAt: Date | null;
  decidedAt: Date | null;
  /** The service deadline of the current submission (server/modules/deadlines); null before one. */
  dueAt: Date | null;
}

export interface DecisionInput {
  subjectType: AuditSubject;
  subjectId: number;
  decision: ReviewDecisionKey;
  /** The opinion (reject: required; picked from the templates or typed) or a transfer's reason. */
  opinion?: string;
  /** transfer: the reviewer who takes it over. */
  transferToId?: number;
  /**
   * The item's version the decider was looking at (getReviewItem, the to-do row): when someone decided
   * since, the decision is refused with 409 instead of being taken on a stale view.
   */
  version?: number;
}

const itemColumns = {
  pkid: reviewItems.pkid,
  subjectType: reviewItems.subjectType,
  subjectId: reviewItems.subjectId,
  status: reviewItems.status,
  applicantId: reviewItems.applicantId,
  assigneeId: reviewItems.assigneeId,
  version: reviewItems.version,
  submittedAt: reviewItems.submittedAt,
  decidedAt: reviewItems.decidedAt,
  dueAt: reviewItems.dueAt,
};

function kindOf(type: AuditSubject): ReviewKind {
  const kind = reviewKind(type);
  if (!kind) throw new AppError('invalid_input', { message: `${auditSubject.label(type)}不需要审核` });
  return kind;
}

/**
 * Puts a subject under review as a draft of its applicant (idempotent: an existing item is kept).
 * Domains call it in the transaction that creates the subject; `submit` then sends it to review.
 */
export async function openReview(
  tx: Queryable,
  input: { subjectType: AuditSubject; subjectId: number; applicantId: number },
): Promise<ReviewItem> {
  kindOf(input.subjectType);
  await tx.insert(reviewItems).values(input).onConflictDoNothing();
  const item = await findItem(tx, input.subjectType, input.subjectId);
  if (!item) throw new Error('review item vanished after insert');
  return item;
}

async function findItem(db: Queryable, type: AuditSubject, subjectId: number): Promise<ReviewItem | null> {
  const [row] = await db
    .select(itemColumns)
    .from(reviewItems)
    .where(and(eq(reviewItems.subjectType, type), eq(reviewItems.subjectId, subjectId)));
  return (row as ReviewItem | undefined) ?? null;
}

export async function getReviewItem(
  db: Queryable,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewItem> {
  const item = await findItem(db, type, subjectId);
  if (!item) throw new AppError('not_found', { message: reviewMessages.notFound });
  return item;
}

/** The role a decider acted in, for the audit record. */
function actingRole(user: SessionUser, kind: ReviewKind, by: 'applicant' | 'reviewer'): string | null {
  if (by === 'reviewer') {
    return (
      kind.reviewerRoles.find((role) => user.roleIds.includes(role)) ?? (user.isAdmin ? roles.admin.id : null)
    );
  }
  return user.roleIds[0] ?? null;
}

function checkInput(input: DecisionInput): string | undefined {
  const rule = reviewDecisions[input.decision];
  const opinion = input.opinion?.trim() || undefined;
  if (rule.needsOpinion && !opinion) {
    throw new AppError('invalid_input', {
      message: input.decision === 'transfer' ? reviewMessages.reasonRequired : reviewMessages.opinionRequired,
      field: 'opinion',
    });
  }
  if (opinion && opinion.length > REVIEW_OPINION_MAX) {
    throw new AppError('invalid_input', { message: reviewMessages.opinionTooLong, field: 'opinion' });
  }
  if (input.decision === 'transfer' && !input.transferToId) {
    throw new AppError('invalid_input', {
      message: reviewMessages.transferTargetRequired,
      field: 'transferToId',
    });
  }
  return opinion;
}

/** What the applicant is told about a decision (every decision tells them, DOMAIN.md "Messages"). */
function applicantText(type: AuditSubject, decision: ReviewDecisionKey, opinion: string | undefined): string {
  const subject = auditSubject.label(type);
  const suffix = opinion ? `，意见：${opinion}` : '';
  switch (decision) {
    case 'submit':
      return `您的${subject}申请已提交，请等待审核`;
    case 'approve':
      return `您提交的${subject}已审核通过${suffix}`;
    case 'reject':
      return `您提交的${subject}审核不通过${suffix}`;
    case 'transfer':
      return `您提交的${subject}已转交其他审核人员办理`;
    case 'withdraw':
      return `您的${subject}申请已撤回`;
  }
}

/** What the next reviewer(s) are told: a new submission, a transfer, or a withdrawn task. */
function reviewerText(type: AuditSubject, decision: ReviewDecisionKey, opinion: string | undefined): string {
  const subject = auditSubject.label(type);
  if (decision === 'submit') return `有新的${subject}待审核`;
  if (decision === 'transfer') return `有${subject}转办给您审核${opinion ? `，意见：${opinion}` : ''}`;
  return `${subject}的申请人已撤回申请`;
}

/**
 * Why `actor` may not take `decision` on `item` now, or null: the one rule for deciding (decideIn) and
 * for showing what one may decide (getReviewState). `isReviewer`: the actor is in the kind's pool.
 */
function refusalOf(
  decision: ReviewDecisionKey,
  actor: Pick<SessionUser, 'pkid' | 'isAdmin'>,
  item: ReviewItem,
  isReviewer: boolean,
): AppError | null {
  const rule = reviewDecisions[decision];
  if (rule.by === 'applicant' && item.applicantId !== actor.pkid && !actor.isAdmin)
    return new AppError('forbidden', { message: reviewMessages.notApplicant });
  if (rule.by === 'reviewer') {
    if (!isReviewer) return new AppError('forbidden', { message: reviewMessages.notReviewer });
    // Separation of duties: nobody decides on what they applied for, the administrator included.
    if (item.applicantId === actor.pkid)
      return new AppError('forbidden', { message: reviewMessages.ownApplication });
    if (item.assigneeId !== null && item.assigneeId !== actor.pkid && !actor.isAdmin)
      return new AppError('forbidden', { message: reviewMessages.notAssignee });
  }
  if (!(rule.from as readonly AuditStatus[]).includes(item.status))
    return new AppError('conflict', { message: reviewMessages.illegal(item.status) });
  return null;
}

export interface ReviewState {
  item: ReviewItem;
  /** The decisions the user may take now (a detail page's actions; the panel's `allowed`). */
  allowed: ReviewDecisionKey[];
}

/** A subject's review item and what `user` may decide on it now. 404 when it is not under review. */
export async function getReviewState(
  db: Queryable,
  user: SessionUser,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewState> {
  kindOf(type);
  const item = await getReviewItem(db, type, subjectId);
  const isReviewer = await isReviewerOf(db, type, user.pkid);
  return {
    item,
    allowed: reviewDecisionKeys.filter((key) => refusalOf(key, user, item, isReviewer) === null),
  };
}

/**
 * Takes a decision on a subject, in its own transaction. Refusals: 400 (missing or too long opinion or
 * reason, bad transfer target), 403 (not the applicant, not a reviewer, held by another reviewer, the
 * reviewer's own application), 404 (not under review, or the subject's row is gone), 409 (the state does
 * not allow it, or another reviewer decided first). Nothing changes on a refusal.
 */
export async function decide(db: Database, actor: SessionUser, input: DecisionInput): Promise<ReviewItem> {
  return db.transaction((tx) => decideIn(tx, actor, input));
}

/** A legacy approve call's input: auditStatus 2 approves, anything else rejects (with the opinion). */
export interface AuditStatusDecision {
  auditStatus: number;
  opinion?: string | undefined;
  version?: number | undefined;
}

/**
 * The spec's approve calls (agentorg/approve, agentChange/approve, …) as a review decision: approve or
 * reject the subject, and on an approval drop the hall pages that show it (`pagesOnApproval`).
 */
export async function decideByAuditStatus(
  ctx: { db: Database; pageCache: PageCache },
  actor: SessionUser,
  subject: { subjectType: AuditSubject; subjectId: number },
  input: AuditStatusDecision,
  pagesOnApproval: readonly PageCacheTag[] = [],
): Promise<{ auditStatus: AuditStatus; version: number }> {
  const decision = input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject';
  const item = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const decided = await decideIn(tx, actor, {
      ...subject,
      decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    });
    if (decision === 'approve') dropPages(pagesOnApproval);
    return decided;
  });
  return { auditStatus: item.status, version: item.version };
}

/**
 * `decide` inside the caller's transaction, for a domain change that ends in a decision (an agency
 * saves its edited data and submits it: both or neither). A refusal throws; the caller's transaction
 * must then roll back, as `db.transaction` does when its callback throws.
 */
export async function decideIn(tx: Queryable, actor: SessionUser, input: DecisionInput): Promise<ReviewItem> {
  const rule = reviewDecisions[input.decision];
  const kind = kindOf(input.subjectType);
  const opinion = checkInput(input);
  const item = await getReviewItem(tx, input.subjectType, input.subjectId);
  const isReviewer = rule.by === 'reviewer' && (await isReviewerOf(tx, input.subjectType, actor.pkid));
  const refused = refusalOf(input.decision, actor, item, isReviewer);
  if (refused) throw refused;
  if (input.version !== undefined && input.version !== item.version) {
    throw new AppError('conflict', { message: reviewMessages.taken });
  }
  let assigneeId = item.assigneeId;
  if (input.decision === 'transfer') {
    const target = input.transferToId as number;
    if (target === (item.assigneeId ?? actor.pkid)) {
      throw new AppError('invalid_input', {
        message: reviewMessages.transferToSelf,
        field: 'transferToId',
      });
    }
    if (target === item.applicantId || !(await isReviewerOf(tx, input.subjectType, target))) {
      throw new AppError('invalid_input', {
        message: reviewMessages.transferTargetInvalid,
        field: 'transferToId',
      });
    }
    assigneeId = target;
  }
  // A new submission goes to the assigned reviewer with the fewest open tasks, or to the whole pool
  // when none are assigned (pool.ts); a withdrawal ends the holder's task.
  if (input.decision === 'submit') assigneeId = await pickAssignee(tx, input.subjectType, item.applicantId);
  if (input.decision === 'withdraw') assigneeId = null;

  const now = new Date();
  // Each submission starts the reviewers' service deadline (working days of the kind, holidays
  // skipped) and re-arms its one reminder.
  const taskType = input.decision === 'submit' ? reviewTaskType(input.subjectType) : null;
  const deadline = taskType ? await dueAt(tx, taskType, now) : null;
  // The state change is conditional on the version read above: of two deciders racing, the second
  // one's UPDATE waits for the first to commit, then matches no row (PostgreSQL re-checks the WHERE on
  // the new row version), and answers 409 instead of deciding twice.
  const [updated] = await tx
    .update(reviewItems)
    .set({
      status: rule.to,
      assigneeId,
      version: sql`${reviewItems.version} + 1`,
      updatedAt: now,
      ...(input.decision === 'submit'
        ? {
            submittedAt: now,
            decidedAt: null,
            dueAt: deadline?.dueAt ?? null,
            remindAt: deadline?.remindAt ?? null,
            remindedAt: null,
          }
        : {}),
      ...(input.decision === 'approve' || input.decision === 'reject' ? { decidedAt: now } : {}),
    })
    .where(
      and(
        eq(reviewItems.pkid, item.pkid),
        eq(reviewItems.status, item.status),
        eq(reviewItems.version, item.version),
      ),
    )
    .returning(itemColumns);
  if (!updated) throw new AppError('conflict', { message: reviewMessages.taken });

  await tx.insert(auditRecords).values({
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    decision: rule.record,
    opinion: opinion ?? null,
    auditorId: actor.pkid,
    auditorName: actor.username,
    transferToId: input.decision === 'transfer' ? (input.transferToId ?? null) : null,
    roleId: actingRole(actor, kind, rule.by),
    fromStatus: item.status,
    toStatus: rule.to,
    auditedAt: now,
  });
  await kind.onDecision?.({
    tx,
    subjectId: input.subjectId,
    decision: input.decision,
    from: item.status,
    to: rule.to,
    at: now,
    actor: { pkid: actor.pkid, username: actor.username },
    opinion: opinion ?? null,
  });

  if (item.applicantId !== null)
    await sendMessage(tx, {
      toUserId: item.applicantId,
      content: applicantText(input.subjectType, input.decision, opinion),
      link: reviewLink(input.subjectType, input.subjectId, 'applicant'),
    });
  const next =
    input.decision === 'submit'
      ? assigneeId !== null
        ? [assigneeId]
        : await reviewersOf(tx, input.subjectType)
      : input.decision === 'transfer'
        ? [input.transferToId as number]
        : input.decision === 'withdraw' && item.assigneeId !== null
          ? [item.assigneeId]
          : [];
  const reviewerContent = reviewerText(input.subjectType, input.decision, opinion);
  const reviewerLink = reviewLink(input.subjectType, input.subjectId, 'reviewer');
  for (const reviewer of next) {
    if (reviewer !== actor.pkid && reviewer !== item.applicantId)
      await sendMessage(tx, { toUserId: reviewer, content: reviewerContent, link: reviewerLink });
  }
  return updated as ReviewItem;
}

export interface ReviewListQuery {
  subjectType?: AuditSubject;
  page: number;
  rows: number;
  /** Only these subjects: a query of their ids, for a list's own filters (a contract number). */
  subjectIds?: SQLWrapper;
}

export interface ReviewTask extends ReviewItem {
  applicantName: string | null;
  subjectLabel: string;
  statusLabel: string;
  detailPath: string;
  /** Past its service deadline: still pending after dueAt, or decided after it. */
  overdue: boolean;
}

function toTask(row: ReviewItem & { applicantName: string | null }, now = new Date()): ReviewTask {
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
 * administrator sees every holder's), never their own applications. Oldest submission first.
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
    user.isAdmin ? undefined : or(isNull(reviewItems.assigneeId), eq(reviewItems.assigneeId, user.pkid)),
    query.subjectIds ? inArray(reviewItems.subjectId, query.subjectIds) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...itemColumns, applicantName: users.username })
      .from(reviewItems)
      .leftJoin(users, eq(users.pkid, reviewItems.applicantId))
      .where(where)
      .orderBy(asc(reviewItems.submittedAt), asc(reviewItems.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(reviewItems).where(where),
  ]);
  return {
    rows: (rows as (ReviewItem & { applicantName: string | null })[]).map((row) => toTask(row)),
    total: total?.n ?? 0,
  };
}

/**
 * A page of to-do or done tasks joined to their subjects: `load` fetches the subjects of the page's ids
 * (it is not called for an empty page). The tasks' order is kept (oldest submission, or newest decision,
 * first) and a task whose subject is gone is left out.
 */
export async function withSubjects<T extends { subjectId: number }, S>(
  tasks: readonly T[],
  load: (ids: number[]) => Promise<readonly S[]>,
  idOf: (subject: S) => number,
): Promise<{ task: T; subject: S }[]> {
  if (tasks.length === 0) return [];
  const subjects = await load(tasks.map((task) => task.subjectId));
  const byId = new Map(subjects.map((subject) => [idOf(subject), subject]));
  return tasks.flatMap((task) => {
    const subject = byId.get(task.subjectId);
    return subject === undefined ? [] : [{ task, subject }];
  });
}

/** A reviewer's done list: the items they approved, rejected or transferred, newest decision first. */
export async function listDone(
  db: Queryable,
  user: SessionUser,
  query: ReviewListQuery,
): Promise<{ rows: (ReviewTask & { decidedAs: string; decidedOn: Date })[]; total: number }> {
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
        decision: latest.decision,
        auditedAt: latest.auditedAt,
      })
      .from(latest)
      .innerJoin(reviewItems, joined)
      .leftJoin(users, eq(users.pkid, reviewItems.applicantId))
      .orderBy(desc(latest.auditedAt), desc(reviewItems.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(latest).innerJoin(reviewItems, joined),
  ]);
  return {
    rows: rows.map(({ decision, auditedAt, ...row }) => ({
      ...toTask(row as ReviewItem & { applicantName: string | null }),
      decidedAs: auditDecision.label(decision),
      decidedOn: auditedAt,
    })),
    total: total?.n ?? 0,
  };
}

export interface ReviewRecord {
  pkid: number;
  decision: number;
  decisionLabel: string;
  opinion: string | null;
  auditorId: number | null;
  auditorName: string | null;
  roleId: string | null;
  transferToId: number | null;
  transferToName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  auditedAt: Date;
}

/** A subject's timeline, oldest first (the console's audit timeline). */
export async function listReviewRecords(
  db: Queryable,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewRecord[]> {
  const rows = await db
    .select({
      pkid: auditRecords.pkid,
      decision: auditRecords.decision,
      opinion: auditRecords.opinion,
      auditorId: auditRecords.auditorId,
      auditorName: auditRecords.auditorName,
      roleId: auditRecords.roleId,
      transferToId: auditRecords.transferToId,
      transferToName: users.username,
      fromStatus: auditRecords.fromStatus,
      toStatus: auditRecords.toStatus,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .leftJoin(users, eq(users.pkid, auditRecords.transferToId))
    .where(and(eq(auditRecords.subjectType, type), eq(auditRecords.subjectId, subjectId)))
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));
  return rows.map((row) => ({ ...row, decisionLabel: auditDecision.label(row.decision) }));
}
