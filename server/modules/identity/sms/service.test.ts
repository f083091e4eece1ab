/**
 * The rules of a phone confirmation code (contract confirmation, registration), each guarded on its
 * own (issue 21, "rules that no test guards"): a code is good once, for 10 minutes, and not after
 * 5 wrong tries. The numbers are written here, not read from the code under test.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '@server/db/schema';
import { createIdentityTestContext } from '../test-support';
import { checkPhoneCode, sendPhoneCode } from './service';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;

beforeAll(async () => {
  env = await createIdentityTestContext();
});
afterAll(() => env.ctx.dispose());

const MINUTE = 60 * 1000;
let sequence = 0;

/** Sends a code to a fresh number and answers the number and the code. */
async function freshCode(): Promise<{ phone: string; code: string }> {
  sequence += 1;
  const phone = `1370000${String(sequence).padStart(4, '0')}`;
  await sendPhoneCode(env.ctx, phone, `198.51.100.${sequence}`);
  const [row] = await env.ctx.db
    .select({ code: smsCodes.code })
    .from(smsCodes)
    .where(eq(smsCodes.userphone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return { phone, code: row!.code };
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function refusal(phone: string, code: string): Promise<string | null> {
  try {
    await checkPhoneCode(env.ctx, phone, code);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a phone confirmation code', () => {
  it('is accepted once, and refused the second time', async () => {
    const { phone, code } = await freshCode();
    expect(await refusal(phone, code)).toBeNull();
    expect(await refusal(phone, code)).toBe('手机验证码错误或已过期，请重新获取');
  });

  it('is accepted just before 10 minutes and refused after them', async () => {
    const early = await freshCode();
    env.clock.advance(10 * MINUTE - 1000);
    expect(await refusal(early.phone, early.code)).toBeNull();

    const late = await freshCode();
    env.clock.advance(10 * MINUTE + 1000);
    expect(await refusal(late.phone, late.code)).toBe('手机验证码错误或已过期，请重新获取');
  });

  it('takes the right code after 4 wrong tries, and not after 5', async () => {
    const four = await freshCode();
    for (let n = 0; n < 4; n++) expect(await refusal(four.phone, otherThan(four.code))).not.toBeNull();
    expect(await refusal(four.phone, four.code)).toBeNull();

    const five = await freshCode();
    for (let n = 0; n < 5; n++) expect(await refusal(five.phone, otherThan(five.code))).not.toBeNull();
    expect(await refusal(five.phone, five.code)).toBe('手机验证码错误或已过期，请重新获取');
  });
});
