import { describe, expect, it } from 'vitest';
import { hrefWith, pageCountOf, pageWindow } from './list-query';

describe('hrefWith', () => {
  it('writes only non-empty parameters', () => {
    expect(hrefWith('/a', { q: '', d: undefined, n: null, page: 2, name: ' 测绘 ' })).toBe(
      `/a?page=2&name=${encodeURIComponent('测绘')}`,
    );
    expect(hrefWith('/a', { q: '  ' })).toBe('/a');
  });
});

describe('paging', () => {
  it('offers first, last and two either side, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 0, 3, 4, 5, 6, 7, 0, 10]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
  });
});
