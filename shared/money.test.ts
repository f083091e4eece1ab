import { describe, expect, it } from 'vitest';
import { amountInWords, fromCents, sumMoney, toCents } from './money';

describe('exact money', () => {
  it('reads decimal strings as whole cents', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('0.05')).toBe(5n);
    expect(toCents('12.345')).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(fromCents(123450n)).toBe('1234.50');
  });

  it('adds without floating-point error', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; a million tenths must be exactly 100000.00.
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 1_000_000 }, () => '0.10'))).toBe('100000.00');
    expect(sumMoney(['999999999999.99', '0.01'])).toBe('1000000000000.00');
  });

  it.each([
    ['123456.78', '壹拾贰万叁仟肆佰伍拾陆元柒角捌分'],
    ['1000', '壹仟元整'],
    ['0.05', '零元零伍分'],
    ['10.50', '壹拾元伍角'],
    ['100010', '壹拾万零壹拾元整'],
    ['1001', '壹仟零壹元整'],
    ['100000000', '壹亿元整'],
    ['120003400', '壹亿贰仟万叁仟肆佰元整'],
    ['120000340', '壹亿贰仟万零叁佰肆拾元整'],
    ['50000', '伍万元整'],
    ['1050000', '壹佰零伍万元整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s in capitals is %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });
});
