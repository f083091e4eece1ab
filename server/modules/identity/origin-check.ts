/**
 * Cross-site request refusal (issues 3 and 21): a state-changing request (POST, PUT, PATCH, DELETE,
 * and the spec's state-changing GETs) gets a 403 when
 * - its Fetch Metadata `Sec-Fetch-Site` is `cross-site` or `same-site` (a browser sends it on every
 *   request, whatever the page does to the Referer; `same-origin` and `none`, a typed address, pass), or
 * - its Origin — or, without one, Referer — names another host than the one it was sent to (the
 *   fallback for browsers that send no Fetch Metadata).
 * Requests with none of these headers come from programs, not from a browser page, and pass (the
 * session cookie is SameSite=Lax as well).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '@server/app-context';
import { AppError } from '@shared/errors/app-error';
import { requestHost } from './http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Throws the 403 when the request's Origin (or Referer) names another host. Also used for the spec's
 * state-changing GETs (server/lib/calls.ts), which the middleware below lets through.
 */
export function checkOrigin(ctx: AppContext, c: Context): void {
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  if (site === 'cross-site' || site === 'same-site') {
    throw new AppError('forbidden', { message: '拒绝跨站请求' });
  }
  const source = c.req.header('origin') ?? c.req.header('referer');
  if (source === undefined) return;
  const ownHost = requestHost(ctx, c).toLowerCase();
  if (source === 'null' || hostOf(source) !== ownHost) {
    throw new AppError('forbidden', { message: '拒绝跨站请求' });
  }
}

export function originCheck(ctx: AppContext): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) checkOrigin(ctx, c);
    await next();
  });
}
