import { describe, expect, it } from 'vitest';
import { roles } from './roles';
import { pageRoles } from './routes';

describe('pageRoles', () => {
  it('answers the roles of a console page of the table', () => {
    expect(pageRoles('downLoad', 'service')).toContain(roles.admin.id);
  });

  it('throws for a page the table does not have, instead of guessing', () => {
    expect(() => pageRoles('downLoad', 'noSuchPage')).toThrow(/downLoad\/noSuchPage/);
  });
});
