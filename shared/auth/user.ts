/**
 * The signed-in user and their module tree as the user service answers them (spec section 3, /uc
 * calls of section 7). Field names are the wire's.
 */
import type { z } from 'zod';
import type { currentUserSchema, ModuleNode } from '@shared/calls/identity';
import { GUEST_USER_ID } from '@shared/domain/roles';

/** `GET {uc}/user/current.json`: spec section 3, "User" (never the password hash). */
export type CurrentUser = z.infer<typeof currentUserSchema>;
export type { ModuleNode };

/** The guest account (pkid 21) is signed in technically and counts as not signed in (spec section 4). */
export function isGuest(user: Pick<CurrentUser, 'pkid'> | null | undefined): boolean {
  return user != null && Number(user.pkid) === GUEST_USER_ID;
}
