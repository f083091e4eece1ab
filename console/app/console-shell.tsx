import { useEffect, useMemo } from 'react';
import { useLoaderData, useLocation, useMatches } from 'react-router';
import type { ApiClient } from '@shared/api/client';
import type { RouteDef } from '@shared/domain/routes';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { excludedSubsystemNames } from './config';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { ConsoleLayout } from './layout/console-layout';
import { buildMenu, subsystemsFor, type MenuItem } from './menu';
import type { PageRegistry } from './pages';
import { isConsoleRouteHandle } from './route-objects';
import { loadSession, type ConsoleSession } from './session';

/** The root route's loader data. */
export interface ShellData extends ConsoleSession {
  menu: MenuItem[];
}

export async function loadShell(api: ApiClient, registry: PageRegistry): Promise<ShellData> {
  const session = await loadSession(api);
  return { ...session, menu: buildMenu(session.modules, registry) };
}

/** Ends the single sign-on session, then leaves for the hall home (spec section 2, dialogs). */
async function signOut(api: ApiClient) {
  // The user asked to leave: go whether or not the server answered.
  await api.http.get(api.url('cas', 'logout'), { redirect: 'manual', timeout: 5000 }).catch(() => undefined);
  window.location.assign('/');
}

function currentRoute(matches: ReturnType<typeof useMatches>): RouteDef | undefined {
  const handle = matches.at(-1)?.handle;
  return isConsoleRouteHandle(handle) ? handle.route : undefined;
}

/** The root route's element: the management layout around the current page. */
export function ConsoleShell() {
  const shell = useLoaderData<ShellData>();
  const api = useApi();
  const { pathname } = useLocation();
  const route = currentRoute(useMatches());
  const { subsystems, userCenterHref } = useMemo(
    () => subsystemsFor(shell.menu, excludedSubsystemNames),
    [shell.menu],
  );

  useEffect(() => {
    document.title = `${route?.title ?? zh.notFound.title} - ${zh.hallTitle}`;
  }, [route]);

  return (
    <ConsoleLayout
      user={shell.user}
      menu={shell.menu}
      subsystems={subsystems}
      {...(userCenterHref ? { userCenterHref } : {})}
      unreadCount={shell.unreadCount}
      pathname={pathname}
      hideMenu={route?.hideMenu === true}
      isNotFound={route === undefined}
      initialMenuOpen={!window.matchMedia('(max-width: 899px)').matches}
      onLogout={() => void signOut(api)}
    >
      <KeepAliveOutlet />
    </ConsoleLayout>
  );
}
