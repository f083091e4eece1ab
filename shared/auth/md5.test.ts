import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

const reference = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('matches node:crypto on UTF-8 text of every padding length', () => {
    const samples = ['Survey2026', '测绘中介服务网上办事大厅', 'emoji 😀 mixed 中文 Abc123'];
    for (let length = 0; length < 140; length++) samples.push('x'.repeat(length), '测'.repeat(length));
    for (const text of samples) expect(md5Hex(text)).toBe(reference(text));
  });
});
