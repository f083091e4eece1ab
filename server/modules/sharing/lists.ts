/**
 * The sharing lists and one application: resultShare/list (the parties' applications; `todo`: those
 * waiting for the user's decision), resultShare/get, resultShare/downloadList (the download records)
 * and resultShare/sharedProjects (an owner's projects whose results were shared, and with whom).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import { containsAny } from '@server/db/contains-pattern';
import {
  constructionUnits,
  departments,
  files,
  projectResultFiles,
  projectResults,
  projects,
  shareApplications,
  shareDownloads,
  surveyItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { listReviewRecords, reviewStateOrNull } from '@server/modules/review';
import type { ShareDetail, ShareDownloadRow, ShareRow, SharedProjectRow } from '@shared/calls/sharing';
import { roles } from '@shared/domain/roles';
import { shareStatus, shareValidity } from '@shared/domain/sharing';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import type { ShareDownloadListQuery, ShareListQuery } from '@shared/validation/sharing';
import {
  applicationFor,
  applicationQuery,
  countApplications,
  isAuthority,
  toShareRow,
  visibleApplications,
} from './applications';
import { stepOf } from './decide';
import { sharedFilesOf } from './files';

const a = shareApplications;
const S = shareStatus.code;

/** Applications waiting for the user's decision: an owner's at step 1, the authority's at step 2. */
async function waitingForUser(db: Queryable, user: SessionUser) {
  const parts = [];
  if (isAuthority(user)) parts.push(eq(a.status, S.authorityPending));
  if (user.roleIds.includes(roles.owner.id) || user.isAdmin)
    parts.push(
      and(eq(a.status, S.ownerPending), user.isAdmin ? undefined : eq(constructionUnits.userId, user.pkid)),
    );
  if (parts.length === 0) return sql`false`;
  return parts.length === 1
    ? parts[0]!
    : sql`(${sql.join(
        parts.map((part) => sql`(${part})`),
        sql` or `,
      )})`;
}

export async function listApplications(
  db: Queryable,
  user: SessionUser,
  query: ShareListQuery,
  now: Date,
): Promise<{ rows: ShareRow[]; total: number }> {
  const where = and(
    await visibleApplications(db, user),
    query.todo ? await waitingForUser(db, user) : undefined,
    query.status === undefined ? undefined : eq(a.status, query.status),
    query.keyword === undefined
      ? undefined
      : containsAny(query.keyword, projects.projectName, projects.projectNo, a.purpose),
  );
  const [rows, total] = await Promise.all([
    applicationQuery(db)
      .where(where)
      .orderBy(desc(a.updatedAt), desc(a.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    countApplications(db, where),
  ]);
  return { rows: rows.map((row) => toShareRow(row, now)), total };
}

export async function getApplication(
  db: Queryable,
  user: SessionUser,
  pkid: number,
  now: Date,
): Promise<ShareDetail> {
  const row = await applicationFor(db, user, pkid);
  const step = stepOf(row.status);
  const [ownerRecords, authorityRecords, review] = await Promise.all([
    listReviewRecords(db, auditSubject.code.shareOwner, pkid),
    listReviewRecords(db, auditSubject.code.shareAuthority, pkid),
    step === null ? null : reviewStateOrNull(db, user, step, pkid, { transfer: false }),
  ]);
  const isApplicant = row.applicantId === user.pkid;
  const validity = shareValidity(row.status, row.validUntil, now);
  const canDownload = isApplicant && validity === 'valid';
  // The applicant sees the files while it may download them; the owner and the authority always
  // (they decide about them).
  const showFiles = canDownload || !isApplicant;
  const records = [...ownerRecords, ...authorityRecords]
    .sort((x, y) => x.auditedAt.getTime() - y.auditedAt.getTime() || x.pkid - y.pkid)
    .map((record) => ({
      pkid: record.pkid,
      decision: record.decision,
      decisionLabel: record.decisionLabel || auditDecision.label(record.decision),
      opinion: record.opinion,
      auditorName: record.auditorName,
      roleId: record.roleId,
      transferToName: record.transferToName,
      auditedAt: record.auditedAt.toISOString(),
    }));
  return {
    ...toShareRow(row, now),
    review: review && review.allowed.length > 0 ? review : null,
    records,
    files: showFiles ? await sharedFilesOf(db, row.projectId) : [],
    canEdit: isApplicant && row.status === S.draft,
    canDownload,
  };
}

const downloader = alias(users, 'share_downloader');
const downloaderDept = alias(departments, 'share_downloader_dept');

export async function listDownloads(
  db: Queryable,
  user: SessionUser,
  query: ShareDownloadListQuery,
): Promise<{ rows: ShareDownloadRow[]; total: number }> {
  const d = shareDownloads;
  const where = and(
    await visibleApplications(db, user),
    query.applicationId === undefined ? undefined : eq(d.applicationId, query.applicationId),
    query.keyword === undefined
      ? undefined
      : containsAny(query.keyword, projects.projectName, projects.projectNo, files.originalName),
  );
  // The item of a downloaded file: the result item it is attached to in that project.
  const itemName = sql<string>`coalesce((select ${surveyItems.name} from ${projectResultFiles}
      join ${projectResults} on ${projectResults.resultId} = ${projectResultFiles.resultId}
      join ${surveyItems} on ${surveyItems.itemId} = ${projectResults.itemId}
     where ${projectResultFiles.fileId} = ${d.fileId} and ${projectResults.projectId} = ${a.projectId}
     limit 1), '')`;
  const joined = <Q extends PgSelect>(query: Q) =>
    query
      .innerJoin(a, eq(a.pkid, d.applicationId))
      .innerJoin(projects, eq(projects.pkid, a.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .innerJoin(files, eq(files.id, d.fileId))
      .innerJoin(downloader, eq(downloader.pkid, d.userId))
      .leftJoin(downloaderDept, eq(downloaderDept.pkid, downloader.depid))
      .where(where);
  const [rows, [counted]] = await Promise.all([
    joined(
      db
        .select({
          pkid: d.pkid,
          applicationId: d.applicationId,
          projectNo: projects.projectNo,
          projectName: projects.projectName,
          fileName: files.originalName,
          itemName,
          userName: downloader.username,
          userDept: downloaderDept.name,
          downloadedAt: d.downloadedAt,
        })
        .from(d)
        .$dynamic(),
    )
      .orderBy(desc(d.downloadedAt), desc(d.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    joined(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(d)
        .$dynamic(),
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, downloadedAt: row.downloadedAt.toISOString() })),
    total: counted?.n ?? 0,
  };
}

export async function listSharedProjects(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; keyword?: string | undefined },
  now: Date,
): Promise<{ rows: SharedProjectRow[]; total: number }> {
  const where = and(
    await visibleApplications(db, user),
    eq(a.status, S.approved),
    query.keyword === undefined
      ? undefined
      : containsAny(query.keyword, projects.projectName, projects.projectNo),
  );
  const [rows, total] = await Promise.all([
    applicationQuery(db)
      .where(where)
      .orderBy(desc(a.approvedAt), desc(a.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    countApplications(db, where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      applicationId: row.pkid,
      projectId: row.projectId,
      projectNo: row.projectNo,
      projectName: row.projectName,
      applicantName: row.applicantName,
      applicantDept: row.applicantDept,
      purpose: row.purpose,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      validUntil: row.validUntil?.toISOString() ?? null,
      validity: shareValidity(row.status, row.validUntil, now),
      downloads: Number(row.downloads),
    })),
  };
}
