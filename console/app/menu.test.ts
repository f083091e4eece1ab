import { describe, expect, it } from 'vitest';
import type { ModuleNode } from '@shared/auth/user';
import { activeMenuKey, breadcrumbFor, buildMenu, subsystemsFor } from './menu';
import type { PageRegistry } from './pages';

const noPage = async () => ({ pages: {} });

/** Built: two contract pages, the notice list and statistics, one user-center page. */
const registry: PageRegistry = {
  contracts: {
    load: noPage,
    pages: ['contract/ContractList', 'contract/backlogList', 'contract/contractDetails'],
  },
  notices: { load: noPage, pages: ['noticemanger/statistical', 'noticemanger/message'] },
  agencies: { load: noPage, pages: ['usercenter/orgapply'] },
};

const modules: ModuleNode[] = [
  {
    pkid: 30,
    name: '公告与统计',
    orderindex: 3,
    appMetaId: 'noticemanger',
    children: [
      { pkid: 32, name: '统计分析', href: '/noticemanger/statistical', orderindex: 2 },
      { pkid: 31, name: '通知公告管理', href: '/noticemanger/message/0', orderindex: 1 },
      { pkid: 33, name: '地图统计', href: '/noticemanger/mapStatistical', orderindex: 3 },
    ],
  },
  {
    pkid: 10,
    name: '合同管理',
    orderindex: 1,
    appMetaId: 'contract',
    children: [
      { pkid: 12, name: '待办合同', href: '/contract/backlogList', orderindex: 2 },
      { pkid: 11, name: '合同列表', href: '/contract/ContractList', orderindex: 1 },
      { pkid: 13, name: '合同模板', href: '/contract/ContractTemplateList', orderindex: 0 },
    ],
  },
  {
    pkid: 20,
    name: '中介机构管理',
    orderindex: 2,
    appMetaId: 'intermediary',
    children: [{ pkid: 21, name: '机构列表', href: '/intermediary/orglist', orderindex: 1 }],
  },
  {
    pkid: 40,
    name: '用户中心',
    orderindex: 4,
    appMetaId: 'usercenter',
    children: [{ pkid: 41, name: '机构申请', href: '/usercenter/orgapply', orderindex: 1 }],
  },
  // A hall page and an unknown path are not console pages.
  { pkid: 50, name: '服务下载', href: '/downLoad/servicelist', orderindex: 0 },
  { pkid: 51, name: '外部系统', href: '/legacy/somewhere', orderindex: 0 },
];

describe('buildMenu', () => {
  const menu = buildMenu(modules, registry);

  it('orders both levels by orderindex', () => {
    expect(menu.map((item) => item.name)).toEqual(['合同管理', '公告与统计', '用户中心']);
    expect(menu[1]?.children.map((item) => item.name)).toEqual(['通知公告管理', '统计分析']);
  });

  it('hides leaves without a built page and parents left empty', () => {
    expect(menu[0]?.children.map((item) => item.href)).toEqual([
      '/contract/ContractList',
      '/contract/backlogList',
    ]);
    expect(menu.some((item) => item.name === '中介机构管理')).toBe(false);
    expect(JSON.stringify(menu)).not.toContain('/noticemanger/mapStatistical');
    expect(JSON.stringify(menu)).not.toContain('/downLoad/servicelist');
    expect(JSON.stringify(menu)).not.toContain('/legacy/somewhere');
  });

  it('keeps a built first-level leaf and the group of each item', () => {
    const flat = buildMenu(
      [{ pkid: 9, name: '合同列表', href: '/contract/ContractList?status=1' }],
      registry,
    );
    expect(flat).toEqual([
      {
        key: '9',
        name: '合同列表',
        href: '/contract/ContractList?status=1',
        group: 'contract',
        children: [],
      },
    ]);
    expect(menu.map((item) => item.group)).toEqual(['contract', 'noticemanger', 'usercenter']);
  });

  it('gives an empty menu for an empty or unbuilt tree', () => {
    expect(buildMenu([], registry)).toEqual([]);
    expect(buildMenu(modules, {})).toEqual([]);
  });
});

describe('breadcrumbFor', () => {
  const menu = buildMenu(modules, registry);

  it('reads hall title / first level / second level for a menu page', () => {
    expect(breadcrumbFor('/contract/backlogList', menu).map((crumb) => crumb.label)).toEqual([
      '测绘中介服务网上办事大厅',
      '合同管理',
      '待办合同',
    ]);
    expect(breadcrumbFor('/contract/backlogList', menu)[0]).toEqual({
      label: '测绘中介服务网上办事大厅',
      href: '/',
    });
  });

  it('matches a page with a parameter to its menu entry', () => {
    expect(breadcrumbFor('/noticemanger/message/2', menu).map((crumb) => crumb.label)).toEqual([
      '测绘中介服务网上办事大厅',
      '公告与统计',
      '通知公告管理',
    ]);
  });

  it('names a detail page by its group and its route title', () => {
    expect(breadcrumbFor('/contract/contractDetails', menu)).toEqual([
      { label: '测绘中介服务网上办事大厅', href: '/' },
      { label: '合同管理', href: '/contract/ContractList' },
      { label: '合同详情' },
    ]);
    expect(activeMenuKey('/contract/contractDetails', menu)).toBe('10');
  });

  it('shows only the hall title for an unknown path', () => {
    expect(breadcrumbFor('/nowhere/at/all', menu)).toEqual([
      { label: '测绘中介服务网上办事大厅', href: '/' },
    ]);
    expect(activeMenuKey('/nowhere/at/all', menu)).toBeUndefined();
  });
});

describe('subsystemsFor', () => {
  const menu = buildMenu(modules, registry);

  it('lists first-level modules leading to their first page, minus the excluded names', () => {
    expect(subsystemsFor(menu, ['公告与统计'])).toEqual({
      subsystems: [{ key: '10', name: '合同管理', href: '/contract/ContractList' }],
      userCenterHref: '/usercenter/orgapply',
    });
  });

  it('takes the user-center module out of the list and into the link', () => {
    const { subsystems, userCenterHref } = subsystemsFor(menu);
    expect(subsystems.map((item) => item.name)).toEqual(['合同管理', '公告与统计']);
    expect(userCenterHref).toBe('/usercenter/orgapply');
    expect(subsystemsFor(menu.filter((item) => item.name !== '用户中心')).userCenterHref).toBeUndefined();
  });
});
