import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ApiClient } from '@shared/api/client';
import { routes } from '@shared/domain/routes';
import { ConsoleShell, loadShell } from './console-shell';
import { ConsoleFailure, ConsoleLoading, PageFailure } from './failure';
import { NotFoundPage } from './not-found-page';
import { pageRegistry, type PageRegistry } from './pages';
import { buildRouteObjects } from './route-objects';

/** The console's route tree: the layout with the session, every built page, and a 404 for the rest. */
export function consoleRouteTree(api: ApiClient, registry: PageRegistry = pageRegistry): RouteObject[] {
  return [
    {
      id: 'console',
      loader: () => loadShell(api, registry),
      // The session and menu load once; filters in the URL must not reload them.
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.href === nextUrl.href && defaultShouldRevalidate,
      Component: ConsoleShell,
      HydrateFallback: ConsoleLoading,
      ErrorBoundary: ConsoleFailure,
      children: [
        ...buildRouteObjects(routes, registry).map((route) => ({ ...route, ErrorBoundary: PageFailure })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export function createConsoleRouter(api: ApiClient) {
  return createBrowserRouter(consoleRouteTree(api));
}
