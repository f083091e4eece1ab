import { createElement, Fragment, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteDef } from '@shared/domain/routes';
import { featuresOf, routeId } from '@shared/domain/console-pages';
import type { PageRegistry } from './pages';

/** What every console route carries in its `handle` (read with useMatches). */
export interface ConsoleRouteHandle {
  route: RouteDef;
  /** The page keeps its state across navigation (rendered inside React's <Activity>). */
  keepAlive: boolean;
}

export function isConsoleRouteHandle(value: unknown): value is ConsoleRouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value && 'keepAlive' in value;
}

/** The parts several features give one route, one after the other. */
function stacked(parts: readonly ComponentType[]): ComponentType {
  if (parts.length === 1) return parts[0] as ComponentType;
  return function StackedPage() {
    return createElement(Fragment, null, ...parts.map((Part, index) => createElement(Part, { key: index })));
  };
}

/**
 * Route objects for React Router's data router: one per console route of `routes` whose page is in
 * `registry`, nothing for the others. A route's page loads through the feature that builds it
 * (of each, in the registry's order, when several do): the feature's module, then the page's.
 */
export function buildRouteObjects(routes: readonly RouteDef[], registry: PageRegistry): RouteObject[] {
  return routes
    .filter((route) => route.surface === 'console')
    .map((route) => ({ route, features: featuresOf(route, registry) }))
    .filter(({ features }) => features.length > 0)
    .map(({ route, features }) => {
      const id = routeId(route);
      const handle: ConsoleRouteHandle = { route, keepAlive: route.keepAlive === true };
      return {
        id,
        path: route.path,
        handle,
        lazy: async () => {
          const parts = await Promise.all(
            features.map(async (feature) => {
              const module = await registry[feature]!.load();
              const load = module.pages[id];
              if (!load) throw new Error(`console: the ${feature} feature exports no page "${id}"`);
              return load();
            }),
          );
          return { Component: stacked(parts) };
        },
      };
    });
}
