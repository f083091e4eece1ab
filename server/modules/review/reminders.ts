/**
 * The review tasks' deadline reminders (the deadline-reminders job, server/jobs.ts): each pending task
 * whose reminder moment passed gets one message to whoever must act (its holder, or the kind's
 * reviewers). Safe with several instances and repeated runs: the task is claimed by a conditional
 * UPDATE (reminded_at is null) in the transaction that sends its message, so of two runners the second
 * one matches no row and sends nothing.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { reviewItems } from '@server/db/schema';
import { lastDayText } from '@server/modules/deadlines';
import { sendMessage } from '@server/modules/messages';
import { auditStatus, auditSubject, type AuditSubject } from '@shared/domain/statuses';
import { reviewLink } from '@shared/domain/review-kinds';
import { reviewersOf } from './pool';

export async function sendDueReviewReminders(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ pkid: reviewItems.pkid })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.status, auditStatus.code.pending),
        lte(reviewItems.remindAt, now),
        isNull(reviewItems.remindedAt),
      ),
    )
    .orderBy(asc(reviewItems.remindAt))
    .limit(500);
  let sent = 0;
  for (const { pkid } of due) {
    const reminded = await ctx.db.transaction(async (tx) => {
      const [item] = await tx
        .update(reviewItems)
        .set({ remindedAt: now })
        .where(
          and(
            eq(reviewItems.pkid, pkid),
            isNull(reviewItems.remindedAt),
            eq(reviewItems.status, auditStatus.code.pending),
          ),
        )
        .returning({
          subjectType: reviewItems.subjectType,
          subjectId: reviewItems.subjectId,
          assigneeId: reviewItems.assigneeId,
          applicantId: reviewItems.applicantId,
          dueAt: reviewItems.dueAt,
        });
      if (!item) return false;
      const type = item.subjectType as AuditSubject;
      const holders =
        item.assigneeId !== null
          ? [item.assigneeId]
          : (await reviewersOf(tx, type)).filter((id) => id !== item.applicantId);
      for (const userId of holders)
        await sendMessage(tx, {
          toUserId: userId,
          content: `办理时限提醒：${auditSubject.label(type)}待办将于 ${lastDayText(item.dueAt)} 到期，请及时办理。`,
          link: reviewLink(type, item.subjectId, 'reviewer'),
          at: now,
        });
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}
