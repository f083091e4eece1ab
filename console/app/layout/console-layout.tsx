import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@shared/auth/user';
import { zh } from '@console/lib/i18n';
import { cx } from '@shared/ui/cx';
import { activeMenuKey, breadcrumbFor, type MenuItem, type Subsystem } from '../menu';
import { AppHeader, MENU_TOGGLE_ID } from './app-header';
import type { ProfileChanges } from './profile-dialog';
import { BreadcrumbBar } from './breadcrumb-bar';
import { SideMenu } from './side-menu';

export interface ConsoleLayoutProps {
  user: CurrentUser;
  menu: readonly MenuItem[];
  subsystems: readonly Subsystem[];
  userCenterHref?: string;
  unreadCount: number | null;
  pathname: string;
  /** The route hides the side menu and the breadcrumb (route table `hideMenu`). */
  hideMenu?: boolean;
  /** Whether the side menu starts open (closed on narrow screens). */
  initialMenuOpen?: boolean;
  /** No page answers this path: the breadcrumb says so instead of naming a route. */
  isNotFound?: boolean;
  /** A navigation is under way (the next page's code or data is loading): the main region says so. */
  busy?: boolean;
  onLogout: () => void;
  /** The live notification bell for the header (console/features/messages). */
  bell?: ReactNode;
  /** The update-log dialog for the header (console/features/notices). */
  updateLog?: ReactNode;
  /** Saves the profile dialog (its 修改 variant); without it the dialog is read-only. */
  onSaveProfile?: (changes: ProfileChanges) => Promise<void>;
  children: ReactNode;
}

const notFoundCrumbs = [{ label: zh.hallTitle, href: '/' }, { label: zh.notFound.title }];

/** Below this width the side menu is a drawer over the page (matches layout.css). */
const NARROW_QUERY = '(max-width: 899px)';

/**
 * The management layout (UI.md, spec section 2): header, left menu, breadcrumb, main area. Pure: the
 * user, the menu and the count come in as props.
 */
export function ConsoleLayout(props: ConsoleLayoutProps) {
  const { user, menu, subsystems, pathname, hideMenu = false, initialMenuOpen = true } = props;
  const [menuOpen, setMenuOpen] = useState(initialMenuOpen);
  const crumbs = props.isNotFound ? notFoundCrumbs : breadcrumbFor(pathname, menu);
  const activeKey = props.isNotFound ? undefined : activeMenuKey(pathname, menu);

  // On a phone the drawer closes once the user has picked a page (or pressed Esc).
  const closeDrawer = useCallback(() => {
    const isDrawer = window.matchMedia(NARROW_QUERY).matches;
    if (isDrawer) setMenuOpen(false);
    return isDrawer;
  }, []);
  useEffect(() => {
    closeDrawer();
  }, [pathname, closeDrawer]);
  // Crossing the phone breakpoint (a window resized, a tablet turned) gives the layout's own default
  // again: the side menu on a wide screen, the drawer closed on a narrow one (not left over the page).
  useEffect(() => {
    const narrow = window.matchMedia(NARROW_QUERY);
    const follow = () => setMenuOpen(!narrow.matches);
    narrow.addEventListener('change', follow);
    return () => narrow.removeEventListener('change', follow);
  }, []);

  return (
    <div
      className={cx(
        'cl-shell',
        hideMenu ? 'cl-shell--no-menu' : menuOpen ? 'cl-shell--menu-open' : 'cl-shell--menu-closed',
      )}
    >
      <a className="cl-skip-link" href="#console-main">
        {zh.skipToContent}
      </a>
      <AppHeader
        user={user}
        subsystems={subsystems}
        {...(activeKey ? { currentSubsystemKey: activeKey } : {})}
        {...(props.userCenterHref ? { userCenterHref: props.userCenterHref } : {})}
        unreadCount={props.unreadCount}
        menuOpen={menuOpen}
        {...(hideMenu ? {} : { onToggleMenu: () => setMenuOpen((open) => !open) })}
        {...(props.bell ? { bell: props.bell } : {})}
        {...(props.updateLog ? { updateLog: props.updateLog } : {})}
        onLogout={props.onLogout}
        {...(props.onSaveProfile ? { onSaveProfile: props.onSaveProfile } : {})}
      />
      <div className="cl-body">
        {hideMenu ? null : (
          <>
            <nav
              id="console-menu"
              className="cl-sidebar"
              aria-label={zh.menu.label}
              hidden={!menuOpen}
              onKeyDown={(event) => {
                // Focus would otherwise be lost inside the closed drawer.
                if (event.key === 'Escape' && closeDrawer()) document.getElementById(MENU_TOGGLE_ID)?.focus();
              }}
            >
              <SideMenu menu={menu} {...(activeKey ? { activeKey } : {})} onNavigate={closeDrawer} />
            </nav>
            {menuOpen ? (
              <div className="cl-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />
            ) : null}
          </>
        )}
        <main id="console-main" className="cl-main" tabIndex={-1} aria-busy={props.busy === true}>
          {hideMenu ? null : <BreadcrumbBar crumbs={crumbs} />}
          <div className="cl-content">{props.children}</div>
        </main>
      </div>
    </div>
  );
}
