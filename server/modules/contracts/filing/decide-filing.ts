/** The auditors' side of a filing: approve or reject (contract/approve), transfer, and its records. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { decideIn, listReviewRecords, type ReviewRecord } from '@server/modules/review';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { findVisible } from '../service';

const CONTRACT = auditSubject.code.contract;

/** The review's version, given only when the caller sent one. */
const versionOf = (input: { version?: number | undefined }) =>
  input.version !== undefined ? { version: input.version } : {};

/** contract/approve: the filing approved (filed by the kind's hook) or rejected with an opinion. */
export async function decideFiling(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: {
    contractId: number;
    auditStatus: number;
    opinion?: string | undefined;
    version?: number | undefined;
  },
) {
  const decision = input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject';
  const item = await ctx.db.transaction(async (tx) => {
    await findVisible(tx, user, input.contractId);
    return decideIn(ctx, tx, user, {
      subjectType: CONTRACT,
      subjectId: input.contractId,
      decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...versionOf(input),
    });
  });
  const [row] = await ctx.db
    .select({ filingNo: contracts.filingNo })
    .from(contracts)
    .where(eq(contracts.contractId, input.contractId));
  return { auditStatus: item.status, version: item.version, filingNo: row?.filingNo ?? null };
}

/** contract/transferContractTask: the filing's review handed to another auditor, with the reason. */
export async function transferFiling(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { contractId: number; askReason: string; transferStaffId: number; version?: number | undefined },
) {
  const item = await ctx.db.transaction((tx) =>
    decideIn(ctx, tx, user, {
      subjectType: CONTRACT,
      subjectId: input.contractId,
      decision: 'transfer',
      opinion: input.askReason,
      transferToId: input.transferStaffId,
      ...versionOf(input),
    }),
  );
  return { auditStatus: item.status, version: item.version, filingNo: null };
}

/** contract/auditInfo: the filing's review records of a visible contract. */
export async function filingTimeline(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ReviewRecord[]> {
  await findVisible(db, user, contractId);
  return listReviewRecords(db, CONTRACT, contractId);
}
