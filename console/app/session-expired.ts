/**
 * A session that ends mid-work (expired, logged out elsewhere): say so before leaving, then reload the
 * page, which the server's guard answers with home, the login dialog and the page remembered for after
 * the sign-in (server/front.ts). Spec section 6 wants the invalid session to leave for the sign-in;
 * issue 11 wants it not to happen without a word.
 */

/** The message, as the issue gives it. */
export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录';
/** Long enough to read the message. */
export const SESSION_EXPIRED_DELAY_MS = 2500;

export function announceSessionExpired(doc: Document = document, delayMs = SESSION_EXPIRED_DELAY_MS): void {
  if (doc.querySelector('[data-session-expired]')) return;
  const notice = doc.createElement('div');
  notice.dataset.sessionExpired = '';
  notice.className = 'cl-session-expired';
  notice.setAttribute('role', 'alert');
  notice.textContent = SESSION_EXPIRED_MESSAGE;
  doc.body.append(notice);
  const { location } = doc.defaultView ?? window;
  setTimeout(() => location.assign(`${location.pathname}${location.search}`), delayMs);
}
