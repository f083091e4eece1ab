import { describe, expect, it } from 'vitest';
import { noticeInputSchema, noticeMessages, noticeUpdateSchema } from './notices';

const valid = { noticeTitle: '关于系统升级的通知', noticeType: '0', noticeContent: '<p>内容</p>' };

function firstIssue(input: Record<string, unknown>) {
  const result = noticeInputSchema.safeParse(input);
  return result.success
    ? null
    : { field: result.error.issues[0]?.path[0], message: result.error.issues[0]?.message };
}

describe('noticeInputSchema', () => {
  it('accepts a form post and fills the defaults', () => {
    expect(noticeInputSchema.parse({ ...valid, attachmentIds: '' })).toEqual({
      noticeTitle: '关于系统升级的通知',
      noticeType: 0,
      noticeContent: '<p>内容</p>',
      state: 0,
      attachmentIds: undefined,
    });
  });

  it('gives each rule its message', () => {
    expect(firstIssue({ ...valid, noticeTitle: ' ' })).toEqual({
      field: 'noticeTitle',
      message: noticeMessages.titleRequired,
    });
    expect(firstIssue({ ...valid, noticeTitle: '字'.repeat(101) })?.message).toBe('公告标题不能超过100个字');
    expect(firstIssue({ ...valid, noticeType: '7' })).toEqual({
      field: 'noticeType',
      message: '请选择公告类型',
    });
    expect(firstIssue({ ...valid, noticeContent: '<p>&nbsp; </p>' })).toEqual({
      field: 'noticeContent',
      message: '请输入公告内容',
    });
    expect(firstIssue({ ...valid, state: '5' })?.message).toBe('公告状态不正确');
    expect(firstIssue({ ...valid, attachmentIds: 'not-a-uuid' })?.message).toBe('附件编号不正确');
  });

  it('counts an image alone as content and splits attachment ids', () => {
    const id = '0b5c3c1e-3f2a-4d7e-9a1b-2c3d4e5f6a7b';
    const parsed = noticeInputSchema.parse({
      ...valid,
      noticeContent: '<p><img src="/x"></p>',
      attachmentIds: `${id}, ${id}`,
    });
    expect(parsed.attachmentIds).toEqual([id, id]);
  });

  it('needs the notice id to update', () => {
    expect(noticeUpdateSchema.safeParse(valid).success).toBe(false);
    expect(noticeUpdateSchema.parse({ ...valid, pkid: '12' }).pkid).toBe(12);
  });
});
