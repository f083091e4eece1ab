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
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { containsAny } from '@server/db/contains-pattern';
import { agentOrgChanges, agentOrganizations, districts, files, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import {
  decideByAuditStatus,
  decideIn,
  listReviewRecords,
  ownRegistrantId,
  registeredFile,
  registeredFiles,
  registrationLists,
  reviewersOf,
  reviewStateOrNull,
  saveRegistration,
  type RegisteredFile,
  type ReviewRecord,
} from '@server/modules/review';
import type { AgencyFields } from '@shared/domain/agencies';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject, creditFlagsOf } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m, type agencyApplySchema } from '@shared/validation/agencies';
import type { z } from 'zod';
import { agencyRegistration } from './registration';

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

export type AgencyAttachmentRow = RegisteredFile;

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

/** Rows of o with `columns`, which may name the district (districtName). */
function withDistrict<C extends SelectedFields>(db: Queryable, columns: C) {
  return db.select(columns).from(o).leftJoin(districts, eq(districts.districtCode, o.districtCode));
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
  const [row] = await withDistrict(db, {
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
  }).where(eq(o.organizationId, organizationId));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.orgNotFound });
  const { userId: _owner, isLostCredit, isUnqualified, isBlacklisted, ...fields } = row;
  const state = await reviewStateOrNull(db, user, AGENT_ORG, organizationId);
  const review = state && {
    ...state,
    reviewers: state.allowed.includes('transfer') ? await reviewerNames(db) : [],
  };
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
    attachments: await registeredFiles(db, agencyRegistration, organizationId),
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

/** querySelf: the account's own organization with its attachments and review state, or null. */
export async function getOwnAgency(db: Queryable, user: SessionUser): Promise<AgencyRecord | null> {
  const id = await ownRegistrantId(db, agencyRegistration, user.pkid);
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
  const id = await ownRegistrantId(db, agencyRegistration, userId);
  if (id === null) throw new AppError('not_found', { message: m.orgNotFound });
  return loadRecord(db, user, id);
}

/** queryOne: an agency the user may see (404 otherwise). */
export async function getAgency(db: Queryable, user: SessionUser, id: number): Promise<AgencyRecord> {
  return loadRecord(db, user, id);
}

/**
 * updateSelf: saves the agency's own application (creating it the first time) and, with
 * action=submit, sends it to review in the same transaction (a registration under review: every
 * check runs before anything is stored, so a refusal changes nothing).
 */
export async function saveOwnAgency(
  ctx: Pick<AppContext, 'db' | 'storage' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: z.output<typeof agencyApplySchema>,
): Promise<AgencyRecord> {
  const id = await saveRegistration(ctx, agencyRegistration, user, input, {
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
  });
  return loadRecord(ctx.db, user, id);
}

/** approve: a reviewer approves (2) or rejects (3, with an opinion); an approval shows in the hall at once. */
export async function decideAgency(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
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
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { organizationId: number; askReason: string; transferStaffId: number; version?: number | undefined },
): Promise<{ auditStatus: number; version: number }> {
  const item = await ctx.db.transaction((tx) =>
    decideIn(ctx, tx, user, {
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

/** The agency applications as the reviewers' lists show them. */
const orgLists = registrationLists({
  subjectType: AGENT_ORG,
  rowsOf: (db, ids) =>
    withDistrict(db, {
      organizationId: o.organizationId,
      orgName: o.orgName,
      credential: o.credential,
      legalPersonName: o.legalPersonName,
      districtName: districts.districtName,
    }).where(inArray(o.organizationId, ids)),
  idOf: (org) => org.organizationId,
  search: (db, keyword) =>
    db
      .select({ id: o.organizationId })
      .from(o)
      .where(containsAny(keyword, o.orgName, o.credential)),
});

/** queryNeedAudit: the user's to-do of agency applications, oldest submission first. */
export const listAgencyTodo = orgLists.todo;

/** doneOrg: the agency applications the user decided, newest first. */
export const listAgencyDone = orgLists.done;

/** An attachment of an agency the user may see (download and preview). */
export async function agencyAttachmentFile(
  db: Queryable,
  user: SessionUser,
  fileId: string,
): Promise<FileToSend> {
  const row = await registeredFile(db, agencyRegistration, fileId);
  // Not (or no longer) in force: a file of one of the agency's change requests, before or after.
  const ref = JSON.stringify([{ fileId }]);
  const [changed] = row
    ? []
    : await db
        .select({ ...fileToSendColumns, registrantId: agentOrgChanges.organizationId })
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
  await assertVisible(db, user, found.registrantId);
  const { registrantId: _org, ...file } = found;
  return file;
}
