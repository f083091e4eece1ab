import type { KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { zh } from '@console/lib/i18n';
import { cx } from '@shared/ui/cx';
import type { MenuItem } from '../menu';
import { useUiState } from '../ui-state';

export interface SideMenuProps {
  menu: readonly MenuItem[];
  /** The first-level item holding the current page; it starts expanded. */
  activeKey?: string;
  /** Runs when a page link is followed (the drawer closes on phones). */
  onNavigate?: () => void;
}

const FOCUSABLE = '[data-menu-focusable]';

/** Up/Down/Home/End move between the menu's visible controls; Tab and Enter work as usual. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}

/** The left menu: two levels, each first-level item collapsible (spec section 2, layouts). */
export function SideMenu({ menu, activeKey, onNavigate }: SideMenuProps) {
  // Explicit choices only; an untouched item is open when it holds the current page.
  // Kept across reloads of this tab (spec section 2, session state).
  const [opened, setOpened] = useUiState<Record<string, boolean>>('menu.opened', {});

  if (menu.length === 0) return <p className="cl-menu__empty">{zh.menu.empty}</p>;

  return (
    <ul className="cl-menu" role="list" onKeyDown={moveFocus}>
      {menu.map((item) => {
        if (item.href) {
          return (
            <li key={item.key} className="cl-menu__item">
              <NavLink
                className="cl-menu__link cl-menu__link--top"
                to={item.href}
                data-menu-focusable=""
                onClick={onNavigate}
              >
                {item.name}
              </NavLink>
            </li>
          );
        }
        const isOpen = opened[item.key] ?? item.key === activeKey;
        const listId = `console-menu-${item.key}`;
        return (
          <li
            key={item.key}
            className={cx('cl-menu__item', item.key === activeKey && 'cl-menu__item--active')}
          >
            <button
              type="button"
              className="cl-menu__group"
              aria-expanded={isOpen}
              aria-controls={listId}
              data-menu-focusable=""
              onClick={() => setOpened((state) => ({ ...state, [item.key]: !isOpen }))}
            >
              <span className="cl-menu__mark" aria-hidden="true">
                {item.name.slice(0, 1)}
              </span>
              <span className="cl-menu__group-name">{item.name}</span>
              <span className="cl-menu__chevron" aria-hidden="true" />
            </button>
            <ul id={listId} className="cl-menu__sub" role="list" hidden={!isOpen}>
              {item.children.map((child) => (
                <li key={child.key}>
                  <NavLink
                    className="cl-menu__link"
                    to={child.href ?? '#'}
                    data-menu-focusable=""
                    onClick={onNavigate}
                  >
                    {child.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
