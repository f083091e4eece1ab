/**
 * Authorization changes (/authchange/*, spec section 7; issue 13): the owner asks to replace the agency
 * of a demand with a reason; the authority reviews it through the review engine (subject auth_change;
 * to-do, approve or reject with an opinion, transfer); an approval is applied by the kind's hook
 * (auth-change-apply.ts): the old offer becomes 已变更 and the new agency gets a pending one to accept.
 */
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '@server/db/database';
import {
  agentOrganizations,
  projectAuthChanges,
  projectAuthorizations,
  projects,
  reviewItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import {
  decideIn,
  getReviewState,
  listDone,
  listReviewRecords,
  listTodo,
  openReview,
  reviewersOf,
  withSubjects,
  type ReviewRecord,
} from '@server/modules/review/service';
import { auditStatus, auditSubject, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { authorizationMessages as m } from '@shared/validation/authorizations';
import { assertAgencyEligible } from './eligibility';
import { isProjectSupervisor, ownAgencyOf, ownUnitOf } from './parties';
import { logProjectEvent } from './status';

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

async function pendingChangeOf(db: Queryable, demandId: number) {
  const [row] = await db
    .select({ pkid: c.pkid })
    .from(c)
    .where(and(eq(c.demandId, demandId), eq(c.auditStatus, auditStatus.code.pending)));
  return row?.pkid ?? null;
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
  db: Database,
  user: SessionUser,
  input: { projectId: number; organizationId: number; reason: string },
) {
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
    const [created] = await tx
      .insert(c)
      .values({
        projectId: project.pkid,
        demandId: offer.demandId,
        authorizationId: offer.pkid,
        fromOrganizationId: offer.organizationId,
        toOrganizationId: target.organizationId,
        reason: input.reason,
        applicantId: user.pkid,
      })
      .returning({ pkid: c.pkid });
    if (!created) throw new Error('change insert returned nothing');
    await openReview(tx, { subjectType: AUTH_CHANGE, subjectId: created.pkid, applicantId: user.pkid });
    await decideIn(tx, user, { subjectType: AUTH_CHANGE, subjectId: created.pkid, decision: 'submit' });
    await logProjectEvent(tx, {
      projectId: project.pkid,
      actor: user,
      content: `申请授权变更：由${offer.orgName}变更为${target.orgName}，原因：${input.reason}`,
    });
    return created.pkid;
  });
  return getChange(db, user, id);
}

/** One change with its review state (DecisionPanel) for those who may see it; 404 otherwise. */
export async function getChange(db: Queryable, user: SessionUser, id: number) {
  const seen = await visibility(db, user);
  const [row] = await joined(db).where(and(eq(c.pkid, id), ...(seen ? [seen] : [])));
  if (!row) throw new AppError('not_found', { message: m.changeNotFound });
  let review = null;
  try {
    const state = await getReviewState(db, user, AUTH_CHANGE, id);
    const reviewers = state.allowed.includes('transfer')
      ? await db
          .select({ pkid: users.pkid, username: users.username })
          .from(users)
          .where(inArray(users.pkid, await reviewersOf(db, AUTH_CHANGE)))
      : [];
    review = { status: state.item.status, version: state.item.version, allowed: state.allowed, reviewers };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  return { ...row, review };
}

export async function changeTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await getChange(db, user, id);
  return listReviewRecords(db, AUTH_CHANGE, id);
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

/** The changes of a page of to-do or done tasks, in the tasks' order. */
function changesOf<T extends { subjectId: number }>(db: Queryable, tasks: readonly T[]) {
  return withSubjects(
    tasks,
    (ids) => joined(db).where(inArray(c.pkid, ids)),
    (row) => row.pkid,
  );
}

/** The reviewer's pending changes (review engine's to-do: theirs or the pool's, oldest first). */
export async function listChangeTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const page = await listTodo(db, user, { ...query, subjectType: AUTH_CHANGE });
  const rows = await changesOf(db, page.rows);
  return {
    rows: rows.map(({ task, subject }) => ({ ...subject, dueAt: task.dueAt, overdue: task.overdue })),
    total: page.total,
  };
}

/** doneProjectDemandAuthChange: the changes the reviewer decided last, newest first. */
export async function listChangeDone(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const page = await listDone(db, user, { ...query, subjectType: AUTH_CHANGE });
  const rows = await changesOf(db, page.rows);
  return { rows: rows.map(({ subject }) => subject), total: page.total };
}

/** authchange/check: approve (applied by the kind's hook) or reject with an opinion. */
export async function decideChange(
  db: Database,
  user: SessionUser,
  input: { id: number; auditStatus: number; opinion?: string | undefined; version?: number | undefined },
) {
  const decision = input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject';
  const item = await db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: AUTH_CHANGE,
      subjectId: input.id,
      decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}

export async function transferChange(
  db: Database,
  user: SessionUser,
  input: { id: number; askReason: string; transferStaffId: number; version?: number | undefined },
) {
  const item = await db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: AUTH_CHANGE,
      subjectId: input.id,
      decision: 'transfer',
      opinion: input.askReason,
      transferToId: input.transferStaffId,
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}

/** authchange/delete/{id}: the owner removes a change that is not under review nor applied. */
export async function deleteChange(db: Database, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
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
    await logProjectEvent(tx, { projectId: row.projectId, actor: user, content: '删除未通过的授权变更申请' });
  });
  return { id };
}
