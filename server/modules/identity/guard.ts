/**
 * Guards for every module's routes. `requireUser()` answers 401 unless the request carries a live
 * signed-in session (the guest counts as not signed in); `requireRoles(...ids)` also answers 403 when
 * the user has none of the roles (the administrator, role '1', passes every role check, as it appears
 * on every restricted route, spec section 6). Both put the user on the context: `c.get('user')`.
 *
 * ```ts
 * routes.get('/contract/query', requireRoles(roles.agency.id, roles.auditor.id), (c) => { c.get('user').pkid … })
 * ```
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '@server/app-context';
import { AppError } from '@shared/errors/app-error';
import { readCookie, SESSION_COOKIE, sessionToken } from './http';
import { hasAnyRole } from '@server/lib/session-user';
import { resolveSessionToken, type SessionUser } from './sessions';

export type { SessionUser } from './sessions';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by requireUser / requireRoles (server/modules/identity/guard.ts). */
    user: SessionUser;
    identityContext: AppContext;
  }
}

/** Makes the guards of this app find its database; createApp runs it first (mountIdentity). */
export function bindGuardContext(ctx: AppContext): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    c.set('identityContext', ctx);
    await next();
  });
}

function contextOf(c: Parameters<MiddlewareHandler>[0]): AppContext {
  const ctx = c.get('identityContext') as AppContext | undefined;
  if (!ctx) throw new AppError('internal', { message: '身份校验未初始化' });
  return ctx;
}

/** The signed-in user of a request, or null (anonymous, expired, or the guest). Cached per request. */
export async function currentSessionUser(c: Parameters<MiddlewareHandler>[0]): Promise<SessionUser | null> {
  const known = c.get('user') as SessionUser | undefined;
  if (known) return known;
  const user = await resolveSessionToken(contextOf(c), sessionToken(c));
  if (user) c.set('user', user);
  return user;
}

export { hasAnyRole };

/** 401 unless signed in; then `c.get('user')` is the user. */
export function requireUser(): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const user = await currentSessionUser(c);
    if (!user) throw new AppError('unauthenticated');
    await next();
  });
}

/** 401 unless signed in, 403 unless the user has one of `roleIds` (or is the administrator). */
export function requireRoles(...roleIds: string[]): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const user = await currentSessionUser(c);
    if (!user) throw new AppError('unauthenticated');
    if (!hasAnyRole(user, roleIds)) throw new AppError('forbidden');
    await next();
  });
}

/** For the front's page guard (outside Hono): the user of a raw Cookie header, or null. */
export async function resolveSessionUser(
  ctx: AppContext,
  cookieHeader: string | undefined,
): Promise<SessionUser | null> {
  return resolveSessionToken(ctx, readCookie(cookieHeader, SESSION_COOKIE));
}
