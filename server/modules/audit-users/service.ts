/**
 * Reviewer assignment (/audituser, /auditAcceptUser): rows of audit_users, read by the review pool
 * (server/modules/review/pool.ts), which is where they take effect. Only holders of a kind's
 * reviewing role may be chosen for it.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import { auditUsers, departments, reviewItems, userRoles, users } from '@server/db/schema';
import { reviewKind } from '@shared/domain/review-kinds';
import { auditUserKindSubjects, type AuditUserKind } from '@shared/domain/agencies';
import { roles } from '@shared/domain/roles';
import { auditStatus, userState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { auditUserMessages as m } from '@shared/validation/audit-users';

/** The roles whose holders may be chosen to review a kind (its subjects' reviewers; auditors otherwise). */
export function eligibleRoles(kind: AuditUserKind): string[] {
  const fromKinds = auditUserKindSubjects[kind].flatMap((type) => reviewKind(type)?.reviewerRoles ?? []);
  return fromKinds.length > 0 ? [...new Set(fromKinds)] : [roles.auditor.id];
}

export async function listCandidates(db: Queryable, kind: AuditUserKind) {
  return db
    .selectDistinct({ pkid: users.pkid, username: users.username, loginname: users.loginname })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.pkid))
    .where(and(inArray(userRoles.roleId, eligibleRoles(kind)), eq(users.userstate, userState.code.active)))
    .orderBy(asc(users.pkid));
}

export async function listAuditUsers(
  db: Queryable,
  kind: AuditUserKind,
  query: { page: number; rows: number },
) {
  const where = eq(auditUsers.kind, kind);
  const rows = await pageOf(
    db
      .select({
        pkid: auditUsers.pkid,
        kind: auditUsers.kind,
        userId: auditUsers.userId,
        username: users.username,
        loginname: users.loginname,
        depname: departments.name,
        createdAt: auditUsers.createdAt,
      })
      .from(auditUsers)
      .innerJoin(users, eq(users.pkid, auditUsers.userId))
      .leftJoin(departments, eq(departments.pkid, users.depid))
      .where(where)
      .orderBy(asc(auditUsers.pkid))
      .$dynamic(),
    query,
  );
  const ids = rows.map((row) => row.userId);
  const open =
    ids.length === 0
      ? []
      : await db
          .select({ userId: reviewItems.assigneeId, n: count() })
          .from(reviewItems)
          .where(and(eq(reviewItems.status, auditStatus.code.pending), inArray(reviewItems.assigneeId, ids)))
          .groupBy(reviewItems.assigneeId);
  const load = new Map(open.map((row) => [row.userId, row.n]));
  const [total] = await db.select({ n: count() }).from(auditUsers).where(where);
  return {
    rows: rows.map((row) => ({ ...row, openTasks: load.get(row.userId) ?? 0 })),
    total: total?.n ?? 0,
  };
}

/** Adds reviewers to a kind (those already there are kept); refuses anyone without the role. */
export async function saveAuditUsers(db: Database, kind: AuditUserKind, userIds: readonly number[]) {
  const wanted = [...new Set(userIds)];
  const eligible = new Set((await listCandidates(db, kind)).map((user) => user.pkid));
  if (wanted.some((id) => !eligible.has(id)))
    throw new AppError('invalid_input', { message: m.notReviewer, field: 'userIds' });
  const added = await db
    .insert(auditUsers)
    .values(wanted.map((userId) => ({ kind, userId })))
    .onConflictDoNothing()
    .returning({ pkid: auditUsers.pkid });
  return { count: added.length };
}

/** Deletes assignments by id, only of the given kinds (/auditAcceptUser touches only `accept`). */
export async function deleteAuditUsers(
  db: Database,
  ids: readonly number[],
  kinds: readonly AuditUserKind[],
) {
  const removed = await db
    .delete(auditUsers)
    .where(and(inArray(auditUsers.pkid, [...ids]), inArray(auditUsers.kind, [...kinds])))
    .returning({ pkid: auditUsers.pkid });
  if (removed.length === 0) throw new AppError('not_found', { message: m.notFound });
  return { count: removed.length };
}
