/**
 * Projects (issue 13, projects slice): an owner's projects of its own unit, their codes and location,
 * the duplicate check, the status moves of the table (through moveProject only) and the log timeline.
 *
 * Who sees a project (`scopeOf`): an owner its own unit's projects only (another's answer 404, so an id
 * reveals nothing); the authority, auditors and the administrator all of them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { constructionUnits, districts, projectDemands, projectLogs, projects } from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity';
import { pointInBoundary } from '@server/lib/geometry';
import { roles } from '@shared/domain/roles';
import { auditStatus, projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import {
  projectMessages as m,
  type projectFieldsSchema,
  type projectListSchema,
  type projectRecordSchema,
  type projectStatusSchema,
} from '@shared/validation/projects';
import type { z } from 'zod';
import { moveProject } from './status';

const p = projects;

/** null: every project; a number: only that unit's; -1: none (an owner without a unit). */
export type Scope = number | null;

const seesAll = (user: SessionUser) =>
  user.isAdmin || user.roleIds.includes(roles.authority.id) || user.roleIds.includes(roles.auditor.id);

export async function ownUnit(db: Queryable, user: SessionUser) {
  const [unit] = await db
    .select({ id: constructionUnits.constructionId, auditStatus: constructionUnits.auditStatus })
    .from(constructionUnits)
    .where(eq(constructionUnits.userId, user.pkid));
  return unit ?? null;
}

export async function scopeOf(db: Queryable, user: SessionUser): Promise<Scope> {
  if (seesAll(user)) return null;
  return (await ownUnit(db, user))?.id ?? -1;
}

export const inScope = (scope: Scope): SQL | undefined =>
  scope === null ? undefined : eq(p.constructionId, scope);

/** The actor of a project log line. */
export const actorOf = (user: SessionUser) => ({ pkid: user.pkid, username: user.username });

const rowColumns = {
  pkid: p.pkid,
  projectName: p.projectName,
  projectNo: p.projectNo,
  centralCode: p.centralCode,
  localCode: p.localCode,
  districtCode: p.districtCode,
  districtName: districts.districtName,
  constructionId: p.constructionId,
  constructionName: constructionUnits.name,
  fundingParty: p.fundingParty,
  status: p.status,
  demandCount: sql<number>`(select count(*)::int from project_demands d where d.project_id = ${p.pkid})`,
  createdAt: p.createdAt,
  releasedAt: p.releasedAt,
};

const recordColumns = {
  ...rowColumns,
  address: p.address,
  lon: p.lon,
  lat: p.lat,
  projectType: p.projectType,
  totalInvestment: p.totalInvestment,
  landArea: p.landArea,
  buildingArea: p.buildingArea,
  contactName: p.contactName,
  contactPhone: p.contactPhone,
  terminationReason: p.terminationReason,
};

function selectProjects(db: Queryable) {
  return db
    .select(recordColumns)
    .from(p)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
    .leftJoin(districts, eq(districts.districtCode, p.districtCode));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectProjects>['where']>>[number];

function toRecord(row: Selected, scope: Scope) {
  const { constructionId, ...rest } = row;
  return {
    ...rest,
    statusName: projectStatus.label(row.status as ProjectStatus),
    canEdit: scope !== null && constructionId === scope && row.status === projectStatus.code.draft,
  };
}

/** One project the user may see, by id or number; 404 otherwise. */
export async function getProject(
  db: Queryable,
  user: SessionUser,
  by: { pkid?: number; projectNo?: string },
) {
  const scope = await scopeOf(db, user);
  const [row] = await selectProjects(db).where(
    and(by.pkid !== undefined ? eq(p.pkid, by.pkid) : eq(p.projectNo, by.projectNo ?? ''), inScope(scope)),
  );
  if (!row) throw new AppError('not_found', { message: m.projectNotFound });
  return toRecord(row, scope);
}

/** query: paged, newest first; an owner sees its own unit's only. */
export async function listProjects(
  db: Queryable,
  user: SessionUser,
  input: z.output<typeof projectListSchema>,
) {
  const scope = await scopeOf(db, user);
  const where = and(
    inScope(scope),
    input.projectName ? ilike(p.projectName, containsPattern(input.projectName)) : undefined,
    input.projectNo ? ilike(p.projectNo, containsPattern(input.projectNo)) : undefined,
    input.status !== undefined ? eq(p.status, input.status) : undefined,
    input.districtCode ? eq(p.districtCode, input.districtCode) : undefined,
  );
  return pageOf(db, scope, where, input.page, input.rows);
}

async function pageOf(db: Queryable, scope: Scope, where: SQL | undefined, page: number, size: number) {
  const rows = await selectProjects(db)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.pkid))
    .limit(size)
    .offset((page - 1) * size);
  const [counted] = await db.select({ total: count() }).from(p).where(where);
  return {
    rows: rows.map((row) => {
      const { canEdit: _c, address: _a, lon: _x, lat: _y, ...rest } = toRecord(row, scope);
      const { projectType: _t, totalInvestment: _i, landArea: _l, buildingArea: _b, ...row2 } = rest;
      const { contactName: _n, contactPhone: _p, terminationReason: _r, ...listed } = row2;
      return listed;
    }),
    total: counted?.total ?? 0,
  };
}

/** findProjects: the owner's projects in a status (e.g. 0, to release a demand for). */
export async function findOwnProjects(
  db: Queryable,
  user: SessionUser,
  input: z.output<typeof projectRecordSchema>,
) {
  const scope = (await ownUnit(db, user))?.id ?? -1;
  const where = and(
    eq(p.constructionId, scope),
    input.status !== undefined ? eq(p.status, input.status) : undefined,
    input.projectName ? ilike(p.projectName, containsPattern(input.projectName)) : undefined,
  );
  return pageOf(db, scope, where, input.pageIndex, input.pageSize);
}

/**
 * checkIfCanSelfUpload: refuses (409) when a project other than `pkid` has the same name, central
 * code or local code, naming it. Terminated projects still hold their codes: a code is one project's.
 */
export async function assertNoDuplicate(
  db: Queryable,
  input: {
    projectName: string;
    centralCode?: string | undefined;
    localCode?: string | undefined;
    pkid?: number | undefined;
  },
): Promise<void> {
  const same = [eq(p.projectName, input.projectName.trim())];
  if (input.centralCode) same.push(eq(p.centralCode, input.centralCode.trim()));
  if (input.localCode) same.push(eq(p.localCode, input.localCode.trim()));
  const [existing] = await db
    .select({ name: p.projectName, projectNo: p.projectNo })
    .from(p)
    .where(and(or(...same), input.pkid !== undefined ? ne(p.pkid, input.pkid) : undefined))
    .orderBy(asc(p.pkid))
    .limit(1);
  if (existing) throw new AppError('conflict', { message: m.duplicate(existing.name, existing.projectNo) });
}

/** The district holding a point (most specific first), or a 400 when it is outside every one. */
export async function districtAt(db: Queryable, lon: number, lat: number): Promise<string> {
  const rows = await db
    .select({ code: districts.districtCode, boundary: districts.boundary })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11) and ${districts.boundary} is not null`);
  const hits = rows.filter((row) => row.boundary && pointInBoundary([lon, lat], row.boundary));
  hits.sort((a, b) => b.code.length - a.code.length);
  const hit = hits[0];
  if (!hit) throw new AppError('invalid_input', { message: m.locationOutside, field: 'lon' });
  return hit.code;
}

type Fields = z.output<typeof projectFieldsSchema>;

function columnsOf(input: Fields, districtCode: string) {
  return {
    projectName: input.projectName,
    centralCode: input.centralCode,
    localCode: input.localCode ?? null,
    districtCode,
    address: input.address ?? null,
    lon: input.lon,
    lat: input.lat,
    projectType: input.projectType ?? null,
    fundingParty: input.fundingParty,
    totalInvestment: input.totalInvestment ?? null,
    landArea: input.landArea ?? null,
    buildingArea: input.buildingArea ?? null,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
  };
}

const chinaYear = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();

/**
 * add: a draft project of the owner's verified unit; its district comes from the picked point. The
 * hall's project count counts drafts too, so its pages are dropped.
 */
export async function addProject(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: Fields,
  /** More writes that stand or fall with the new project (the import from a docked project links it). */
  alongside?: (tx: Queryable, projectId: number) => Promise<void>,
) {
  const { db } = ctx;
  const unit = await ownUnit(db, user);
  if (!unit || unit.auditStatus !== auditStatus.code.approved)
    throw new AppError('forbidden', { message: '本单位尚未通过认证，不能新建项目' });
  await assertNoDuplicate(db, input);
  const districtCode = await districtAt(db, input.lon, input.lat);
  const id = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = ctx.services.now();
    // The number is the spec's YZ + year + six digits of the id, known only after the insert: a
    // placeholder holds the unique column for the moment of this transaction.
    const [created] = await tx
      .insert(p)
      .values({
        projectNo: `NEW-${randomUUID()}`,
        ...columnsOf(input, districtCode),
        constructionId: unit.id,
        status: projectStatus.code.draft,
        createdBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ pkid: p.pkid });
    if (!created) throw new Error('project insert returned nothing');
    const pkid = created.pkid;
    await tx
      .update(p)
      .set({ projectNo: `YZ${chinaYear(now)}${String(pkid).padStart(6, '0')}` })
      .where(eq(p.pkid, pkid));
    await tx.insert(projectLogs).values({
      projectId: pkid,
      statusFrom: null,
      statusTo: projectStatus.code.draft,
      content: `新建项目：${input.projectName}`,
      actorId: user.pkid,
      actorName: user.username,
      createdAt: now,
    });
    await alongside?.(tx, pkid);
    dropPages(['statistics']);
    return pkid;
  });
  return getProject(db, user, { pkid: id });
}

/** The owner's own draft project, for a change; 404 for another's, 409 once released. */
async function ownDraft(db: Queryable, user: SessionUser, pkid: number) {
  const scope = (await ownUnit(db, user))?.id ?? -1;
  const [row] = await db
    .select({ status: p.status })
    .from(p)
    .where(and(eq(p.pkid, pkid), eq(p.constructionId, scope)));
  if (!row) throw new AppError('not_found', { message: m.projectNotFound });
  if (row.status !== projectStatus.code.draft) throw new AppError('conflict', { message: m.notDraft });
}

export async function updateProject(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: Fields & { pkid: number },
) {
  const { db } = ctx;
  await ownDraft(db, user, input.pkid);
  await assertNoDuplicate(db, input);
  const districtCode = await districtAt(db, input.lon, input.lat);
  const updated = await db
    .update(p)
    .set({ ...columnsOf(input, districtCode), updatedAt: ctx.services.now() })
    .where(and(eq(p.pkid, input.pkid), eq(p.status, projectStatus.code.draft)))
    .returning({ pkid: p.pkid });
  if (updated.length === 0) throw new AppError('conflict', { message: m.notDraft });
  return getProject(db, user, { pkid: input.pkid });
}

/** delete: only a draft; its draft demands, items and logs go with it (the foreign keys cascade). */
export async function deleteProject(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  user: SessionUser,
  pkid: number,
) {
  await ownDraft(ctx.db, user, pkid);
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const removed = await tx
      .delete(p)
      .where(and(eq(p.pkid, pkid), eq(p.status, projectStatus.code.draft)))
      .returning({ pkid: p.pkid });
    if (removed.length === 0) throw new AppError('conflict', { message: m.notDraft });
    dropPages(['statistics']);
  });
  return null;
}

/**
 * updateStatus: a move of the status table on the owner's own project, through moveProject (409 for
 * any other move; 9 needs a reason). Release (0 → 1) has its own call, which also releases the
 * demand, so it is refused here. The project's released demands follow its status, and the hall's
 * pages and map are dropped (a terminated project changes colour there).
 */
export async function changeStatus(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: z.output<typeof projectStatusSchema>,
) {
  const project = await getProject(ctx.db, user, { pkid: input.projectId });
  if (input.projectNo && input.projectNo !== project.projectNo)
    throw new AppError('invalid_input', { message: '项目编号与项目不符', field: 'projectNo' });
  const to = input.status as ProjectStatus;
  if (to === projectStatus.code.published)
    throw new AppError('conflict', { message: '请通过“发布需求”发布项目' });
  const terminated = to === projectStatus.code.terminated;
  const content = terminated
    ? (input.reason ?? '')
    : (input.reason ?? `项目状态变更为“${projectStatus.label(to)}”`);
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = ctx.services.now();
    await moveProject(tx, { projectId: input.projectId, to, actor: actorOf(user), content, at: now });
    await tx
      .update(projectDemands)
      .set({ status: to, updatedAt: now })
      .where(
        and(
          eq(projectDemands.projectId, input.projectId),
          ne(projectDemands.status, projectStatus.code.draft),
        ),
      );
    dropPages(['projects']);
  });
  ctx.services.invalidateProjectMap();
  return getProject(ctx.db, user, { pkid: input.projectId });
}

/** findProjectLogs: a project's log lines, oldest first (the timeline). */
export async function projectLogsOf(db: Queryable, user: SessionUser, projectNo: string) {
  const project = await getProject(db, user, { projectNo });
  return logsOf(db, project.pkid);
}

export async function logsOf(db: Queryable, projectId: number) {
  return db
    .select({
      pkid: projectLogs.pkid,
      statusFrom: projectLogs.statusFrom,
      statusTo: projectLogs.statusTo,
      content: projectLogs.content,
      actorName: projectLogs.actorName,
      createdAt: projectLogs.createdAt,
    })
    .from(projectLogs)
    .where(eq(projectLogs.projectId, projectId))
    .orderBy(asc(projectLogs.createdAt), asc(projectLogs.pkid));
}
