/**
 * What the management layout needs before it renders: the signed-in user, their module tree and the
 * unread message count (spec section 2, header and left menu).
 */
import { callApi } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { userCalls } from '@shared/calls/identity';
import type { CurrentUser, ModuleNode } from '@shared/auth/user';
import { AppError } from '@shared/errors/app-error';
import { loadUnreadCount } from '@console/features/messages';
import type { ProfileChanges } from './layout/profile-dialog';
import { loadCurrentUser } from '@shared/auth/current-user';

export interface ConsoleSession {
  user: CurrentUser;
  modules: ModuleNode[];
  /** null when the count could not be read: the bell then shows no number rather than a wrong one. */
  unreadCount: number | null;
}

/** `GET {uc}/module/permis/{userId}.json`: the tree as `data`, `object` or a bare array. */
export async function loadModules(api: ApiClient, userId: number): Promise<ModuleNode[]> {
  const tree: unknown = await callApi(api, userCalls.modules, { id: userId });
  if (!Array.isArray(tree)) throw new AppError('internal', { message: '功能菜单数据无法识别' });
  return tree as ModuleNode[];
}

export async function loadSession(api: ApiClient): Promise<ConsoleSession> {
  const user = await loadCurrentUser(api);
  const [modules, unreadCount] = await Promise.all([loadModules(api, user.pkid), loadUnreadCount(api)]);
  return { user, modules, unreadCount };
}

/**
 * `PUT {uc}/user/{pkid}.json` (form): the profile fields, and the new password itself when it was
 * changed: the server checks the strength rule (spec section 5) and stores the hash of its MD5 hex.
 */
export async function saveProfile(api: ApiClient, userId: number, changes: ProfileChanges): Promise<void> {
  await callApi(api, userCalls.updateUser, {
    id: userId,
    username: changes.username,
    userphone: changes.userphone,
    useremail: changes.useremail,
    ...(changes.password ? { loginpwd: changes.password } : {}),
  });
}
