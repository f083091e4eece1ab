/**
 * The /login and /check pages (spec's public routes; issue 11): where a visitor goes after signing on,
 * and the check of a browser's sign-on. Targets are read from the address: `service` (a CAS service:
 * on through /cas/login, which issues its ticket) or `redirect` (a page of this site only).
 */

/** `target` when it is a page of this site, parsed as the browser would; else null. */
export function ownPagePath(target: string | null, origin: string): string | null {
  if (!target) return null;
  // eslint-disable-next-line no-control-regex -- control characters and backslashes make a target dubious
  if (/[\u0000-\u001f\u007f\\]/.test(target) || !target.startsWith('/') || target.startsWith('//'))
    return null;
  try {
    const url = new URL(target, `${origin}/`);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Where /login continues after signing on (or at once when already signed on and not renewing). */
export function loginContinuation(search: string, origin: string, casBase: string): string {
  const params = new URLSearchParams(search);
  const service = params.get('service');
  if (service) {
    const query = new URLSearchParams({ service });
    if (params.get('renew') === 'true') query.set('renew', 'true');
    return `${casBase}/login?${query.toString()}`;
  }
  return ownPagePath(params.get('redirect'), origin) ?? '/';
}

/** The service URL a ticket was issued for: `href` without the `ticket` parameter /cas/login appended. */
export function serviceOf(href: string): string {
  return href.replace(/[?&]ticket=[^&#]*(?=#|$)/, '');
}
