/**
 * Survey cases (办件; /notdchy CaseAdd and CaseDetail): the agency whose authorization was accepted
 * opens the survey case of a project whose contract is filed (status 3 合同已备案): it names its
 * staff members for each survey item and the planned dates. Opening moves the project 3 → 4 (测绘中)
 * through moveProject (its log line), in one transaction with the case; one case per authorization.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  agentStaff,
  constructionUnits,
  districts,
  projectAuthorizations,
  projectDemands,
  projectStageItems,
  projects,
  surveyCaseStaff,
  surveyCases,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import {
  agencyAccountOf,
  isProjectSupervisor,
  ownAgencyOf,
  ownerUserOf,
  ownUnitOf,
  logsOf,
  moveProject,
} from '@server/modules/projects';
import { stageName, surveyItemName } from '@shared/domain/stages';
import { auditStatus, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { caseMessages as m, type CaseAddInput } from '@shared/validation/offline';

const a = projectAuthorizations;
const p = projects;
const c = surveyCases;

function escapeLike(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

async function itemsOfDemand(db: Queryable, demandIds: number[]): Promise<Map<number, number[]>> {
  const byDemand = new Map<number, number[]>();
  if (demandIds.length === 0) return byDemand;
  const rows = await db
    .select({ demandId: projectStageItems.demandId, itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(inArray(projectStageItems.demandId, demandIds))
    .orderBy(asc(projectStageItems.itemId));
  for (const row of rows) byDemand.set(row.demandId, [...(byDemand.get(row.demandId) ?? []), row.itemId]);
  return byDemand;
}

/** The agency's cases to open (accepted, contract filed, no case yet) first, then those under way. */
export async function listCaseTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; projectName?: string | undefined },
) {
  const org = await ownAgencyOf(db, user);
  if (org === null) return { rows: [], total: 0 };
  const where = and(
    eq(a.organizationId, org),
    eq(a.state, authorizationState.code.accepted),
    or(
      and(isNull(c.caseId), eq(p.status, projectStatus.code.contractFiled)),
      and(isNotNull(c.caseId), eq(p.status, projectStatus.code.surveying)),
    ),
    ...(query.projectName ? [ilike(p.projectName, escapeLike(query.projectName))] : []),
  );
  const base = () =>
    db
      .select({
        authorizationId: a.pkid,
        projectId: p.pkid,
        projectName: p.projectName,
        projectNo: p.projectNo,
        projectStatus: p.status,
        demandId: a.demandId,
        stageId: projectDemands.stageId,
        constructionName: constructionUnits.name,
        respondedAt: a.respondedAt,
        caseId: c.caseId,
        caseNo: c.caseNo,
        plannedEnd: c.plannedEnd,
      })
      .from(a)
      .innerJoin(p, eq(p.pkid, a.projectId))
      .innerJoin(projectDemands, eq(projectDemands.pkid, a.demandId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
      .leftJoin(c, eq(c.authorizationId, a.pkid));
  const rows = await base()
    .where(where)
    .orderBy(desc(isNull(c.caseId)), asc(a.respondedAt), asc(a.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({ n: count() })
    .from(a)
    .innerJoin(p, eq(p.pkid, a.projectId))
    .leftJoin(c, eq(c.authorizationId, a.pkid))
    .where(where);
  const items = await itemsOfDemand(
    db,
    rows.map((row) => row.demandId),
  );
  return {
    rows: rows.map(({ demandId, stageId, ...row }) => ({
      ...row,
      stageName: stageName(stageId),
      itemNames: (items.get(demandId) ?? []).map((id) => surveyItemName(id)),
    })),
    total: total?.n ?? 0,
  };
}

/** The agency's staff who may be named on a case: approved, not deleted, not blacklisted. */
async function staffOptions(db: Queryable, organizationId: number) {
  return db
    .select({ staffId: agentStaff.staffId, staffName: agentStaff.name, title: agentStaff.title })
    .from(agentStaff)
    .where(
      and(
        eq(agentStaff.organizationId, organizationId),
        eq(agentStaff.auditStatus, auditStatus.code.approved),
        eq(agentStaff.isBlacklisted, false),
        isNull(agentStaff.deletedAt),
      ),
    )
    .orderBy(asc(agentStaff.staffId));
}

async function authorizationOf(db: Queryable, user: SessionUser, authorizationId: number, lock = false) {
  const org = user.isAdmin ? null : await ownAgencyOf(db, user);
  const query = db
    .select({
      authorizationId: a.pkid,
      organizationId: a.organizationId,
      state: a.state,
      projectId: p.pkid,
      projectName: p.projectName,
      projectNo: p.projectNo,
      projectStatus: p.status,
      demandId: a.demandId,
      stageId: projectDemands.stageId,
      constructionName: constructionUnits.name,
    })
    .from(a)
    .innerJoin(p, eq(p.pkid, a.projectId))
    .innerJoin(projectDemands, eq(projectDemands.pkid, a.demandId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
    .where(eq(a.pkid, authorizationId));
  const [row] = lock ? await query.for('update', { of: a }) : await query;
  if (!row || (!user.isAdmin && row.organizationId !== org))
    throw new AppError('not_found', { message: m.authorizationNotFound });
  return row;
}

async function existingCase(db: Queryable, authorizationId: number): Promise<number | null> {
  const [row] = await db.select({ caseId: c.caseId }).from(c).where(eq(c.authorizationId, authorizationId));
  return row?.caseId ?? null;
}

function blockedReason(row: { state: number; projectStatus: number }, caseId: number | null): string | null {
  if (caseId !== null) return m.caseExists;
  if (row.state !== authorizationState.code.accepted) return m.notAccepted;
  if (row.projectStatus !== projectStatus.code.contractFiled) return m.contractNotFiled;
  return null;
}

/** CaseAdd's data: the authorization's project and items, the staff to pick, and what blocks it. */
export async function prepareCase(db: Queryable, user: SessionUser, authorizationId: number) {
  const row = await authorizationOf(db, user, authorizationId);
  const caseId = await existingCase(db, authorizationId);
  const items = (await itemsOfDemand(db, [row.demandId])).get(row.demandId) ?? [];
  return {
    authorizationId: row.authorizationId,
    projectId: row.projectId,
    projectName: row.projectName,
    projectNo: row.projectNo,
    projectStatus: row.projectStatus,
    constructionName: row.constructionName,
    stageName: stageName(row.stageId),
    items: items.map((itemId) => ({ itemId, itemName: surveyItemName(itemId) })),
    staff: await staffOptions(db, row.organizationId),
    blocked: blockedReason(row, caseId),
    caseId,
  };
}

/** CaseAdd: opens the case and moves the project to 测绘中, or changes nothing. */
export async function addCase(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: CaseAddInput,
) {
  if (!user.isAdmin && (await agencyAccountOf(ctx.db, user)) === null)
    throw new AppError('forbidden', { message: m.noAgency });
  const caseId = await ctx.db.transaction(async (tx) => {
    const now = ctx.services.now();
    const row = await authorizationOf(tx, user, input.authorizationId, true);
    const blocked = blockedReason(row, await existingCase(tx, row.authorizationId));
    if (blocked) throw new AppError('conflict', { message: blocked });
    const items = (await itemsOfDemand(tx, [row.demandId])).get(row.demandId) ?? [];
    const given = new Map(input.assignments.map((x) => [x.itemId, [...new Set(x.staffIds)]]));
    for (const itemId of given.keys())
      if (!items.includes(itemId))
        throw new AppError('invalid_input', { message: m.itemInvalid, field: 'assignments' });
    const allowed = new Set((await staffOptions(tx, row.organizationId)).map((s) => s.staffId));
    for (const itemId of items) {
      const staff = given.get(itemId) ?? [];
      if (staff.length === 0)
        throw new AppError('invalid_input', {
          message: m.staffRequired(surveyItemName(itemId)),
          field: 'assignments',
        });
      if (staff.some((id) => !allowed.has(id)))
        throw new AppError('invalid_input', { message: m.staffInvalid, field: 'assignments' });
    }
    const caseNo = `BJ-${row.projectNo}-${row.authorizationId}`;
    const [created] = await tx
      .insert(c)
      .values({
        caseNo,
        projectId: row.projectId,
        demandId: row.demandId,
        authorizationId: row.authorizationId,
        organizationId: row.organizationId,
        plannedStart: input.plannedStart,
        plannedEnd: input.plannedEnd,
        remark: input.remark ?? null,
        createdBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ caseId: c.caseId });
    if (!created) throw new Error('case insert returned nothing');
    await tx
      .insert(surveyCaseStaff)
      .values(
        items.flatMap((itemId) =>
          (given.get(itemId) ?? []).map((staffId) => ({ caseId: created.caseId, itemId, staffId })),
        ),
      );
    await moveProject(tx, {
      projectId: row.projectId,
      to: projectStatus.code.surveying,
      actor: user,
      content: `新建办件 ${caseNo}，开始测绘（计划 ${input.plannedStart} 至 ${input.plannedEnd}）`,
      at: now,
    });
    await tx
      .update(projectDemands)
      .set({ status: projectStatus.code.surveying, updatedAt: now })
      .where(eq(projectDemands.pkid, row.demandId));
    const ownerId = await ownerUserOf(tx, row.projectId);
    if (ownerId !== null)
      await sendMessage(tx, {
        toUserId: ownerId,
        content: `项目“${row.projectName}”已开始测绘（办件 ${caseNo}）`,
        link: `/notdchy/CaseDetail?id=${created.caseId}`,
        at: now,
      });
    return created.caseId;
  });
  return getCase(ctx.db, user, caseId);
}

/** Whether the user may see the case (the same rule as the case lists). */
export async function canSeeCase(db: Queryable, user: SessionUser, caseId: number): Promise<boolean> {
  const seen = await visibility(db, user);
  const [row] = await db
    .select({ caseId: c.caseId })
    .from(c)
    .innerJoin(p, eq(p.pkid, c.projectId))
    .where(and(eq(c.caseId, caseId), ...(seen ? [seen] : [])));
  return row !== undefined;
}

/**
 * Whether the user works on the case: its agency's account, or a staff member the agency assigned to
 * one of its items.
 */
export async function worksOnCase(db: Queryable, user: SessionUser, caseId: number): Promise<boolean> {
  const [row] = await db.select({ org: c.organizationId }).from(c).where(eq(c.caseId, caseId));
  if (!row) return false;
  if ((await agencyAccountOf(db, user)) === row.org) return true;
  const [assigned] = await db
    .select({ staffId: surveyCaseStaff.staffId })
    .from(surveyCaseStaff)
    .innerJoin(agentStaff, eq(agentStaff.staffId, surveyCaseStaff.staffId))
    .where(
      and(
        eq(surveyCaseStaff.caseId, caseId),
        eq(agentStaff.userId, user.pkid),
        eq(agentStaff.organizationId, row.org),
      ),
    )
    .limit(1);
  return assigned !== undefined;
}

/** Owners see their projects' cases, agencies (and their staff) their own, supervisors all. */
async function visibility(db: Queryable, user: SessionUser): Promise<SQL | null> {
  if (isProjectSupervisor(user)) return null;
  const parts: SQL[] = [];
  const org = await ownAgencyOf(db, user);
  if (org !== null) parts.push(eq(c.organizationId, org));
  const unit = await ownUnitOf(db, user);
  if (unit !== null) parts.push(eq(p.constructionId, unit));
  return parts.length === 0 ? eq(c.caseId, -1) : (or(...parts) as SQL);
}

function caseRows(db: Queryable) {
  return db
    .select({
      caseId: c.caseId,
      caseNo: c.caseNo,
      projectId: p.pkid,
      projectName: p.projectName,
      projectNo: p.projectNo,
      projectStatus: p.status,
      stageId: projectDemands.stageId,
      orgName: agentOrganizations.orgName,
      plannedStart: c.plannedStart,
      plannedEnd: c.plannedEnd,
      createdAt: c.createdAt,
      authorizationId: c.authorizationId,
      demandId: c.demandId,
      constructionName: constructionUnits.name,
      districtName: districts.districtName,
      address: p.address,
      remark: c.remark,
      createdByName: users.username,
    })
    .from(c)
    .innerJoin(p, eq(p.pkid, c.projectId))
    .innerJoin(projectDemands, eq(projectDemands.pkid, c.demandId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, c.organizationId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
    .leftJoin(districts, eq(districts.districtCode, p.districtCode))
    .leftJoin(users, eq(users.pkid, c.createdBy));
}

export async function listCases(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; projectName?: string | undefined },
) {
  const seen = await visibility(db, user);
  const where = and(
    ...(seen ? [seen] : []),
    ...(query.projectName ? [ilike(p.projectName, escapeLike(query.projectName))] : []),
  );
  const rows = await caseRows(db)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.caseId))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(c).innerJoin(p, eq(p.pkid, c.projectId)).where(where);
  return {
    rows: rows.map((row) => ({
      caseId: row.caseId,
      caseNo: row.caseNo,
      projectId: row.projectId,
      projectName: row.projectName,
      projectNo: row.projectNo,
      projectStatus: row.projectStatus,
      stageName: stageName(row.stageId),
      orgName: row.orgName,
      plannedStart: row.plannedStart,
      plannedEnd: row.plannedEnd,
      createdAt: row.createdAt,
    })),
    total: total?.n ?? 0,
  };
}

/** CaseDetail: the case, its project, items with their staff, dates and the project's timeline. */
export async function getCase(db: Queryable, user: SessionUser, caseId: number) {
  const seen = await visibility(db, user);
  const [row] = await caseRows(db).where(and(eq(c.caseId, caseId), ...(seen ? [seen] : [])));
  if (!row) throw new AppError('not_found', { message: m.caseNotFound });
  const staff = await db
    .select({
      itemId: surveyCaseStaff.itemId,
      staffId: agentStaff.staffId,
      staffName: agentStaff.name,
      title: agentStaff.title,
    })
    .from(surveyCaseStaff)
    .innerJoin(agentStaff, eq(agentStaff.staffId, surveyCaseStaff.staffId))
    .where(eq(surveyCaseStaff.caseId, caseId))
    .orderBy(asc(surveyCaseStaff.itemId), asc(agentStaff.staffId));
  const items = (await itemsOfDemand(db, [row.demandId])).get(row.demandId) ?? [];
  const { stageId, ...rest } = row;
  return {
    ...rest,
    stageName: stageName(stageId),
    items: items.map((itemId) => ({
      itemId,
      itemName: surveyItemName(itemId),
      staff: staff
        .filter((s) => s.itemId === itemId)
        .map(({ staffId, staffName, title }) => ({ staffId, staffName, title })),
    })),
    logs: await logsOf(db, row.projectId),
  };
}
