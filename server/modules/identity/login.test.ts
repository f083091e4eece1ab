/**
 * The lockout and the SMS resend window count atomically (issue 11, finding 5): of many parallel wrong
 * passwords for one account, or from one address, at most LOCKOUT_FAILURES are checked and the rest are
 * refused unchecked; of parallel code requests for one phone, one code is sent.
 * Runs on PGlite and, in the postgres project, with real parallel connections.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsOutbox } from '@server/db/schema';
import { md5Hex } from '@shared/auth/md5';
import { DEMO_PASSWORD, signedInTestApp } from './test-support';
import { checkPassword, LOCKOUT_FAILURES } from './login';
import { sendPhoneCode } from './sms/service';

const env = signedInTestApp({ accounts: [] });

async function outcomes(tries: (() => Promise<unknown>)[]) {
  const settled = await Promise.allSettled(tries.map((attempt) => attempt()));
  return settled.map((result) =>
    result.status === 'fulfilled' ? 200 : (result.reason as { status?: number }).status,
  );
}

describe('parallel wrong passwords', () => {
  it('check at most five for one account', async () => {
    const wrong = md5Hex('Wrong-Password1');
    const statuses = await outcomes(
      Array.from(
        { length: 30 },
        (_, i) => () => checkPassword(env.ctx, 'district01', wrong, `10.9.0.${i + 1}`),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOCKOUT_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOCKOUT_FAILURES);
    // Locked: the right password is refused too until the window has passed.
    await expect(
      checkPassword(env.ctx, 'district01', md5Hex(DEMO_PASSWORD), '10.9.1.1'),
    ).rejects.toMatchObject({
      status: 429,
    });
  });

  it('check at most five from one address', async () => {
    const wrong = md5Hex('Wrong-Password1');
    const statuses = await outcomes(
      Array.from({ length: 20 }, (_, i) => () => checkPassword(env.ctx, `nobody${i}`, wrong, '10.9.2.2')),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOCKOUT_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LOCKOUT_FAILURES);
  });

  it('a success counts as one and opens the account', async () => {
    expect(await checkPassword(env.ctx, 'share01', md5Hex(DEMO_PASSWORD), '10.9.3.3')).toBeGreaterThan(0);
  });
});

describe('parallel code requests (issue 11, finding 5)', () => {
  it('send one code for a phone within its resend window', async () => {
    const phone = '13912345678';
    const statuses = await outcomes(
      Array.from({ length: 10 }, (_, i) => () => sendPhoneCode(env.ctx, phone, `10.9.4.${i + 1}`)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const sent = await env.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userphone, phone));
    expect(sent).toHaveLength(1);
  });
});
