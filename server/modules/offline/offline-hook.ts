/** The review kind of offline projects (server/modules/review/kinds.ts): its status mirror. */
import { eq } from 'drizzle-orm';
import { projectOfflines as t } from '@server/db/schema';
import type { ReviewHookContext } from '@server/modules/review/kinds';
import { auditStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';

/** The review kind's hook: mirrors every decision into project_offlines.audit_status. */
export async function mirrorOffline(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const decided = hook.to === auditStatus.code.approved || hook.to === auditStatus.code.rejected;
  const rows = await hook.tx
    .update(t)
    .set({ auditStatus: hook.to, updatedAt: hook.at, ...(decided ? { auditedAt: hook.at } : {}) })
    .where(eq(t.pkid, hook.subjectId))
    .returning({ pkid: t.pkid });
  if (rows.length === 0) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
}
