/**
 * The workflow base's reads (shared/calls/workflow.ts; docs/results.md "Workflow calls"): the
 * acceptance counts (authority, auditors), a survey case with its results, a project's location and
 * its activity. A case or project the user may not read answers as its results do (project.ts: 404,
 * or 403 for another district's sub-office).
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import {
  agentOrganizations,
  agentStaff,
  districts,
  projectDemands,
  projectResults,
  projectStageItems,
  projects,
  reviewItems,
  surveyCaseStaff,
  surveyCases,
  surveyItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { logsOf } from '@server/modules/projects';
import { listReviewRecords } from '@server/modules/review';
import type {
  AchievementAuditCount,
  CaseWithResults,
  ProjectActivity,
  ProjectLocation,
} from '@shared/calls/workflow';
import { auditStatus, auditSubject, resultAcceptance } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m } from '@shared/validation/results';
import { ensureResultItems, resultItemsOf, resultProjectFor } from './project';

const RESULT = auditSubject.code.result;
const A = resultAcceptance.code;

/** statistics/getAchievementAuditCount: the acceptance's projects by state and items by state. */
export async function achievementAuditCount(db: Database, now: Date): Promise<AchievementAuditCount> {
  const r = reviewItems;
  const [projectsByState] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${r.status} = ${auditStatus.code.pending})::int`,
      overdue: sql<number>`count(*) filter (where ${r.status} = ${auditStatus.code.pending} and ${lt(r.dueAt, now)})::int`,
      approved: sql<number>`count(*) filter (where ${r.status} = ${auditStatus.code.approved})::int`,
      rejected: sql<number>`count(*) filter (where ${r.status} = ${auditStatus.code.rejected})::int`,
      total: sql<number>`count(*) filter (where ${r.submittedAt} is not null)::int`,
    })
    .from(r)
    .where(eq(r.subjectType, RESULT));
  const [items] = await db
    .select({
      submitted: sql<number>`count(*) filter (where ${projectResults.status} = ${A.submitted})::int`,
      adopted: sql<number>`count(*) filter (where ${projectResults.status} = ${A.adopted})::int`,
      rejected: sql<number>`count(*) filter (where ${projectResults.status} = ${A.rejected})::int`,
    })
    .from(projectResults);
  return {
    pending: projectsByState?.pending ?? 0,
    overdue: projectsByState?.overdue ?? 0,
    approved: projectsByState?.approved ?? 0,
    rejected: projectsByState?.rejected ?? 0,
    total: projectsByState?.total ?? 0,
    items: { submitted: items?.submitted ?? 0, adopted: items?.adopted ?? 0, rejected: items?.rejected ?? 0 },
  };
}

/** A refusal of the project's results, said of the case when it is a 404. */
const asCase = (error: unknown): never => {
  if (error instanceof AppError && error.code === 'not_found')
    throw new AppError('not_found', { message: m.caseNotFound });
  throw error;
};

/** hisCityCases/getBycaseId: a survey case, its staff per item and the results of its demand. */
export async function caseWithResults(
  db: Database,
  user: SessionUser,
  caseId: number,
): Promise<CaseWithResults> {
  const c = surveyCases;
  const [row] = await db
    .select({
      caseId: c.caseId,
      caseNo: c.caseNo,
      projectId: c.projectId,
      demandId: c.demandId,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      projectStatus: projects.status,
      orgName: agentOrganizations.orgName,
      plannedStart: c.plannedStart,
      plannedEnd: c.plannedEnd,
      createdAt: c.createdAt,
    })
    .from(c)
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, c.organizationId))
    .where(eq(c.caseId, caseId));
  if (!row) throw new AppError('not_found', { message: m.caseNotFound });
  const ref = await resultProjectFor(db, user, row.projectId, 'read').catch(asCase);
  if (!ref.demandIds.includes(row.demandId)) throw new AppError('not_found', { message: m.caseNotFound });
  await db.transaction((tx) => ensureResultItems(tx, ref));
  const staff = await db
    .select({ itemId: surveyCaseStaff.itemId, itemName: surveyItems.name, staffName: agentStaff.name })
    .from(surveyCaseStaff)
    .innerJoin(surveyItems, eq(surveyItems.itemId, surveyCaseStaff.itemId))
    .innerJoin(agentStaff, eq(agentStaff.staffId, surveyCaseStaff.staffId))
    .where(eq(surveyCaseStaff.caseId, caseId))
    .orderBy(asc(surveyItems.orderIndex), asc(agentStaff.name));
  const { demandId, createdAt, ...head } = row;
  return {
    ...head,
    createdAt: createdAt.toISOString(),
    staff,
    results: await resultItemsOf(db, { projectId: ref.projectId, demandIds: [demandId] }),
  };
}

/** case/getZhujianProjectLocation: the project's point, for one of its survey items. */
export async function projectLocation(
  db: Database,
  user: SessionUser,
  input: { projectId: number; itemId: number },
): Promise<ProjectLocation> {
  await resultProjectFor(db, user, input.projectId, 'read');
  const [item] = await db
    .select({ itemName: surveyItems.name })
    .from(projectStageItems)
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .innerJoin(projectDemands, eq(projectDemands.pkid, projectStageItems.demandId))
    .where(and(eq(projectStageItems.projectId, input.projectId), eq(projectStageItems.itemId, input.itemId)))
    .limit(1);
  if (!item) throw new AppError('not_found', { message: m.itemNotOfProject, field: 'itemId' });
  const [project] = await db
    .select({
      districtCode: projects.districtCode,
      districtName: districts.districtName,
      address: projects.address,
      lon: projects.lon,
      lat: projects.lat,
    })
    .from(projects)
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(eq(projects.pkid, input.projectId));
  if (!project || project.lon === null || project.lat === null)
    throw new AppError('not_found', { message: m.noLocation });
  const { lon, lat } = project;
  return {
    projectId: input.projectId,
    itemId: input.itemId,
    itemName: item.itemName,
    districtCode: project.districtCode,
    districtName: project.districtName,
    address: project.address,
    lon,
    lat,
    geometry: { type: 'Point', coordinates: [lon, lat] },
  };
}

/**
 * mngCityCases/projectActInfo: the project's steps (its log and its acceptance's records), oldest
 * first; in 在办 (mngOrHis 1) also the open acceptance task with its holder and deadline.
 */
export async function projectActivity(
  db: Database,
  user: SessionUser,
  input: { projectId: number; mngOrHis: '1' | '2' },
): Promise<ProjectActivity> {
  const ref = await resultProjectFor(db, user, input.projectId, 'read');
  const [logs, records] = await Promise.all([
    logsOf(db, ref.projectId),
    listReviewRecords(db, RESULT, ref.projectId),
  ]);
  const steps = [
    ...logs.map((log) => ({
      kind: 'project' as const,
      content: log.content,
      actorName: log.actorName,
      at: log.createdAt,
    })),
    ...records.map((record) => ({
      kind: 'acceptance' as const,
      content: `成果验收：${record.decisionLabel}${record.transferToName ? `（转给${record.transferToName}）` : ''}${record.opinion ? `，${record.opinion}` : ''}`,
      actorName: record.auditorName,
      at: record.auditedAt,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  let current: ProjectActivity['current'] = null;
  if (input.mngOrHis === '1') {
    const [open] = await db
      .select({
        submittedAt: reviewItems.submittedAt,
        dueAt: reviewItems.dueAt,
        holderName: users.username,
      })
      .from(reviewItems)
      .leftJoin(users, eq(users.pkid, reviewItems.assigneeId))
      .where(
        and(
          eq(reviewItems.subjectType, RESULT),
          eq(reviewItems.subjectId, ref.projectId),
          inArray(reviewItems.status, [auditStatus.code.pending]),
        ),
      );
    if (open)
      current = {
        content: '成果验收审核',
        holderName: open.holderName,
        since: open.submittedAt?.toISOString() ?? null,
        dueAt: open.dueAt?.toISOString() ?? null,
      };
  }
  return {
    projectId: ref.projectId,
    projectNo: ref.projectNo,
    status: ref.status,
    steps: steps.map((step) => ({ ...step, at: step.at.toISOString() })),
    current,
  };
}
