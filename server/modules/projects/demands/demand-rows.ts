/**
 * How every reader and writer of demands sees them: the row with its project, owner, stage and item
 * names; one page of them; a demand the user may see; the owner's own draft.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { namesById } from '@server/db/names-by-id';
import {
  constructionUnits,
  projectDemands,
  projectStageItems,
  projects,
  stages,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { auditStatus, projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m } from '@shared/validation/projects';
import { inScope, ownUnit, scopeOf } from '../service';

const d = projectDemands;

/** The names of survey items by id. */
export const itemNamesOf = (db: Queryable, ids: readonly number[]) =>
  namesById(db, { id: surveyItems.itemId, name: surveyItems.name }, ids);

/** SQL: the demand has an amendment waiting for review (the authority's to-do). */
export const pendingAmendment = sql<boolean>`exists (select 1 from project_demand_amendments a where a.demand_id = ${d.pkid} and a.audit_status = ${auditStatus.code.pending})`;

const rowColumns = {
  demandId: d.pkid,
  projectId: d.projectId,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  constructionId: projects.constructionId,
  constructionName: constructionUnits.name,
  stageId: d.stageId,
  stageName: stages.name,
  fundingParty: d.fundingParty,
  status: d.status,
  remark: d.remark,
  deadline: d.deadline,
  fileCount: sql<number>`(select count(*)::int from project_demand_files f where f.demand_id = ${d.pkid})`,
  pendingAmendment,
  createdAt: d.createdAt,
  releasedAt: d.releasedAt,
};

/** Demands with their project, owner and stage. */
export function selectDemands(db: Queryable) {
  return db
    .select(rowColumns)
    .from(d)
    .innerJoin(projects, eq(projects.pkid, d.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(stages, eq(stages.stageId, d.stageId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectDemands>['where']>>[number];

/** The rows as listed: with their status's name and their survey items' names. */
export async function withItems(db: Queryable, rows: readonly Selected[]) {
  const ids = rows.map((row) => row.demandId);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            demandId: projectStageItems.demandId,
            itemId: projectStageItems.itemId,
            name: surveyItems.name,
          })
          .from(projectStageItems)
          .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
          .where(inArray(projectStageItems.demandId, ids))
          .orderBy(asc(projectStageItems.itemId));
  return rows.map((row) => {
    const { constructionId: _c, remark: _r, deadline: _d, ...rest } = row;
    return {
      ...rest,
      statusName: projectStatus.label(row.status as ProjectStatus),
      itemNames: items.filter((item) => item.demandId === row.demandId).map((item) => item.name),
      pendingAmendment: Boolean(row.pendingAmendment),
    };
  });
}

/** One page of the demands matching `where`, newest first. */
export async function demandPage(db: Queryable, where: SQL | undefined, page: number, size: number) {
  const rows = await selectDemands(db)
    .where(where)
    .orderBy(desc(d.createdAt), desc(d.pkid))
    .limit(size)
    .offset((page - 1) * size);
  const [counted] = await db
    .select({ total: count() })
    .from(d)
    .innerJoin(projects, eq(projects.pkid, d.projectId))
    .where(where);
  return { rows: await withItems(db, rows), total: counted?.total ?? 0 };
}

/** The user's own construction unit as a scope (-1, nothing, without one). */
export async function ownScope(db: Queryable, user: SessionUser): Promise<number> {
  return (await ownUnit(db, user))?.id ?? -1;
}

/** A demand the user may see (404 otherwise), with its project row's scope. */
export async function visibleDemand(db: Queryable, user: SessionUser, demandId: number) {
  const scope = await scopeOf(db, user);
  const [row] = await selectDemands(db).where(and(eq(d.pkid, demandId), inScope(scope)));
  if (!row) throw new AppError('not_found', { message: m.demandNotFound });
  return { row, scope };
}

/** The owner's own demand still in draft: attachments and release need it (404 / 409 otherwise). */
export async function ownDraftDemand(db: Queryable, user: SessionUser, demandId: number) {
  const scope = await ownScope(db, user);
  const [row] = await selectDemands(db).where(and(eq(d.pkid, demandId), eq(projects.constructionId, scope)));
  if (!row) throw new AppError('not_found', { message: m.demandNotFound });
  if (row.status !== projectStatus.code.draft) throw new AppError('conflict', { message: m.demandReleased });
  return row;
}
