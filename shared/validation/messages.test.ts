import { describe, expect, it } from 'vitest';
import {
  auditOpinionAddSchema,
  auditOpinionTexts,
  messageDeleteAllSchema,
  messageQuerySchema,
  messageSendSchema,
  messageTexts,
  messageUpdateAllSchema,
} from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('message requests', () => {
  it('reads a comma list of ids, dropping blanks and repeats', () => {
    expect(messageDeleteAllSchema.parse({ ids: '3, 5,,3,8' }).ids).toEqual([3, 5, 8]);
  });

  it("says '请选择要批量…的行~' when nothing was selected", () => {
    expect(firstMessage(messageUpdateAllSchema.safeParse({ ids: '' }))).toBe(messageTexts.selectToMark);
    expect(firstMessage(messageDeleteAllSchema.safeParse({}))).toBe(messageTexts.selectToDelete);
    expect(firstMessage(messageDeleteAllSchema.safeParse({ ids: '1,0' }))).toBe(messageTexts.idInvalid);
  });

  it('pages from 1 with 10 rows by default and reads hasRead as a boolean', () => {
    expect(messageQuerySchema.parse({})).toEqual({ pageIndex: 1, pageSize: 10, hasRead: undefined });
    expect(messageQuerySchema.parse({ hasRead: 'false' }).hasRead).toBe(false);
    expect(messageQuerySchema.parse({ hasRead: '1' }).hasRead).toBe(true);
  });

  it('sends to exactly one of a user and a role', () => {
    expect(messageSendSchema.parse({ content: ' 你好 ', userId: '7' })).toEqual({
      content: '你好',
      toUserId: 7,
    });
    expect(messageSendSchema.parse({ content: '你好', roleId: 'r', userId: '' })).toEqual({
      content: '你好',
      toRoleId: 'r',
    });
    expect(firstMessage(messageSendSchema.safeParse({ content: 'x', userId: '7', roleId: 'r' }))).toBe(
      messageTexts.recipientRequired,
    );
  });
});

describe('audit-opinion requests', () => {
  it('needs content of at most 500 characters', () => {
    expect(firstMessage(auditOpinionAddSchema.safeParse({ content: ' ' }))).toBe(
      auditOpinionTexts.contentRequired,
    );
    expect(firstMessage(auditOpinionAddSchema.safeParse({ content: '字'.repeat(501) }))).toBe(
      auditOpinionTexts.contentTooLong,
    );
  });
});
