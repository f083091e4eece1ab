import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { clientAddress, isSecureConnection } from './client-address';

describe('clientAddress (issue 11, finding 10: TRUST_PROXY hops)', () => {
  const oneProxy = { trustProxy: true, proxyHops: 1 };
  const twoProxies = { trustProxy: true, proxyHops: 2 };

  it('takes the address the trusted proxy saw, whatever the client put before it', () => {
    for (let i = 0; i < 20; i++) {
      expect(clientAddress(oneProxy, `203.0.113.${i}, 198.51.100.7`, '10.0.0.2')).toBe('198.51.100.7');
    }
  });

  it('counts hops from the right: with two proxies the outer one appended the client', () => {
    expect(clientAddress(twoProxies, '1.1.1.1, 198.51.100.7, 10.0.0.9', '10.0.0.2')).toBe('198.51.100.7');
    expect(clientAddress(twoProxies, '6.6.6.6, 7.7.7.7, 198.51.100.7, 10.0.0.9', '10.0.0.2')).toBe(
      '198.51.100.7',
    );
  });

  it('falls back to the socket when the header is missing or shorter than the hops', () => {
    expect(clientAddress(twoProxies, '198.51.100.7', '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddress(oneProxy, undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddress(oneProxy, ' , ', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(clientAddress({ trustProxy: false, proxyHops: 1 }, '198.51.100.7', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('reads TRUST_PROXY_HOPS from the configuration (default 1, decimal 1..10)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).proxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});

describe('isSecureConnection', () => {
  const request = (headers: Record<string, string>, encrypted = false) =>
    ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(isSecureConnection(request({ 'x-forwarded-proto': 'https' }), true)).toBe(true);
    expect(isSecureConnection(request({ 'x-forwarded-proto': 'https' }), false)).toBe(false);
    expect(isSecureConnection(request({ 'x-forwarded-proto': 'https, http' }), true)).toBe(false);
    expect(isSecureConnection(request({}, true), false)).toBe(true);
  });
});
