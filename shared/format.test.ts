import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatSize } from './format';

describe('formatDate and formatDateTime', () => {
  it('show China time, whatever zone the value was written in', () => {
    // 16:30 UTC is past midnight in China: the next day.
    expect(formatDate('2026-03-05T16:30:00Z')).toBe('2026-03-06');
    expect(formatDateTime('2026-03-05T16:30:00Z')).toBe('2026-03-06 00:30');
    expect(formatDateTime(new Date('2026-03-05T06:05:00Z'))).toBe('2026-03-05 14:05');
  });

  it('let a plain date through and show a dash for nothing', () => {
    expect(formatDate('2026-10-09')).toBe('2026-10-09');
    for (const none of [null, undefined, '']) {
      expect(formatDate(none)).toBe('—');
      expect(formatDateTime(none)).toBe('—');
    }
  });

  it('show an unreadable value as it is rather than "Invalid Date"', () => {
    expect(formatDateTime('明天')).toBe('明天');
    expect(formatDate(new Date('x'))).toBe('—');
  });
});

describe('formatSize', () => {
  it('picks the unit', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(50 * 1024 * 1024)).toBe('50.0 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('formatMoney', () => {
  it('shows exact amounts with the yuan sign, grouping and two decimals', () => {
    expect(formatMoney('1234567.00')).toBe('¥1,234,567.00');
    expect(formatMoney('99999999999999.99')).toBe('¥99,999,999,999,999.99');
    expect(formatMoney(12.5)).toBe('¥12.50');
    expect(formatMoney('0.1')).toBe('¥0.10');
    expect(formatMoney('-300')).toBe('-¥300.00');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('1,000')).toBe('—');
    expect(formatMoney(null)).toBe('—');
  });
});
