/**
 * The two parties of a contract's filing and what every step needs of them: the contract locked for
 * its agency's or its owner's account (another party's answers 404 like a missing one), what each may
 * still change, and the log line and message a step leaves for the other party.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, constructionUnits, contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import { agencyAccountOf, logProjectEvent, ownUnitOf } from '@server/modules/projects';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m } from '@shared/validation/contract-filing';
import { findVisible } from '../service';

const c = contracts;
const S = contractStatus.code;
const A = auditStatus.code;

/** A contract's own row. */
export type StoredContract = typeof contracts.$inferSelect;
/** The agency (its organization account) or the owner (its construction unit's account). */
export type Party = 'agency' | 'owner';

/** The contract locked for a change by the party's account (404 for anyone else). */
async function lockFor(tx: Queryable, user: SessionUser, contractId: number, party: Party) {
  const own = party === 'agency' ? await agencyAccountOf(tx, user) : await ownUnitOf(tx, user);
  const [row] = await tx.select().from(c).where(eq(c.contractId, contractId)).for('update');
  const holder = party === 'agency' ? row?.organizationId : row?.constructionId;
  if (!row || (!user.isAdmin && holder !== own)) throw new AppError('not_found', { message: m.notFound });
  return row;
}

/** The contract locked for a change by its agency's organization account (404 for anyone else). */
export const lockForAgency = (tx: Queryable, user: SessionUser, contractId: number) =>
  lockFor(tx, user, contractId, 'agency');

/** The contract locked for a change by its owner's account (404 for anyone else). */
export const lockForOwner = (tx: Queryable, user: SessionUser, contractId: number) =>
  lockFor(tx, user, contractId, 'owner');

/** A contract the user may see (404 otherwise): its joined record and its own row. */
export async function visibleContract(db: Queryable, user: SessionUser, contractId: number) {
  const visible = await findVisible(db, user, contractId);
  const [row] = await db.select().from(c).where(eq(c.contractId, contractId));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return { visible, row };
}

/** 409 unless the contract waits for the owner's confirmation. */
export function requireAwaiting(row: StoredContract): void {
  if (row.status !== S.awaitingConfirmation) throw new AppError('conflict', { message: m.notAwaiting });
}

/** Editable: a draft (returned or not), or a confirmed contract whose filing was rejected. */
export function isEditable(row: { status: number; auditStatus: number }): boolean {
  return row.status === S.draft || (row.status === S.confirmed && row.auditStatus === A.rejected);
}

/** 409: filed already, or not editable now. */
export function refuseEdit(row: { status: number; auditStatus: number }): never {
  if (row.status === S.filed) throw new AppError('conflict', { message: m.alreadyFiled });
  throw new AppError('conflict', { message: m.notEditable });
}

/** The account of the contract's agency or owner, if it has one. */
export async function accountOf(db: Queryable, row: StoredContract, party: Party): Promise<number | null> {
  if (party === 'owner') {
    const [unit] = await db
      .select({ userId: constructionUnits.userId })
      .from(constructionUnits)
      .where(eq(constructionUnits.constructionId, row.constructionId));
    return unit?.userId ?? null;
  }
  const [org] = await db
    .select({ userId: agentOrganizations.userId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, row.organizationId));
  return org?.userId ?? null;
}

/** What a step leaves: its project log line and, for the party who acts next, a message. */
export interface FilingStep {
  log: string;
  tell: { party: Party; content: string };
}

/** Writes the step's log line and tells the other party at `at` (linking to the application page). */
export async function recordStep(
  tx: Queryable,
  user: SessionUser,
  row: StoredContract,
  step: FilingStep,
  at: Date,
) {
  await logProjectEvent(tx, { projectId: row.projectId, actor: user, content: step.log, at: at });
  const account = await accountOf(tx, row, step.tell.party);
  if (account !== null)
    await sendMessage(tx, {
      toUserId: account,
      content: step.tell.content,
      link: `/usercenter/contractApply?contractId=${row.contractId}`,
      at,
    });
}

/**
 * The owner's answer to a contract waiting for it, in one transaction: the contract locked and checked,
 * the answer's columns written, its step recorded for the agency.
 */
export async function answerAsOwner(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  contractId: number,
  answer: (
    row: StoredContract,
    now: Date,
  ) => { set: Partial<typeof contracts.$inferInsert>; step: FilingStep },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockForOwner(tx, user, contractId);
    requireAwaiting(row);
    const now = ctx.services.now();
    const { set, step } = answer(row, now);
    await tx
      .update(c)
      .set({ ...set, updatedAt: now })
      .where(eq(c.contractId, row.contractId));
    await recordStep(tx, user, row, step, now);
  });
}
