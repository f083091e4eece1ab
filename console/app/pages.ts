/**
 * The console's page registry: which routes of the route table (shared/domain/routes.ts) have a
 * working page, and where its code is. One entry per route group; the group's module is one lazily
 * loaded chunk holding every page of that group.
 *
 * Only registered routes are routed, and the left menu hides the rest: we ship no "under
 * construction" pages. To add a page, export it from the group's module (`pages`) and list its route
 * name here; page-registry.test.ts checks the two agree.
 */
import type { ComponentType } from 'react';
import { matchRoute, type RouteDef, type RouteGroupId } from '@shared/domain/routes';

/** What a group module (console/features/<group>/index.ts) exports. */
export interface PageModule {
  /** Page components by route name. */
  pages: Readonly<Record<string, ComponentType>>;
}

export interface PageGroupEntry {
  load: () => Promise<PageModule>;
  /** Route names of the group whose pages are built. */
  pages: readonly string[];
}

export type PageRegistry = Readonly<Partial<Record<RouteGroupId, PageGroupEntry>>>;

export const pageRegistry: PageRegistry = {
  noticemanger: {
    load: () => import('@console/features/noticemanger'),
    pages: ['statistical', 'message', 'messageinfo', 'messagemaintain', 'approvalOpinions'],
  },
  downLoad: {
    load: () => import('@console/features/downLoad'),
    pages: ['service'],
  },
  system: {
    load: () => import('@console/features/system'),
    pages: ['smsOutbox'],
  },
};

/** True when `route` is a console route whose page is built. */
export function isRouteBuilt(route: RouteDef, registry: PageRegistry = pageRegistry): boolean {
  return route.surface === 'console' && (registry[route.group]?.pages.includes(route.name) ?? false);
}

/**
 * The built console route a path or href belongs to ('/contract/ContractList?x=1' included), or
 * undefined when there is none.
 */
export function builtRouteFor(href: string | null | undefined, registry: PageRegistry = pageRegistry) {
  if (!href) return undefined;
  const pathname = href.split(/[?#]/)[0] ?? '';
  const route = matchRoute(pathname);
  return route && isRouteBuilt(route, registry) ? route : undefined;
}
