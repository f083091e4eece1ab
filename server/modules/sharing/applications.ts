/**
 * Sharing applications as rows and who may see them. An application's parties: its applicant (a
 * 成果共享单位 account), the project's owner (its construction unit's account) and the authority (and
 * the administrator); anyone else gets the same 404 as for an application that does not exist.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import {
  constructionUnits,
  departments,
  projects,
  shareApplications,
  shareDownloads,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { ownUnitOf } from '@server/modules/projects';
import type { ShareRow } from '@shared/calls/sharing';
import { roles } from '@shared/domain/roles';
import { shareStatus, shareValidity } from '@shared/domain/sharing';
import { AppError } from '@shared/errors/app-error';
import { sharingMessages as m } from '@shared/validation/sharing';

const a = shareApplications;
const applicant = alias(users, 'share_applicant');
const applicantDept = alias(departments, 'share_applicant_dept');

export const isAuthority = (user: SessionUser) => user.isAdmin || user.roleIds.includes(roles.authority.id);
export const isApplicantRole = (user: SessionUser) => user.roleIds.includes(roles.sharing.id);

/**
 * Which applications the user may see: the authority all, an owner its projects', a sharing
 * department its own. A user holding none of these roles sees none.
 */
export async function visibleApplications(db: Queryable, user: SessionUser): Promise<SQL> {
  // A draft is its applicant's alone.
  const sent = ne(a.status, shareStatus.code.draft);
  const parts: SQL[] = [];
  if (isApplicantRole(user)) parts.push(eq(a.applicantId, user.pkid));
  if (isAuthority(user)) parts.push(sent);
  const unit = user.roleIds.includes(roles.owner.id) ? await ownUnitOf(db, user) : null;
  if (unit !== null) parts.push(and(eq(projects.constructionId, unit), sent)!);
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

export const shareRowColumns = {
  pkid: a.pkid,
  projectId: a.projectId,
  projectNo: projects.projectNo,
  projectName: projects.projectName,
  constructionName: constructionUnits.name,
  ownerUserId: constructionUnits.userId,
  applicantId: a.applicantId,
  applicantName: applicant.username,
  applicantDept: applicantDept.name,
  purpose: a.purpose,
  status: a.status,
  submittedAt: a.submittedAt,
  approvedAt: a.approvedAt,
  validUntil: a.validUntil,
  updatedAt: a.updatedAt,
  downloads: sql<number>`(select count(*)::int from ${shareDownloads} where ${shareDownloads.applicationId} = ${a.pkid})`,
};

/** The application rows with their project, owner and applicant joined. */
export function applicationQuery(db: Queryable) {
  return db
    .select(shareRowColumns)
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(applicant, eq(applicant.pkid, a.applicantId))
    .leftJoin(applicantDept, eq(applicantDept.pkid, applicant.depid));
}

/** How many applications match `where` (the joins of applicationQuery). */
export async function countApplications(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(where);
  return row?.n ?? 0;
}

export type ApplicationRow = Awaited<ReturnType<typeof loadApplications>>[number];

export async function loadApplications(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return applicationQuery(db).where(inArray(a.pkid, [...ids]));
}

/** The application for `user` (404 when it does not exist or is not theirs to see). */
export async function applicationFor(
  db: Queryable,
  user: SessionUser,
  pkid: number,
): Promise<ApplicationRow> {
  const [row] = await applicationQuery(db).where(and(eq(a.pkid, pkid), await visibleApplications(db, user)));
  if (!row) throw new AppError('not_found', { message: m.applicationNotFound });
  return row;
}

/** A row as the wire shows it. */
export function toShareRow(row: ApplicationRow, now: Date): ShareRow {
  return {
    pkid: row.pkid,
    projectId: row.projectId,
    projectNo: row.projectNo,
    projectName: row.projectName,
    constructionName: row.constructionName,
    applicantName: row.applicantName,
    applicantDept: row.applicantDept,
    purpose: row.purpose,
    status: row.status,
    validity: shareValidity(row.status, row.validUntil, now),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    downloads: Number(row.downloads),
    updatedAt: row.updatedAt.toISOString(),
  };
}
