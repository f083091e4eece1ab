/**
 * Authorization changes (/authchange/*, spec section 7; issue 13): the owner asks to replace the agency
 * of a demand with a reason; the authority reviews it through the review engine (subject auth_change;
 * to-do, approve or reject with an opinion, transfer); an approval is applied by the kind's hook
 * (review-hooks.ts): the old offer becomes 已变更 and the new agency gets a pending one to accept. It is
 * a change request of the review engine (server/modules/review/change-requests.ts) like the others.
 */
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  projectAuthChanges,
  projectAuthorizations,
  projects,
  reviewItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import {
  changeSubjects,
  doneRowsOf,
  listReviewRecords,
  openChangeOf,
  queueRowsOf,
  reviewStateOrNull,
  saveChangeRequest,
  specDecisionsOf,
  type QueueInput,
  type ReviewRecord,
} from '@server/modules/review';
import { auditStatus, auditSubject, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { authorizationMessages as m } from '@shared/validation/authorizations';
import { assertAgencyEligible } from '@server/modules/selection';
import { isProjectSupervisor, ownAgencyOf, ownUnitOf, logProjectEvent } from '@server/modules/projects';
import { authChanges } from './review-hooks';

const AUTH_CHANGE = auditSubject.code.authChange;
const c = projectAuthChanges;
const p = projects;
const fromOrg = alias(agentOrganizations, 'from_org');
const toOrg = alias(agentOrganizations, 'to_org');

const rowColumns = {
  pkid: c.pkid,
  projectId: c.projectId,
  projectName: p.projectName,
  projectNo: p.projectNo,
  demandId: c.demandId,
  authorizationId: c.authorizationId,
  newAuthorizationId: c.newAuthorizationId,
  fromOrganizationId: c.fromOrganizationId,
  fromOrgName: fromOrg.orgName,
  toOrganizationId: c.toOrganizationId,
  toOrgName: toOrg.orgName,
  reason: c.reason,
  auditStatus: c.auditStatus,
  createdAt: c.createdAt,
  appliedAt: c.appliedAt,
};

function joined(db: Queryable) {
  return db
    .select(rowColumns)
    .from(c)
    .innerJoin(p, eq(p.pkid, c.projectId))
    .innerJoin(fromOrg, eq(fromOrg.organizationId, c.fromOrganizationId))
    .innerJoin(toOrg, eq(toOrg.organizationId, c.toOrganizationId));
}

/** Authorization changes as the reviewers' lists show them, searched by the project's name or number. */
const authChangeSubjects = changeSubjects(authChanges, joined, {
  table: p,
  on: eq(p.pkid, c.projectId),
  columns: [p.projectName, p.projectNo],
});

/** Owners see their projects' changes, both agencies theirs, supervisors all (null = everything). */
async function visibility(db: Queryable, user: SessionUser): Promise<SQL | null> {
  if (isProjectSupervisor(user)) return null;
  const unit = await ownUnitOf(db, user);
  const org = await ownAgencyOf(db, user);
  const parts: SQL[] = [];
  if (unit !== null) parts.push(eq(p.constructionId, unit));
  if (org !== null) parts.push(eq(c.fromOrganizationId, org), eq(c.toOrganizationId, org));
  if (parts.length === 0) return eq(c.pkid, -1);
  return or(...parts) as SQL;
}

/** The project's current offer (pending or accepted) when the owner may ask to change it. */
async function currentOffer(db: Queryable, user: SessionUser, projectId: number) {
  const [project] = await db
    .select({ pkid: p.pkid, status: p.status, constructionId: p.constructionId, name: p.projectName })
    .from(p)
    .where(eq(p.pkid, projectId));
  if (!project) throw new AppError('not_found', { message: m.projectNotFound });
  if (!user.isAdmin && (await ownUnitOf(db, user)) !== project.constructionId)
    throw new AppError('not_found', { message: m.projectNotFound });
  const changeable: number[] = [projectStatus.code.published, projectStatus.code.commissioned];
  const [offer] = changeable.includes(project.status)
    ? await db
        .select({
          pkid: projectAuthorizations.pkid,
          demandId: projectAuthorizations.demandId,
          organizationId: projectAuthorizations.organizationId,
          orgName: agentOrganizations.orgName,
          state: projectAuthorizations.state,
        })
        .from(projectAuthorizations)
        .innerJoin(
          agentOrganizations,
          eq(agentOrganizations.organizationId, projectAuthorizations.organizationId),
        )
        .where(
          and(
            eq(projectAuthorizations.projectId, project.pkid),
            inArray(projectAuthorizations.state, [
              authorizationState.code.pending,
              authorizationState.code.accepted,
            ]),
          ),
        )
        .orderBy(desc(projectAuthorizations.authorizedAt))
        .limit(1)
    : [];
  return { project, offer: offer ?? null };
}

/** The demand's pending change, if any (a change is submitted when asked: none stays a draft). */
async function pendingChangeOf(db: Queryable, demandId: number) {
  return (await openChangeOf(db, authChanges, demandId))?.pkid ?? null;
}

/** ifProjectDemandAuthChange?projectId: may the owner ask a change now, and the current agency. */
export async function checkChange(db: Queryable, user: SessionUser, projectId: number) {
  const { offer } = await currentOffer(db, user, projectId);
  if (!offer) return { canChange: false, message: m.nothingToChange, openChangeId: null, current: null };
  const open = await pendingChangeOf(db, offer.demandId);
  const current = {
    authorizationId: offer.pkid,
    organizationId: offer.organizationId,
    orgName: offer.orgName,
    state: offer.state,
  };
  if (open !== null) return { canChange: false, message: m.changeOpen, openChangeId: open, current };
  return { canChange: true, message: null, openChangeId: null, current };
}

/** authchange/add: asks the change and submits it to review at once (one transaction). */
export async function addChange(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { projectId: number; organizationId: number; reason: string },
) {
  const { db } = ctx;
  const id = await db.transaction(async (tx) => {
    const { project, offer } = await currentOffer(tx, user, input.projectId);
    if (!offer) throw new AppError('conflict', { message: m.nothingToChange });
    // Locks the offer: two change requests for it at once end with one.
    await tx
      .select({ pkid: projectAuthorizations.pkid })
      .from(projectAuthorizations)
      .where(eq(projectAuthorizations.pkid, offer.pkid))
      .for('update');
    if ((await pendingChangeOf(tx, offer.demandId)) !== null)
      throw new AppError('conflict', { message: m.changeOpen });
    if (offer.organizationId === input.organizationId)
      throw new AppError('invalid_input', { message: m.sameAgency, field: 'organizationId' });
    const target = await assertAgencyEligible(tx, offer.demandId, input.organizationId);
    const id = await saveChangeRequest(ctx, tx, user, authChanges, {
      subjectId: offer.demandId,
      values: {
        projectId: project.pkid,
        demandId: offer.demandId,
        authorizationId: offer.pkid,
        fromOrganizationId: offer.organizationId,
        toOrganizationId: target.organizationId,
        reason: input.reason,
      },
      action: 'submit',
      pendingMessage: m.changeOpen,
    });
    await logProjectEvent(tx, {
      projectId: project.pkid,
      actor: user,
      content: `申请授权变更：由${offer.orgName}变更为${target.orgName}，原因：${input.reason}`,
      at: ctx.services.now(),
    });
    return id;
  });
  return getChange(db, user, id);
}

/** One change with its review state (DecisionPanel) for those who may see it; 404 otherwise. */
export async function getChange(db: Queryable, user: SessionUser, id: number) {
  const seen = await visibility(db, user);
  const [row] = await joined(db).where(and(eq(c.pkid, id), ...(seen ? [seen] : [])));
  if (!row) throw new AppError('not_found', { message: m.changeNotFound });
  return { ...row, review: await reviewStateOrNull(db, user, AUTH_CHANGE, id) };
}

export async function changeTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await getChange(db, user, id);
  return listReviewRecords(db, AUTH_CHANGE, id);
}

/**
 * project/log/getConstructionAuthChangeProjectLogs: every authorization change of a project the user
 * may see, oldest first, each with its review records (an empty list when it had none).
 */
export async function projectChangeLogs(db: Queryable, user: SessionUser, projectId: number) {
  const seen = await visibility(db, user);
  const rows = await joined(db)
    .where(and(eq(c.projectId, projectId), ...(seen ? [seen] : [])))
    .orderBy(c.createdAt, c.pkid);
  const logs = [];
  for (const row of rows) logs.push({ ...row, records: await listReviewRecords(db, AUTH_CHANGE, row.pkid) });
  return logs;
}

/** authchange/query: the changes the user may see, newest first. */
export async function listChanges(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; auditStatus?: number | undefined },
) {
  const seen = await visibility(db, user);
  const where = and(
    ...(seen ? [seen] : []),
    ...(query.auditStatus !== undefined ? [eq(c.auditStatus, query.auditStatus)] : []),
  );
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(c).innerJoin(p, eq(p.pkid, c.projectId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The reviewer's pending changes (review engine's to-do: theirs or the pool's, oldest first). */
export async function listChangeTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; projectName?: string | undefined } & QueueInput,
) {
  const { projectName, ...queue } = query;
  // The list's own project-name filter is the queue's keyword when no keyword is given.
  const keyword = queue.keyword ?? projectName;
  return queueRowsOf(
    db,
    user,
    authChangeSubjects,
    { ...queue, ...(keyword ? { keyword } : {}) },
    (change) => change,
  );
}

/** doneProjectDemandAuthChange: the changes the reviewer decided last, newest first. */
export async function listChangeDone(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  return doneRowsOf(db, user, authChangeSubjects, query, (change) => change);
}

const decisions = specDecisionsOf(AUTH_CHANGE);
/** authchange/check: approve (applied by the kind's hook) or reject with an opinion. */
export const decideChange = decisions.approve;
/** authchange/transfer: hands the pending change to another reviewer, with the reason. */
export const transferChange = decisions.transfer;

/** authchange/delete/{id}: the owner removes a change that is not under review nor applied. */
export async function deleteChange(ctx: Pick<AppContext, 'db' | 'services'>, user: SessionUser, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        pkid: c.pkid,
        auditStatus: c.auditStatus,
        constructionId: p.constructionId,
        projectId: c.projectId,
      })
      .from(c)
      .innerJoin(p, eq(p.pkid, c.projectId))
      .where(eq(c.pkid, id))
      .for('update');
    if (!row || (!user.isAdmin && (await ownUnitOf(tx, user)) !== row.constructionId))
      throw new AppError('not_found', { message: m.changeNotFound });
    if (row.auditStatus === auditStatus.code.pending || row.auditStatus === auditStatus.code.approved)
      throw new AppError('conflict', { message: m.changeNotDeletable });
    await tx
      .delete(reviewItems)
      .where(and(eq(reviewItems.subjectType, AUTH_CHANGE), eq(reviewItems.subjectId, id)));
    await tx.delete(c).where(eq(c.pkid, id));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: '删除未通过的授权变更申请',
      at: ctx.services.now(),
    });
  });
  return { id };
}
