import { describe, expect, it } from 'vitest';
import { idCardCheckCharacter, idCardField, isValidIdCard } from './id-card';

describe('ID card numbers (GB 11643)', () => {
  it('accepts the standard example and its lower-case x form', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(idCardField.parse(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('refuses a wrong check character, a bad date, a wrong length', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard(`11010519490230001${idCardCheckCharacter('11010519490230001')}`)).toBe(false);
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(idCardField.safeParse('110105194912310021').error?.issues[0]?.message).toBe(
      '身份证号码不正确，请核对后重新输入',
    );
  });
});
