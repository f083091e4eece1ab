import { describe, expect, it } from 'vitest';
import { defaultApiBases } from '@shared/api/bases';
import { createApiClient } from '@shared/api/client';
import type { ModuleNode } from '@shared/auth/user';
import type { BuiltPages } from '@shared/domain/console-pages';
import { consoleEntryFrom, consoleEntryHref, unreadCount } from './account-links';

const registry: BuiltPages = {
  contracts: { pages: ['contract/ContractList'] },
  statistics: { pages: ['noticemanger/statistical'] },
  agencies: { pages: ['usercenter/orgapply'] },
};

const userCenter: ModuleNode = {
  pkid: 40,
  name: '用户中心',
  orderindex: 9,
  children: [{ pkid: 41, name: '机构申请', href: '/usercenter/orgapply' }],
};
const contracts: ModuleNode = {
  pkid: 10,
  name: '合同管理',
  orderindex: 2,
  children: [
    { pkid: 11, name: '合同模板', href: '/contract/ContractTemplateList', orderindex: 1 },
    { pkid: 12, name: '合同列表', href: '/contract/ContractList', orderindex: 2 },
  ],
};
const statistics: ModuleNode = {
  pkid: 30,
  name: '公告与统计',
  orderindex: 1,
  children: [{ pkid: 31, name: '统计分析', href: '/noticemanger/statistical' }],
};

describe('consoleEntryFrom', () => {
  it('leads to the first built page of the first subsystem', () => {
    expect(consoleEntryFrom([userCenter, contracts, statistics], registry, [])).toBe(
      '/noticemanger/statistical',
    );
    expect(consoleEntryFrom([contracts, userCenter], registry, [])).toBe('/contract/ContractList');
  });

  it('skips excluded subsystems and falls back to the user-center link, then to nothing', () => {
    expect(consoleEntryFrom([statistics, userCenter], registry, ['公告与统计'])).toBe('/usercenter/orgapply');
    expect(consoleEntryFrom([statistics], registry, ['公告与统计'])).toBeUndefined();
    expect(consoleEntryFrom([], registry, [])).toBeUndefined();
  });
});

/** A client whose every call answers `body` with `status`. */
function answering(body: unknown, status = 200) {
  return createApiClient({
    bases: defaultApiBases,
    origin: 'http://localhost',
    fetch: () => Response.json(body, { status }),
  });
}

describe('consoleEntryHref', () => {
  it('reads the module tree as data, object or a bare array', async () => {
    // The real registry has the statistics page built.
    for (const body of [
      { success: true, data: [statistics] },
      { success: true, object: [statistics] },
      [statistics],
    ]) {
      await expect(consoleEntryHref(answering(body), 7)).resolves.toBe('/noticemanger/statistical');
    }
  });

  it('gives undefined when the tree cannot be read', async () => {
    await expect(
      consoleEntryHref(answering({ success: false, message: '无权限' }), 7),
    ).resolves.toBeUndefined();
    await expect(consoleEntryHref(answering({ message: '登录已失效' }, 401), 7)).resolves.toBeUndefined();
  });
});

describe('unreadCount', () => {
  it('reads the count, and null for an unreadable one', async () => {
    await expect(unreadCount(answering({ success: true, object: '12' }))).resolves.toBe(12);
    await expect(unreadCount(answering({ success: true, object: 'x' }))).resolves.toBeNull();
    await expect(unreadCount(answering({ success: false }, 500))).resolves.toBeNull();
  });
});
