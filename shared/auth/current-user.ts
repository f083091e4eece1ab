/**
 * `GET {uc}/user/current.json` through its contract. The guest (pkid 21) counts as signed out (spec
 * section 4): the client's invalid-session hook runs and the call fails with `unauthenticated`.
 */
import { callApi } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { userCalls } from '@shared/calls/identity';
import { AppError } from '@shared/errors/app-error';
import { isGuest, type CurrentUser } from './user';

export async function loadCurrentUser(api: ApiClient): Promise<CurrentUser> {
  const user = await callApi(api, userCalls.current, {});
  if (!user || isGuest(user)) {
    api.reportInvalidSession();
    throw new AppError('unauthenticated', { message: '请先登录' });
  }
  return user;
}
