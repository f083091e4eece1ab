/**
 * Agency change requests (agentChange/*): an approved agency asks for a change with a full copy of its
 * fields carrying the edits; its current data stays in force; reviewers compare old and new; only an
 * approval applies the copy (the org_change kind's hook in server/modules/review/kinds.ts, in the
 * decision's transaction), and then the hall's agency pages are dropped.
 */
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrgChanges, agentOrganizations } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import { openChangeOf, saveChangeRequest } from '@server/modules/review/change-requests';
import { orgChanges } from '@server/modules/review/change-tables';
import {
  decideByAuditStatus,
  decideIn,
  getReviewState,
  listReviewRecords,
  listTodo,
  reviewersOf,
  withSubjects,
  type ReviewRecord,
} from '@server/modules/review/service';
import { changedAgencyFields, type AgencyFields } from '@shared/domain/agencies';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m, type agencyChangeSchema } from '@shared/validation/agencies';
import { users } from '@server/db/schema';
import type { z } from 'zod';
import { agencyFieldsOf, isSupervisor } from './apply-service';
import { changeFiles, describeOrgFiles, orgAttachmentRefs } from './change-files';
import { attachmentsDiffer, type AttachmentRef } from '@shared/domain/staff';

const c = agentOrgChanges;
const o = agentOrganizations;
const ORG_CHANGE = auditSubject.code.orgChange;

const rowColumns = {
  pkid: c.pkid,
  organizationId: c.organizationId,
  orgName: o.orgName,
  reason: c.reason,
  auditStatus: c.auditStatus,
  before: c.before,
  data: c.data,
  beforeFiles: c.beforeFiles,
  dataFiles: c.dataFiles,
  createdAt: c.createdAt,
  appliedAt: c.appliedAt,
  ownerId: o.userId,
};

type Row = { before: AgencyFields; data: AgencyFields } & Record<string, unknown>;
const withChanged = <R extends Row>(row: R) => ({
  ...row,
  changedFields: changedAgencyFields(row.before, row.data),
});
/** `attachments` joins the changed fields when the change replaces attachments. */
const withFiles = (fields: string[], row: { beforeFiles: AttachmentRef[]; dataFiles: AttachmentRef[] }) =>
  attachmentsDiffer(row.beforeFiles, row.dataFiles) ? [...fields, 'attachments'] : fields;

async function ownOrg(db: Queryable, user: SessionUser) {
  const [org] = await db
    .select({ id: o.organizationId, status: o.auditStatus })
    .from(o)
    .where(eq(o.userId, user.pkid));
  return org ?? null;
}

/** The agency's open change (draft or pending) with the attachments its draft already holds. */
async function openChange(db: Queryable, organizationId: number) {
  const row = await openChangeOf(db, orgChanges, organizationId);
  if (!row) return null;
  const [files] = await db.select({ dataFiles: c.dataFiles }).from(c).where(eq(c.pkid, row.pkid));
  return { ...row, dataFiles: files?.dataFiles ?? [] };
}

/** checkOrgChange: whether the agency may ask for a change now, and its open one. */
export async function checkChange(db: Queryable, user: SessionUser) {
  return checkChangeOf(db, await ownOrg(db, user));
}

/**
 * checkOrgChangeByOrgId: the same answer about one organization, for its own account and the
 * supervisors (anyone else gets the 404 of a missing organization).
 */
export async function checkChangeByOrg(db: Queryable, user: SessionUser, organizationId: number) {
  const [org] = await db
    .select({ id: o.organizationId, status: o.auditStatus, ownerId: o.userId })
    .from(o)
    .where(eq(o.organizationId, organizationId));
  if (!org || !canSee(user, org.ownerId)) throw new AppError('not_found', { message: m.orgNotFound });
  return checkChangeOf(db, org);
}

async function checkChangeOf(db: Queryable, org: { id: number; status: number } | null) {
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
  ctx: Pick<AppContext, 'db' | 'storage'>,
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
  const beforeFiles = await orgAttachmentRefs(db, org.id);
  const filesSent =
    [input.licence, input.qualification, input.other].some(Boolean) || !!input.removeFileIds?.length;
  if (changedAgencyFields(before, data).length === 0 && !filesSent)
    throw new AppError('invalid_input', { message: m.noChange });
  // A draft's attachment edits carry over to its next save (older drafts recorded none).
  const base = current && current.dataFiles.length > 0 ? current.dataFiles : beforeFiles;
  const dataFiles = filesSent ? await changeFiles(ctx, user.pkid, base, input) : base;
  const id = await db.transaction((tx) =>
    saveChangeRequest(tx, user, orgChanges, {
      subjectId: org.id,
      before,
      data,
      reason: input.reason,
      action: input.action,
      pendingMessage: m.changeOpen,
      extra: { beforeFiles, dataFiles },
    }),
  );
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
  const { beforeFiles, dataFiles, ...rest } = withChanged(change);
  return {
    ...rest,
    changedFields: withFiles(rest.changedFields, change),
    beforeFiles: await describeOrgFiles(db, beforeFiles),
    dataFiles: await describeOrgFiles(db, dataFiles),
    review,
  };
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
    rows: rows.map(({ ownerId: _o, before, data, beforeFiles, dataFiles, ...row }) => ({
      ...row,
      changedFields: withFiles(changedAgencyFields(before, data), { beforeFiles, dataFiles }),
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
  const joined = await withSubjects(
    page.rows,
    (ids) =>
      db
        .select(rowColumns)
        .from(c)
        .innerJoin(o, eq(o.organizationId, c.organizationId))
        .where(inArray(c.pkid, ids)),
    (row) => row.pkid,
  );
  return {
    rows: joined.map(({ task, subject: { ownerId: _o, before, data, beforeFiles, dataFiles, ...rest } }) => ({
      ...rest,
      changedFields: withFiles(changedAgencyFields(before, data), { beforeFiles, dataFiles }),
      dueAt: task.dueAt,
      overdue: task.overdue,
    })),
    total: page.total,
  };
}

/** approve: applies the change on approval (hook below) and drops the hall's agency pages. */
export async function decideChange(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  user: SessionUser,
  input: { id: number; auditStatus: number; opinion?: string | undefined; version?: number | undefined },
) {
  return decideByAuditStatus(ctx, user, { subjectType: ORG_CHANGE, subjectId: input.id }, input, [
    'agencies',
  ]);
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
