import { describe, expect, it } from 'vitest';
import { loginContinuation, ownPagePath, serviceOf } from './sign-on-page';

const origin = 'https://hall.example.gov.cn';

describe('/login and /check targets', () => {
  it('continues a CAS service through /cas/login, keeping renew', () => {
    expect(
      loginContinuation('?service=https%3A%2F%2Fapp.example%2Fx%3Fa%3D1&renew=true', origin, '/cas'),
    ).toBe('/cas/login?service=https%3A%2F%2Fapp.example%2Fx%3Fa%3D1&renew=true');
  });

  it('goes on only to pages of this site, else home', () => {
    expect(loginContinuation('?redirect=%2Fguide%2Fmessage%2F0%3Fa%3D1', origin, '/cas')).toBe(
      '/guide/message/0?a=1',
    );
    for (const evil of [
      '//evil.example',
      '/\\evil.example',
      '/%09/evil.example',
      'https://evil.example/',
      '/\t/evil.example',
    ])
      expect(ownPagePath(decodeURIComponent(evil), origin), evil).toBeNull();
    expect(loginContinuation('?redirect=https%3A%2F%2Fevil.example', origin, '/cas')).toBe('/');
    expect(loginContinuation('', origin, '/cas')).toBe('/');
  });
});

describe('/check service', () => {
  it('is the address without the ticket /cas/login appended, byte for byte', () => {
    expect(serviceOf('https://h/check?redirect=/a%2Fb&ticket=ST-1-x')).toBe(
      'https://h/check?redirect=/a%2Fb',
    );
    expect(serviceOf('https://h/check?ticket=ST-1-x#top')).toBe('https://h/check#top');
  });
});
