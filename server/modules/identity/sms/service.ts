/**
 * Phone verification codes (spec sections 4, 5, 9): 6 digits, resend refused for 60 s per phone, a
 * daily cap per phone (SMS_DAILY_LIMIT), an hourly cap per client address, valid 10 minutes, one use,
 * 5 wrong tries.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { smsCodes, smsOutbox } from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import { identityMessages, PHONE_CODE_LENGTH } from '@shared/validation/identity';
import { nowOf } from '../options';
import { sendTextMessage } from './provider';

export const RESEND_AFTER_MS = 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_FAILURES = 5;

/** Codes one client address may request per hour, over all numbers (no SMS flooding from one place). */
export const ADDRESS_HOURLY_LIMIT = 20;

/**
 * What an answer says once a code was sent: in demo mode also where the code can be read (the
 * administrator's SMS outbox), since no real text message leaves the demo; production unchanged.
 */
export function phoneCodeSentText(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.mode === 'demo'
    ? `${identityMessages.phoneCodeSent}。${identityMessages.phoneCodeDemoOutbox}`
    : identityMessages.phoneCodeSent;
}

export async function sendPhoneCode(ctx: AppContext, userphone: string, ip: string): Promise<void> {
  const now = nowOf(ctx);
  const code = String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  // The limits are checked and the code is recorded in one step per phone and per address: two parallel
  // requests cannot both pass the resend window (issue 11, finding 5).
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${userphone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ip}`}))`);
    await checkSendingLimits(tx, ctx.config.smsDailyLimit, userphone, ip, now);
    await tx
      .insert(smsCodes)
      .values({ userphone, code, ip, createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
  });
  await sendTextMessage(ctx, {
    userphone,
    code,
    content: `【多测合一】您的验证码为${code}，10分钟内有效，请勿泄露给他人。`,
  });
}

async function checkSendingLimits(
  db: Queryable,
  dailyLimit: number,
  userphone: string,
  ip: string,
  now: Date,
): Promise<void> {
  const [fromAddress] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now.getTime() - 60 * 60 * 1000))));
  if ((fromAddress?.n ?? 0) >= ADDRESS_HOURLY_LIMIT) {
    throw new AppError('rate_limited', { message: identityMessages.phoneCodeAddressLimit });
  }
  const [latest] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.userphone, userphone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_AFTER_MS) {
    throw new AppError('rate_limited', { message: identityMessages.phoneCodeTooSoon, field: 'userphone' });
  }
  const [today] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.userphone, userphone), gt(smsCodes.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((today?.n ?? 0) >= dailyLimit) {
    throw new AppError('rate_limited', { message: identityMessages.phoneCodeDailyLimit, field: 'userphone' });
  }
}

/** Spends the phone's latest code when `code` matches it; otherwise a 400 on the phoneverify field. */
export async function checkPhoneCode(ctx: AppContext, userphone: string, code: string): Promise<void> {
  const now = nowOf(ctx);
  const [latest] = await ctx.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.userphone, userphone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const wrong = new AppError('invalid_input', {
    message: identityMessages.phoneCodeWrong,
    field: 'phoneverify',
  });
  if (!latest || latest.usedAt || latest.expiresAt <= now || latest.failures >= MAX_FAILURES) throw wrong;
  if (latest.code !== code.trim()) {
    await ctx.db
      .update(smsCodes)
      .set({ failures: latest.failures + 1 })
      .where(eq(smsCodes.id, latest.id));
    throw wrong;
  }
  const [spent] = await ctx.db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!spent) throw wrong;
}

/** The outbox, newest first (administrators; e2e reads registration codes here). */
export async function listOutbox(ctx: AppContext, userphone: string | undefined, limit = 20) {
  return ctx.db
    .select({
      id: smsOutbox.id,
      userphone: smsOutbox.userphone,
      content: smsOutbox.content,
      code: smsOutbox.code,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .where(userphone ? eq(smsOutbox.userphone, userphone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
