/**
 * The working-day calendar, pure: which Beijing dates are working days (Monday to Friday, minus the
 * configured holidays, plus the configured make-up working days) and where N working days after a
 * moment end. The city works on Beijing time, which has no daylight saving, so a day is UTC+8.
 */
const BEIJING_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WorkingCalendar {
  /** 'YYYY-MM-DD' dates that are days off although weekdays. */
  holidays: ReadonlySet<string>;
  /** 'YYYY-MM-DD' dates that are working days although weekends (调休). */
  workdays: ReadonlySet<string>;
}

export const emptyCalendar: WorkingCalendar = { holidays: new Set(), workdays: new Set() };

/** The Beijing calendar date of a moment, 'YYYY-MM-DD'. */
export function beijingDate(moment: Date): string {
  return new Date(moment.getTime() + BEIJING_MS).toISOString().slice(0, 10);
}

/** The moment a Beijing date starts (00:00 UTC+8). */
export function startOfBeijingDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BEIJING_MS);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The last working day strictly before a Beijing date. */
export function workingDayBefore(date: string, calendar: WorkingCalendar): string {
  let day = date;
  for (let guard = 0; guard < 3660; guard++) {
    day = previousDate(day);
    if (isWorkingDay(day, calendar)) return day;
  }
  throw new Error('no working day in ten years: check the holiday calendar');
}

export function isWorkingDay(date: string, calendar: WorkingCalendar): boolean {
  if (calendar.workdays.has(date)) return true;
  if (calendar.holidays.has(date)) return false;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The Nth working day strictly after the Beijing date of `from` (the day of the event does not count). */
export function nthWorkingDayAfter(from: Date, days: number, calendar: WorkingCalendar): string {
  let date = beijingDate(from);
  let left = Math.max(1, days);
  // A calendar with no working day at all would loop forever: ten years is the bound.
  for (let guard = 0; guard < 3660; guard++) {
    date = nextDate(date);
    if (isWorkingDay(date, calendar) && --left === 0) return date;
  }
  throw new Error('no working day in ten years: check the holiday calendar');
}

export interface Deadline {
  /** The last working day (Beijing date) on which the task is still on time. */
  dueDate: string;
  /** The moment it becomes overdue: the start of the day after dueDate. */
  dueAt: Date;
  /**
   * The reminder moment: one working day before the due day, i.e. the start of the working day before
   * dueDate (issue 21: it used to be the due day itself); never before the task was opened.
   */
  remindAt: Date;
}

export function deadlineAfter(from: Date, days: number, calendar: WorkingCalendar): Deadline {
  const dueDate = nthWorkingDayAfter(from, days, calendar);
  return {
    dueDate,
    dueAt: startOfBeijingDay(nextDate(dueDate)),
    remindAt: new Date(
      Math.max(startOfBeijingDay(workingDayBefore(dueDate, calendar)).getTime(), from.getTime()),
    ),
  };
}
