/** The SMS codes with which each party confirms a contract (contract/sendConfirmCode). */
import type { AppContext } from '@server/app-context';
import { checkPhoneCode, sendPhoneCode, type SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m } from '@shared/validation/contract-filing';
import { findVisible } from '../service';

/** The phone of the signed-in user, masked for the answer. */
function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** The user's own phone (409 when it has none). */
function phoneOf(user: SessionUser): string {
  const phone = user.userphone?.trim();
  if (!phone) throw new AppError('conflict', { message: m.noPhone });
  return phone;
}

/** contract/sendConfirmCode: a code to the user's own phone, for a contract it is a party to. */
export async function sendConfirmCode(
  ctx: AppContext,
  user: SessionUser,
  contractId: number,
  ip: string,
): Promise<{ phone: string }> {
  await findVisible(ctx.db, user, contractId);
  const phone = phoneOf(user);
  await sendPhoneCode(ctx, phone, ip);
  return { phone: maskPhone(phone) };
}

/** Spends the SMS code the user entered (400 on the smsCode field when wrong or expired). */
export async function spendCode(ctx: AppContext, user: SessionUser, code: string): Promise<void> {
  const phone = phoneOf(user);
  try {
    await checkPhoneCode(ctx, phone, code);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, { message: error.message, field: 'smsCode' });
    throw error;
  }
}
