/**
 * The signed-in user's roles for the pages (the console root route loads the user, console/app): what
 * a page shows or offers by role. The server checks every call again; this only spares people
 * buttons that would be refused.
 */
import { useRouteLoaderData } from 'react-router';
import type { Access } from '@shared/calls/define';
import { roles } from '@shared/domain/roles';

/** The signed-in user's role ids ('1' is the administrator). */
export function useRoleIds(): string[] {
  const shell = useRouteLoaderData<{ user?: { roleid?: string | null } } | undefined>('console');
  return (shell?.user?.roleid ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** True when the user holds one of the roles (the administrator holds them all). */
export function useHasRole(...wanted: readonly string[]): boolean {
  return useRoleIds().some((id) => id === roles.admin.id || wanted.includes(id));
}

/** True when the user's roles may call a call of this `access` (a role list; the administrator always). */
export function useMayCall(access: Access): boolean {
  return useHasRole(...(Array.isArray(access) ? access : []));
}

/** The signed-in user's id (what the server records as the author of what they add), or null. */
export function useUserId(): number | null {
  const shell = useRouteLoaderData<{ user?: { pkid?: number } } | undefined>('console');
  return shell?.user?.pkid ?? null;
}
