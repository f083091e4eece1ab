/**
 * The user-service calls of the register tab (spec section 7, /uc): username check, phone code and
 * registration. Failures are AppErrors with the server's message, which the form warns as is.
 */
import { callApi, callApiWithMessage } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { userCalls } from '@shared/calls/identity';
import { AppError } from '@shared/errors/app-error';
import { toRegisterRequest, type RegisterForm } from '@shared/validation/identity';

/**
 * `GET {uc}/user/isrepeat.json?username=`: true when the account is taken. The answer's `data` (or
 * `object`) is true for a taken name; a 409 conflict means the same.
 */
export async function isUsernameTaken(api: ApiClient, loginname: string): Promise<boolean> {
  try {
    return (await callApi(api, userCalls.isLoginnameTaken, { username: loginname })) === true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return true;
    throw error;
  }
}

/** `GET {uc}/sendShortMessage?userphone=`: sends a 6-character code to the phone. */
/** Sends the code; resolves with the server's words (in demo mode: where the code can be read). */
export async function sendPhoneCode(api: ApiClient, userphone: string): Promise<string> {
  return (await callApiWithMessage(api, userCalls.sendPhoneCode, { userphone })).message;
}

/** `POST {uc}/user.json` with the new user as a form; the password itself, which the server checks against the strength rule. */
export async function register(api: ApiClient, form: RegisterForm): Promise<void> {
  await callApi(api, userCalls.register, toRegisterRequest(form));
}
