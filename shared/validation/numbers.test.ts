import { describe, expect, it } from 'vitest';
import { MAX_INTEGER, wholeNumber } from './numbers';

const id = wholeNumber('编号不正确');

describe('wholeNumber', () => {
  it('takes decimal digits and JSON integers', () => {
    expect(id.parse('16')).toBe(16);
    expect(id.parse(' 16 ')).toBe(16);
    expect(id.parse(16)).toBe(16);
    expect(id.parse(String(MAX_INTEGER))).toBe(MAX_INTEGER);
  });

  it.each([
    '0x10',
    '1e1',
    '+16',
    '16.0',
    '-1',
    '0',
    '',
    'abc',
    String(MAX_INTEGER + 1),
    '99999999999999999999',
  ])('refuses %j with the message', (value) => {
    const result = id.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('编号不正确');
  });

  it('refuses fractions, other types and out-of-range bounds', () => {
    expect(id.safeParse(1.5).success).toBe(false);
    expect(id.safeParse(true).success).toBe(false);
    expect(id.safeParse(null).success).toBe(false);
    expect(wholeNumber('页码不正确', { max: 100 }).safeParse('101').success).toBe(false);
  });
});
