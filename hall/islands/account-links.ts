/**
 * The signed-in side of the hall header's account area: where the 业务系统 link leads (the first
 * subsystem of the user's module tree that has a built page, else the user-center link; spec section
 * 2, header) and the unread count on it. Loaded by the account area only once someone is signed in.
 *
 * The module-tree and unread-count reads repeat console/app/session.ts (loadModules,
 * loadUnreadCount), which the hall may not take from console/ as they stand; they belong in shared/.
 */
import type { ApiClient } from '@shared/api/client';
import type { ModuleNode } from '@shared/auth/user';
import { excludedSubsystemNames } from '@console/app/config';
import { buildMenu, subsystemsFor } from '@console/app/menu';
import { pageRegistry, type PageRegistry } from '@console/app/pages';

/** The console page to enter from the hall, or undefined when the user has none. */
export function consoleEntryFrom(
  modules: readonly ModuleNode[],
  registry: PageRegistry = pageRegistry,
  excludedNames: readonly string[] = excludedSubsystemNames,
): string | undefined {
  const { subsystems, userCenterHref } = subsystemsFor(buildMenu(modules, registry), excludedNames);
  return subsystems[0]?.href ?? userCenterHref;
}

/** The tree of a module answer: `data`, `object` or a bare array; empty when it is none of these. */
function treeOf(answer: ModuleNode[] | { data?: unknown; object?: unknown }): ModuleNode[] {
  const tree = Array.isArray(answer) ? answer : (answer.data ?? answer.object);
  return Array.isArray(tree) ? (tree as ModuleNode[]) : [];
}

/** Reads `GET {uc}/module/permis/{userId}.json` and picks the entry; undefined on any failure. */
export async function consoleEntryHref(api: ApiClient, userId: number): Promise<string | undefined> {
  try {
    const answer = await api.call<ModuleNode[] | { data?: unknown; object?: unknown }>(
      'uc',
      `module/permis/${encodeURIComponent(String(userId))}.json`,
    );
    return consoleEntryFrom(treeOf(answer));
  } catch {
    return undefined;
  }
}

/** `GET {business}/project/message/count`; null when it cannot be read (the badge then stays hidden). */
export async function unreadCount(api: ApiClient): Promise<number | null> {
  try {
    const count = Number(await api.object<number | string>('business', 'project/message/count'));
    return Number.isFinite(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}
