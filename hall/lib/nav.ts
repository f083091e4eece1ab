/**
 * The hall's top menu (UI.md, spec section 2). One list; the layout and the home page's service
 * entrances read it. An entry whose page is not built yet stays here with `isBuilt: false` and is not
 * shown anywhere, so the hall never links to a missing page.
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
  isBuilt: boolean;
}

export const hallNav: readonly HallNavItem[] = [
  {
    key: 'home',
    label: '首页',
    href: '/hall/home',
    match: ['/', '/hall/home'],
    description: '办事大厅首页',
    isBuilt: true,
  },
  {
    key: 'notices',
    label: '通知公告',
    href: '/guide/message/0',
    match: ['/guide/message', '/guide/messageDetails'],
    description: '政策文件、工作通知与公示公告',
    isBuilt: true,
  },
  {
    key: 'agencies',
    label: '中介机构',
    href: '/intermediaryhall/orgselect',
    match: ['/intermediaryhall'],
    description: '查询审核通过的测绘中介机构及其信用情况',
    isBuilt: true,
  },
  {
    key: 'projects',
    label: '项目分布',
    href: '/projectPosition/position',
    match: ['/projectPosition'],
    description: '在地图上查看全市测绘项目分布',
    isBuilt: true,
  },
  {
    key: 'downloads',
    label: '服务下载',
    href: '/downLoad/servicelist',
    match: ['/downLoad'],
    description: '申请表格、合同范本与技术规范下载',
    isBuilt: true,
  },
  {
    key: 'guide',
    label: '办事指南',
    href: '/guide/workPlace',
    match: ['/guide/workPlace', '/guide/matter'],
    description: '办理流程、所需材料与办理地点',
    isBuilt: true,
  },
];

/** The entries the hall may show: only pages that exist. */
export function visibleNav(items: readonly HallNavItem[] = hallNav): HallNavItem[] {
  return items.filter((item) => item.isBuilt);
}

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** True when `pathname` belongs to `item` ('/' matches only exactly; other entries match by prefix). */
export function isNavItemActive(item: HallNavItem, pathname: string): boolean {
  const path = normalize(pathname);
  return item.match.some((m) => (m === '/' ? path === '/' : path === m || path.startsWith(`${m}/`)));
}
