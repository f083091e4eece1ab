/**
 * The left menu's place markers and the breadcrumb (spec section 2 "Layouts"); the menu itself and the
 * subsystem switcher are built in shared/domain/menu.ts. Pure functions: the layout renders what they
 * return.
 */
import { firstHref, type MenuItem } from '@shared/domain/menu';
import { matchRoute, routeGroups } from '@shared/domain/routes';
import { zh } from '@console/lib/i18n';

export {
  buildMenu,
  subsystemsFor,
  USER_CENTER_MODULE_NAME,
  type MenuItem,
  type Subsystem,
} from '@shared/domain/menu';

export interface Crumb {
  label: string;
  href?: string;
}

function samePage(href: string, pathname: string): boolean {
  const path = href.split(/[?#]/)[0] ?? '';
  if (path === pathname) return true;
  const route = matchRoute(path);
  return route !== undefined && route === matchRoute(pathname);
}

interface Location {
  /** The first-level item the page belongs to. */
  item?: MenuItem;
  /** The leaf that lists the page, when the menu lists it. */
  leaf?: MenuItem;
}

function locate(pathname: string, menu: readonly MenuItem[]): Location {
  for (const item of menu) {
    if (item.href && samePage(item.href, pathname)) return { item };
    const leaf = item.children.find((child) => child.href && samePage(child.href, pathname));
    if (leaf) return { item, leaf };
  }
  const route = matchRoute(pathname);
  const item = route ? menu.find((candidate) => candidate.group === route.group) : undefined;
  return item ? { item } : {};
}

/** The key of the first-level item holding the page at `pathname` (its group, for a detail page). */
export function activeMenuKey(pathname: string, menu: readonly MenuItem[]): string | undefined {
  return locate(pathname, menu).item?.key;
}

/**
 * Hall title / first level / second level (spec section 2). A page the menu does not list (a detail
 * page) shows its group and its own title from the route table.
 */
export function breadcrumbFor(pathname: string, menu: readonly MenuItem[]): Crumb[] {
  const crumbs: Crumb[] = [{ label: zh.hallTitle, href: '/' }];
  const { item, leaf } = locate(pathname, menu);
  if (item?.href) return [...crumbs, { label: item.name }];
  if (item && leaf) return [...crumbs, { label: item.name }, { label: leaf.name }];
  const route = matchRoute(pathname);
  if (!route || route.surface !== 'console') return crumbs;
  const firstLabel = item?.name ?? routeGroups[route.group].title;
  const href = item ? firstHref(item) : undefined;
  return [...crumbs, { label: firstLabel, ...(href ? { href } : {}) }, { label: route.title }];
}
