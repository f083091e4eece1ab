import { describe, expect, it } from 'vitest';
import { beijingDate, jobEditSchema, nextRunAfter, parseSchedule } from './jobs';

describe('schedules', () => {
  it('parses daily and every, and nothing else', () => {
    expect(parseSchedule('daily 00:05')).toEqual({ kind: 'daily', hour: 0, minute: 5 });
    expect(parseSchedule('every 30')).toEqual({ kind: 'every', minutes: 30 });
    for (const bad of ['daily 24:00', 'daily 1:00', 'every 0', 'every 1441', '0 5 * * *', ''])
      expect(parseSchedule(bad)).toBeNull();
  });

  it('runs daily at the Beijing time, the next day once it has passed', () => {
    const schedule = { kind: 'daily', hour: 0, minute: 5 } as const;
    // 2026-03-02 09:00 UTC is 17:00 in Beijing: next 00:05 Beijing = 2026-03-02 16:05 UTC.
    expect(nextRunAfter(schedule, new Date('2026-03-02T09:00:00Z')).toISOString()).toBe(
      '2026-03-02T16:05:00.000Z',
    );
    // Exactly at the time: the next day.
    expect(nextRunAfter(schedule, new Date('2026-03-02T16:05:00Z')).toISOString()).toBe(
      '2026-03-03T16:05:00.000Z',
    );
    expect(nextRunAfter({ kind: 'every', minutes: 30 }, new Date('2026-03-02T09:00:00Z')).toISOString()).toBe(
      '2026-03-02T09:30:00.000Z',
    );
  });

  it('gives the Beijing calendar date', () => {
    expect(beijingDate(new Date('2026-03-02T15:59:00Z'))).toBe('2026-03-02');
    expect(beijingDate(new Date('2026-03-02T16:00:00Z'))).toBe('2026-03-03');
  });

  it('refuses a bad schedule with the message', () => {
    const result = jobEditSchema.safeParse({
      jobName: 'credit-expiry',
      schedule: '* * * * *',
      enabled: 'true',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('执行计划格式');
  });
});
