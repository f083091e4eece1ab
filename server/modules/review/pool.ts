/**
 * Who reviews what, in one place. Every question the engine asks about reviewers goes through
 * `reviewPool`: who may decide a subject, whose to-do shows it, who a task may be transferred to, who
 * is told about a new submission. The default is every active user holding one of a kind's reviewer
 * roles (shared/domain/review-kinds.ts) or the administrator role, read from the database, not from the session, so a role
 * taken away counts at once. When administrators assigned reviewers to a kind (/audituser, the
 * audit_users table), only those of them who still hold a reviewer role review it (and the
 * administrator, who always may), and a new submission goes to the assigned reviewer with the fewest
 * open tasks (`pickAssignee`).
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { auditUsers, reviewItems, userRoles, users } from '@server/db/schema';
import { auditUserKindOf, auditUserKindSubjects, type AuditUserKind } from '@shared/domain/agencies';
import { GUEST_USER_ID, roles } from '@shared/domain/roles';
import { auditStatus, userState, type AuditSubject } from '@shared/domain/statuses';
import { reviewKind, reviewKindTypes } from '@shared/domain/review-kinds';

export interface PoolMember {
  subjectType: AuditSubject;
  userId: number;
}

/**
 * The (kind, reviewer) pairs of the given kinds, optionally only those of one user; ordered by kind
 * (as given) and user id.
 */
export async function reviewPool(
  db: Queryable,
  kinds: readonly AuditSubject[],
  userId?: number,
): Promise<PoolMember[]> {
  const reviewed = kinds.filter((type) => reviewKind(type) !== undefined);
  if (reviewed.length === 0) return [];
  const wanted = new Set<string>([roles.admin.id]);
  for (const type of reviewed) for (const role of reviewKind(type)!.reviewerRoles) wanted.add(role);
  const holders = await db
    .select({ userId: users.pkid, roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(users, eq(users.pkid, userRoles.userId))
    .where(
      and(
        inArray(userRoles.roleId, [...wanted]),
        eq(users.userstate, userState.code.active),
        ne(users.pkid, GUEST_USER_ID),
        userId === undefined ? undefined : eq(users.pkid, userId),
      ),
    )
    .orderBy(asc(users.pkid));
  const assigned = await assignmentsOf(db, reviewed);
  const members: PoolMember[] = [];
  for (const type of reviewed) {
    const kindRoles: readonly string[] = reviewKind(type)!.reviewerRoles;
    const only = assigned.get(type);
    const ids = new Set(
      holders
        .filter(
          (holder) =>
            holder.roleId === roles.admin.id ||
            (kindRoles.includes(holder.roleId) && (only === undefined || only.has(holder.userId))),
        )
        .map((holder) => holder.userId),
    );
    for (const id of ids) members.push({ subjectType: type, userId: id });
  }
  return members;
}

/** The assigned reviewers of each given kind that has any (kinds without assignments are absent). */
async function assignmentsOf(
  db: Queryable,
  types: readonly AuditSubject[],
): Promise<Map<AuditSubject, Set<number>>> {
  const kinds = [...new Set(types.map(auditUserKindOf).filter((kind) => kind !== undefined))];
  const result = new Map<AuditSubject, Set<number>>();
  if (kinds.length === 0) return result;
  const rows = await db
    .select({ kind: auditUsers.kind, userId: auditUsers.userId })
    .from(auditUsers)
    .where(inArray(auditUsers.kind, kinds));
  for (const row of rows) {
    for (const type of auditUserKindSubjects[row.kind as AuditUserKind]) {
      if (!types.includes(type)) continue;
      let set = result.get(type);
      if (!set) result.set(type, (set = new Set()));
      set.add(row.userId);
    }
  }
  return result;
}

/**
 * Who a new submission of `type` goes to: when reviewers are assigned to its kind, the one of them
 * (still in the pool, not the applicant) holding the fewest pending tasks, the lower id on a tie;
 * otherwise null (the whole pool sees it).
 */
export async function pickAssignee(
  db: Queryable,
  type: AuditSubject,
  applicantId: number | null,
): Promise<number | null> {
  const assigned = (await assignmentsOf(db, [type])).get(type);
  if (!assigned) return null;
  const pool = new Set(await reviewersOf(db, type));
  const candidates = [...assigned].filter((id) => pool.has(id) && id !== applicantId).sort((a, b) => a - b);
  if (candidates.length === 0) return null;
  const open = await db
    .select({ userId: reviewItems.assigneeId, n: count() })
    .from(reviewItems)
    .where(and(eq(reviewItems.status, auditStatus.code.pending), inArray(reviewItems.assigneeId, candidates)))
    .groupBy(reviewItems.assigneeId);
  const load = new Map(open.map((row) => [row.userId, row.n]));
  return candidates.reduce((best, id) => ((load.get(id) ?? 0) < (load.get(best) ?? 0) ? id : best));
}

/**
 * Kinds whose every task goes to one reviewer the subject names (a result-sharing application: the
 * project's owner, shared/domain/review-kinds.ts `namedReviewer`): a submission is held by that user,
 * told to them alone, and never transferred. Handed over at start by the composition root with the
 * hooks (server/review-hooks.ts).
 */
export type NamedReviewers = Partial<
  Record<AuditSubject, (db: Queryable, subjectId: number) => Promise<number | null>>
>;

let namedReviewers: NamedReviewers = {};

export function registerNamedReviewers(named: NamedReviewers): void {
  namedReviewers = named;
}

/** The reviewer a subject of a named-reviewer kind goes to, or undefined for a pool kind. */
export function namedReviewerOf(type: AuditSubject) {
  return namedReviewers[type];
}

/** The reviewers of a kind (user ids, ascending). */
export async function reviewersOf(db: Queryable, type: AuditSubject): Promise<number[]> {
  return (await reviewPool(db, [type])).map((member) => member.userId);
}

/** The kinds a user reviews (all reviewed kinds, or only `only` when given). */
export async function kindsReviewedBy(
  db: Queryable,
  userId: number,
  only?: AuditSubject,
): Promise<AuditSubject[]> {
  const kinds = only === undefined ? reviewKindTypes : [only];
  return (await reviewPool(db, kinds, userId)).map((member) => member.subjectType);
}

/** Whether a user reviews a kind. */
export async function isReviewerOf(db: Queryable, type: AuditSubject, userId: number): Promise<boolean> {
  return (await kindsReviewedBy(db, userId, type)).length > 0;
}
