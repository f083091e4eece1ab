/**
 * The header's subsystem switcher once it is first pressed (app-header.tsx loads this module then):
 * Radix's dropdown menu with its positioning code is a good part of a console page's JavaScript and
 * few visits open it (issue 23: each /electronics page ≤ 150 KB gzipped before interaction).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@shared/ui/dropdown-menu';
import { zh } from '@console/lib/i18n';
import type { Subsystem } from '../menu';

export interface SubsystemMenuProps {
  subsystems: readonly Subsystem[];
  currentSubsystemKey?: string | undefined;
  /** The trigger button, the same one the header showed before this module came. */
  trigger: ReactNode;
}

/** Opens at once: it replaces the plain trigger the user just pressed. */
export default function SubsystemMenu({ subsystems, currentSubsystemKey, trigger }: SubsystemMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent aria-label={zh.header.subsystems}>
        <DropdownMenuLabel>{zh.header.subsystems}</DropdownMenuLabel>
        {subsystems.map((subsystem) => (
          <DropdownMenuItem key={subsystem.key} asChild>
            <Link
              to={subsystem.href}
              {...(subsystem.key === currentSubsystemKey ? { 'aria-current': 'page' as const } : {})}
            >
              {subsystem.name}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
