/**
 * Password sign-on with the brute-force rule of issue 3: after 5 wrong passwords for one account (since
 * its last success) or from one address within 15 minutes, attempts are refused until the window has
 * passed. A refused attempt does not check the password at all.
 */
import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { loginAttempts, users } from '@server/db/schema';
import { verifyPassword } from '@server/lib/password';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import { identityMessages } from '@shared/validation/identity';
import { nowOf } from './options';

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_FAILURES = 5;

/** A valid scrypt value nobody's password matches: unknown accounts cost the same time as known ones. */
const DECOY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

async function failuresSince(db: Queryable, column: 'loginname' | 'ip', value: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(column === 'ip' ? loginAttempts.ip : loginAttempts.loginname, value),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, since),
      ),
    );
  return row?.n ?? 0;
}

async function isLockedOut(db: Queryable, loginname: string, ip: string, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  if ((await failuresSince(db, 'ip', ip, windowStart)) >= LOCKOUT_FAILURES) return true;
  const [success] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.loginname, loginname), eq(loginAttempts.succeeded, true)));
  const since = success?.at && success.at > windowStart ? success.at : windowStart;
  return (await failuresSince(db, 'loginname', loginname, since)) >= LOCKOUT_FAILURES;
}

/**
 * The user id for a login name and the md5 hex of a password. Throws 429 while locked out, 401 for
 * wrong credentials (spec section 8's text), for a disabled account and for the guest.
 */
export async function checkPassword(
  ctx: AppContext,
  loginname: string,
  passwordMd5: string,
  ip: string,
): Promise<number> {
  const now = nowOf(ctx);
  // Check the lockout and take an attempt in one step per account and address, counted before the
  // password is verified: of 30 parallel tries, 5 are checked and the rest refused (issue 11, finding 5).
  const attemptId = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${loginname}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    if (await isLockedOut(tx, loginname, ip, now)) {
      throw new AppError('rate_limited', { message: identityMessages.loginLocked });
    }
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ loginname, ip, succeeded: false, at: now })
      .returning({ id: loginAttempts.id });
    return attempt?.id;
  });
  const [user] = await ctx.db
    .select({ pkid: users.pkid, loginpwd: users.loginpwd, userstate: users.userstate })
    .from(users)
    .where(eq(users.loginname, loginname))
    .limit(1);
  const matches = await verifyPassword(passwordMd5, user?.loginpwd ?? DECOY_HASH);
  const succeeded = Boolean(user && matches && user.userstate === 1 && user.pkid !== GUEST_USER_ID);
  if (!succeeded || !user) throw new AppError('unauthenticated', { message: identityMessages.loginFailed });
  if (attemptId !== undefined)
    await ctx.db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.pkid, user.pkid));
  // Attempts matter for 15 minutes; a day's worth is kept for the operators, older ones go.
  await ctx.db
    .delete(loginAttempts)
    .where(lt(loginAttempts.at, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  return user.pkid;
}
