/**
 * The signed-in user as every call sees it: the identity module (server/modules/identity) builds it
 * from the session and the guards put it on the context (`c.get('user')`); handlers get it as `user`
 * (server/lib/calls.ts). Declared below the modules so the call layer needs no module.
 */
import { roles } from '@shared/domain/roles';

export interface SessionUser {
  pkid: number;
  loginname: string;
  username: string;
  depid: number;
  depname: string | null;
  userphone: string | null;
  useremail: string | null;
  userlevel: number;
  userstate: number;
  roleIds: string[];
  isAdmin: boolean;
  /** Hash of the session id and of its ticket-granting ticket. */
  sessionHash: string;
  tgtHash: string;
}

/** Holds one of the roles, or is the administrator (who may do everything). */
export function hasAnyRole(user: Pick<SessionUser, 'roleIds'>, roleIds: readonly string[]): boolean {
  return user.roleIds.includes(roles.admin.id) || roleIds.some((id) => user.roleIds.includes(id));
}
