import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@shared/auth/user';
import { BellIcon, UnreadBadge } from '@shared/ui/bell';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { zh } from '@console/lib/i18n';
import type { Subsystem } from '../menu';
import { ProfileDialog, type ProfileChanges } from './profile-dialog';

/** Id of the header's menu toggle (focus returns there when the drawer closes). */
export const MENU_TOGGLE_ID = 'console-menu-toggle';

export interface AppHeaderProps {
  user: CurrentUser;
  subsystems: readonly Subsystem[];
  /** The subsystem the current page belongs to. */
  currentSubsystemKey?: string;
  userCenterHref?: string;
  /** null: unknown (the bell shows no number). */
  unreadCount: number | null;
  menuOpen: boolean;
  /** Shows the menu toggle; left out on pages without a side menu. */
  onToggleMenu?: () => void;
  /** The live notification bell (console/features/messages); replaces the plain count when given. */
  bell?: ReactNode;
  /** The update-log dialog with its trigger (console/features/notices), before the bell. */
  updateLog?: ReactNode;
  /** Runs after the user confirmed '您确定要退出登录吗?'. */
  onLogout: () => void;
  /** Saves the profile dialog's changes; without it the dialog is read-only. */
  onSaveProfile?: (changes: ProfileChanges) => Promise<void>;
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

/** The unread count alone, for a layout without the live bell (tests, pages before it loads). */
function PlainBell({ count }: { count: number | null }) {
  return (
    <span className="cl-bell" role="img" aria-label={zh.header.unread(count ?? 0)} title={zh.header.messages}>
      <BellIcon />
      <UnreadBadge count={count} />
    </span>
  );
}

/** The switcher's menu module (one import() for the prefetch and the lazy component alike). */
const loadSubsystemMenu = () => import('./subsystem-menu');
const SubsystemMenu = lazy(loadSubsystemMenu);

/** The keys that open a menu button (WAI-ARIA menu button), as Radix's trigger does. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The subsystem switcher: a plain menu button until it is first pressed, then the dropdown menu
 * (./subsystem-menu.tsx, loaded by import() so its code stays out of every console page's first
 * load) in its place, open.
 */
function SubsystemSwitcher(props: {
  subsystems: readonly Subsystem[];
  currentSubsystemKey: string | undefined;
  label: string;
}) {
  const [pressed, setPressed] = useState(false);
  const open = () => setPressed(true);
  const trigger = (
    <Button
      variant="ghost"
      className="cl-switcher"
      aria-haspopup="menu"
      {...(pressed
        ? {}
        : {
            'aria-expanded': false,
            onPointerDown: open,
            onKeyDown: (event: KeyboardEvent) => {
              if (!OPENING_KEYS.has(event.key)) return;
              event.preventDefault();
              open();
            },
            // Fetch the code as the pointer or the focus comes near, before the press.
            onPointerEnter: () => void loadSubsystemMenu(),
            onFocus: () => void loadSubsystemMenu(),
          })}
    >
      <span className="cl-switcher__label">{props.label}</span>
      <span aria-hidden="true" className="cl-switcher__caret">
        ▾
      </span>
    </Button>
  );
  if (!pressed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <SubsystemMenu
        subsystems={props.subsystems}
        currentSubsystemKey={props.currentSubsystemKey}
        trigger={trigger}
      />
    </Suspense>
  );
}

export function AppHeader(props: AppHeaderProps) {
  const { user, subsystems, currentSubsystemKey, userCenterHref, unreadCount, menuOpen } = props;
  const current = subsystems.find((subsystem) => subsystem.key === currentSubsystemKey);

  return (
    <header className="cl-header">
      {props.onToggleMenu ? (
        <Button
          variant="ghost"
          size="icon"
          id={MENU_TOGGLE_ID}
          className="cl-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-menu"
          aria-label={zh.header.menu}
          onClick={props.onToggleMenu}
        >
          <MenuIcon />
        </Button>
      ) : null}

      <a className="cl-brand" href="/" title={zh.header.backToHall}>
        <span className="cl-brand__emblem" aria-hidden="true" />
        <span className="cl-brand__text">
          <span className="cl-brand__title">{zh.hallTitle}</span>
          <span className="cl-brand__subtitle">{zh.consoleName}</span>
        </span>
      </a>

      {subsystems.length > 1 ? (
        <SubsystemSwitcher
          subsystems={subsystems}
          currentSubsystemKey={currentSubsystemKey}
          label={current?.name ?? zh.header.subsystems}
        />
      ) : null}

      <div className="cl-header__end">
        {userCenterHref ? (
          <Link className="cl-header__link" to={userCenterHref}>
            {zh.header.userCenter}
          </Link>
        ) : null}
        {props.updateLog}
        {props.bell ?? <PlainBell count={unreadCount} />}
        <ProfileDialog
          user={user}
          {...(props.onSaveProfile ? { onSave: props.onSaveProfile } : {})}
          trigger={
            <button type="button" className="cl-user" title={zh.profile.open} aria-haspopup="dialog">
              <span className="cl-user__name">{user.username}</span>
              {user.depname ? (
                <span className="cl-user__dept">
                  <span className="visually-hidden">{zh.header.department}：</span>
                  {user.depname}
                </span>
              ) : null}
            </button>
          }
        />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="cl-header__logout">
              {zh.header.logout}
            </Button>
          }
          title={zh.logout.title}
          description={zh.logout.confirm}
          onConfirm={props.onLogout}
        />
      </div>
    </header>
  );
}
