/**
 * Where a signed-out visitor of a protected page was going (issue 11, newcomer items). The server's
 * page guard remembers the page in a short cookie and sends the visitor to `/?login=required`
 * (server/front.ts); the hall opens its login dialog with '请先登录' and, once signed in, goes on
 * there. Only a path on this site is followed, never another host.
 */

/** The cookie the page guard sets (server/front.ts). */
export const RETURN_TO_COOKIE = 'hall_return_to';
/** The query the page guard adds to home: open the login dialog. */
export const LOGIN_REQUIRED_PARAM = 'login';
export const LOGIN_REQUIRED_VALUE = 'required';
/** Shown in the login dialog opened by the guard. */
export const LOGIN_REQUIRED_MESSAGE = '请先登录';

/** The remembered page from a Cookie string, or null when none or not a path of this site. */
export function readReturnTo(cookies: string, origin: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== RETURN_TO_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    return sameSitePath(value, origin);
  }
  return null;
}

/** `value` when it is a path on `origin` as a browser reads it (no `//host`, `/\host`, tabs). */
export function sameSitePath(value: string, origin: string): string | null {
  if (!value.startsWith('/') || /[\\\s]/.test(value) || value.startsWith('//')) return null;
  const url = URL.parse(value, origin);
  if (!url || url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The Cookie assignment that forgets the remembered page. */
export const clearReturnToCookie = `${RETURN_TO_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
