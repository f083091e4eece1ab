/**
 * The agency's answer to an authorization (a to-do on /notdchy/toDoList) has a service deadline too:
 * its reminder is sent by the deadline-reminders job (server/jobs.ts), claimed as the review tasks'
 * are (server/modules/review/reminders.ts) on its own table, and sent to the agency's account.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { agentOrganizations, projectAuthorizations, projects } from '@server/db/schema';
import { lastDayText } from '@server/modules/deadlines';
import { sendMessage } from '@server/modules/messages';
import { authorizationState } from '@shared/domain/statuses';

export async function sendDueAuthorizationReminders(ctx: AppContext, now: Date): Promise<number> {
  const a = projectAuthorizations;
  const pending = eq(a.state, authorizationState.code.pending);
  const due = await ctx.db
    .select({ pkid: a.pkid })
    .from(a)
    .where(and(pending, lte(a.remindAt, now), isNull(a.remindedAt)))
    .orderBy(asc(a.remindAt))
    .limit(500);
  let sent = 0;
  for (const { pkid } of due) {
    const reminded = await ctx.db.transaction(async (tx) => {
      const [task] = await tx
        .update(a)
        .set({ remindedAt: now })
        .where(and(eq(a.pkid, pkid), isNull(a.remindedAt), pending))
        .returning({ organizationId: a.organizationId, projectId: a.projectId, dueAt: a.dueAt });
      if (!task) return false;
      const [holder] = await tx
        .select({ userId: agentOrganizations.userId, projectName: projects.projectName })
        .from(agentOrganizations)
        .innerJoin(projects, eq(projects.pkid, task.projectId))
        .where(eq(agentOrganizations.organizationId, task.organizationId));
      if (holder?.userId) {
        await sendMessage(tx, {
          toUserId: holder.userId,
          content: `办理时限提醒：项目“${holder.projectName}”的委托待您确认，将于 ${lastDayText(task.dueAt)} 到期，请及时接受或拒绝。`,
          link: `/notdchy/Detials?id=${pkid}`,
          at: now,
        });
      }
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}
