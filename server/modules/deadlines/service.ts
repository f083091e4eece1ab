/**
 * Service deadlines, once for every to-do of the product: `dueAt(db, taskType, from)` gives the
 * deadline of a task opened at `from` (working days of its type, weekends and holidays skipped), the
 * review engine stores it on each submission, the reminder job (deadline-reminders, on the job runner)
 * tells the holders one working day before, and `deadlineView` gives every list its due date and
 * overdue mark. Administrators edit the days per type and the holiday calendar on /task/time.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { serviceDeadlines, workingCalendar } from '@server/db/schema';
import {
  deadlineTaskLabel,
  deadlineTaskTypes,
  isDeadlineTaskType,
  type DeadlineTaskType,
} from '@shared/domain/deadlines';
import type { AuditSubject } from '@shared/domain/statuses';
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

/**
 * One job sends every reminder that came due (server/jobs.ts): the review engine's tasks
 * (server/modules/review/reminders.ts) and the agencies' answers to authorizations
 * (server/modules/authorizations/reminders.ts). Each claims a task by a conditional UPDATE of its
 * `reminded_at` in the transaction that sends the message, so several runners send each once.
 */
export const DEADLINE_REMINDER_JOB = 'deadline-reminders';

/** The day a reminder names: the last day of the deadline (Beijing time), e.g. '2026-11-27'. */
export function lastDayText(dueAt: Date | null): string {
  return dueAt ? formatBeijingDate(new Date(dueAt.getTime() - 1)) : '';
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
