/**
 * The console's menu and subsystem switcher, derived from the user's module tree
 * (`GET {uc}/module/permis/{userId}.json`, spec section 2 "Layouts") and the console pages that are
 * built. Pure functions, shared by the console's layout and the hall header's entry link.
 */
import type { ModuleNode } from '@shared/auth/user';
import { builtRouteFor, type BuiltPages } from './console-pages';
import { routeGroups, type RouteGroupId } from './routes';

export interface MenuItem {
  key: string;
  name: string;
  /** A leaf's route path; a first-level item with children has none. */
  href?: string;
  /** Icon name from the module's `css`. */
  icon?: string;
  /** The route group a first-level item stands for. */
  group?: RouteGroupId;
  children: MenuItem[];
}

function byOrderIndex(nodes: readonly ModuleNode[]): ModuleNode[] {
  // Stable: nodes without an orderindex keep their place after the numbered ones.
  return nodes
    .map((node, position) => ({ node, position }))
    .sort((a, b) => {
      const left = a.node.orderindex ?? Number.POSITIVE_INFINITY;
      const right = b.node.orderindex ?? Number.POSITIVE_INFINITY;
      return left === right ? a.position - b.position : left - right;
    })
    .map(({ node }) => node);
}

function isRouteGroupId(value: unknown): value is RouteGroupId {
  return typeof value === 'string' && Object.hasOwn(routeGroups, value);
}

function toLeaf(node: ModuleNode, built: BuiltPages): MenuItem | undefined {
  const route = builtRouteFor(node.href, built);
  if (!route || !node.href) return undefined;
  return {
    key: String(node.pkid),
    name: node.name,
    href: node.href,
    ...(node.css ? { icon: node.css } : {}),
    group: route.group,
    children: [],
  };
}

/**
 * The two-level menu: first-level modules and their leaves, each level ordered by orderindex. A leaf
 * whose href has no built page is left out, and so is a first-level item left with no leaves.
 * Deeper levels are not shown (the spec's menu has two).
 */
export function buildMenu(modules: readonly ModuleNode[], built: BuiltPages): MenuItem[] {
  const menu: MenuItem[] = [];
  for (const node of byOrderIndex(modules)) {
    const children = node.children ?? [];
    if (children.length === 0) {
      const leaf = toLeaf(node, built);
      if (leaf) menu.push(leaf);
      continue;
    }
    const leaves = byOrderIndex(children)
      .map((child) => toLeaf(child, built))
      .filter((leaf): leaf is MenuItem => leaf !== undefined);
    if (leaves.length === 0) continue;
    const group = isRouteGroupId(node.appMetaId) ? node.appMetaId : leaves[0]?.group;
    menu.push({
      key: String(node.pkid),
      name: node.name,
      ...(node.css ? { icon: node.css } : {}),
      ...(group ? { group } : {}),
      children: leaves,
    });
  }
  return menu;
}

/** Where a first-level item leads: its own page or its first leaf's. */
export function firstHref(item: MenuItem): string | undefined {
  return item.href ?? item.children[0]?.href;
}

export interface Subsystem {
  key: string;
  name: string;
  /** Where switching to it leads: its first page. */
  href: string;
}

/** The module whose name sets the header's user-center link (spec section 2, header). */
export const USER_CENTER_MODULE_NAME = '用户中心';

/**
 * The header's subsystem switcher: the first-level modules of `modules` (the menu from buildMenu, so
 * each leads to a built page), minus the names excluded by configuration. The user-center module is
 * not a subsystem: it sets `userCenterHref`.
 */
export function subsystemsFor(
  modules: readonly MenuItem[],
  excludedNames: readonly string[] = [],
): { subsystems: Subsystem[]; userCenterHref?: string } {
  const subsystems: Subsystem[] = [];
  let userCenterHref: string | undefined;
  for (const item of modules) {
    const href = firstHref(item);
    if (!href) continue;
    if (item.name === USER_CENTER_MODULE_NAME) {
      userCenterHref = href;
      continue;
    }
    if (excludedNames.includes(item.name)) continue;
    subsystems.push({ key: item.key, name: item.name, href });
  }
  return { subsystems, ...(userCenterHref ? { userCenterHref } : {}) };
}
