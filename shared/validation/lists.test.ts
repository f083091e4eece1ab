import { describe, expect, it } from 'vitest';
import { agencyListSchema, parseLenient } from './lists';

describe('parseLenient', () => {
  it('drops a bad value so its default applies, and keeps the good ones', () => {
    const { values, dropped } = parseLenient(
      agencyListSchema,
      new URLSearchParams('page=abc&credit=blacklisted&itemId=999&orgName=&districtCode=3701020'),
    );
    expect(values).toMatchObject({ page: 1, rows: 10, credit: 'blacklisted', districtCode: '3701020' });
    expect(values.itemId).toBeUndefined();
    expect(values.orgName).toBeUndefined();
    expect(dropped.sort()).toEqual(['itemId', 'page']);
  });

  it('ignores parameters the schema does not know', () => {
    expect(parseLenient(agencyListSchema, new URLSearchParams('x=1&page=3')).values.page).toBe(3);
  });
});
