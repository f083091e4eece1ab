/**
 * The browser's single sign-on sequence (spec section 7), as the login dialog runs it:
 *
 * 1. `POST {cas}/rest/tickets` (form username, md5 password, captcha) → 201 and an HTML page whose
 *    form action ends with `/rest/tickets/TGT-…`; the ticket-granting ticket is scraped from it.
 * 2. For every configured base: `POST {cas}/rest/tickets/{TGT}` (form service = `{base}/service`) →
 *    the service ticket `ST-…` as text, then `GET {base}/service?ticket=ST-…`, which opens the session
 *    on that base.
 *
 * The ticket calls go through callRaw (their contracts, without envelope handling): the answers are
 * text and HTML, and a wrong password (401) must not trigger the client's invalid-session hook (which
 * reloads the page).
 */
import { callApiWithMessage, callRaw } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { casCalls, serviceBaseNames, serviceCalls, type ServiceBaseName } from '@shared/calls/identity';
import { AppError, codeForStatus } from '@shared/errors/app-error';
import { identityMessages } from '@shared/validation/identity-messages';
import { md5Hex } from './md5';

export interface SignOnCredentials {
  username: string;
  /** As typed; it is sent as its md5 hex. */
  password: string;
  /** The 4 characters of the image captcha (already verified by this browser session, or checked now). */
  captcha?: string;
}

export interface SignOnOptions {
  /** The bases to open a session on; default every base but `cas`. */
  bases?: readonly ServiceBaseName[];
}

export interface SignOnResult {
  /** The ticket-granting ticket (also kept by the server in an HttpOnly cookie under {cas}). */
  tgt: string;
}

/** Bases that have a `service` endpoint: every base but the sign-on server itself. */
export { serviceBaseNames };

const TGT_IN_HTML = /\/rest\/tickets\/(TGT-[A-Za-z0-9-]+)/;
const SERVICE_TICKET = /^ST-[A-Za-z0-9-]+$/;

async function failure(response: Response, fallback: string): Promise<AppError> {
  let message = fallback;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) message = body.message;
  } catch {
    // Not JSON (a foreign CAS answers HTML): keep the fallback text.
  }
  return new AppError(codeForStatus(response.status), { message, status: response.status });
}

/** The service URL a base's session is opened with (`{base}/service`). */
export function serviceUrl(client: ApiClient, base: ServiceBaseName): string {
  return client.url(base, serviceCalls[base].path);
}

/**
 * Signs on and opens a session on every base. Failures are AppErrors carrying the server's message:
 * wrong credentials give '登录失败，用户名或者密码错误，请重试！' (spec section 8).
 */
export async function signOn(
  client: ApiClient,
  credentials: SignOnCredentials,
  options: SignOnOptions = {},
): Promise<SignOnResult> {
  const granting = await callRaw(client, casCalls.signOn, {
    username: credentials.username.trim(),
    password: md5Hex(credentials.password),
    captcha: credentials.captcha,
  });
  if (granting.status !== 201 && granting.status !== 200) {
    throw await failure(granting, identityMessages.loginFailed);
  }
  const tgt = TGT_IN_HTML.exec(await granting.text())?.[1];
  if (!tgt) throw new AppError('internal', { message: identityMessages.loginFailed });

  for (const base of options.bases ?? serviceBaseNames) {
    const issued = await callRaw(client, casCalls.serviceTicket, { tgt, service: serviceUrl(client, base) });
    if (!issued.ok) throw await failure(issued, identityMessages.loginFailed);
    const ticket = (await issued.text()).trim();
    if (!SERVICE_TICKET.test(ticket))
      throw new AppError('internal', { message: identityMessages.loginFailed });
    const opened = await callRaw(client, serviceCalls[base], { ticket });
    if (!opened.ok) throw await failure(opened, identityMessages.loginFailed);
  }
  return { tgt };
}

/** Ends the ticket-granting ticket and every session opened from it, on every base. Never throws. */
export async function signOut(client: ApiClient): Promise<void> {
  await callRaw(client, casCalls.logout, {}, { redirect: 'manual', timeout: 5000 }).catch(() => undefined);
}

/**
 * `POST {cas}/captcha/verifyq.do`: resolves with the server's text ('验证码正确') when the code is
 * right; otherwise rejects with an AppError whose message the UI warns with.
 */
export async function verifyCaptcha(client: ApiClient, code: string): Promise<string> {
  const { message } = await callApiWithMessage(client, casCalls.verifyCaptcha, { captcha: code });
  return message || identityMessages.captchaCorrect;
}

/** The captcha image's URL; `nonce` (e.g. Date.now()) makes the browser fetch a new one. */
export function captchaImageUrl(client: ApiClient, nonce?: number | string): string {
  return client.url(
    casCalls.captcha.base,
    casCalls.captcha.path,
    nonce === undefined ? undefined : { t: nonce },
  );
}
