/** contract/addRecord: the agency confirms (SMS code, once per confirmed text) and submits the filing. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { logProjectEvent } from '@server/modules/projects';
import { decideIn, openReview } from '@server/modules/review';
import { auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m } from '@shared/validation/contract-filing';
import { refuseProblems } from './check-contract';
import { spendCode } from './confirm-code';
import { accountOf, lockForAgency, type StoredContract } from './parties';

const CONTRACT = auditSubject.code.contract;

/** 409 unless the contract is confirmed and its filing is not waiting for review already. */
function requireFileable(row: StoredContract): void {
  if (row.status === contractStatus.code.filed) throw new AppError('conflict', { message: m.alreadyFiled });
  if (row.status !== contractStatus.code.confirmed)
    throw new AppError('conflict', { message: m.notConfirmed });
  if (row.auditStatus === auditStatus.code.pending)
    throw new AppError('conflict', { message: m.alreadySubmitted });
}

/** The code is spent before the transaction; the state is checked again inside it. */
export async function submitFiling(
  ctx: AppContext,
  user: SessionUser,
  input: { contractId: number; smsCode?: string | undefined },
): Promise<void> {
  const before = await lockForAgency(ctx.db, user, input.contractId);
  requireFileable(before);
  await refuseProblems(ctx.db, before);
  const needsCode = before.agencyConfirmedAt === null;
  if (needsCode) {
    if (!input.smsCode) throw new AppError('invalid_input', { message: m.smsRequired, field: 'smsCode' });
    await spendCode(ctx, user, input.smsCode);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, input.contractId);
    requireFileable(row);
    const now = ctx.services.now();
    if (needsCode)
      await tx
        .update(contracts)
        .set({
          agencyConfirmedBy: user.pkid,
          agencyConfirmedName: user.username,
          agencyConfirmedAt: now,
          agencySmsCode: input.smsCode ?? null,
          updatedAt: now,
        })
        .where(eq(contracts.contractId, row.contractId));
    // Contracts drafted before the review engine knew them get their item here (idempotent).
    const applicant = (await accountOf(tx, row, 'agency')) ?? user.pkid;
    await openReview(tx, { subjectType: CONTRACT, subjectId: row.contractId, applicantId: applicant });
    await decideIn(ctx, tx, user, { subjectType: CONTRACT, subjectId: row.contractId, decision: 'submit' });
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `${row.auditStatus === auditStatus.code.rejected ? '重新提交' : '提交'}合同备案（${row.contractNo}）`,
      at: now,
    });
  });
}
