/**
 * The hall's top menu (UI.md, spec section 2). One list; the layout and the home page's service
 * entrances read it. Every entry links to a page that exists (nav.test.ts checks it).
 */
export interface HallNavItem {
  /** Stable key for tests and active-state matching. */
  key: string;
  label: string;
  href: string;
  /** Paths (prefixes) that highlight this entry; defaults to `href`. */
  match: readonly string[];
  /** One line for the home page's service entrances. */
  description: string;
  /**
   * Only for signed-in users (the spec sends visitors on these pages to /): rendered hidden, and shown
   * by the account area's script once it knows the user (hall pages are shared by everyone's cache).
   */
  signedInOnly?: boolean;
}

export const hallNav: readonly HallNavItem[] = [
  {
    key: 'home',
    label: '首页',
    href: '/hall/home',
    match: ['/', '/hall/home'],
    description: '办事大厅首页',
  },
  {
    key: 'notices',
    label: '通知公告',
    href: '/guide/message/0',
    match: ['/guide/message', '/guide/messageDetails'],
    description: '政策文件、工作通知与公示公告',
  },
  {
    key: 'agencies',
    label: '中介机构',
    href: '/intermediaryhall/orgselect',
    match: ['/intermediaryhall'],
    description: '查询审核通过的测绘中介机构及其信用情况',
  },
  {
    key: 'projects',
    label: '项目分布',
    href: '/projectPosition/position',
    match: ['/projectPosition'],
    description: '在地图上查看全市测绘项目分布',
  },
  {
    key: 'demands',
    label: '需求查询',
    href: '/demand/demandQuery',
    match: ['/demand'],
    description: '查询已发布的测绘需求和项目办理进度',
    signedInOnly: true,
  },
  {
    key: 'downloads',
    label: '服务下载',
    href: '/downLoad/servicelist',
    match: ['/downLoad'],
    description: '申请表格、合同范本与技术规范下载',
  },
  {
    key: 'guide',
    label: '办事指南',
    href: '/guide/workPlace',
    match: ['/guide/workPlace', '/guide/matter'],
    description: '办理流程、所需材料与办理地点',
  },
];

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** True when `pathname` belongs to `item` ('/' matches only exactly; other entries match by prefix). */
export function isNavItemActive(item: HallNavItem, pathname: string): boolean {
  const path = normalize(pathname);
  return item.match.some((m) => (m === '/' ? path === '/' : path === m || path.startsWith(`${m}/`)));
}
