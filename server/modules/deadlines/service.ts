/**
 * Service deadlines, once for every to-do of the product: `dueAt(db, taskType, from)` gives the
 * deadline of a task opened at `from` (working days of its type, weekends and holidays skipped), the
 * review engine stores it on each submission, the reminder job (deadline-reminders, on the job runner)
 * tells the holders one working day before, and `deadlineView` gives every list its due date and
 * overdue mark. Administrators edit the days per type and the holiday calendar on /task/time.
 */
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  projectAuthorizations,
  projects,
  reviewItems,
  serviceDeadlines,
  workingCalendar,
} from '@server/db/schema';
import { sendMessage } from '@server/modules/messages/service';
import { reviewersOf } from '@server/modules/review/pool';
import { reviewLink } from '@server/modules/review/kinds';
import {
  deadlineTaskLabel,
  deadlineTaskTypes,
  isDeadlineTaskType,
  type DeadlineTaskType,
} from '@shared/domain/deadlines';
import { auditStatus, auditSubject, authorizationState, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { deadlineAfter, type Deadline, type WorkingCalendar } from '@shared/domain/working-days';

export type { Deadline } from '@shared/domain/working-days';

/** The calendar's exceptions (a few dozen rows a year: read whole). */
export async function loadCalendar(db: Queryable): Promise<WorkingCalendar> {
  const rows = await db
    .select({ day: workingCalendar.day, kind: workingCalendar.kind })
    .from(workingCalendar);
  return {
    holidays: new Set(rows.filter((r) => r.kind === 'holiday').map((r) => r.day)),
    workdays: new Set(rows.filter((r) => r.kind === 'workday').map((r) => r.day)),
  };
}

/** Working days allowed for a task type: the administrator's setting, else the type's default. */
export async function workingDaysOf(db: Queryable, taskType: DeadlineTaskType): Promise<number> {
  const [row] = await db
    .select({ days: serviceDeadlines.workingDays })
    .from(serviceDeadlines)
    .where(eq(serviceDeadlines.taskType, taskType));
  return row?.days ?? deadlineTaskTypes.find((t) => t.value === taskType)?.defaultDays ?? 5;
}

/**
 * The deadline of a task of `taskType` opened at `from`: the shared function every to-do uses.
 * (Authorization to-dos: call it when the authorization is made and store dueAt/remindAt with it.)
 */
export async function dueAt(db: Queryable, taskType: DeadlineTaskType, from: Date): Promise<Deadline> {
  const [days, calendar] = await Promise.all([workingDaysOf(db, taskType), loadCalendar(db)]);
  return deadlineAfter(from, days, calendar);
}

/** What a list shows about a task's deadline: the due moment and whether it is past. */
export function deadlineView(
  due: Date | null,
  now: Date,
  doneAt?: Date | null,
): { dueAt: Date | null; overdue: boolean } {
  if (!due) return { dueAt: null, overdue: false };
  // A task done after its deadline stays marked in the done lists; an open one is overdue from dueAt.
  return { dueAt: due, overdue: (doneAt ?? now).getTime() >= due.getTime() };
}

/** The review engine's task type of a subject kind (review kinds are deadline task types). */
export function reviewTaskType(subjectType: AuditSubject): DeadlineTaskType | null {
  return isDeadlineTaskType(subjectType) ? subjectType : null;
}

// ── Reminders ────────────────────────────────────────────────────────────────────────────────────

export const DEADLINE_REMINDER_JOB = 'deadline-reminders';

/**
 * Sends the reminders that are due: each pending review task whose reminder moment passed gets one
 * message to whoever must act (its holder, or the kind's reviewers). Safe with several instances and
 * repeated runs: the task is claimed by a conditional UPDATE (reminded_at is null) in the transaction
 * that sends its message, so of two runners the second one matches no row and sends nothing.
 */
export async function sendDueReminders(ctx: AppContext, now: Date): Promise<number> {
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
      const dueText = item.dueAt ? formatBeijingDate(new Date(item.dueAt.getTime() - 1)) : '';
      for (const userId of holders)
        await sendMessage(tx, {
          toUserId: userId,
          content: `办理时限提醒：${auditSubject.label(type)}待办将于 ${dueText} 到期，请及时办理。`,
          link: reviewLink(type, item.subjectId, 'reviewer'),
        });
      return true;
    });
    if (reminded) sent++;
  }
  return sent + (await sendAuthorizationReminders(ctx, now));
}

/**
 * The agency's answer to an authorization (a to-do on /notdchy/toDoList): the same reminder, claimed
 * the same way on its own table, sent to the agency's account.
 */
async function sendAuthorizationReminders(ctx: AppContext, now: Date): Promise<number> {
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
        const dueText = task.dueAt ? formatBeijingDate(new Date(task.dueAt.getTime() - 1)) : '';
        await sendMessage(tx, {
          toUserId: holder.userId,
          content: `办理时限提醒：项目“${holder.projectName}”的委托待您确认，将于 ${dueText} 到期，请及时接受或拒绝。`,
          link: `/notdchy/Detials?id=${pkid}`,
        });
      }
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}

function formatBeijingDate(moment: Date): string {
  return new Date(moment.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

// ── Settings (/task/time) ────────────────────────────────────────────────────────────────────────

export interface DeadlineSettingRow {
  taskType: string;
  label: string;
  workingDays: number;
  defaultDays: number;
  updatedAt: Date | null;
}

export async function listDeadlineSettings(db: Queryable): Promise<DeadlineSettingRow[]> {
  const rows = await db.select().from(serviceDeadlines);
  const byType = new Map(rows.map((r) => [r.taskType, r]));
  return deadlineTaskTypes.map((t) => ({
    taskType: t.value,
    label: t.label,
    workingDays: byType.get(t.value)?.workingDays ?? t.defaultDays,
    defaultDays: t.defaultDays,
    updatedAt: byType.get(t.value)?.updatedAt ?? null,
  }));
}

export async function editDeadlineSetting(
  ctx: AppContext,
  userId: number,
  input: { taskType: DeadlineTaskType; workingDays: number },
): Promise<DeadlineSettingRow> {
  const now = ctx.services.now();
  await ctx.db
    .insert(serviceDeadlines)
    .values({ taskType: input.taskType, workingDays: input.workingDays, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: serviceDeadlines.taskType,
      set: { workingDays: input.workingDays, updatedBy: userId, updatedAt: now },
    });
  const row = (await listDeadlineSettings(ctx.db)).find((r) => r.taskType === input.taskType);
  if (!row) throw new AppError('not_found', { message: '没有这个事项类型' });
  return row;
}

export interface CalendarDayRow {
  day: string;
  kind: string;
  name: string;
}

export async function listCalendar(
  db: Queryable,
  input: { year?: number | undefined },
): Promise<CalendarDayRow[]> {
  const where = input.year
    ? and(gte(workingCalendar.day, `${input.year}-01-01`), lte(workingCalendar.day, `${input.year}-12-31`))
    : undefined;
  return db
    .select({ day: workingCalendar.day, kind: workingCalendar.kind, name: workingCalendar.name })
    .from(workingCalendar)
    .where(where)
    .orderBy(asc(workingCalendar.day));
}

export async function saveCalendarDay(
  ctx: AppContext,
  input: { day: string; kind: 'holiday' | 'workday'; name: string },
): Promise<CalendarDayRow> {
  const now = ctx.services.now();
  await ctx.db
    .insert(workingCalendar)
    .values({ ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: workingCalendar.day,
      set: { kind: input.kind, name: input.name, updatedAt: now },
    });
  return input;
}

export async function deleteCalendarDay(ctx: AppContext, input: { day: string }): Promise<null> {
  const removed = await ctx.db
    .delete(workingCalendar)
    .where(eq(workingCalendar.day, input.day))
    .returning({ day: workingCalendar.day });
  if (removed.length === 0) throw new AppError('not_found', { message: '日历中没有这一天' });
  return null;
}

export { deadlineTaskLabel };
