import { describe, expect, it } from 'vitest';
import { setMethodSchema } from './selection';

describe('setMethodSchema', () => {
  it('takes an empty deadline as not given (the form sends it empty), and refuses a wrong one', () => {
    expect(setMethodSchema.parse({ demandId: '3', method: 'draw', quoteDeadline: '' })).toEqual({
      demandId: 3,
      method: 'draw',
    });
    expect(setMethodSchema.safeParse({ demandId: 3, method: 'price', quoteDeadline: 'soon' }).success).toBe(
      false,
    );
    expect(
      setMethodSchema.parse({ demandId: 3, method: 'price', quoteDeadline: '2026-12-01T17:00+08:00' })
        .quoteDeadline,
    ).toEqual(new Date('2026-12-01T09:00:00Z'));
  });
});
