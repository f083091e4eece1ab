/** The working-day calendar: weekends, holidays and make-up days, on Beijing dates. */
import { describe, expect, it } from 'vitest';
import { beijingDate, deadlineAfter, emptyCalendar, isWorkingDay, nthWorkingDayAfter } from './working-days';

const springFestival = {
  holidays: new Set(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-23']),
  workdays: new Set(['2026-02-14', '2026-02-28']),
};

describe('the working-day calendar', () => {
  it('counts Monday to Friday, skipping the weekend', () => {
    // Friday 2026-03-06 10:00 Beijing: 1 working day later is Monday.
    const friday = new Date('2026-03-06T02:00:00Z');
    expect(nthWorkingDayAfter(friday, 1, emptyCalendar)).toBe('2026-03-09');
    expect(nthWorkingDayAfter(friday, 5, emptyCalendar)).toBe('2026-03-13');
  });

  it('uses the Beijing date of the moment (late evening UTC is the next day there)', () => {
    expect(beijingDate(new Date('2026-03-05T17:00:00Z'))).toBe('2026-03-06');
  });

  it('skips holidays and counts make-up working days', () => {
    expect(isWorkingDay('2026-02-14', springFestival)).toBe(true); // a Saturday worked
    expect(isWorkingDay('2026-02-16', springFestival)).toBe(false); // a Monday off
    // Friday 13 February: the make-up Saturday 14th, then nothing until Tuesday the 24th.
    const friday = new Date('2026-02-13T02:00:00Z');
    expect(nthWorkingDayAfter(friday, 1, springFestival)).toBe('2026-02-14');
    expect(nthWorkingDayAfter(friday, 2, springFestival)).toBe('2026-02-24');
  });

  it('is overdue from the start of the day after the due date, reminded one working day before the due date', () => {
    const deadline = deadlineAfter(new Date('2026-03-02T02:00:00Z'), 3, emptyCalendar);
    expect(deadline.dueDate).toBe('2026-03-05');
    // Due Thursday 5 March: reminded at the start of Wednesday 4 March (Beijing).
    expect(deadline.remindAt.toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(deadline.dueAt.toISOString()).toBe('2026-03-05T16:00:00.000Z');
  });

  it('reminds on the working day before, across a weekend and holidays, never before the task opened', () => {
    // Opened Wednesday 4 March, 3 working days: due Monday 9 March, reminded Friday 6 March.
    const overWeekend = deadlineAfter(new Date('2026-03-04T02:00:00Z'), 3, emptyCalendar);
    expect(overWeekend.dueDate).toBe('2026-03-09');
    expect(overWeekend.remindAt.toISOString()).toBe('2026-03-05T16:00:00.000Z');
    // Due Tuesday 24 February after the Spring Festival: reminded on the make-up Saturday 14th.
    const overHolidays = deadlineAfter(new Date('2026-02-13T02:00:00Z'), 2, springFestival);
    expect(overHolidays.dueDate).toBe('2026-02-24');
    expect(overHolidays.remindAt.toISOString()).toBe('2026-02-13T16:00:00.000Z');
    // One working day: the working day before the due day is the day it was opened.
    const opened = new Date('2026-03-02T02:00:00Z');
    expect(deadlineAfter(opened, 1, emptyCalendar).remindAt).toEqual(opened);
  });
});
