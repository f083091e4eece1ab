/**
 * The agency application and its review (issue 12): an agency account keeps one organization (its
 * `user_id`), saves it as a draft and submits it with its attachments; the authority decides through
 * the review workflow (server/modules/review). An approval changes what the hall shows, so decisions
 * drop the hall's agency pages in their transaction.
 *
 * Who sees an agency here (`canSee`): its own account; reviewers and supervisors (administrator,
 * authority, auditor, district office) every one; anyone else approved ones only. Anything else is a
 * 404, so another agency cannot even learn that an id exists.
 */
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrgAttachments,
  agentOrgChanges,
  agentOrganizations,
  districts,
  files,
  users,
} from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity/sessions';
import { fileToSendColumns, type FileToSend } from '@server/modules/hall/file-response';
import {
  decideByAuditStatus,
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
import { checkUploadedFile, storeUploadedFile } from '@server/storage/uploads';
import {
  agencyAttachmentKind,
  requiredAttachmentKinds,
  type AgencyAttachmentKind,
  type AgencyFields,
} from '@shared/domain/agencies';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject, creditFlagsOf } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m, type agencyApplySchema } from '@shared/validation/agencies';
import { documentExtensions } from '@shared/validation/upload';
import type { z } from 'zod';

const o = agentOrganizations;
const AGENT_ORG = auditSubject.code.agentOrg;

/** Roles that see every agency in the console (reviewers and supervisors). */
const supervisingRoles: readonly string[] = [
  roles.admin.id,
  roles.authority.id,
  roles.auditor.id,
  roles.district.id,
];

export const isSupervisor = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => supervisingRoles.includes(role));

export interface AgencyAttachmentRow {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  kind: number;
}

export interface AgencyRecord extends Partial<AgencyFields> {
  organizationId: number;
  orgName: string;
  businessScope: number[];
  auditStatus: number;
  districtName: string | null;
  creditFlags: string[];
  submittedAt: Date | null;
  auditedAt: Date | null;
  attachments: AgencyAttachmentRow[];
  review: {
    status: number;
    version: number;
    allowed: string[];
    reviewers: { pkid: number; username: string }[];
  } | null;
}

export const agencyFieldColumns = {
  orgName: o.orgName,
  credential: o.credential,
  legalPersonName: o.legalPersonName,
  registrationOrgan: o.registrationOrgan,
  qualificationCertNo: o.qualificationCertNo,
  qualificationGrade: o.qualificationGrade,
  qualificationValidUntil: o.qualificationValidUntil,
  businessScope: o.businessScope,
  districtCode: o.districtCode,
  address: o.address,
  contactName: o.contactName,
  contactPhone: o.contactPhone,
  email: o.email,
  establishedOn: o.establishedOn,
  employeeCount: o.employeeCount,
  introduction: o.introduction,
};

/** Null columns left out, so a draft's empty fields are absent rather than null. */
function present<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as Partial<T>;
}

/** An agency's current fields as the change requests and the comparison carry them. */
export async function agencyFieldsOf(db: Queryable, organizationId: number): Promise<AgencyFields> {
  const [row] = await db.select(agencyFieldColumns).from(o).where(eq(o.organizationId, organizationId));
  if (!row) throw new AppError('not_found', { message: m.orgNotFound });
  return {
    ...row,
    credential: row.credential ?? '',
    legalPersonName: row.legalPersonName ?? '',
    registrationOrgan: row.registrationOrgan ?? '',
    qualificationCertNo: row.qualificationCertNo ?? '',
    qualificationGrade: row.qualificationGrade ?? 0,
    districtCode: row.districtCode ?? '',
    address: row.address ?? '',
    contactName: row.contactName ?? '',
    contactPhone: row.contactPhone ?? '',
  };
}

async function attachmentsOf(db: Queryable, organizationId: number): Promise<AgencyAttachmentRow[]> {
  return db
    .select({
      fileId: agentOrgAttachments.fileId,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      kind: agentOrgAttachments.kind,
    })
    .from(agentOrgAttachments)
    .innerJoin(files, eq(files.id, agentOrgAttachments.fileId))
    .where(eq(agentOrgAttachments.organizationId, organizationId))
    .orderBy(asc(agentOrgAttachments.kind), asc(agentOrgAttachments.pkid));
}

/** The reviewers a task may go to (the pool of the kind), with their names. */
async function reviewerNames(db: Queryable): Promise<{ pkid: number; username: string }[]> {
  const ids = await reviewersOf(db, AGENT_ORG);
  if (ids.length === 0) return [];
  return db
    .select({ pkid: users.pkid, username: users.username })
    .from(users)
    .where(inArray(users.pkid, ids))
    .orderBy(asc(users.pkid));
}

async function loadRecord(db: Queryable, user: SessionUser, organizationId: number): Promise<AgencyRecord> {
  const [row] = await db
    .select({
      ...agencyFieldColumns,
      organizationId: o.organizationId,
      userId: o.userId,
      auditStatus: o.auditStatus,
      districtName: districts.districtName,
      isLostCredit: o.isLostCredit,
      isUnqualified: o.isUnqualified,
      isBlacklisted: o.isBlacklisted,
      submittedAt: o.submittedAt,
      auditedAt: o.auditedAt,
    })
    .from(o)
    .leftJoin(districts, eq(districts.districtCode, o.districtCode))
    .where(eq(o.organizationId, organizationId));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.orgNotFound });
  const { userId: _owner, isLostCredit, isUnqualified, isBlacklisted, ...fields } = row;
  let review: AgencyRecord['review'] = null;
  try {
    const state = await getReviewState(db, user, AGENT_ORG, organizationId);
    review = {
      status: state.item.status,
      version: state.item.version,
      allowed: state.allowed,
      reviewers: state.allowed.includes('transfer') ? await reviewerNames(db) : [],
    };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  return {
    ...(present(fields) as Partial<AgencyFields>),
    organizationId: fields.organizationId,
    orgName: fields.orgName,
    businessScope: fields.businessScope,
    auditStatus: fields.auditStatus,
    districtName: fields.districtName,
    submittedAt: fields.submittedAt,
    auditedAt: fields.auditedAt,
    creditFlags: creditFlagsOf({ isLostCredit, isUnqualified, isBlacklisted }),
    attachments: await attachmentsOf(db, organizationId),
    review,
  };
}

function canSee(user: SessionUser, row: { userId: number | null; auditStatus: number }): boolean {
  if (row.userId !== null && row.userId === user.pkid) return true;
  if (isSupervisor(user)) return true;
  // Another agency's organization is as invisible as a missing one, whatever its state.
  if (user.roleIds.includes(roles.agency.id)) return false;
  return row.auditStatus === auditStatus.code.approved;
}

/** The organization of an agency account, or null before it first saved one. */
async function ownOrgId(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: o.organizationId }).from(o).where(eq(o.userId, userId));
  return row?.id ?? null;
}

/** querySelf: the account's own organization with its attachments and review state, or null. */
export async function getOwnAgency(db: Queryable, user: SessionUser): Promise<AgencyRecord | null> {
  const id = await ownOrgId(db, user.pkid);
  return id === null ? null : loadRecord(db, user, id);
}

/**
 * queryOneByUserId: the organization an account registered, seen as queryOne sees it (404 when the
 * account has none or the user may not see it, so the two cannot be told apart).
 */
export async function getAgencyOfUser(
  db: Queryable,
  user: SessionUser,
  userId: number,
): Promise<AgencyRecord> {
  const id = await ownOrgId(db, userId);
  if (id === null) throw new AppError('not_found', { message: m.orgNotFound });
  return loadRecord(db, user, id);
}

/** queryOne: an agency the user may see (404 otherwise). */
export async function getAgency(db: Queryable, user: SessionUser, id: number): Promise<AgencyRecord> {
  return loadRecord(db, user, id);
}

type ApplyInput = z.output<typeof agencyApplySchema>;

const uploadFields = [
  ['licence', agencyAttachmentKind.code.licence],
  ['qualification', agencyAttachmentKind.code.qualification],
  ['other', agencyAttachmentKind.code.other],
] as const satisfies readonly (readonly [keyof ApplyInput, AgencyAttachmentKind])[];

/**
 * updateSelf: saves the agency's own application (creating it the first time) and, with
 * action=submit, sends it to review in the same transaction. Every check runs before anything is
 * stored, so a refusal (a locked state, a missing or disguised attachment, a taken credit code)
 * changes nothing.
 */
export async function saveOwnAgency(
  ctx: Pick<AppContext, 'db' | 'storage' | 'pageCache'>,
  user: SessionUser,
  input: ApplyInput,
): Promise<AgencyRecord> {
  const { db } = ctx;
  const existingId = await ownOrgId(db, user.pkid);
  if (existingId !== null) {
    const [current] = await db
      .select({ status: o.auditStatus })
      .from(o)
      .where(eq(o.organizationId, existingId));
    if (current?.status === auditStatus.code.pending)
      throw new AppError('conflict', { message: m.pendingLocked });
    if (current?.status === auditStatus.code.approved)
      throw new AppError('conflict', { message: m.approvedLocked });
  }
  for (const [field] of uploadFields)
    if (input[field] !== undefined)
      await checkUploadedFile(input[field], documentExtensions, { field, contentMustMatch: true });

  const [taken] = await db
    .select({ id: o.organizationId })
    .from(o)
    .where(
      and(
        eq(o.credential, input.credential),
        existingId === null ? undefined : ne(o.organizationId, existingId),
      ),
    );
  if (taken) throw new AppError('conflict', { message: m.credentialTaken, field: 'credential' });

  const existing = existingId === null ? [] : await attachmentsOf(db, existingId);
  const removing = new Set(input.removeFileIds ?? []);
  for (const fileId of removing)
    if (!existing.some((file) => file.fileId === fileId))
      throw new AppError('not_found', { message: '要删除的附件不存在' });
  if (input.action === 'submit') {
    const kept = existing.filter((file) => !removing.has(file.fileId)).map((file) => file.kind);
    const adding = uploadFields.filter(([field]) => input[field] !== undefined).map(([, kind]) => kind);
    for (const kind of requiredAttachmentKinds)
      if (!kept.includes(kind) && !adding.includes(kind))
        throw new AppError('invalid_input', {
          message: kind === agencyAttachmentKind.code.licence ? m.licenceRequired : m.qualificationRequired,
          field: kind === agencyAttachmentKind.code.licence ? 'licence' : 'qualification',
        });
  }

  const stored: { kind: AgencyAttachmentKind; fileId: string }[] = [];
  for (const [field, kind] of uploadFields) {
    if (input[field] === undefined) continue;
    const file = await storeUploadedFile(ctx, input[field], documentExtensions, user.pkid, { field });
    stored.push({ kind, fileId: file.fileId });
  }

  const fields = {
    orgName: input.orgName,
    credential: input.credential,
    legalPersonName: input.legalPersonName,
    registrationOrgan: input.registrationOrgan,
    qualificationCertNo: input.qualificationCertNo,
    qualificationGrade: input.qualificationGrade,
    qualificationValidUntil: input.qualificationValidUntil ?? null,
    businessScope: input.businessScope,
    districtCode: input.districtCode,
    address: input.address,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    email: input.email ?? null,
    establishedOn: input.establishedOn ?? null,
    employeeCount: input.employeeCount ?? null,
    introduction: input.introduction ?? null,
  };
  const id = await writeDroppingPages(ctx, async (tx) => {
    const now = new Date();
    let orgId = existingId;
    if (orgId === null) {
      const [created] = await tx
        .insert(o)
        .values({
          ...fields,
          userId: user.pkid,
          auditStatus: auditStatus.code.draft,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: o.organizationId });
      if (!created) throw new Error('agency insert returned nothing');
      orgId = created.id;
    } else {
      await tx
        .update(o)
        .set({ ...fields, updatedAt: now })
        .where(eq(o.organizationId, orgId));
    }
    if (removing.size > 0)
      await tx
        .delete(agentOrgAttachments)
        .where(
          and(
            eq(agentOrgAttachments.organizationId, orgId),
            inArray(agentOrgAttachments.fileId, [...removing]),
          ),
        );
    if (stored.length > 0)
      await tx.insert(agentOrgAttachments).values(stored.map((file) => ({ ...file, organizationId: orgId })));
    await openReview(tx, { subjectType: AGENT_ORG, subjectId: orgId, applicantId: user.pkid });
    if (input.action === 'submit')
      await decideIn(tx, user, { subjectType: AGENT_ORG, subjectId: orgId, decision: 'submit' });
    return orgId;
  });
  return loadRecord(db, user, id);
}

/** approve: a reviewer approves (2) or rejects (3, with an opinion); an approval shows in the hall at once. */
export async function decideAgency(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  user: SessionUser,
  input: {
    organizationId: number;
    auditStatus: number;
    opinion?: string | undefined;
    version?: number | undefined;
  },
): Promise<{ auditStatus: number; version: number }> {
  // The directory and the hall home's count of approved agencies.
  return decideByAuditStatus(ctx, user, { subjectType: AGENT_ORG, subjectId: input.organizationId }, input, [
    'agencies',
    'statistics',
  ]);
}

/** transferOrgTask: hands the task to another reviewer of agencies, with the reason. */
export async function transferAgency(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: { organizationId: number; askReason: string; transferStaffId: number; version?: number | undefined },
): Promise<{ auditStatus: number; version: number }> {
  const item = await ctx.db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: AGENT_ORG,
      subjectId: input.organizationId,
      decision: 'transfer',
      opinion: input.askReason,
      transferToId: input.transferStaffId,
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}

/** orgAuditInfo: the timeline of an agency the user may see. */
export async function agencyTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await assertVisible(db, user, id);
  return listReviewRecords(db, AGENT_ORG, id);
}

export async function assertVisible(db: Queryable, user: SessionUser, id: number): Promise<void> {
  const [row] = await db
    .select({ userId: o.userId, auditStatus: o.auditStatus })
    .from(o)
    .where(eq(o.organizationId, id));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.orgNotFound });
}

/** The agencies of a page of review tasks, in the tasks' order. */
function withOrgs<T extends { subjectId: number }>(db: Queryable, tasks: readonly T[]) {
  return withSubjects(
    tasks,
    (ids) =>
      db
        .select({
          organizationId: o.organizationId,
          orgName: o.orgName,
          credential: o.credential,
          legalPersonName: o.legalPersonName,
          districtName: districts.districtName,
        })
        .from(o)
        .leftJoin(districts, eq(districts.districtCode, o.districtCode))
        .where(inArray(o.organizationId, ids)),
    (org) => org.organizationId,
  );
}

/** queryNeedAudit: the user's to-do of agency applications, oldest submission first. */
export async function listAgencyTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const page = await listTodo(db, user, { ...query, subjectType: AGENT_ORG });
  const rows = (await withOrgs(db, page.rows)).map(({ task, subject: org }) => ({
    ...org,
    auditStatus: task.status,
    applicantName: task.applicantName,
    submittedAt: task.submittedAt,
    version: task.version,
    dueAt: task.dueAt,
    overdue: task.overdue,
  }));
  return { rows, total: page.total };
}

/** doneOrg: the agency applications the user decided, newest first. */
export async function listAgencyDone(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number },
) {
  const page = await listDone(db, user, { ...query, subjectType: AGENT_ORG });
  const rows = (await withOrgs(db, page.rows)).map(({ task, subject: org }) => ({
    ...org,
    auditStatus: task.status,
    applicantName: task.applicantName,
    submittedAt: task.submittedAt,
    version: task.version,
    decidedAs: task.decidedAs,
    decidedOn: task.decidedOn,
  }));
  return { rows, total: page.total };
}

/** An attachment of an agency the user may see (download and preview). */
export async function agencyAttachmentFile(
  db: Queryable,
  user: SessionUser,
  fileId: string,
): Promise<FileToSend> {
  const [row] = await db
    .select({ ...fileToSendColumns, organizationId: agentOrgAttachments.organizationId })
    .from(agentOrgAttachments)
    .innerJoin(files, eq(files.id, agentOrgAttachments.fileId))
    .where(eq(agentOrgAttachments.fileId, fileId))
    .limit(1);
  // Not (or no longer) in force: a file of one of the agency's change requests, before or after.
  const ref = JSON.stringify([{ fileId }]);
  const [changed] = row
    ? []
    : await db
        .select({ ...fileToSendColumns, organizationId: agentOrgChanges.organizationId })
        .from(agentOrgChanges)
        .innerJoin(files, eq(files.id, fileId))
        .where(
          or(
            sql`${agentOrgChanges.dataFiles} @> ${ref}::jsonb`,
            sql`${agentOrgChanges.beforeFiles} @> ${ref}::jsonb`,
          ),
        )
        .limit(1);
  const found = row ?? changed;
  if (!found) throw new AppError('not_found', { message: '附件不存在' });
  await assertVisible(db, user, found.organizationId);
  const { organizationId: _org, ...file } = found;
  return file;
}
