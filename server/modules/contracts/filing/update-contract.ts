/** contract/update: the agency edits its draft, or its contract after a rejected filing. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { logProjectEvent } from '@server/modules/projects';
import { contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m, type ContractUpdateInput } from '@shared/validation/contract-filing';
import { isEditable, lockForAgency, refuseEdit } from './parties';

const S = contractStatus.code;

/** What a contract reopened for editing loses: it is a draft again and both confirmations go. */
const reopenedColumns = {
  status: S.draft,
  signedOn: null,
  ownerConfirmedBy: null,
  ownerConfirmedName: null,
  ownerConfirmedAt: null,
  ownerSmsCode: null,
  agencyConfirmedBy: null,
  agencyConfirmedName: null,
  agencyConfirmedAt: null,
  agencySmsCode: null,
};

/** contract/update: the agency edits a draft; editing after a rejected filing makes it a draft again. */
export async function updateContract(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: ContractUpdateInput,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.services.now();
    const row = await lockForAgency(tx, user, input.contractId);
    if (!isEditable(row)) refuseEdit(row);
    const startOn = input.startOn ?? row.startOn;
    const endOn = input.endOn ?? row.endOn;
    if (startOn && endOn && endOn < startOn)
      throw new AppError('invalid_input', { message: m.endBeforeStart, field: 'endOn' });
    const reopened = row.status !== S.draft;
    await tx
      .update(contracts)
      .set({
        ...(input.contractName !== undefined ? { contractName: input.contractName } : {}),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.paymentTerms !== undefined ? { paymentTerms: input.paymentTerms } : {}),
        startOn,
        endOn,
        ...(reopened ? reopenedColumns : {}),
        updatedAt: now,
      })
      .where(eq(contracts.contractId, row.contractId));
    if (reopened)
      await logProjectEvent(tx, {
        projectId: row.projectId,
        actor: user,
        content: `备案未通过后修改合同（${row.contractNo}），须重新经建设单位确认`,
        at: now,
      });
  });
}
