/** contract/queryApply: one contract's application page for its parties and its reviewers. */
import { inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf, ownUnitOf } from '@server/modules/projects';
import { getReviewState, reviewersOf } from '@server/modules/review';
import type { ContractAction, ContractApplication } from '@shared/calls/contract-filing';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { amountInWords } from '@shared/money';
import { itemsOf, toRow, type ContractRecord } from '../service';
import { templateRefOf } from '../templates';
import { isEditable, visibleContract, type StoredContract } from './parties';

const CONTRACT = auditSubject.code.contract;
const S = contractStatus.code;
const A = auditStatus.code;

/** What `user` may do on the contract now (the page's buttons; the calls check again). */
async function actionsOf(db: Queryable, user: SessionUser, row: StoredContract): Promise<ContractAction[]> {
  const actions: ContractAction[] = [];
  const isAgency = user.isAdmin || (await agencyAccountOf(db, user)) === row.organizationId;
  const isOwner = user.isAdmin || (await ownUnitOf(db, user)) === row.constructionId;
  if (isAgency && user.roleIds.includes(roles.agency.id)) {
    if (isEditable(row)) actions.push('edit');
    if (row.status === S.draft && row.auditStatus === A.draft && row.ownerConfirmedAt === null)
      actions.push('delete');
    if (row.status === S.draft) actions.push('send');
    if (row.status === S.confirmed && row.auditStatus !== A.pending) actions.push('record');
  }
  if (isOwner && user.roleIds.includes(roles.owner.id) && row.status === S.awaitingConfirmation)
    actions.push('confirm', 'return');
  return actions;
}

/** The review panel once the filing was submitted (null before, or for a user outside the review). */
async function reviewOf(db: Queryable, user: SessionUser, contractId: number) {
  let review: ContractApplication['review'] = null;
  try {
    const state = await getReviewState(db, user, CONTRACT, contractId);
    if (state.item.status !== A.draft || state.item.submittedAt !== null) {
      const reviewers = state.allowed.includes('transfer')
        ? await db
            .select({ pkid: users.pkid, username: users.username })
            .from(users)
            .where(inArray(users.pkid, await reviewersOf(db, CONTRACT)))
        : [];
      review = { status: state.item.status, version: state.item.version, allowed: state.allowed, reviewers };
    }
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  return review;
}

/** The visible contract with its terms, both confirmations, its template, the user's actions and review. */
export async function getApplication(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ContractApplication> {
  const { visible, row } = await visibleContract(db, user, contractId);
  const { demandId, templateId, stageId: _s, projectDistrict: _d, ...fields } = visible;
  const template = await templateRefOf(db, templateId);
  const review = await reviewOf(db, user, contractId);
  return {
    ...toRow(fields as ContractRecord),
    authorizationId: row.authorizationId,
    items: await itemsOf(db, demandId),
    amountInWords: row.amount === null ? null : amountInWords(row.amount),
    startOn: row.startOn,
    endOn: row.endOn,
    paymentTerms: row.paymentTerms,
    returnReason: row.returnReason,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    // Who confirmed and when; the spent SMS code stays in the row, never in an answer (issue 21).
    ownerConfirmation: row.ownerConfirmedAt
      ? { name: row.ownerConfirmedName, at: row.ownerConfirmedAt.toISOString() }
      : null,
    agencyConfirmation: row.agencyConfirmedAt
      ? { name: row.agencyConfirmedName, at: row.agencyConfirmedAt.toISOString() }
      : null,
    template,
    actions: await actionsOf(db, user, row),
    agencyNeedsCode: row.agencyConfirmedAt === null,
    review,
  };
}
