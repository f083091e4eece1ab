/**
 * Authorizations (spec section 7: authorizationProjectDemand, getProjectDemandAuthorization,
 * getProjectOrganizationRefsByProjectNo, queryChange; issue 13 "Authorization"): the owner offers a
 * released demand to an eligible agency, the agency accepts (the project moves 1 → 2 through
 * moveProject) or declines with a reason (the owner may then authorize another). Every step writes a
 * project log line and a message. An owner sees its own projects' authorizations, an agency those
 * offered to it, supervisors all; anything else is 404.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  projectAuthChanges,
  projectAuthorizations,
  projectDemands,
  projectStageItems,
  projects,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { refreshCreditScores } from '@server/modules/credit';
import { deadlineView, dueAt } from '@server/modules/deadlines';
import { sendMessage } from '@server/modules/messages';
import { stageName, surveyItemName } from '@shared/domain/stages';
import { auditStatus, authorizationState, projectStatus } from '@shared/domain/statuses';
import { beijingDate } from '@shared/domain/working-days';
import { AppError } from '@shared/errors/app-error';
import { authorizationMessages as m } from '@shared/validation/authorizations';
import {
  assertAgencyEligible,
  assertSelectionAllows,
  eligibleAgencies,
  selectionAllows,
} from '@server/modules/selection';
import {
  agencyAccountOf,
  isProjectSupervisor,
  ownAgencyOf,
  ownerUserOf,
  ownUnitOf,
  logProjectEvent,
  moveProject,
} from '@server/modules/projects';
import { fixDemandCatalogue } from '@server/modules/results';

const a = projectAuthorizations;
const p = projects;
const o = agentOrganizations;
const d = projectDemands;
const live = [authorizationState.code.pending, authorizationState.code.accepted];
/** A demand can be authorized (or its agency changed) while its project is released or commissioned. */
const authorizable = [projectStatus.code.published, projectStatus.code.commissioned];

export interface AuthorizationRow {
  authorizationId: number;
  projectId: number;
  projectName: string;
  projectNo: string;
  projectStatus: number;
  demandId: number;
  stageName: string;
  itemNames: string[];
  constructionName: string;
  organizationId: number;
  orgName: string;
  state: number;
  reason: string | null;
  authorizedAt: Date;
  respondedAt: Date | null;
  /** The agency's answer is due (service deadline 'authorization'); overdue: answered after it or still open. */
  dueAt: Date | null;
  overdue: boolean;
}

const rowColumns = {
  authorizationId: a.pkid,
  projectId: a.projectId,
  projectName: p.projectName,
  projectNo: p.projectNo,
  projectStatus: p.status,
  demandId: a.demandId,
  stageId: d.stageId,
  constructionName: constructionUnits.name,
  organizationId: a.organizationId,
  orgName: o.orgName,
  state: a.state,
  reason: a.reason,
  authorizedAt: a.authorizedAt,
  respondedAt: a.respondedAt,
  dueAt: a.dueAt,
};

function joined(db: Queryable) {
  return db
    .select(rowColumns)
    .from(a)
    .innerJoin(p, eq(p.pkid, a.projectId))
    .innerJoin(d, eq(d.pkid, a.demandId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
    .innerJoin(o, eq(o.organizationId, a.organizationId));
}

async function withItems(
  db: Queryable,
  rows: (Omit<AuthorizationRow, 'stageName' | 'itemNames' | 'overdue'> & { stageId: number })[],
): Promise<AuthorizationRow[]> {
  const now = new Date();
  const demandIds = [...new Set(rows.map((r) => r.demandId))];
  const items =
    demandIds.length === 0
      ? []
      : await db
          .select({ demandId: projectStageItems.demandId, itemId: projectStageItems.itemId })
          .from(projectStageItems)
          .where(inArray(projectStageItems.demandId, demandIds))
          .orderBy(asc(projectStageItems.itemId));
  return rows.map(({ stageId, ...row }) => ({
    ...row,
    // Only an offer's answer has a deadline: a revoked one (changed before answering) is not late.
    ...deadlineView(
      row.state === authorizationState.code.revoked ? null : row.dueAt,
      now,
      row.state === authorizationState.code.pending ? null : row.respondedAt,
    ),
    stageName: stageName(stageId),
    itemNames: items.filter((i) => i.demandId === row.demandId).map((i) => surveyItemName(i.itemId)),
  }));
}

const byName = (name: string | undefined) => (name ? [ilike(p.projectName, containsPattern(name))] : []);

/** The project when the user owns it (or supervises); 404 otherwise, exactly like a missing one. */
async function ownedProject(db: Queryable, user: SessionUser, projectId: number) {
  const [project] = await db
    .select({ pkid: p.pkid, name: p.projectName, status: p.status, constructionId: p.constructionId })
    .from(p)
    .where(eq(p.pkid, projectId));
  if (!project) throw new AppError('not_found', { message: m.projectNotFound });
  if (user.isAdmin) return project;
  const unit = await ownUnitOf(db, user);
  if (unit === null || unit !== project.constructionId)
    throw new AppError('not_found', { message: m.projectNotFound });
  return project;
}

/** What the user may see of authorizations: a condition on the joined rows (null = everything). */
async function visibility(db: Queryable, user: SessionUser): Promise<SQL | null> {
  if (isProjectSupervisor(user)) return null;
  const unit = await ownUnitOf(db, user);
  const org = await ownAgencyOf(db, user);
  const parts: SQL[] = [];
  if (unit !== null) parts.push(eq(p.constructionId, unit));
  if (org !== null) parts.push(eq(a.organizationId, org));
  if (parts.length === 0) return eq(a.pkid, -1);
  return (parts.length === 1 ? parts[0] : or(...parts)) as SQL;
}

/**
 * authorizationProjectDemand: offers the project's released demand to an eligible agency. Refused
 * (nothing changed): not the owner's project (404), no released demand (409), an offer pending or
 * accepted already (409: ask an authorization change), an ineligible agency (409).
 */
export async function authorizeDemand(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { projectId: number; organizationId: number; demandId?: number | undefined },
): Promise<AuthorizationRow> {
  const { db } = ctx;
  const id = await db.transaction(async (tx) => {
    const project = await ownedProject(tx, user, input.projectId);
    if (!(authorizable as number[]).includes(project.status))
      throw new AppError('conflict', { message: m.demandNotReleased });
    // The demand row is locked, so two offers for one demand at once end with one offer.
    const [demand] = await tx
      .select({ pkid: d.pkid })
      .from(d)
      .where(
        and(
          eq(d.projectId, project.pkid),
          inArray(d.status, authorizable),
          ...(input.demandId ? [eq(d.pkid, input.demandId)] : []),
        ),
      )
      .orderBy(desc(d.releasedAt), desc(d.pkid))
      .limit(1)
      .for('update');
    if (!demand) throw new AppError('conflict', { message: m.demandNotReleased });
    const [current] = await tx
      .select({ pkid: a.pkid })
      .from(a)
      .where(and(eq(a.demandId, demand.pkid), inArray(a.state, live)));
    if (current) throw new AppError('conflict', { message: m.alreadyAuthorized });
    const agency = await assertAgencyEligible(tx, demand.pkid, input.organizationId);
    await assertSelectionAllows(tx, demand.pkid, agency.organizationId);
    // The agency's answer is a to-do with a service deadline (docs/deadlines.md), reminded one
    // working day before by the deadline-reminders job.
    const now = ctx.services.now();
    const deadline = await dueAt(tx, 'authorization', now);
    const [created] = await tx
      .insert(a)
      .values({
        projectId: project.pkid,
        demandId: demand.pkid,
        organizationId: agency.organizationId,
        state: authorizationState.code.pending,
        authorizedBy: user.pkid,
        authorizedAt: now,
        dueAt: deadline.dueAt,
        remindAt: deadline.remindAt,
      })
      .returning({ pkid: a.pkid });
    if (!created) throw new Error('authorization insert returned nothing');
    await logProjectEvent(tx, {
      projectId: project.pkid,
      actor: user,
      content: `委托${agency.orgName}承担测绘，等待机构答复`,
      at: now,
    });
    if (agency.userId !== null)
      await sendMessage(tx, {
        toUserId: agency.userId,
        content: `建设单位委托贵机构承担项目“${project.name}”的测绘，请在待办需求中接受或拒绝`,
        link: `/notdchy/Detials?id=${created.pkid}`,
        at: now,
      });
    return created.pkid;
  });
  return getAuthorization(db, user, id);
}

/** One authorization, for its owner, its agency and supervisors; 404 for anyone else. */
export async function getAuthorization(
  db: Queryable,
  user: SessionUser,
  id: number,
): Promise<AuthorizationRow> {
  const seen = await visibility(db, user);
  const rows = await joined(db).where(and(eq(a.pkid, id), ...(seen ? [seen] : [])));
  const [row] = await withItems(db, rows);
  if (!row) throw new AppError('not_found', { message: m.authorizationNotFound });
  return row;
}

/**
 * The agency's answer. The state moves 0 → 1 or 2 by a conditional UPDATE: of two tabs or two
 * requests answering at once exactly one matches the row; the other gets 409 and changes nothing.
 */
export async function answerAuthorization(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { id: number; accept: boolean; reason?: string | undefined },
): Promise<AuthorizationRow> {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const org = await agencyAccountOf(tx, user);
    const [row] = await tx
      .select({
        pkid: a.pkid,
        organizationId: a.organizationId,
        projectId: a.projectId,
        demandId: a.demandId,
        dueAt: a.dueAt,
      })
      .from(a)
      .where(eq(a.pkid, input.id));
    if (!row || (!user.isAdmin && row.organizationId !== org))
      throw new AppError('not_found', { message: m.authorizationNotFound });
    const now = ctx.services.now();
    const answered = await tx
      .update(a)
      .set({
        state: input.accept ? authorizationState.code.accepted : authorizationState.code.declined,
        reason: input.accept ? null : (input.reason ?? null),
        respondedAt: now,
      })
      .where(and(eq(a.pkid, row.pkid), eq(a.state, authorizationState.code.pending)))
      .returning({ pkid: a.pkid });
    if (answered.length === 0) throw new AppError('conflict', { message: m.alreadyAnswered });
    const [info] = await tx
      .select({ orgName: o.orgName, projectName: p.projectName, status: p.status })
      .from(a)
      .innerJoin(o, eq(o.organizationId, a.organizationId))
      .innerJoin(p, eq(p.pkid, a.projectId))
      .where(eq(a.pkid, row.pkid));
    if (!info) throw new Error('authorization vanished');
    if (input.accept) {
      // The demand's result catalogue is fixed now: later catalogue edits do not move the agency's goal.
      await fixDemandCatalogue(tx, row.demandId);
      const content = `${info.orgName}接受委托`;
      if (info.status === projectStatus.code.published) {
        await moveProject(tx, {
          projectId: row.projectId,
          to: projectStatus.code.commissioned,
          actor: user,
          content,
          at: now,
        });
        await tx
          .update(d)
          .set({ status: projectStatus.code.commissioned, updatedAt: now })
          .where(eq(d.pkid, row.demandId));
      } else {
        // After an approved authorization change the project is already 已委托.
        await logProjectEvent(tx, { projectId: row.projectId, actor: user, content, at: now });
      }
    } else {
      await logProjectEvent(tx, {
        projectId: row.projectId,
        actor: user,
        content: `${info.orgName}拒绝委托：${input.reason ?? ''}`,
        at: now,
      });
    }
    // An answer after the deadline is an overdue to-do in the agency's credit score (docs/credit-score.md).
    if (row.dueAt !== null && now >= row.dueAt)
      await refreshCreditScores(tx, {
        scope: { organizationId: row.organizationId },
        today: beijingDate(now),
        at: now,
        cause: `委托确认逾期答复（项目“${info.projectName}”）`,
      });
    const ownerId = await ownerUserOf(tx, row.projectId);
    if (ownerId !== null)
      await sendMessage(tx, {
        toUserId: ownerId,
        content: input.accept
          ? `${info.orgName}已接受项目“${info.projectName}”的委托`
          : `${info.orgName}拒绝了项目“${info.projectName}”的委托（${input.reason ?? ''}），您可以委托其他中介机构`,
        link: `/notdchy/Detials?id=${row.pkid}`,
        at: now,
      });
  });
  return getAuthorization(db, user, input.id);
}

/** The agency's to-do (offers waiting for its answer, oldest first) or done list (newest first). */
export async function listAgencyAuthorizations(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; projectName?: string | undefined },
  which: 'todo' | 'done',
): Promise<{ rows: AuthorizationRow[]; total: number }> {
  const org = await ownAgencyOf(db, user);
  if (org === null) return { rows: [], total: 0 };
  const where = and(
    eq(a.organizationId, org),
    ...byName(query.projectName),
    which === 'todo'
      ? eq(a.state, authorizationState.code.pending)
      : inArray(a.state, [
          authorizationState.code.accepted,
          authorizationState.code.declined,
          authorizationState.code.revoked,
        ]),
  );
  const rows = await joined(db)
    .where(where)
    .orderBy(...(which === 'todo' ? [asc(a.authorizedAt), asc(a.pkid)] : [desc(a.respondedAt), desc(a.pkid)]))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(a).innerJoin(p, eq(p.pkid, a.projectId)).where(where);
  return { rows: await withItems(db, rows), total: total?.n ?? 0 };
}

/** All authorizations the user may see (supervisors' DemandList, owners' overview), newest first. */
export async function listAuthorizations(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; state?: number | undefined; projectName?: string | undefined },
): Promise<{ rows: AuthorizationRow[]; total: number }> {
  const seen = await visibility(db, user);
  const where = and(
    ...(seen ? [seen] : []),
    ...(query.state !== undefined ? [eq(a.state, query.state)] : []),
    ...byName(query.projectName),
  );
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(a.authorizedAt), desc(a.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(a).innerJoin(p, eq(p.pkid, a.projectId)).where(where);
  return { rows: await withItems(db, rows), total: total?.n ?? 0 };
}

/** getProjectDemandAuthorization?projectId: the project's authorizations the user may see. */
export async function projectAuthorizationsOf(db: Queryable, user: SessionUser, projectId: number) {
  const seen = await visibility(db, user);
  const rows = await joined(db)
    .where(and(eq(a.projectId, projectId), ...(seen ? [seen] : [])))
    .orderBy(asc(a.authorizedAt), asc(a.pkid));
  // An owner may look at its own project before any offer; anyone else gets the same 404 as for a
  // project that does not exist.
  if (rows.length === 0 && !isProjectSupervisor(user)) await ownedProject(db, user, projectId);
  return withItems(db, rows);
}

/** getProjectOrganizationRefsByProjectNo: each agency that was offered the project, with its state. */
export async function organizationRefsOf(db: Queryable, user: SessionUser, projectNo: string) {
  const [project] = await db.select({ pkid: p.pkid }).from(p).where(eq(p.projectNo, projectNo));
  if (!project) throw new AppError('not_found', { message: m.projectNotFound });
  const rows = await projectAuthorizationsOf(db, user, project.pkid);
  return rows.map((row) => ({
    organizationId: row.organizationId,
    orgName: row.orgName,
    state: row.state,
    authorizationId: row.authorizationId,
    authorizedAt: row.authorizedAt,
    respondedAt: row.respondedAt,
  }));
}

export interface ChangeableProject {
  projectId: number;
  projectName: string;
  projectNo: string;
  projectStatus: number;
  authorizationId: number;
  organizationId: number;
  orgName: string;
  state: number;
  openChangeId: number | null;
}

/**
 * queryChange: the owner's projects whose agency may be changed (an offer pending or accepted, the
 * contract not filed yet), with the pending change if there is one. Supervisors see every owner's.
 */
export async function changeableProjects(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
): Promise<{ rows: ChangeableProject[]; total: number }> {
  const unit = isProjectSupervisor(user) ? null : await ownUnitOf(db, user);
  if (!isProjectSupervisor(user) && unit === null) return { rows: [], total: 0 };
  const where = and(
    inArray(a.state, live),
    inArray(p.status, authorizable),
    ...(unit !== null ? [eq(p.constructionId, unit)] : []),
  );
  const rows = await db
    .select({
      projectId: p.pkid,
      projectName: p.projectName,
      projectNo: p.projectNo,
      projectStatus: p.status,
      authorizationId: a.pkid,
      organizationId: a.organizationId,
      orgName: o.orgName,
      state: a.state,
    })
    .from(a)
    .innerJoin(p, eq(p.pkid, a.projectId))
    .innerJoin(o, eq(o.organizationId, a.organizationId))
    .where(where)
    .orderBy(desc(a.authorizedAt), desc(a.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(a).innerJoin(p, eq(p.pkid, a.projectId)).where(where);
  const open =
    rows.length === 0
      ? []
      : await db
          .select({ pkid: projectAuthChanges.pkid, authorizationId: projectAuthChanges.authorizationId })
          .from(projectAuthChanges)
          .where(
            and(
              inArray(
                projectAuthChanges.authorizationId,
                rows.map((r) => r.authorizationId),
              ),
              eq(projectAuthChanges.auditStatus, auditStatus.code.pending),
            ),
          );
  return {
    rows: rows.map((row) => ({
      ...row,
      openChangeId: open.find((c) => c.authorizationId === row.authorizationId)?.pkid ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * The agencies the owner may authorize (or change to) for the project's current demand: eligible by
 * the one rule (eligibility.ts), without the agency holding the live offer.
 */
export async function candidatesFor(db: Queryable, user: SessionUser, projectId: number) {
  const project = await ownedProject(db, user, projectId);
  const [demand] = await db
    .select({ pkid: d.pkid })
    .from(d)
    .where(and(eq(d.projectId, project.pkid), inArray(d.status, authorizable)))
    .orderBy(desc(d.releasedAt), desc(d.pkid))
    .limit(1);
  if (!demand) return [];
  const holders = await db
    .select({ organizationId: a.organizationId })
    .from(a)
    .where(and(eq(a.demandId, demand.pkid), inArray(a.state, live)));
  const held = new Set(holders.map((h) => h.organizationId));
  const candidates = [];
  for (const agency of await eligibleAgencies(db, demand.pkid)) {
    if (held.has(agency.organizationId)) continue;
    if (!(await selectionAllows(db, demand.pkid, agency.organizationId)).allowed) continue;
    candidates.push({ organizationId: agency.organizationId, orgName: agency.orgName });
  }
  return candidates;
}
