/** contract/return: the owner returns the contract to its agency with a reason (1 → 0, marked returned). */
import type { AppContext } from '@server/app-context';
import type { SessionUser } from '@server/modules/identity';
import { contractStatus } from '@shared/domain/statuses';
import { answerAsOwner } from './parties';

/** The contract is a draft again, with the reason; the agency is told. */
export async function returnContract(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: { contractId: number; reason: string },
): Promise<void> {
  await answerAsOwner(ctx, user, input.contractId, (row, now) => ({
    set: {
      status: contractStatus.code.draft,
      returnReason: input.reason,
      returnedAt: now,
      returnedBy: user.pkid,
    },
    step: {
      log: `建设单位退回合同（${row.contractNo}）：${input.reason}`,
      tell: { party: 'agency', content: `合同（${row.contractNo}）被建设单位退回：${input.reason}` },
    },
  }));
}
