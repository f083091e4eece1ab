/**
 * Changes of a verified construction unit (construction/update, queryOneChange, toDoChange,
 * approveChange): the owner asks with a full copy of the unit's fields carrying the edits; the unit's
 * current data stays in force; the authority sees old and new side by side and decides through the
 * review workflow; only an approval applies the copy (the unit_change kind's hook in review-hooks.ts).
 * The request, its review and its lists go through the review engine's change requests
 * (server/modules/review/change-requests.ts), as every kind of change does.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { constructionUnitChanges, constructionUnits } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import {
  changeSubjects,
  listReviewRecords,
  queueRowsOf,
  reviewStateOrNull,
  saveChangeRequest,
  specDecisionsOf,
  type QueueInput,
} from '@server/modules/review';
import { unitChanges } from './review-hooks';
import { changedConstructionFields, type ConstructionFields } from '@shared/domain/construction';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { constructionMessages as m, type constructionChangeSchema } from '@shared/validation/construction';
import type { z } from 'zod';
import { unitFieldColumns, unitFieldsOf } from './service';

const c = constructionUnitChanges;
const u = constructionUnits;
const UNIT_CHANGE = auditSubject.code.unitChange;

const isReviewer = (user: SessionUser) => user.isAdmin || user.roleIds.includes(roles.authority.id);

const rowColumns = {
  pkid: c.pkid,
  constructionId: c.constructionId,
  unitName: u.name,
  reason: c.reason,
  auditStatus: c.auditStatus,
  before: c.before,
  data: c.data,
  createdAt: c.createdAt,
  appliedAt: c.appliedAt,
  ownerId: u.userId,
};

/** The unit's fields as a change carries them (a verified unit has them all). */
function fieldsOf(unit: Record<keyof ConstructionFields, string | null>): ConstructionFields {
  return {
    name: unit.name ?? '',
    creditCode: unit.creditCode ?? '',
    legalPersonName: unit.legalPersonName ?? '',
    contactName: unit.contactName ?? '',
    contactPhone: unit.contactPhone ?? '',
    address: unit.address ?? '',
    districtCode: unit.districtCode ?? '',
  };
}

/** construction/update: saves or submits the owner's change request of its verified unit. */
export async function saveUnitChange(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: z.output<typeof constructionChangeSchema>,
) {
  const { db } = ctx;
  const [unit] = await db
    .select({
      id: u.constructionId,
      status: u.auditStatus,
      ...unitFieldColumns,
    })
    .from(u)
    .where(eq(u.userId, user.pkid));
  if (!unit) throw new AppError('not_found', { message: m.unitNotFound });
  if (unit.status !== auditStatus.code.approved) throw new AppError('conflict', { message: m.notVerified });
  const before = fieldsOf(unit);
  const data = unitFieldsOf(input);
  if (changedConstructionFields(before, data).length === 0)
    throw new AppError('invalid_input', { message: m.noChange });
  if (data.creditCode !== before.creditCode) {
    const [taken] = await db
      .select({ id: u.constructionId })
      .from(u)
      .where(and(eq(u.creditCode, data.creditCode), ne(u.constructionId, unit.id)));
    if (taken) throw new AppError('conflict', { message: m.creditCodeTaken, field: 'creditCode' });
  }
  const id = await db.transaction((tx) =>
    saveChangeRequest(ctx, tx, user, unitChanges, {
      subjectId: unit.id,
      values: { constructionId: unit.id, before, data, reason: input.reason ?? null },
      action: input.action,
      pendingMessage: m.changeOpen,
    }),
  );
  return getUnitChange(db, user, id);
}

function selectChanges(db: Queryable) {
  return db.select(rowColumns).from(c).innerJoin(u, eq(u.constructionId, c.constructionId));
}

/** Unit changes as the reviewers' lists show them, searched by the unit's name or credit code. */
const unitChangeSubjects = changeSubjects(unitChanges, selectChanges, {
  table: u,
  on: eq(u.constructionId, c.constructionId),
  columns: [u.name, u.creditCode],
});

/** queryOneChange: both versions, the changed fields, the review state and the records. */
export async function getUnitChange(db: Queryable, user: SessionUser, id: number) {
  const [row] = await selectChanges(db).where(eq(c.pkid, id));
  if (!row || !((row.ownerId !== null && row.ownerId === user.pkid) || isReviewer(user)))
    throw new AppError('not_found', { message: m.changeNotFound });
  const { ownerId: _owner, ...change } = row;
  return {
    ...change,
    changedFields: changedConstructionFields(change.before, change.data),
    // No transfer call exists for units, so nobody is offered as a transfer target.
    review: await reviewStateOrNull(db, user, UNIT_CHANGE, id, { transfer: false }),
    records: await listReviewRecords(db, UNIT_CHANGE, id),
  };
}

/** toDoChange: the reviewer's pending unit changes, oldest submission first. */
export async function listUnitChangeTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, unitChangeSubjects, query, ({ ownerId: _o, before, data, ...rest }) => ({
    ...rest,
    changedFields: changedConstructionFields(before, data),
  }));
}

/** approveChange: an approval applies the copy (the kind's hook); the hall home lists the newest units. */
export const decideUnitChange = specDecisionsOf(UNIT_CHANGE, ['statistics']).approve;
