/**
 * Every approved agency can be chosen or drawn for a demand, so each has a sign-in (issue 21): a
 * demo account with the agency role, the demo password and a phone of its own; README lists them all.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '@server/lib/password';
import { roles } from '@shared/domain/roles';
import { createDemoData } from './demo';
import { DEMO_PASSWORD } from './demo-context';

const { base } = createDemoData({ projects: 1, now: new Date('2026-11-26T00:00:00Z') });
const approved = base.agentOrganizations.filter((org) => org.auditStatus === 2);
const users = new Map(base.users.map((user) => [user.pkid, user]));

describe('the approved agencies’ demo accounts', () => {
  it('every approved agency signs in with the demo password, as an agency, with a phone of its own', () => {
    expect(approved.length).toBeGreaterThan(40);
    const phones = new Set<string>();
    for (const org of approved) {
      const user = users.get(org.userId as number);
      expect(user, `an account for ${org.orgName}`).toBeDefined();
      expect(user!.loginname).toMatch(/^agency\d{2}$/);
      expect(user!.passwordMd5).toBe(md5Hex(DEMO_PASSWORD));
      expect(base.userRoles).toContainEqual({ userId: user!.pkid, roleId: roles.agency.id });
      expect(user!.userphone).toMatch(/^1\d{10}$/);
      phones.add(user!.userphone as string);
    }
    expect(phones.size).toBe(approved.length);
    // agency01 keeps its organization (编号 1); user ids stay in the reserved range below 100.
    expect(users.get(approved[0]!.userId as number)?.loginname).toBe('agency01');
    expect(Math.max(...base.users.map((user) => user.pkid ?? 0))).toBeLessThan(100);
  });

  it('README lists each account with its organization', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const listed = [...readme.matchAll(/^\| (agency\d{2}) +\| (\d+) +\| (\S+) +\|$/gm)].map((m) => [
      m[1],
      Number(m[2]),
      m[3],
    ]);
    expect(listed).toEqual(
      approved.map((org) => [users.get(org.userId as number)!.loginname, org.organizationId, org.orgName]),
    );
  });
});
