/** contract/submitConfirm: the agency sends a draft without problems to the owner (0 → 1). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { contractStatus } from '@shared/domain/statuses';
import { refuseProblems } from './check-contract';
import { lockForAgency, recordStep, refuseEdit } from './parties';

/** The draft waits for the owner's confirmation; the owner is told. */
export async function sendToOwner(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  contractId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.services.now();
    const row = await lockForAgency(tx, user, contractId);
    if (row.status !== contractStatus.code.draft) throw refuseEdit(row);
    await refuseProblems(tx, row);
    await tx
      .update(contracts)
      .set({ status: contractStatus.code.awaitingConfirmation, updatedAt: now })
      .where(eq(contracts.contractId, contractId));
    await recordStep(
      tx,
      user,
      row,
      {
        log: `提交建设单位确认合同（${row.contractNo}）`,
        tell: { party: 'owner', content: `合同（${row.contractNo}）待您确认` },
      },
      now,
    );
  });
}
