/** The console's lists of demands: the owner's and the authority's, the release records, a project's. */
import { and, asc, eq, ilike } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { projectDemands, projectStageItems, projects, stages, surveyItems } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import type { ownerDemandListSchema, projectRecordSchema } from '@shared/validation/projects';
import type { z } from 'zod';
import { getProject, inScope, scopeOf, type Scope } from '../service';
import { demandPage, pendingAmendment, selectDemands, withItems } from './demand-rows';

const d = projectDemands;

/** The console's demand list: an owner its own unit's; `amendment=pending` the authority's to-do. */
export async function listDemandRows(
  db: Queryable,
  user: SessionUser,
  input: z.output<typeof ownerDemandListSchema>,
) {
  const scope = await scopeOf(db, user);
  const where = and(
    inScope(scope),
    input.projectName ? ilike(projects.projectName, containsPattern(input.projectName)) : undefined,
    input.stageId !== undefined ? eq(d.stageId, input.stageId) : undefined,
    input.status !== undefined ? eq(d.status, input.status) : undefined,
    input.amendment === 'pending' ? pendingAmendment : undefined,
  );
  return demandPage(db, where, input.page, input.rows);
}

/** findProjectsRecord (the owner's release records) and findProjectsRecordCheck (everyone's). */
export async function demandRecords(
  db: Queryable,
  scope: Scope,
  input: z.output<typeof projectRecordSchema>,
) {
  const where = and(
    inScope(scope),
    input.status !== undefined ? eq(d.status, input.status) : undefined,
    input.projectName ? ilike(projects.projectName, containsPattern(input.projectName)) : undefined,
  );
  return demandPage(db, where, input.pageIndex, input.pageSize);
}

/** getProjectDemandByPkid: the demands of a project the user may see. */
export async function demandsOfProject(db: Queryable, user: SessionUser, projectId: number) {
  await getProject(db, user, { pkid: projectId });
  const rows = await selectDemands(db).where(eq(d.projectId, projectId)).orderBy(asc(d.stageId), asc(d.pkid));
  return withItems(db, rows);
}

/**
 * getProjectDemandStageItemByProjectId / …ByProjectNo: every survey item the project's demands ask for,
 * one row each with its stage and demand, in stage and item order (404 for a project the user may not see).
 */
export async function demandStageItemsOf(
  db: Queryable,
  user: SessionUser,
  by: { pkid?: number; projectNo?: string },
) {
  const project = await getProject(db, user, by);
  const rows = await db
    .select({
      demandId: d.pkid,
      stageId: d.stageId,
      stageName: stages.name,
      itemId: projectStageItems.itemId,
      itemName: surveyItems.name,
      fundingParty: d.fundingParty,
      status: d.status,
    })
    .from(projectStageItems)
    .innerJoin(d, eq(d.pkid, projectStageItems.demandId))
    .innerJoin(stages, eq(stages.stageId, d.stageId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .where(eq(d.projectId, project.pkid))
    .orderBy(asc(d.stageId), asc(projectStageItems.itemId), asc(d.pkid));
  return rows.map((row) => ({ ...row, statusName: projectStatus.label(row.status as ProjectStatus) }));
}

/** findAllStageItem: every stage with its enabled survey items, in catalog order (the demand form). */
export async function listStageItems(db: Queryable) {
  const rows = await db
    .select({
      stageId: stages.stageId,
      stageName: stages.name,
      itemId: surveyItems.itemId,
      itemName: surveyItems.name,
    })
    .from(stages)
    .innerJoin(surveyItems, eq(surveyItems.stageId, stages.stageId))
    .where(eq(surveyItems.isEnabled, true))
    .orderBy(
      asc(stages.orderIndex),
      asc(stages.stageId),
      asc(surveyItems.orderIndex),
      asc(surveyItems.itemId),
    );
  const catalog = new Map<
    number,
    { stageId: number; stageName: string; items: { itemId: number; itemName: string }[] }
  >();
  for (const row of rows) {
    const stage = catalog.get(row.stageId) ?? { stageId: row.stageId, stageName: row.stageName, items: [] };
    stage.items.push({ itemId: row.itemId, itemName: row.itemName });
    catalog.set(row.stageId, stage);
  }
  return [...catalog.values()];
}
