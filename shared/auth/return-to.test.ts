import { describe, expect, it } from 'vitest';
import { RETURN_TO_COOKIE, readReturnTo, sameSitePath } from './return-to';

const origin = 'http://hall.example';

describe('the page remembered for after sign-in', () => {
  it('is read from the cookie the server guard sets', () => {
    const cookies = `a=1; ${RETURN_TO_COOKIE}=${encodeURIComponent('/noticemanger/message/0?page=2')}; b=2`;
    expect(readReturnTo(cookies, origin)).toBe('/noticemanger/message/0?page=2');
    expect(readReturnTo('a=1', origin)).toBeNull();
  });

  it('is followed only to a path of this site', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'x',
    ]) {
      expect(sameSitePath(value, origin), value).toBeNull();
    }
    expect(readReturnTo(`${RETURN_TO_COOKIE}=%E0%A4%A`, origin)).toBeNull();
  });
});
