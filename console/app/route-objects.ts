import type { RouteObject } from 'react-router';
import type { RouteDef } from '@shared/domain/routes';
import { isRouteBuilt, type PageRegistry } from './pages';

/** What every console route carries in its `handle` (read with useMatches). */
export interface ConsoleRouteHandle {
  route: RouteDef;
  /** The page keeps its state across navigation (rendered inside React's <Activity>). */
  keepAlive: boolean;
}

export function isConsoleRouteHandle(value: unknown): value is ConsoleRouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value && 'keepAlive' in value;
}

/**
 * Route objects for React Router's data router: one per console route of `routes` whose page is in
 * `registry`, nothing for the others. Every page of a group loads from the group's one lazy chunk.
 */
export function buildRouteObjects(routes: readonly RouteDef[], registry: PageRegistry): RouteObject[] {
  return routes
    .filter((route) => isRouteBuilt(route, registry))
    .map((route) => {
      const entry = registry[route.group];
      const handle: ConsoleRouteHandle = { route, keepAlive: route.keepAlive === true };
      return {
        id: `${route.group}/${route.name}`,
        path: route.path,
        handle,
        lazy: async () => {
          const module = await entry!.load();
          const Component = module.pages[route.name];
          if (!Component)
            throw new Error(`console: the ${route.group} module exports no page "${route.name}"`);
          return { Component };
        },
      };
    });
}
