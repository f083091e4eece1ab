/**
 * Who reviews what, in one place. Every question the engine asks about reviewers goes through
 * `reviewPool`: who may decide a subject, whose to-do shows it, who a task may be transferred to, who
 * is told about a new submission. The default is every active user holding one of a kind's reviewer
 * roles (kinds.ts) or the administrator role, read from the database, not from the session, so a role
 * taken away counts at once. The audit-user tables (/audituser calls, next issue) replace the body
 * of `reviewPool`, and nothing else.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { userRoles, users } from '@server/db/schema';
import { GUEST_USER_ID, roles } from '@shared/domain/roles';
import { userState, type AuditSubject } from '@shared/domain/statuses';
import { reviewKind, reviewKindTypes } from './kinds';

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
  const members: PoolMember[] = [];
  for (const type of reviewed) {
    const kindRoles: readonly string[] = reviewKind(type)!.reviewerRoles;
    const ids = new Set(
      holders
        .filter((holder) => holder.roleId === roles.admin.id || kindRoles.includes(holder.roleId))
        .map((holder) => holder.userId),
    );
    for (const id of ids) members.push({ subjectType: type, userId: id });
  }
  return members;
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
