/** contract/confirm: the owner confirms the contract with its SMS code (1 → 2, signed today). */
import type { AppContext } from '@server/app-context';
import type { SessionUser } from '@server/modules/identity';
import { contractStatus } from '@shared/domain/statuses';
import { beijingDate } from '@shared/validation/jobs';
import { spendCode } from './confirm-code';
import { answerAsOwner, lockForOwner, requireAwaiting } from './parties';

/** The code is spent before the transaction; the state is checked again inside it. */
export async function confirmContract(
  ctx: AppContext,
  user: SessionUser,
  input: { contractId: number; smsCode: string },
): Promise<void> {
  const before = await lockForOwner(ctx.db, user, input.contractId);
  requireAwaiting(before);
  await spendCode(ctx, user, input.smsCode);
  await answerAsOwner(ctx, user, input.contractId, (row, now) => ({
    set: {
      status: contractStatus.code.confirmed,
      signedOn: beijingDate(now),
      ownerConfirmedBy: user.pkid,
      ownerConfirmedName: user.username,
      ownerConfirmedAt: now,
      ownerSmsCode: input.smsCode,
      returnReason: null,
      returnedAt: null,
      returnedBy: null,
    },
    step: {
      log: `建设单位确认合同（${row.contractNo}）`,
      tell: { party: 'agency', content: `建设单位已确认合同（${row.contractNo}），请提交备案` },
    },
  }));
}
