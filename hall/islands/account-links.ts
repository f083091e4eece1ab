/**
 * Where the hall header's 业务系统 link leads a signed-in user: the first subsystem of their module
 * tree that has a built page, else the user-center link (spec section 2, header). Loaded by the
 * account area only once someone is signed in.
 */
import type { ApiBases } from '@shared/api/bases';
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

function treeOf(body: unknown): ModuleNode[] {
  if (Array.isArray(body)) return body as ModuleNode[];
  if (body && typeof body === 'object') {
    const { data, object } = body as { data?: unknown; object?: unknown };
    const tree = data ?? object;
    if (Array.isArray(tree)) return tree as ModuleNode[];
  }
  return [];
}

/** Reads `GET {uc}/module/permis/{userId}.json` and picks the entry; undefined on any failure. */
export async function consoleEntryHref(bases: ApiBases, userId: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${bases.uc}/module/permis/${encodeURIComponent(String(userId))}.json`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    return consoleEntryFrom(treeOf(await response.json()));
  } catch {
    return undefined;
  }
}
