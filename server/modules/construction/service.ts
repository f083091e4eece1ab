/**
 * Construction units and their verification (issue 12): an owner account keeps one unit (its
 * `user_id`), saves it as a draft and submits it with its business licence; the authority verifies it
 * through the review workflow (server/modules/review), which mirrors the status into the unit's row.
 *
 * Who sees a unit (`canSee`): its own account and the reviewers (administrator, authority). Anyone
 * else gets a 404, so another owner cannot even learn that an id exists.
 */
import { eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { containsAny } from '@server/db/contains-pattern';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { constructionUnits, districts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { FileToSend } from '@server/lib/file-response';
import {
  decideIn,
  listReviewRecords,
  openChangeOf,
  ownRegistrantId,
  registeredFile,
  registeredFiles,
  registrationLists,
  reviewStateOrNull,
  saveRegistration,
  type ReviewRecord,
} from '@server/modules/review';
import type { ConstructionFields } from '@shared/domain/construction';
import { unitRegistration } from './registration';
import { unitChanges } from './review-hooks';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { constructionMessages as m, type constructionUpdateSchema } from '@shared/validation/construction';
import type { z } from 'zod';

const u = constructionUnits;

/** A unit's own fields (ConstructionFields) of a form's input. */
export const unitFieldsOf = (input: ConstructionFields): ConstructionFields => ({
  name: input.name,
  creditCode: input.creditCode,
  legalPersonName: input.legalPersonName,
  contactName: input.contactName,
  contactPhone: input.contactPhone,
  address: input.address,
  districtCode: input.districtCode,
});

/** A unit's own fields (ConstructionFields) as columns. */
export const unitFieldColumns = {
  name: u.name,
  creditCode: u.creditCode,
  legalPersonName: u.legalPersonName,
  contactName: u.contactName,
  contactPhone: u.contactPhone,
  address: u.address,
  districtCode: u.districtCode,
};
const UNIT = auditSubject.code.constructionUnit;

const isReviewer = (user: SessionUser) => user.isAdmin || user.roleIds.includes(roles.authority.id);

function canSee(user: SessionUser, row: { userId: number | null }): boolean {
  return (row.userId !== null && row.userId === user.pkid) || isReviewer(user);
}

/** Rows of u with `columns`, which may name the district (districtName). */
function withDistrict<C extends SelectedFields>(db: Queryable, columns: C) {
  return db.select(columns).from(u).leftJoin(districts, eq(districts.districtCode, u.districtCode));
}

async function loadRecord(db: Queryable, user: SessionUser, constructionId: number) {
  const [row] = await withDistrict(db, {
    constructionId: u.constructionId,
    userId: u.userId,
    ...unitFieldColumns,
    districtName: districts.districtName,
    auditStatus: u.auditStatus,
    submittedAt: u.submittedAt,
    auditedAt: u.auditedAt,
  }).where(eq(u.constructionId, constructionId));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.unitNotFound });
  const { userId: _owner, ...fields } = row;
  // No transfer call exists for units (spec section 7), so the panel does not offer one.
  const state = await reviewStateOrNull(db, user, UNIT, constructionId, { transfer: false });
  const review = state && { ...state, reviewers: [] };
  const open = await openChangeOf(db, unitChanges, constructionId);
  return {
    ...fields,
    openChangeId: open?.pkid ?? null,
    attachments: await registeredFiles(db, unitRegistration, constructionId),
    review,
  };
}

async function assertVisible(db: Queryable, user: SessionUser, id: number): Promise<void> {
  const [row] = await db.select({ userId: u.userId }).from(u).where(eq(u.constructionId, id));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.unitNotFound });
}

/** querySelf: the owner's own unit, or null before it first saved one. */
export async function getOwnUnit(db: Queryable, user: SessionUser) {
  const id = await ownRegistrantId(db, unitRegistration, user.pkid);
  return id === null ? null : loadRecord(db, user, id);
}

/** queryOne: a unit the user may see (404 otherwise). */
export const getUnit = loadRecord;

/**
 * updateSelf: saves the owner's unit (creating it the first time) and, with action=submit, sends it to
 * review in the same transaction (a registration under review: every check runs before anything is
 * stored, so a refusal changes nothing).
 */
export async function saveOwnUnit(
  ctx: Pick<AppContext, 'db' | 'storage' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: z.output<typeof constructionUpdateSchema>,
) {
  const id = await saveRegistration(ctx, unitRegistration, user, input, unitFieldsOf(input));
  return loadRecord(ctx.db, user, id);
}

/** approve: a reviewer verifies (2) or rejects (3, with an opinion) a unit. */
export async function decideUnit(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: {
    constructionId: number;
    auditStatus: number;
    opinion?: string | undefined;
    version?: number | undefined;
  },
): Promise<{ auditStatus: number; version: number }> {
  const item = await ctx.db.transaction((tx) =>
    decideIn(ctx, tx, user, {
      subjectType: UNIT,
      subjectId: input.constructionId,
      decision: input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject',
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}

/** constructionAuditInfo: the timeline of a unit the user may see. */
export async function unitTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await assertVisible(db, user, id);
  return listReviewRecords(db, UNIT, id);
}

/** queryAuditRejectView: the latest rejection of a unit the user may see, or null. */
export async function latestRejection(db: Queryable, user: SessionUser, id: number) {
  const records = await unitTimeline(db, user, id);
  const rejection = records.filter((record) => record.decision === auditDecision.code.rejected).at(-1);
  return rejection
    ? { opinion: rejection.opinion, auditorName: rejection.auditorName, auditedAt: rejection.auditedAt }
    : null;
}

/** The units to verify as the reviewers' lists show them. */
const unitLists = registrationLists({
  subjectType: UNIT,
  rowsOf: (db, ids) =>
    withDistrict(db, {
      constructionId: u.constructionId,
      name: u.name,
      creditCode: u.creditCode,
      legalPersonName: u.legalPersonName,
      districtName: districts.districtName,
    }).where(inArray(u.constructionId, ids)),
  idOf: (unit) => unit.constructionId,
  search: (db, keyword) =>
    db
      .select({ id: u.constructionId })
      .from(u)
      .where(containsAny(keyword, u.name, u.creditCode)),
});

/** query: the user's to-do of units to verify, oldest submission first. */
export const listUnitTodo = unitLists.todo;

/** doneOrg: the units the user decided, newest first. */
export const listUnitDone = unitLists.done;

/** An attachment of a unit the user may see. */
export async function unitAttachmentFile(
  db: Queryable,
  user: SessionUser,
  fileId: string,
): Promise<FileToSend> {
  const row = await registeredFile(db, unitRegistration, fileId);
  if (!row) throw new AppError('not_found', { message: '附件不存在' });
  await assertVisible(db, user, row.registrantId);
  const { registrantId: _unit, ...file } = row;
  return file;
}
