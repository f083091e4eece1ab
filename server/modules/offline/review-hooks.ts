/**
 * What review decisions do to offline projects (server/modules/review/hooks.ts): a status mirror; and
 * how the projects read as review items (server/db/review-items.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { ReviewItemSources } from '@server/db/review-items';
import { projectOfflines as t } from '@server/db/schema';
import type { ReviewHookContext, ReviewHooks } from '@server/modules/review';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
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

export const offlineReviewHooks: ReviewHooks = { [auditSubject.code.projectOffline]: mirrorOffline };

export const offlineReviewItems: ReviewItemSources = {
  [auditSubject.code.projectOffline]: {
    table: t,
    id: t.pkid,
    applicant: t.createdBy,
    submitted: t.createdAt,
    decided: sql`coalesce(${t.auditedAt}, ${t.updatedAt})`,
    name: t.projectName,
  },
};
