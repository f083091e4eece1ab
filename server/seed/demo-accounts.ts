/** The demo accounts (one per role) and the guest, with their roles. */
import { roles, type RoleKey } from '@shared/domain/roles';
import { md5Hex } from '@server/lib/password';
import * as names from './names';
import { departmentIds } from './reference';
import {
  DAY,
  demoAccounts,
  DEMO_PASSWORD,
  GUEST_LOGINNAME,
  ids,
  type AuditTrail,
  type DemoContext,
} from './demo-context';
import type { DemoParties } from './demo-parties';
import type { DemoUser } from './demo';

export function demoUsers(c: DemoContext, parties: DemoParties, trail: AuditTrail) {
  const { root, ago } = c;
  const { constructionUnits, agentOrganizations, staffUsername } = parties;
  const { authorityName, auditorName } = trail;
  // Accounts.
  const peopleRng = root.fork('accounts');
  const usernames: Record<RoleKey, string> = {
    admin: '系统管理员',
    owner: constructionUnits[0]?.name as string,
    agency: agentOrganizations[0]?.orgName as string,
    staff: staffUsername,
    authority: authorityName,
    auditor: auditorName,
    district: names.personName(peopleRng),
    sharing: names.personName(peopleRng),
  };
  const demoMd5 = md5Hex(DEMO_PASSWORD);
  const accountCreated = ago(400 * DAY);
  const users: DemoUser[] = [
    ...demoAccounts.map((account) => ({
      pkid: account.pkid,
      loginname: account.loginname,
      username: usernames[account.role],
      depid: departmentIds[account.department],
      userphone: names.mobile(peopleRng),
      useremail: `${account.loginname}@example.com`,
      descinfo: `演示账号（${roles[account.role].name}）`,
      submanager: account.loginname === 'admin' ? 1 : 0,
      accredit: account.loginname === 'admin' ? 1 : 0,
      passwordMd5: demoMd5,
      createdAt: accountCreated,
      updatedAt: accountCreated,
    })),
    {
      pkid: ids.guest,
      loginname: GUEST_LOGINNAME,
      username: '游客',
      depid: departmentIds.admin,
      descinfo: '内置游客账号，视为未登录',
      passwordMd5: null,
      createdAt: accountCreated,
      updatedAt: accountCreated,
    },
  ];
  const userRoles = demoAccounts.map((account) => ({ userId: account.pkid, roleId: roles[account.role].id }));
  return { users, userRoles };
}
