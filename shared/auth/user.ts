/**
 * The signed-in user and their module tree as the user service answers them (spec section 3, /uc
 * calls of section 7). Field names are the wire's.
 */
import { GUEST_USER_ID } from '@shared/domain/roles';

/** `GET {uc}/user/current.json`: spec section 3, "User" (never the password hash). */
export interface CurrentUser {
  pkid: number;
  /** Login account. */
  loginname: string;
  /** Real name, or the unit name for agency and owner accounts. */
  username: string;
  depid?: number | null;
  /** Department name. */
  depname?: string | null;
  userphone?: string | null;
  useremail?: string | null;
  userlevel?: number | null;
  /** The user's role id(s); the legacy back end sends one id, ours may send a comma list. */
  roleid?: string | null;
  userstate?: number | null;
}

/** `GET {uc}/module/permis/{userId}.json`: spec section 3, "Module menu node". */
export interface ModuleNode {
  pkid: number | string;
  name: string;
  /** Route path of a leaf (e.g. '/contract/ContractList'); empty or null on a parent. */
  href?: string | null;
  /** Icon name. */
  css?: string | null;
  type?: number | string | null;
  orderindex?: number | null;
  children?: ModuleNode[] | null;
  /** Our back end puts the route group id here (shared/domain/routes.ts). */
  appMetaId?: string | null;
}

/** The guest account (pkid 21) is signed in technically and counts as not signed in (spec section 4). */
export function isGuest(user: Pick<CurrentUser, 'pkid'> | null | undefined): boolean {
  return user != null && Number(user.pkid) === GUEST_USER_ID;
}
