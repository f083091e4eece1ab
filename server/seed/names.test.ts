import { describe, expect, it } from 'vitest';
import { agencyName, creditCode, idCardNo, mobile, personName, projectNaming } from './names';
import { Rng } from './random';

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

describe('names', () => {
  const rng = new Rng('names');

  it('makes Chinese names', () => {
    for (let i = 0; i < 100; i++) {
      expect(personName(rng)).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(agencyName(rng)).toMatch(/(有限公司|有限责任公司|股份有限公司)$/);
      expect(projectNaming(rng, '临江区').name.length).toBeGreaterThan(6);
      expect(mobile(rng)).toMatch(/^1[3-9]\d{9}$/);
    }
  });

  it('credit codes carry a valid GB 32100 check character', () => {
    for (let i = 0; i < 50; i++) {
      const code = creditCode(rng, '379902');
      expect(code).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
      const sum = [...code.slice(0, 17)].reduce(
        (total, ch, k) => total + CREDIT_ALPHABET.indexOf(ch) * CREDIT_WEIGHTS[k]!,
        0,
      );
      expect(code[17]).toBe(CREDIT_ALPHABET[(31 - (sum % 31)) % 31]);
    }
  });

  it('id card numbers carry a valid GB 11643 check character', () => {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    for (let i = 0; i < 50; i++) {
      const id = idCardNo(rng, 1985);
      expect(id).toMatch(/^3799\d{2}1985\d{7}[\dX]$/);
      const sum = [...id.slice(0, 17)].reduce((total, ch, k) => total + Number(ch) * weights[k]!, 0);
      expect(id[17]).toBe('10X98765432'[sum % 11]);
    }
  });
});
