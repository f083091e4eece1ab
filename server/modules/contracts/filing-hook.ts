/**
 * The review kind `contract`'s decision hook (server/modules/review/kinds.ts): mirrors the filing's
 * audit status into contracts.audit_status, and on approval files the contract in the same transaction:
 * the filing number (备案编号, unique: it carries the contract id), status 3 (已备案), the filing time,
 * and the project moves 2 → 3 (合同已备案) through moveProject with its log line. If the project cannot
 * move (terminated meanwhile), the whole decision is undone.
 */
import { eq } from 'drizzle-orm';
import { contracts, projectDemands } from '@server/db/schema';
import { moveProject } from '@server/modules/projects/status';
import type { ReviewHookContext } from '@server/modules/review/kinds';
import { auditStatus, contractStatus, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';

/** YZBA + the Beijing year of filing + the contract id in six digits (the seeded numbers' form). */
export function filingNumber(contractId: number, at: Date): string {
  return `YZBA${beijingDate(at).slice(0, 4)}${String(contractId).padStart(6, '0')}`;
}

export async function applyContractFiling(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = contracts;
  const [row] = await hook.tx
    .select({ projectId: t.projectId, demandId: t.demandId, contractNo: t.contractNo, status: t.status })
    .from(t)
    .where(eq(t.contractId, hook.subjectId))
    .for('update');
  if (!row) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
  if (hook.to !== auditStatus.code.approved) {
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.contractId, hook.subjectId));
    return;
  }
  const filingNo = filingNumber(hook.subjectId, hook.at);
  await hook.tx
    .update(t)
    .set({
      auditStatus: hook.to,
      status: contractStatus.code.filed,
      filingNo,
      filedAt: hook.at,
      updatedAt: hook.at,
    })
    .where(eq(t.contractId, hook.subjectId));
  await moveProject(hook.tx, {
    projectId: row.projectId,
    to: projectStatus.code.contractFiled,
    actor: hook.actor,
    content: `测绘合同（${row.contractNo}）已备案，备案编号${filingNo}`,
  });
  if (row.demandId !== null)
    await hook.tx
      .update(projectDemands)
      .set({ status: projectStatus.code.contractFiled, updatedAt: hook.at })
      .where(eq(projectDemands.pkid, row.demandId));
}
