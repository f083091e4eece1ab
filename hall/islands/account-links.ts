/**
 * The signed-in side of the hall header's account area: where the 业务系统 link leads (the first
 * subsystem of the user's module tree that has a built page, else the user-center link; spec section
 * 2, header) and the unread count on it. Loaded by the account area only once someone is signed in.

 */
import { callApi } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { userCalls } from '@shared/calls/identity';
import { messageCalls } from '@shared/calls/messages';
import type { ModuleNode } from '@shared/auth/user';
import { builtConsolePages, excludedSubsystemNames, type BuiltPages } from '@shared/domain/console-pages';
import { buildMenu, subsystemsFor } from '@shared/domain/menu';

/** The console page to enter from the hall, or undefined when the user has none. */
export function consoleEntryFrom(
  modules: readonly ModuleNode[],
  built: BuiltPages = builtConsolePages,
  excludedNames: readonly string[] = excludedSubsystemNames,
): string | undefined {
  const { subsystems, userCenterHref } = subsystemsFor(buildMenu(modules, built), excludedNames);
  return subsystems[0]?.href ?? userCenterHref;
}

/** Reads `GET {uc}/module/permis/{userId}.json` and picks the entry; undefined on any failure. */
export async function consoleEntryHref(api: ApiClient, userId: number): Promise<string | undefined> {
  try {
    const tree: unknown = await callApi(api, userCalls.modules, { id: userId });
    return consoleEntryFrom(Array.isArray(tree) ? (tree as ModuleNode[]) : []);
  } catch {
    return undefined;
  }
}

/** `GET {business}/project/message/count`; null when it cannot be read (the badge then stays hidden). */
export async function unreadCount(api: ApiClient): Promise<number | null> {
  try {
    const count = Number(await callApi(api, messageCalls.countUnread, {}));
    return Number.isFinite(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}
