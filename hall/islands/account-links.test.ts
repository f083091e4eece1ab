import { describe, expect, it } from 'vitest';
import type { ModuleNode } from '@shared/auth/user';
import type { PageRegistry } from '@console/app/pages';
import { consoleEntryFrom } from './account-links';

const noPage = async () => ({ pages: {} });
const registry: PageRegistry = {
  contract: { load: noPage, pages: ['ContractList'] },
  noticemanger: { load: noPage, pages: ['statistical'] },
  usercenter: { load: noPage, pages: ['orgapply'] },
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
