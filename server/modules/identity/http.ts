/**
 * Request details the identity rules need: the caller's address, whether the request came over TLS,
 * the cookies of the session, and a body that may be a form or JSON.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '@server/app-context';
import { AppError } from '@shared/errors/app-error';
import { clientAddress, lastForwarded } from '@server/lib/client-address';

export const SESSION_COOKIE = 'SMS_SESSION';
export const TGT_COOKIE = 'CASTGC';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } };
}

function forwarded(c: Context, name: string): string | undefined {
  // The last value is the one our own proxy set; earlier ones come from the client.
  return lastForwarded(c.req.header(name));
}

/** The caller's address (server/lib/client-address.ts: TRUST_PROXY and TRUST_PROXY_HOPS). */
export function clientIp(ctx: AppContext, c: Context): string {
  return clientAddress(
    ctx.config,
    c.req.header('x-forwarded-for'),
    (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress,
  );
}

/** The host the browser addressed: behind a trusted proxy the one it forwarded, else Host. */
export function requestHost(ctx: AppContext, c: Context): string {
  return (
    (ctx.config.trustProxy ? forwarded(c, 'x-forwarded-host') : undefined) ??
    c.req.header('host') ??
    new URL(c.req.url).host
  );
}

export function isSecureRequest(ctx: AppContext, c: Context): boolean {
  if (ctx.config.trustProxy && forwarded(c, 'x-forwarded-proto') === 'https') return true;
  if ((c.env as NodeBindings | undefined)?.incoming?.socket?.encrypted) return true;
  return new URL(c.req.url).protocol === 'https:';
}

/** The cookie path of the ticket-granting cookie: the sign-on base when it is on this host. */
function casPath(ctx: AppContext): string {
  const base = ctx.config.apiBases.cas;
  return base.startsWith('/') ? base : '/';
}

export function setSessionCookie(ctx: AppContext, c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(ctx, c),
  });
}

export function setTgtCookie(ctx: AppContext, c: Context, tgt: string): void {
  setCookie(c, TGT_COOKIE, tgt, {
    path: casPath(ctx),
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(ctx, c),
  });
}

export function clearIdentityCookies(ctx: AppContext, c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(ctx, c) });
  deleteCookie(c, TGT_COOKIE, { path: casPath(ctx), secure: isSecureRequest(ctx, c) });
}

export function sessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function tgtCookie(c: Context): string | undefined {
  return getCookie(c, TGT_COOKIE);
}

/** One cookie's value from a raw Cookie header (the page guard works outside Hono). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The request's fields: query string, then a form or JSON body on top (spec: POST is form by default). */
export async function readFields(c: Context, withQuery = false): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = withQuery ? { ...c.req.query() } : {};
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return fields;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError('invalid_input', { message: '请求格式不正确' });
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(fields, body);
  } else if (type.includes('form')) {
    const body = await c.req.parseBody();
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/** Text escaped for an HTML page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The CAS REST answer to a new ticket-granting ticket at `location`: 201 Created, not to be stored,
 * with the page CAS servers show there (a form to ask it for a service ticket).
 */
export function tgtCreated(c: Context, location: string): Response {
  c.header('Location', location);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!DOCTYPE html><html><head><title>201 Created</title></head><body><h1>TGT Created</h1>` +
      `<form action="${escapeHtml(location)}" method="POST">Service:<input type="text" name="service" value="">` +
      `<br><input type="submit" value="Submit"></form></body></html>`,
    201,
  );
}
