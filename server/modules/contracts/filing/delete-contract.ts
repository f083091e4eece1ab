/** contract/metadata/delete/{id}: the agency deletes a draft it never sent. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { contracts, reviewItems } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { logProjectEvent } from '@server/modules/projects';
import { auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m } from '@shared/validation/contract-filing';
import { lockForAgency } from './parties';

const A = auditStatus.code;

/** The agency deletes a draft it never sent (nor had filed), with its review item. */
export async function deleteContract(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  contractId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, contractId);
    if (
      row.status !== contractStatus.code.draft ||
      row.ownerConfirmedAt !== null ||
      row.auditStatus !== A.draft
    )
      throw new AppError('conflict', { message: m.notDeletable });
    const itsItem = and(
      eq(reviewItems.subjectType, auditSubject.code.contract),
      eq(reviewItems.subjectId, contractId),
    );
    const [record] = await tx.select({ status: reviewItems.status }).from(reviewItems).where(itsItem);
    if (record && record.status !== A.draft) throw new AppError('conflict', { message: m.notDeletable });
    await tx.delete(reviewItems).where(itsItem);
    await tx.delete(contracts).where(eq(contracts.contractId, contractId));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `删除合同草稿（${row.contractNo}）`,
      at: ctx.services.now(),
    });
  });
}
