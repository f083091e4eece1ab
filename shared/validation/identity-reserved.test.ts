import { describe, expect, it } from 'vitest';
import { identityMessages, registerRequestSchema, userUpdateRequestSchema } from './identity';

const valid = {
  loginname: 'newagency',
  loginpwd: 'Survey2026', // the password itself (finding 9): the server checks its rule
  username: '云州市新测绘有限公司',
  userphone: '13900000000',
  phoneverify: '123456',
  usertype: '1',
};

const messageOf = (input: Record<string, unknown>) =>
  registerRequestSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message;

describe('registration refuses reserved and oversized names (issue 11, finding 9)', () => {
  it.each(['admin', 'Administrator', 'ROOT', 'system', ' Admin '])('account %j', (loginname) => {
    expect(messageOf({ loginname })).toBe(identityMessages.accountReserved);
  });

  it.each(['系统管理员', '管理员', '云州 管理员'])('display name %j', (username) => {
    expect(messageOf({ username })).toBe(identityMessages.displayNameReserved);
  });

  it('bounds the account and the name', () => {
    expect(messageOf({ loginname: 'a'.repeat(31) })).toBe(identityMessages.accountTooLong);
    expect(messageOf({ username: '测'.repeat(101) })).toBe(identityMessages.displayNameTooLong);
    expect(registerRequestSchema.safeParse(valid).success).toBe(true);
    expect(userUpdateRequestSchema.safeParse({ username: '名'.repeat(1_000_000) }).success).toBe(false);
  });
});
