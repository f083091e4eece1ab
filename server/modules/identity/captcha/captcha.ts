/**
 * The image captcha (spec sections 4-5): 4 characters bound to the caller's browser session, valid
 * for 5 minutes. A correct verification (verifyq.do) allows one sign-on attempt within 5 minutes.
 * CAPTCHA_TEST_CODE fixes the code for tests and demos (refused in production by the config).
 */
import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '@server/app-context';
import { AppError } from '@shared/errors/app-error';
import { CAPTCHA_LENGTH, identityMessages } from '@shared/validation/identity';
import { nowOf } from '../options';
import { findSession, updateSession, type SessionRow } from '../sessions';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Wrong guesses allowed on one image before a new one is needed. */
const MAX_FAILURES = 5;
/** Letters and digits that cannot be confused with each other (no 0/O/o, 1/l/I/i). */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

const renderText = svgCaptcha as unknown as (text: string, options?: svgCaptcha.ConfigObject) => string;

export function newCaptchaCode(ctx: AppContext): string {
  if (ctx.config.captchaTestCode) return ctx.config.captchaTestCode;
  return Array.from({ length: CAPTCHA_LENGTH }, () => CHARS[randomInt(CHARS.length)]).join('');
}

/** Stores a new code on the session and answers its image (SVG). */
export async function issueCaptcha(ctx: AppContext, session: SessionRow): Promise<string> {
  const code = newCaptchaCode(ctx);
  await updateSession(ctx, session.idHash, {
    captchaCode: code.toLowerCase(),
    captchaIssuedAt: nowOf(ctx),
    captchaFailures: 0,
    captchaVerifiedAt: null,
  });
  return renderText(code, { width: 100, height: 38, fontSize: 40, noise: 2, background: '#f4f6f8' });
}

function isCodeLive(ctx: AppContext, session: SessionRow): boolean {
  return (
    session.captchaCode !== null &&
    session.captchaIssuedAt !== null &&
    nowOf(ctx).getTime() - session.captchaIssuedAt.getTime() <= CAPTCHA_TTL_MS &&
    session.captchaFailures < MAX_FAILURES
  );
}

/**
 * Checks a typed code against the session's image. Right: the session may sign on once within
 * 5 minutes. Wrong: a 400 with the text the dialog warns with.
 */
export async function verifyCaptcha(
  ctx: AppContext,
  session: SessionRow | null,
  code: string,
): Promise<void> {
  if (!session || !isCodeLive(ctx, session)) {
    throw new AppError('invalid_input', { message: identityMessages.captchaExpired, field: 'captcha' });
  }
  if (session.captchaCode !== code.trim().toLowerCase()) {
    await updateSession(ctx, session.idHash, { captchaFailures: session.captchaFailures + 1 });
    throw new AppError('invalid_input', { message: identityMessages.captchaWrong, field: 'captcha' });
  }
  await updateSession(ctx, session.idHash, { captchaCode: null, captchaVerifiedAt: nowOf(ctx) });
}

/**
 * Spends the session's captcha for one sign-on attempt: a verification of the last 5 minutes, or the
 * code sent along with the attempt. Throws when neither holds.
 */
export async function consumeCaptcha(
  ctx: AppContext,
  session: SessionRow | null,
  code: string | undefined,
): Promise<void> {
  const now = nowOf(ctx);
  if (session?.captchaVerifiedAt && now.getTime() - session.captchaVerifiedAt.getTime() <= CAPTCHA_TTL_MS) {
    await updateSession(ctx, session.idHash, { captchaVerifiedAt: null });
    return;
  }
  if (code) {
    await verifyCaptcha(ctx, session, code);
    if (session) await updateSession(ctx, session.idHash, { captchaVerifiedAt: null });
    return;
  }
  throw new AppError('invalid_input', { message: identityMessages.captchaNotVerified, field: 'captcha' });
}

/**
 * The captcha of a public form other than the sign-on (the hall's anonymous feedback, issue 24): the
 * browser's session must hold a live image and `code` must match it (or have just been verified).
 */
export async function consumeFormCaptcha(
  ctx: AppContext,
  sessionToken: string | undefined,
  code: string | undefined,
): Promise<void> {
  await consumeCaptcha(ctx, await findSession(ctx, sessionToken), code);
}
