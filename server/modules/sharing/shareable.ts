/**
 * resultShare/shareable: the accepted results a sharing department may apply for — projects in 已验收
 * or 已办结 with at least one adopted result file — by survey item, district, year of acceptance,
 * agency and keyword, each with the department's own latest application for it.
 */
import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { containsAny, containsPattern } from '@server/db/contains-pattern';
import {
  agentOrganizations,
  constructionUnits,
  districts,
  projectAuthorizations,
  projectResultFiles,
  projectResults,
  projects,
  shareApplications,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { ShareableRow } from '@shared/calls/sharing';
import { shareValidity } from '@shared/domain/sharing';
import { authorizationState, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import type { ShareableListQuery } from '@shared/validation/sharing';

const r = projectResults;
const f = projectResultFiles;
const shareableStatuses = [projectStatus.code.accepted, projectStatus.code.completed];

/** The project's adopted result items with an agency file: per project, items, files, last adoption. */
function adoptedOf(db: Queryable) {
  return db
    .select({
      projectId: r.projectId,
      itemNames: sql<string[]>`array_agg(distinct ${surveyItems.name})`.as('item_names'),
      fileCount: sql<number>`count(distinct ${f.pkid})::int`.as('file_count'),
      acceptedAt: sql<string | null>`max(${r.decidedAt})`.as('accepted_at'),
    })
    .from(r)
    .innerJoin(surveyItems, eq(surveyItems.itemId, r.itemId))
    .innerJoin(f, and(eq(f.resultId, r.resultId), eq(f.byAuditor, false)))
    .where(eq(r.status, resultAcceptance.code.adopted))
    .groupBy(r.projectId)
    .as('adopted');
}

/** The accepted agencies' names of a project. */
const orgNames = sql<string | null>`(select string_agg(distinct ${agentOrganizations.orgName}, '、')
  from ${projectAuthorizations} join ${agentOrganizations}
    on ${agentOrganizations.organizationId} = ${projectAuthorizations.organizationId}
  where ${projectAuthorizations.projectId} = ${projects.pkid}
    and ${projectAuthorizations.state} = ${authorizationState.code.accepted})`;

/** Whether a project has adopted, downloadable results and may be applied for. */
export async function isShareable(db: Queryable, projectId: number): Promise<boolean> {
  const adopted = adoptedOf(db);
  const [row] = await db
    .select({ projectId: projects.pkid })
    .from(projects)
    .innerJoin(adopted, eq(adopted.projectId, projects.pkid))
    .where(and(eq(projects.pkid, projectId), inArray(projects.status, shareableStatuses)));
  return row !== undefined;
}

/** The list's filters: shareable statuses plus each filter the query gives (by item, district, year…). */
function shareableWhere(db: Queryable, adopted: ReturnType<typeof adoptedOf>, query: ShareableListQuery) {
  return and(
    inArray(projects.status, shareableStatuses),
    query.itemId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(r)
            .where(
              and(
                eq(r.projectId, projects.pkid),
                eq(r.itemId, query.itemId),
                eq(r.status, resultAcceptance.code.adopted),
              ),
            ),
        ),
    query.districtCode === undefined ? undefined : eq(projects.districtCode, query.districtCode),
    query.year === undefined
      ? undefined
      : sql`extract(year from (${adopted.acceptedAt})::timestamptz at time zone 'Asia/Shanghai') = ${query.year}`,
    query.orgName === undefined ? undefined : sql`${orgNames} ilike ${containsPattern(query.orgName)}`,
    query.keyword === undefined
      ? undefined
      : containsAny(query.keyword, projects.projectName, projects.projectNo, constructionUnits.name),
  );
}

/** The department's applications for these projects, newest first (the first per project is its latest). */
async function applicationsOf(db: Queryable, applicantId: number, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({
      pkid: shareApplications.pkid,
      projectId: shareApplications.projectId,
      status: shareApplications.status,
      validUntil: shareApplications.validUntil,
    })
    .from(shareApplications)
    .where(
      and(eq(shareApplications.applicantId, applicantId), inArray(shareApplications.projectId, projectIds)),
    )
    .orderBy(desc(shareApplications.pkid));
}

export async function listShareable(
  db: Queryable,
  user: SessionUser,
  query: ShareableListQuery,
  now: Date,
): Promise<{ rows: ShareableRow[]; total: number }> {
  const adopted = adoptedOf(db);
  const where = shareableWhere(db, adopted, query);
  const base = db
    .select({
      projectId: projects.pkid,
      projectNo: projects.projectNo,
      projectName: projects.projectName,
      status: projects.status,
      districtName: districts.districtName,
      constructionName: constructionUnits.name,
      orgName: orgNames,
      itemNames: adopted.itemNames,
      fileCount: adopted.fileCount,
      acceptedAt: adopted.acceptedAt,
    })
    .from(projects)
    .innerJoin(adopted, eq(adopted.projectId, projects.pkid))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(where);
  const [rows, [counted]] = await Promise.all([
    base
      .orderBy(desc(adopted.acceptedAt), desc(projects.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .innerJoin(adopted, eq(adopted.projectId, projects.pkid))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(where),
  ]);
  const mine = await applicationsOf(
    db,
    user.pkid,
    rows.map((row) => row.projectId),
  );
  return {
    total: counted?.n ?? 0,
    rows: rows.map((row) => {
      const latest = mine.find((application) => application.projectId === row.projectId);
      return {
        ...row,
        itemNames: [...row.itemNames].sort(),
        acceptedAt: row.acceptedAt === null ? null : new Date(row.acceptedAt).toISOString(),
        myApplication: latest
          ? {
              pkid: latest.pkid,
              status: latest.status,
              validity: shareValidity(latest.status, latest.validUntil, now),
            }
          : null,
      };
    }),
  };
}
