/**
 * The second half's project lists (spec "Projects and demands": projectHistory/query and
 * achieveQuery): projects from 合同已备案 (3) to 已办结 (7) with their result progress, survey case and
 * certificate, and the completed ones with their results and certificate numbers.
 *
 * Who sees what: the supervising roles (authority, auditors, district offices, administrators) every
 * project; an agency its own authorized projects (its staff those whose case names them, or names
 * nobody); an owner its unit's projects. The same rule as the results' lists (lists.ts).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { containsAny } from '@server/db/contains-pattern';
import { pageOf } from '@server/db/page-of';
import {
  agentOrganizations,
  certificates,
  districts,
  projectAuthorizations,
  projectResultFiles,
  projectResults,
  projects,
  surveyCases,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { isProjectSupervisor } from '@server/modules/projects';
import type { AchieveRow, ProjectHistoryRow } from '@shared/calls/results';
import { authorizationState, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { HISTORY_STATUSES, type AchieveQuery, type ProjectHistoryQuery } from '@shared/validation/results';
import { ownProjects, rowsOf } from './lists';

const p = projects;
const a = projectAuthorizations;
const c = certificates;

/** The year of a timestamp in Beijing time. */
const yearOf = (column: typeof p.createdAt) =>
  sql`extract(year from ${column} at time zone 'Asia/Shanghai')::int`;

/** What the user may see: everything for the supervising roles, else the user's own projects. */
async function scopeOf(db: Queryable, user: SessionUser): Promise<SQL> {
  return isProjectSupervisor(user) ? sql`true` : ownProjects(db, user);
}

/** The filters both lists share: name or number, agency, district. */
function sharedFilters(input: {
  projectName?: string | undefined;
  orgName?: string | undefined;
  districtCode?: string | undefined;
}): (SQL | undefined)[] {
  return [
    input.projectName ? containsAny(input.projectName, p.projectName, p.projectNo) : undefined,
    input.orgName ? containsAny(input.orgName, agentOrganizations.orgName) : undefined,
    input.districtCode ? eq(p.districtCode, input.districtCode) : undefined,
  ];
}

/**
 * A page of project ids matching `where` (projects joined to their accepted authorizations, the
 * agency and the certificate, so the filters may name them), in `order`.
 */
async function pageOfIds(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  input: { page: number; rows: number },
) {
  const matching = () =>
    db
      .select({ pkid: p.pkid })
      .from(p)
      .innerJoin(a, eq(a.projectId, p.pkid))
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, a.organizationId))
      .leftJoin(c, eq(c.projectId, p.pkid))
      .where(where);
  const [page, [total]] = await Promise.all([
    pageOf(
      db
        .select({ pkid: p.pkid })
        .from(p)
        .where(inArray(p.pkid, matching()))
        .orderBy(...order, desc(p.pkid))
        .$dynamic(),
      input,
    ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(inArray(p.pkid, matching())),
  ]);
  return { ids: page.map((row) => row.pkid), total: total?.n ?? 0 };
}

/** The newest certificate of each project. */
async function certificatesOf(db: Queryable, projectIds: readonly number[]) {
  const rows =
    projectIds.length === 0
      ? []
      : await db
          .select({
            projectId: c.projectId,
            pkid: c.pkid,
            certificateNo: c.certificateNo,
            state: c.state,
            issuedAt: c.issuedAt,
          })
          .from(c)
          .where(inArray(c.projectId, [...projectIds]))
          .orderBy(asc(c.issuedAt), asc(c.pkid));
  const byProject = new Map<number, ProjectHistoryRow['certificate']>();
  for (const { projectId, issuedAt, ...row } of rows)
    byProject.set(projectId, { ...row, issuedAt: issuedAt.toISOString() });
  return byProject;
}

/** District, dates and the first survey case of an accepted authorization, per project. */
async function extrasOf(db: Queryable, projectIds: readonly number[]) {
  if (projectIds.length === 0)
    return { heads: [], cases: new Map<number, { caseId: number; caseNo: string }>() };
  const heads = await db
    .select({
      projectId: p.pkid,
      districtCode: p.districtCode,
      districtName: districts.districtName,
      createdAt: p.createdAt,
      completedAt: p.completedAt,
    })
    .from(p)
    .leftJoin(districts, eq(districts.districtCode, p.districtCode))
    .where(inArray(p.pkid, [...projectIds]));
  const caseRows = await db
    .select({ projectId: surveyCases.projectId, caseId: surveyCases.caseId, caseNo: surveyCases.caseNo })
    .from(surveyCases)
    .innerJoin(a, and(eq(a.pkid, surveyCases.authorizationId), eq(a.state, authorizationState.code.accepted)))
    .where(inArray(surveyCases.projectId, [...projectIds]))
    .orderBy(desc(surveyCases.caseId));
  const cases = new Map<number, { caseId: number; caseNo: string }>();
  for (const row of caseRows) cases.set(row.projectId, { caseId: row.caseId, caseNo: row.caseNo });
  return { heads, cases };
}

/** projectHistory/query: the user's projects in 3–7, filtered, newest change first. */
export async function listProjectHistory(db: Database, user: SessionUser, input: ProjectHistoryQuery) {
  const where = and(
    eq(a.state, authorizationState.code.accepted),
    inArray(p.status, input.status === undefined ? [...HISTORY_STATUSES] : [input.status]),
    await scopeOf(db, user),
    ...sharedFilters(input),
    input.year === undefined ? undefined : sql`${yearOf(p.createdAt)} = ${input.year}`,
    input.projectId === undefined ? undefined : eq(p.pkid, input.projectId),
  );
  const { ids, total } = await pageOfIds(db, where, [desc(p.updatedAt)], input);
  const [rows, certs, { heads, cases }] = await Promise.all([
    rowsOf(db, ids),
    certificatesOf(db, ids),
    extrasOf(db, ids),
  ]);
  return {
    rows: rows.map((row): ProjectHistoryRow => {
      const head = heads.find((candidate) => candidate.projectId === row.projectId);
      const found = cases.get(row.projectId);
      return {
        ...row,
        districtCode: head?.districtCode ?? '',
        districtName: head?.districtName ?? null,
        createdAt: (head?.createdAt ?? new Date(row.updatedAt)).toISOString(),
        caseId: found?.caseId ?? null,
        caseNo: found?.caseNo ?? null,
        certificate: certs.get(row.projectId) ?? null,
      };
    }),
    total,
  };
}

/** Survey items with results and the adopted files (not the auditors' own), per project. */
async function achievementsOf(db: Queryable, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const r = projectResults;
  return db
    .select({
      projectId: r.projectId,
      itemNames: sql<string[]>`array_agg(distinct ${surveyItems.name})`,
      fileCount: sql<number>`count(${projectResultFiles.fileId}) filter (where ${r.status} = ${resultAcceptance.code.adopted} and not ${projectResultFiles.byAuditor})::int`,
    })
    .from(r)
    .innerJoin(surveyItems, eq(surveyItems.itemId, r.itemId))
    .leftJoin(projectResultFiles, eq(projectResultFiles.resultId, r.resultId))
    .where(inArray(r.projectId, [...projectIds]))
    .groupBy(r.projectId);
}

/** projectHistory/achieveQuery: completed projects with their results and certificate, newest first. */
export async function listAchievements(db: Database, user: SessionUser, input: AchieveQuery) {
  const where = and(
    eq(a.state, authorizationState.code.accepted),
    eq(p.status, projectStatus.code.completed),
    await scopeOf(db, user),
    ...sharedFilters(input),
    input.certificateNo ? containsAny(input.certificateNo, c.certificateNo) : undefined,
    input.year === undefined ? undefined : eq(c.year, input.year),
  );
  const { ids, total } = await pageOfIds(db, where, [sql`${p.completedAt} desc nulls last`], input);
  const [rows, certs, { heads }, achievements] = await Promise.all([
    rowsOf(db, ids),
    certificatesOf(db, ids),
    extrasOf(db, ids),
    achievementsOf(db, ids),
  ]);
  return {
    rows: rows.map((row): AchieveRow => {
      const head = heads.find((candidate) => candidate.projectId === row.projectId);
      const achieved = achievements.find((candidate) => candidate.projectId === row.projectId);
      return {
        projectId: row.projectId,
        projectName: row.projectName,
        projectNo: row.projectNo,
        constructionName: row.constructionName,
        orgName: row.orgName,
        districtName: head?.districtName ?? null,
        completedAt: head?.completedAt?.toISOString() ?? null,
        itemNames: (achieved?.itemNames ?? []).filter(Boolean).sort(),
        total: row.total,
        adopted: row.adopted,
        fileCount: achieved?.fileCount ?? 0,
        certificate: certs.get(row.projectId) ?? null,
      };
    }),
    total,
  };
}
