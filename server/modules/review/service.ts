/**
 * The review engine (shared/domain/review.ts has the decision table): opening a subject for review,
 * deciding (submit, approve, reject, transfer, withdraw), the reviewers' to-do and done lists, and a
 * subject's timeline. Each decision changes the state, writes its audit record, runs the kind's hook and
 * sends its messages in one transaction; the state change is a conditional UPDATE on the version read,
 * so of two reviewers deciding at once exactly one wins and the other gets 409.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { auditRecords, reviewItems, userRoles, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import { sendMessage } from '@server/modules/messages/service';
import { reviewDecisions, reviewMessages, type ReviewDecisionKey } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import {
  auditDecision,
  auditStatus,
  auditSubject,
  type AuditStatus,
  type AuditSubject,
} from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { reviewKind, type ReviewKind } from './kinds';

export interface ReviewItem {
  pkid: number;
  subjectType: AuditSubject;
  subjectId: number;
  status: AuditStatus;
  applicantId: number;
  assigneeId: number | null;
  version: number;
  submittedAt: Date | null;
  decidedAt: Date | null;
}

export interface DecisionInput {
  subjectType: AuditSubject;
  subjectId: number;
  decision: ReviewDecisionKey;
  /** The opinion (reject: required; picked from the templates or typed) or a transfer's reason. */
  opinion?: string;
  /** transfer: the reviewer who takes it over. */
  transferToId?: number;
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

/**
 * Who reviews a kind: every active user holding one of its reviewer roles or the administrator role.
 * The audit-user tables (/audituser, organizations issue) will narrow this per kind here, in one place.
 */
export async function reviewersOf(db: Queryable, type: AuditSubject): Promise<number[]> {
  const kind = kindOf(type);
  const rows = await db
    .selectDistinct({ pkid: users.pkid })
    .from(userRoles)
    .innerJoin(users, eq(users.pkid, userRoles.userId))
    .where(and(inArray(userRoles.roleId, [roles.admin.id, ...kind.reviewerRoles]), eq(users.userstate, 1)))
    .orderBy(asc(users.pkid));
  return rows.map((row) => row.pkid);
}

function isReviewerRole(user: SessionUser, kind: ReviewKind): boolean {
  return user.isAdmin || kind.reviewerRoles.some((role) => user.roleIds.includes(role));
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
  if (input.decision === 'transfer' && !input.transferToId) {
    throw new AppError('invalid_input', {
      message: reviewMessages.transferTargetRequired,
      field: 'transferToId',
    });
  }
  return opinion;
}

function messageText(type: AuditSubject, decision: ReviewDecisionKey, opinion: string | undefined): string {
  const subject = auditSubject.label(type);
  const suffix = opinion ? `，意见：${opinion}` : '';
  switch (decision) {
    case 'submit':
      return `有新的${subject}待审核`;
    case 'approve':
      return `您提交的${subject}已审核通过${suffix}`;
    case 'reject':
      return `您提交的${subject}审核不通过${suffix}`;
    case 'transfer':
      return `有${subject}转办给您审核${suffix}`;
    case 'withdraw':
      return `${subject}的申请人已撤回申请`;
  }
}

/**
 * Takes a decision on a subject. Refusals: 400 (missing opinion or reason, bad transfer target),
 * 403 (not the applicant, not a reviewer, held by another reviewer), 404 (not under review),
 * 409 (the state does not allow it, or another reviewer decided first). Nothing changes on a refusal.
 */
export async function decide(db: Database, actor: SessionUser, input: DecisionInput): Promise<ReviewItem> {
  const rule = reviewDecisions[input.decision];
  const kind = kindOf(input.subjectType);
  const opinion = checkInput(input);
  return db.transaction(async (tx) => {
    const item = await getReviewItem(tx, input.subjectType, input.subjectId);
    if (rule.by === 'applicant' && item.applicantId !== actor.pkid && !actor.isAdmin) {
      throw new AppError('forbidden', { message: reviewMessages.notApplicant });
    }
    if (rule.by === 'reviewer') {
      if (!isReviewerRole(actor, kind))
        throw new AppError('forbidden', { message: reviewMessages.notReviewer });
      if (item.assigneeId !== null && item.assigneeId !== actor.pkid && !actor.isAdmin) {
        throw new AppError('forbidden', { message: reviewMessages.notAssignee });
      }
    }
    if (!(rule.from as readonly AuditStatus[]).includes(item.status)) {
      throw new AppError('conflict', { message: reviewMessages.illegal(item.status) });
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
      if (!(await reviewersOf(tx, input.subjectType)).includes(target)) {
        throw new AppError('invalid_input', {
          message: reviewMessages.transferTargetInvalid,
          field: 'transferToId',
        });
      }
      assigneeId = target;
    }
    // A new submission goes to the whole pool again; a decision ends the holder's task.
    if (input.decision === 'submit' || input.decision === 'withdraw') assigneeId = null;

    const now = new Date();
    const [updated] = await tx
      .update(reviewItems)
      .set({
        status: rule.to,
        assigneeId,
        version: sql`${reviewItems.version} + 1`,
        updatedAt: now,
        ...(input.decision === 'submit' ? { submittedAt: now, decidedAt: null } : {}),
        ...(input.decision === 'approve' || input.decision === 'reject' ? { decidedAt: now } : {}),
      })
      .where(and(eq(reviewItems.pkid, item.pkid), eq(reviewItems.version, item.version)))
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
    });

    const link = kind.detailPath(input.subjectId);
    const content = messageText(input.subjectType, input.decision, opinion);
    if (input.decision === 'submit') {
      for (const reviewer of await reviewersOf(tx, input.subjectType)) {
        if (reviewer !== actor.pkid) await sendMessage(tx, { toUserId: reviewer, content, link });
      }
    } else if (input.decision === 'transfer') {
      await sendMessage(tx, { toUserId: input.transferToId as number, content, link });
    } else if (input.decision === 'withdraw') {
      if (item.assigneeId !== null) await sendMessage(tx, { toUserId: item.assigneeId, content, link });
    } else if (item.applicantId !== actor.pkid) {
      await sendMessage(tx, { toUserId: item.applicantId, content, link });
    }
    return updated as ReviewItem;
  });
}

export interface ReviewListQuery {
  subjectType?: AuditSubject;
  page: number;
  rows: number;
}

export interface ReviewTask extends ReviewItem {
  applicantName: string;
  subjectLabel: string;
  statusLabel: string;
  detailPath: string;
}

function kindsReviewedBy(user: SessionUser, only?: AuditSubject): AuditSubject[] {
  return (Object.values(auditSubject.code) as AuditSubject[]).filter((type) => {
    const kind = reviewKind(type);
    return kind !== undefined && (only === undefined || only === type) && isReviewerRole(user, kind);
  });
}

function toTask(row: ReviewItem & { applicantName: string }): ReviewTask {
  return {
    ...row,
    subjectLabel: auditSubject.label(row.subjectType),
    statusLabel: auditStatus.label(row.status),
    detailPath: reviewKind(row.subjectType)?.detailPath(row.subjectId) ?? '',
  };
}

/** A reviewer's to-do: pending items of the kinds they review, held by them or by nobody. Oldest first. */
export async function listTodo(
  db: Queryable,
  user: SessionUser,
  query: ReviewListQuery,
): Promise<{ rows: ReviewTask[]; total: number }> {
  const types = kindsReviewedBy(user, query.subjectType);
  if (types.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(reviewItems.status, auditStatus.code.pending),
    inArray(reviewItems.subjectType, types),
    user.isAdmin ? undefined : or(isNull(reviewItems.assigneeId), eq(reviewItems.assigneeId, user.pkid)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...itemColumns, applicantName: users.username })
      .from(reviewItems)
      .innerJoin(users, eq(users.pkid, reviewItems.applicantId))
      .where(where)
      .orderBy(asc(reviewItems.submittedAt), asc(reviewItems.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(reviewItems).where(where),
  ]);
  return { rows: (rows as (ReviewItem & { applicantName: string })[]).map(toTask), total: total?.n ?? 0 };
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
      .innerJoin(users, eq(users.pkid, reviewItems.applicantId))
      .orderBy(desc(latest.auditedAt), desc(reviewItems.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(latest).innerJoin(reviewItems, joined),
  ]);
  return {
    rows: rows.map(({ decision, auditedAt, ...row }) => ({
      ...toTask(row as ReviewItem & { applicantName: string }),
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
