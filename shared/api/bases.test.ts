import { describe, expect, it } from 'vitest';
import {
  API_BASES_ELEMENT_ID,
  apiBasePrefixes,
  defaultApiBases,
  readEmbeddedApiBases,
  resolveApiBases,
  serializeApiBases,
} from './bases';

function docWith(text: string | null) {
  return {
    getElementById: (id: string) =>
      id === API_BASES_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  };
}

describe('API bases', () => {
  it('applies valid overrides and ignores malformed ones', () => {
    const bases = resolveApiBases({
      business: 'https://api.yunzhou.gov.cn/smsend/',
      uc: '/gateway/uc',
      cas: 'javascript:alert(1)',
      unknown: '/x',
      task: 42,
    });
    expect(bases).toEqual({
      ...defaultApiBases,
      business: 'https://api.yunzhou.gov.cn/smsend',
      uc: '/gateway/uc',
    });
  });

  it('lists the same-origin prefixes the front server dispatches', () => {
    expect(apiBasePrefixes()).toEqual(['/smsend', '/smsworkflow', '/task', '/cas', '/uc', '/archive', '/oa']);
    expect(apiBasePrefixes(resolveApiBases({ business: 'https://api.example.gov.cn/smsend' }))).not.toContain(
      'https://api.example.gov.cn/smsend',
    );
  });

  it('round-trips through the embedded JSON without letting a value close the script element', () => {
    const text = serializeApiBases({ ...defaultApiBases, notices: '/oa</script>' });
    expect(text).not.toContain('</script>');
    expect(readEmbeddedApiBases(docWith(serializeApiBases(resolveApiBases({ uc: '/u' }))))).toMatchObject({
      uc: '/u',
    });
    expect(readEmbeddedApiBases(docWith('{not json'))).toEqual(defaultApiBases);
    expect(readEmbeddedApiBases(docWith(null))).toEqual(defaultApiBases);
  });
});
