import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html-sanitizer';

const ownImage = '/oa/oanotices/media/image?id=0b5c3c1e-3f2a-4d7e-9a1b-2c3d4e5f6a7b';
const clean = (html: string) => sanitizeRichText(html, { isOwnImage: (src) => src === ownImage });

/** Nothing in the output may run script, load from elsewhere or carry an event handler. */
function expectInert(html: string) {
  expect(html).not.toMatch(
    /<script|<iframe|<svg|<object|<embed|<style|<math|<form|<input|<base|<meta|<link/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(/i);
}

describe('sanitizeRichText', () => {
  it('keeps the editor formatting', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<table><tbody><tr><th colspan="2">表头</th></tr><tr><td>甲</td><td>乙</td></tr></tbody></table>' +
      '<p><span style="font-size: 18px; font-family: SimSun">宋体18</span></p><blockquote>引用</blockquote>';
    const out = clean(html);
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('<strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s>');
    expect(out).toContain('<th colspan="2">表头</th>');
    expect(out).toMatch(/<span style="font-size:18px;font-family:SimSun">宋体18<\/span>/);
    expect(out).toContain('<blockquote>引用</blockquote>');
  });

  it('keeps font sizes 16-30 px and the listed families only', () => {
    expect(clean('<span style="font-size:16px">a</span>')).toContain('font-size:16px');
    expect(clean('<span style="font-size:30px">a</span>')).toContain('font-size:30px');
    expect(clean('<span style="font-size:31px">a</span>')).toBe('<span>a</span>');
    expect(clean('<span style="font-size:15px">a</span>')).toBe('<span>a</span>');
    expect(clean('<span style="font-family:&quot;Microsoft YaHei&quot;">a</span>')).toContain(
      'Microsoft YaHei',
    );
    expect(clean('<span style="font-family:Comic Sans MS">a</span>')).toBe('<span>a</span>');
    expect(clean('<p style="font-size:20px">a</p>')).toBe('<p>a</p>');
  });

  it('keeps http(s) links with rel=noopener and drops other schemes', () => {
    expect(clean('<a href="https://example.gov.cn/a">x</a>')).toBe(
      '<a href="https://example.gov.cn/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="JaVaScRiPt&#58;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });

  it('keeps our own images and drops every other source', () => {
    expect(clean(`<img src="${ownImage}" alt="图">`)).toBe(`<img src="${ownImage}" alt="图" />`);
    expect(clean('<img src="https://evil.example/x.png">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean(`<img src="${ownImage}" onerror="alert(1)">`)).toBe(`<img src="${ownImage}" />`);
  });

  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<span style="width: expression(alert(1))">x</span>',
    '<span style="font-size: 18px; background: url(javascript:alert(1))">x</span>',
    '<span style="font-family: SimSun; behavior: url(x.htc)">x</span>',
    '<div style="background-image:url(data:image/svg+xml;base64,PHN2Zz4=)">x</div>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    '<embed src="javascript:alert(1)">',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<form action="javascript:alert(1)"><input type="submit"></form>',
    '<base href="javascript:/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="data:text/css,*{}">',
    '<style>@import "javascript:alert(1)";</style>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<<script>script>alert(1)<</script>/script>',
    '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
    '<img src="/oa/oanotices/media/image?id=x" onerror="alert(1)">',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    '<!--<img src="--><img src=x onerror=alert(1)//">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  ];

  it.each(payloads)('leaves nothing executable of %s', (payload) => {
    const out = clean(payload);
    expectInert(out);
    // The output is stable: sanitizing again changes nothing (no markup that re-forms on a second parse).
    expect(clean(out)).toBe(out);
  });
});
