import { describe, expect, it } from 'vitest';
import { endOfLocalDay, isNoticeMuted } from './notice';

describe('notice dialog mute', () => {
  it('ends the mute at the next local midnight', () => {
    const now = new Date(2026, 2, 14, 15, 30, 12);
    const end = new Date(endOfLocalDay(now));
    expect(end.getFullYear()).toBe(2026);
    expect(end.getMonth()).toBe(2);
    expect(end.getDate()).toBe(15);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([0, 0, 0, 0]);
  });

  it('rolls over month ends', () => {
    const end = new Date(endOfLocalDay(new Date(2026, 0, 31, 23, 59, 59)));
    expect([end.getMonth(), end.getDate()]).toEqual([1, 1]);
  });

  it('is muted only before the stored moment', () => {
    const now = new Date(2026, 2, 14, 10).getTime();
    const until = String(endOfLocalDay(new Date(now)));
    expect(isNoticeMuted(until, now)).toBe(true);
    expect(isNoticeMuted(until, Number(until))).toBe(false);
    expect(isNoticeMuted(until, Number(until) + 1)).toBe(false);
  });

  it('treats missing or garbage values as not muted', () => {
    const now = Date.now();
    expect(isNoticeMuted(null, now)).toBe(false);
    expect(isNoticeMuted('', now)).toBe(false);
    expect(isNoticeMuted('tomorrow', now)).toBe(false);
  });
});
