import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@shared/auth/user';
import type { MenuItem } from '../menu';
import { ConsoleLayout, type ConsoleLayoutProps } from './console-layout';

const user: CurrentUser = {
  pkid: 3,
  loginname: 'agency01',
  username: '云州市勘测设计研究院',
  depname: '测绘中介机构',
};

const menu: MenuItem[] = [
  {
    key: '10',
    name: '合同管理',
    group: 'contract',
    children: [
      { key: '11', name: '合同列表', href: '/contract/ContractList', group: 'contract', children: [] },
      { key: '12', name: '待办合同', href: '/contract/backlogList', group: 'contract', children: [] },
    ],
  },
  {
    key: '30',
    name: '公告与统计',
    group: 'noticemanger',
    children: [
      { key: '31', name: '统计分析', href: '/noticemanger/statistical', group: 'noticemanger', children: [] },
    ],
  },
];

function render(overrides: Partial<ConsoleLayoutProps> = {}) {
  const pathname = overrides.pathname ?? '/contract/backlogList';
  return renderToString(
    <MemoryRouter initialEntries={[pathname]}>
      <ConsoleLayout
        user={user}
        menu={menu}
        subsystems={[
          { key: '10', name: '合同管理', href: '/contract/ContractList' },
          { key: '30', name: '公告与统计', href: '/noticemanger/statistical' },
        ]}
        unreadCount={5}
        pathname={pathname}
        onLogout={() => {}}
        {...overrides}
      >
        <p>页面内容</p>
      </ConsoleLayout>
    </MemoryRouter>,
  );
}

describe('ConsoleLayout', () => {
  it('shows the user name, the department and the unread count in the header', () => {
    const html = render();
    expect(html).toContain('云州市勘测设计研究院');
    expect(html).toContain('测绘中介机构');
    expect(html).toContain('消息通知，5 条未读');
    expect(html).toMatch(/class="cl-bell__badge"[^>]*>5</);
    expect(html).toContain('退出');
    expect(html).toContain('href="/"');
  });

  it('renders the two-level menu with the current page marked and its group open', () => {
    const html = render();
    expect(html).toContain('aria-label="功能菜单"');
    for (const name of ['合同管理', '合同列表', '待办合同', '公告与统计', '统计分析'])
      expect(html).toContain(name);
    expect(html).toMatch(
      /href="\/contract\/backlogList"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/contract\/backlogList"/,
    );
    expect(html).toMatch(/aria-expanded="true" aria-controls="console-menu-10"/);
    expect(html).toMatch(/aria-expanded="false" aria-controls="console-menu-30"/);
    expect(html).toContain('<p>页面内容</p>');
  });

  it('shows the breadcrumb hall title / first level / second level', () => {
    const html = render();
    const breadcrumb = html.slice(html.indexOf('aria-label="当前位置"'));
    expect(breadcrumb).toMatch(/测绘中介服务网上办事大厅.*合同管理.*<li aria-current="page">待办合同<\/li>/s);
  });

  it('names the current subsystem in the switcher', () => {
    expect(render({ pathname: '/noticemanger/statistical' })).toMatch(/cl-switcher__label">公告与统计</);
  });

  it('leaves out the side menu and breadcrumb for a hideMenu route, and the count when unknown', () => {
    const html = render({ hideMenu: true, unreadCount: null });
    expect(html).not.toContain('aria-label="功能菜单"');
    expect(html).not.toContain('aria-label="当前位置"');
    expect(html).not.toContain('cl-bell__badge');
    expect(html).toContain('<p>页面内容</p>');
  });

  it('says "页面不存在" in the breadcrumb of an unknown path instead of naming a route', () => {
    const html = render({ pathname: '/contract/ContractTemplateList', isNotFound: true });
    const breadcrumb = html.slice(html.indexOf('aria-label="当前位置"'));
    expect(breadcrumb).toContain('<li aria-current="page">页面不存在</li>');
    expect(breadcrumb).not.toContain('合同模板');
  });

  it('makes the user block the trigger of the profile dialog', () => {
    const html = render();
    expect(html).toMatch(/<button type="button" class="cl-user" title="个人信息" aria-haspopup="dialog"/);
  });
});
