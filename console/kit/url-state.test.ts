import { describe, expect, it } from 'vitest';
import { applyListChange, readListParams } from './url-state';

describe('list state in the URL', () => {
  it('keeps two lists on one page apart: paging or filtering one leaves the other as it was', () => {
    let params = new URLSearchParams();
    params = applyListChange(params, { type: 'filters', values: { orgName: '测绘' } });
    params = applyListChange(params, { type: 'page', page: 3 });
    params = applyListChange(params, { type: 'filters', values: { orgName: '城建' } }, 'history');
    params = applyListChange(params, { type: 'page', page: 2 }, 'history');
    params = applyListChange(params, { type: 'sort', key: 'startDate' }, 'history');

    const first = readListParams(params, ['orgName']);
    const second = readListParams(params, ['orgName'], { prefix: 'history' });
    expect(first).toEqual({ filters: { orgName: '测绘' }, page: 3, pageSize: 10 });
    expect(second).toEqual({
      filters: { orgName: '城建' },
      page: 2,
      pageSize: 10,
      sort: { key: 'startDate', order: 'asc' },
    });
    expect(params.toString()).toBe(
      'orgName=%E6%B5%8B%E7%BB%98&page=3&history.orgName=%E5%9F%8E%E5%BB%BA&history.page=2&history.sort=startDate&history.order=asc',
    );

    // A new filter of the second list sends it back to its page 1, not the first list's.
    params = applyListChange(params, { type: 'filters', values: { orgName: '' } }, 'history');
    expect(readListParams(params, ['orgName']).page).toBe(3);
    expect(readListParams(params, ['orgName'], { prefix: 'history' })).toEqual({
      filters: { orgName: '' },
      page: 1,
      pageSize: 10,
      sort: { key: 'startDate', order: 'asc' },
    });
  });

  it('a list without a prefix keeps the plain keys and refuses junk page numbers and sizes', () => {
    const params = new URLSearchParams('page=abc&size=999&sort=name&order=desc&status=1');
    expect(readListParams(params, ['status'], { pageSizes: [10, 20] })).toEqual({
      filters: { status: '1' },
      page: 1,
      pageSize: 10,
      sort: { key: 'name', order: 'desc' },
    });
  });
});
