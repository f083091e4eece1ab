import { useEffect, useMemo } from 'react';
import { useLoaderData, useLocation, useMatches, useNavigation, useRevalidator } from 'react-router';
import type { ApiClient } from '@shared/api/client';
import type { RouteDef } from '@shared/domain/routes';
import { useApi } from '@console/lib/api';
import { MessageBell } from '@console/features/messages';
import { UpdateLogDialog } from '@console/features/notices/update-log-dialog';
import { Button } from '@shared/ui/button';
import { zh } from '@console/lib/i18n';
import { excludedSubsystemNames } from '@shared/domain/console-pages';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { ConsoleLayout } from './layout/console-layout';
import { buildMenu, subsystemsFor, type MenuItem } from './menu';
import type { PageRegistry } from './pages';
import { isConsoleRouteHandle } from './route-objects';
import { loadSession, saveProfile, type ConsoleSession } from './session';
import { clearUiState } from './ui-state';

/** The root route's loader data. */
export interface ShellData extends ConsoleSession {
  menu: MenuItem[];
}

export async function loadShell(api: ApiClient, registry: PageRegistry): Promise<ShellData> {
  const session = await loadSession(api);
  return { ...session, menu: buildMenu(session.modules, registry) };
}

/** Ends the single sign-on session on every base, then leaves for the hall home (spec section 2, dialogs). */
async function logout(api: ApiClient) {
  clearUiState();
  // The user asked to leave: go whether or not the server answered (signOut never throws) or the
  // sign-on module loaded (it loads only now, not with every console page: the hall's sign-in is in it).
  try {
    const { signOut } = await import('@shared/auth/sign-on');
    await signOut(api);
  } finally {
    window.location.assign('/');
  }
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
  const revalidator = useRevalidator();
  const navigation = useNavigation();
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
      bell={<MessageBell initialCount={shell.unreadCount} />}
      updateLog={
        <UpdateLogDialog
          trigger={
            <Button variant="ghost" size="sm">
              {zh.header.updateLog}
            </Button>
          }
        />
      }
      pathname={pathname}
      hideMenu={route?.hideMenu === true}
      isNotFound={route === undefined}
      busy={navigation.state !== 'idle'}
      initialMenuOpen={!window.matchMedia('(max-width: 899px)').matches}
      onLogout={() => void logout(api)}
      onSaveProfile={async (changes) => {
        await saveProfile(api, shell.user.pkid, changes);
        await revalidator.revalidate();
      }}
    >
      <KeepAliveOutlet />
    </ConsoleLayout>
  );
}
