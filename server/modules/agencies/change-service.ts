/**
 * Agency change requests (agentChange/*): an approved agency asks for a change with a full copy of its
 * fields carrying the edits; its current data stays in force; reviewers compare old and new; only an
 * approval applies the copy (the org_change kind's hook in server/modules/review/kinds.ts, in the
 * decision's transaction), and then the hall's agency pages are dropped.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrgChanges, agentOrganizations } from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity/sessions';
import {
  decideIn,
  getReviewState,
  listReviewRecords,
  listTodo,
  openReview,
  reviewersOf,
  type ReviewRecord,
} from '@server/modules/review/service';
import { changedAgencyFields, type AgencyFields } from '@shared/domain/agencies';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m, type agencyChangeSchema } from '@shared/validation/agencies';
import { users } from '@server/db/schema';
import type { z } from 'zod';
import { agencyFieldsOf, isSupervisor } from './apply-service';

const c = agentOrgChanges;
const o = agentOrganizations;
const ORG_CHANGE = auditSubject.code.orgChange;
const open = [auditStatus.code.draft, auditStatus.code.pending];

const rowColumns = {
  pkid: c.pkid,
  organizationId: c.organizationId,
  orgName: o.orgName,
  reason: c.reason,
  auditStatus: c.auditStatus,
  before: c.before,
  data: c.data,
  createdAt: c.createdAt,
  appliedAt: c.appliedAt,
  ownerId: o.userId,
};

type Row = { before: AgencyFields; data: AgencyFields } & Record<string, unknown>;
const withChanged = <R extends Row>(row: R) => ({
  ...row,
  changedFields: changedAgencyFields(row.before, row.data),
});

async function ownOrg(db: Queryable, user: SessionUser) {
  const [org] = await db
    .select({ id: o.organizationId, status: o.auditStatus })
    .from(o)
    .where(eq(o.userId, user.pkid));
  return org ?? null;
}

async function openChange(db: Queryable, organizationId: number) {
  const [row] = await db
    .select({ pkid: c.pkid, auditStatus: c.auditStatus })
    .from(c)
    .where(and(eq(c.organizationId, organizationId), inArray(c.auditStatus, open)));
  return row ?? null;
}

/** checkOrgChange: whether the agency may ask for a change now, and its open one. */
export async function checkChange(db: Queryable, user: SessionUser) {
  const org = await ownOrg(db, user);
  if (!org || org.status !== auditStatus.code.approved)
    return { canChange: false, message: m.notApproved, openChangeId: null };
  const current = await openChange(db, org.id);
  if (current?.auditStatus === auditStatus.code.pending)
    return { canChange: false, message: m.changeOpen, openChangeId: current.pkid };
  return { canChange: true, message: null, openChangeId: current?.pkid ?? null };
}

/**
 * updateSelfChange: saves the agency's open draft change (or a new one) and, with action=submit,
 * sends it to review. Refused: not approved, a change already pending, nothing changed.
 */
export async function saveOwnChange(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: z.output<typeof agencyChangeSchema>,
) {
  const { db } = ctx;
  const org = await ownOrg(db, user);
  if (!org) throw new AppError('not_found', { message: m.noOrg });
  if (org.status !== auditStatus.code.approved) throw new AppError('conflict', { message: m.notApproved });
  const current = await openChange(db, org.id);
  if (current?.auditStatus === auditStatus.code.pending)
    throw new AppError('conflict', { message: m.changeOpen });
  const before = await agencyFieldsOf(db, org.id);
  // Optional fields left out keep their current value (a change names what it changes).
  const data: AgencyFields = {
    orgName: input.orgName,
    credential: input.credential,
    legalPersonName: input.legalPersonName,
    registrationOrgan: input.registrationOrgan,
    qualificationCertNo: input.qualificationCertNo,
    qualificationGrade: input.qualificationGrade,
    qualificationValidUntil: input.qualificationValidUntil ?? before.qualificationValidUntil,
    businessScope: input.businessScope,
    districtCode: input.districtCode,
    address: input.address,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    email: input.email ?? before.email,
    establishedOn: input.establishedOn ?? before.establishedOn,
    employeeCount: input.employeeCount ?? before.employeeCount,
    introduction: input.introduction ?? before.introduction,
  };
  if (changedAgencyFields(before, data).length === 0)
    throw new AppError('invalid_input', { message: m.noChange });
  const id = await db.transaction(async (tx) => {
    const now = new Date();
    let changeId = current?.pkid ?? null;
    if (changeId === null) {
      const [created] = await tx
        .insert(c)
        .values({
          organizationId: org.id,
          applicantId: user.pkid,
          before,
          data,
          reason: input.reason,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: c.pkid });
      if (!created) throw new Error('change insert returned nothing');
      changeId = created.id;
    } else {
      await tx
        .update(c)
        .set({ before, data, reason: input.reason, updatedAt: now })
        .where(eq(c.pkid, changeId));
    }
    await openReview(tx, { subjectType: ORG_CHANGE, subjectId: changeId, applicantId: user.pkid });
    if (input.action === 'submit')
      await decideIn(tx, user, { subjectType: ORG_CHANGE, subjectId: changeId, decision: 'submit' });
    return changeId;
  });
  return getChange(db, user, id);
}

function canSee(user: SessionUser, ownerId: number | null): boolean {
  return (ownerId !== null && ownerId === user.pkid) || isSupervisor(user);
}

/** queryOneOrgChange: the change with both versions, the changed fields and the review state. */
export async function getChange(db: Queryable, user: SessionUser, id: number) {
  const [row] = await db
    .select(rowColumns)
    .from(c)
    .innerJoin(o, eq(o.organizationId, c.organizationId))
    .where(eq(c.pkid, id));
  if (!row || !canSee(user, row.ownerId)) throw new AppError('not_found', { message: m.changeNotFound });
  const { ownerId: _owner, ...change } = row;
  let review = null;
  try {
    const state = await getReviewState(db, user, ORG_CHANGE, id);
    const reviewers = state.allowed.includes('transfer')
      ? await db
          .select({ pkid: users.pkid, username: users.username })
          .from(users)
          .where(inArray(users.pkid, await reviewersOf(db, ORG_CHANGE)))
      : [];
    review = { status: state.item.status, version: state.item.version, allowed: state.allowed, reviewers };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  return { ...withChanged(change), review };
}

export async function changeTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await getChange(db, user, id);
  return listReviewRecords(db, ORG_CHANGE, id);
}

/** querySelfChange: the agency's change requests, newest first. */
export async function listOwnChanges(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const org = await ownOrg(db, user);
  if (!org) return { rows: [], total: 0 };
  const where = eq(c.organizationId, org.id);
  const rows = await db
    .select(rowColumns)
    .from(c)
    .innerJoin(o, eq(o.organizationId, c.organizationId))
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return {
    rows: rows.map(({ ownerId: _o, before, data, ...row }) => ({
      ...row,
      changedFields: changedAgencyFields(before, data),
    })),
    total: total?.n ?? 0,
  };
}

/** toDoChangeList: the reviewer's pending change requests, oldest first. */
export async function listChangeTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const page = await listTodo(db, user, { ...query, subjectType: ORG_CHANGE });
  const ids = page.rows.map((task) => task.subjectId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(rowColumns)
          .from(c)
          .innerJoin(o, eq(o.organizationId, c.organizationId))
          .where(inArray(c.pkid, ids));
  const byId = new Map(rows.map((row) => [row.pkid, row]));
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const { ownerId: _o, before, data, ...rest } = row;
      return [{ ...rest, changedFields: changedAgencyFields(before, data) }];
    }),
    total: page.total,
  };
}

/** approve: applies the change on approval (hook below) and drops the hall's agency pages. */
export async function decideChange(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  user: SessionUser,
  input: { id: number; auditStatus: number; opinion?: string | undefined; version?: number | undefined },
) {
  const decision = input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject';
  const item = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const decided = await decideIn(tx, user, {
      subjectType: ORG_CHANGE,
      subjectId: input.id,
      decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    });
    if (decision === 'approve') dropPages(['agencies']);
    return decided;
  });
  return { auditStatus: item.status, version: item.version };
}

export async function transferChange(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: { id: number; askReason: string; transferStaffId: number; version?: number | undefined },
) {
  const item = await ctx.db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: ORG_CHANGE,
      subjectId: input.id,
      decision: 'transfer',
      opinion: input.askReason,
      transferToId: input.transferStaffId,
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}
