/**
 * The demand a selection is for, read the same way by every step: the demand with its project and
 * owner, the owner check, its survey items, the agencies eligible for it now, its selection row.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  demandSelections,
  projectDemands,
  projects,
  projectStageItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { frozenCandidates, type SelectionMethod } from '@shared/domain/selection';
import { surveyItemName } from '@shared/domain/stages';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { eligibleCondition, itemIdsOf } from './eligibility';

/** What the selection services use of the application context. */
export type SelectionContext = Pick<AppContext, 'db' | 'config' | 'services'>;
/** A demand's selection row. */
export type Selection = typeof demandSelections.$inferSelect;

/** Who acts: a signed-in user, or null for the closing job (recorded as 系统). */
export interface SelectionActor {
  pkid: number;
  username: string;
}

/** The demand with what every step of its selection needs of its project and owner. */
export interface DemandInfo {
  demandId: number;
  projectId: number;
  projectName: string;
  projectNo: string;
  projectStatus: number;
  demandStatus: number;
  stageId: number;
  ownerUserId: number | null;
}

/** The demand (locked for update with `lock`); 404 when there is none. */
export async function demandInfo(db: Queryable, demandId: number, lock = false): Promise<DemandInfo> {
  const query = db
    .select({
      demandId: projectDemands.pkid,
      projectId: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      projectStatus: projects.status,
      demandStatus: projectDemands.status,
      stageId: projectDemands.stageId,
      ownerUserId: constructionUnits.userId,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(eq(projectDemands.pkid, demandId));
  const [row] = lock ? await query.for('update', { of: projectDemands }) : await query;
  if (!row) throw new AppError('not_found', { message: '该测绘需求不存在' });
  return row;
}

/**
 * The demand, when `user` owns it (its project's construction unit is the user's) or is an
 * administrator; another owner's demand answers 404 like a missing one.
 */
export async function ownDemand(db: Queryable, user: SessionUser, demandId: number, lock = false) {
  const demand = await demandInfo(db, demandId, lock);
  if (!user.isAdmin && demand.ownerUserId !== user.pkid) {
    throw new AppError('not_found', { message: '该测绘需求不存在' });
  }
  return demand;
}

/** Only a released demand has its agency selected (409 otherwise). */
export function requireReleased(demand: DemandInfo): void {
  if (demand.demandStatus !== projectStatus.code.published) {
    throw new AppError('conflict', {
      message: `该需求当前为“${projectStatus.label(demand.demandStatus)}”，只有已发布的需求可以选取中介机构`,
    });
  }
}

/** The survey item names of each demand, in item order. */
export async function itemNamesByDemand(db: Queryable, demandIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (demandIds.length === 0) return names;
  const rows = await db
    .select({ demandId: projectStageItems.demandId, itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(inArray(projectStageItems.demandId, demandIds))
    .orderBy(asc(projectStageItems.itemId));
  for (const row of rows) {
    names.set(row.demandId, [...(names.get(row.demandId) ?? []), surveyItemName(row.itemId)]);
  }
  return names;
}

/**
 * Ids of the agencies eligible for the demand now by `method`, ascending (the draw's frozen order): a
 * draw or a price comparison leaves out the grades an owner may only choose directly.
 */
export async function eligibleAgencyIds(
  db: Queryable,
  demandId: number,
  method: SelectionMethod,
): Promise<number[]> {
  const itemIds = await itemIdsOf(db, demandId);
  const rows = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eligibleCondition(itemIds, { competitive: method !== 'direct' }))
    .orderBy(asc(agentOrganizations.organizationId));
  return frozenCandidates(rows.map((row) => row.id));
}

/** The demand's selection row (locked for update with `lock`), if a method was chosen. */
export async function selectionOf(
  db: Queryable,
  demandId: number,
  lock = false,
): Promise<Selection | undefined> {
  const query = db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The account and name of each agency. */
export async function agencyUsers(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { userId: number | null; orgName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: agentOrganizations.organizationId,
      userId: agentOrganizations.userId,
      orgName: agentOrganizations.orgName,
    })
    .from(agentOrganizations)
    .where(inArray(agentOrganizations.organizationId, ids));
  return new Map(rows.map((row) => [row.id, { userId: row.userId, orgName: row.orgName }]));
}

/** SQL: the demand has an authorization waiting for an answer or accepted. */
export const authorizedAlready = sql`exists (select 1 from project_authorizations a where a.demand_id = ${projectDemands.pkid} and a.state in (${authorizationState.code.pending}, ${authorizationState.code.accepted}))`;

/** Whether the demand has an authorization waiting for an answer or accepted. */
export async function hasAuthorization(db: Queryable, demandId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(projectDemands)
    .where(and(eq(projectDemands.pkid, demandId), authorizedAlready));
  return row !== undefined;
}
