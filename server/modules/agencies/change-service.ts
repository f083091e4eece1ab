/**
 * Agency change requests (agentChange/*): an approved agency asks for a change with a full copy of its
 * fields carrying the edits; its current data stays in force; reviewers compare old and new; only an
 * approval applies the copy (the org_change kind's hook in review-hooks.ts, in the decision's
 * transaction), and then the hall's agency pages are dropped. The request, its review and its lists go
 * through the review engine's change requests (server/modules/review/change-requests.ts).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrgChanges, agentOrganizations } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import {
  changeSubjects,
  listReviewRecords,
  openChangeOf,
  queueRowsOf,
  reviewStateOrNull,
  saveChangeRequest,
  specDecisionsOf,
  type ReviewRecord,
  type QueueInput,
} from '@server/modules/review';
import { orgChanges } from './review-hooks';
import { changedAgencyFields, type AgencyFields } from '@shared/domain/agencies';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m, type agencyChangeSchema } from '@shared/validation/agencies';
import type { z } from 'zod';
import { agencyFieldsOf, isSupervisor } from './apply-service';
import { changeFiles, describeOrgFiles, orgAttachmentRefs } from './change-files';
import { attachmentsDiffer } from '@shared/domain/staff';

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

function selectChanges(db: Queryable) {
  return db.select(rowColumns).from(c).innerJoin(o, eq(o.organizationId, c.organizationId));
}
type ChangeRecord = Awaited<ReturnType<typeof selectChanges>>[number];

/** The changed fields, with `attachments` when the change replaces attachments. */
const changedFieldsOf = (row: Pick<ChangeRecord, 'before' | 'data' | 'beforeFiles' | 'dataFiles'>) => {
  const fields: string[] = changedAgencyFields(row.before, row.data);
  return attachmentsDiffer(row.beforeFiles, row.dataFiles) ? [...fields, 'attachments'] : fields;
};

/** A change as the lists show it. */
function toRow({ ownerId: _o, before, data, beforeFiles, dataFiles, ...row }: ChangeRecord) {
  return { ...row, changedFields: changedFieldsOf({ before, data, beforeFiles, dataFiles }) };
}

/** Agency changes as the reviewers' lists show them, searched by the agency's name or credit code. */
const orgChangeSubjects = changeSubjects(orgChanges, selectChanges, {
  table: o,
  on: eq(o.organizationId, c.organizationId),
  columns: [o.orgName, o.credential],
});

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
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
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
    saveChangeRequest(ctx, tx, user, orgChanges, {
      subjectId: org.id,
      values: { organizationId: org.id, before, data, reason: input.reason ?? null, beforeFiles, dataFiles },
      action: input.action,
      pendingMessage: m.changeOpen,
    }),
  );
  return getChange(db, user, id);
}

function canSee(user: SessionUser, ownerId: number | null): boolean {
  return (ownerId !== null && ownerId === user.pkid) || isSupervisor(user);
}

/** queryOneOrgChange: the change with both versions, the changed fields and the review state. */
export async function getChange(db: Queryable, user: SessionUser, id: number) {
  const [row] = await selectChanges(db).where(eq(c.pkid, id));
  if (!row || !canSee(user, row.ownerId)) throw new AppError('not_found', { message: m.changeNotFound });
  const { ownerId: _owner, beforeFiles, dataFiles, ...change } = row;
  return {
    ...change,
    changedFields: changedFieldsOf(row),
    beforeFiles: await describeOrgFiles(db, beforeFiles),
    dataFiles: await describeOrgFiles(db, dataFiles),
    review: await reviewStateOrNull(db, user, ORG_CHANGE, id),
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
  const rows = await selectChanges(db)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** toDoChangeList: the reviewer's pending change requests, oldest first. */
export async function listChangeTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, orgChangeSubjects, query, toRow);
}

const decisions = specDecisionsOf(ORG_CHANGE, ['agencies']);
/** approve: an approval applies the change (the kind's hook) and drops the hall's agency pages. */
export const decideChange = decisions.approve;
/** transferOrgChangeTask: hands the pending change to another reviewer, with the reason. */
export const transferChange = decisions.transfer;
