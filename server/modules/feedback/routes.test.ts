/**
 * /smsend/feedback/*: a signed-in user and an anonymous visitor (captcha, contact, lookup code) send
 * feedback; validation answers 400 in Chinese and stores nothing; a user sees only their own; only
 * the administrator replies and closes; the reply reaches a signed-in sender as a message and an
 * anonymous one through the lookup code.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, files, messages, smsOutbox, users } from '@server/db/schema';
import { submitFeedback } from './service';
import { createBrowser, signedInTestApp, TEST_CAPTCHA } from '@server/modules/identity/test-support';
import { createApp } from '@server/app';

const env = signedInTestApp({ accounts: ['admin', 'owner01', 'agency01'] });
const ADD = '/smsend/feedback/add';
type Answer<T = unknown> = { code: number; message: string; data: T; object: T; rows: T };
const json = async <T>(response: Response) => (await response.json()) as Answer<T>;
const base = { category: 'suggestion', title: '希望增加导出功能', content: '项目列表希望能导出为表格。' };

async function countFiles() {
  return (await env.ctx.db.select({ id: files.id }).from(files)).length;
}

async function countFeedback() {
  return (await env.ctx.db.select({ pkid: feedback.pkid }).from(feedback)).length;
}

async function send(who: string, fields: Record<string, string> = {}, files?: Record<string, File>) {
  const response = await env.postMultipart(who, ADD, { ...base, ...fields }, files);
  expect(response.status).toBe(200);
  return (await json<{ pkid: number; lookupCode: string | null }>(response)).data;
}

describe('submitting', () => {
  it('refuses bad input with Chinese messages and stores nothing', async () => {
    const before = await countFeedback();
    for (const [fields, message] of [
      [{ category: 'x' }, '请选择反馈类别'],
      [{ title: ' ' }, '请填写标题（不超过 50 个字）'],
      [{ content: '长'.repeat(2001) }, '请填写反馈内容（不超过 2000 个字）'],
      [{ contact: '12345' }, '请填写正确的手机号或邮箱，以便接收回复'],
    ] as const) {
      const response = await env.postMultipart('owner01', ADD, { ...base, ...fields });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    const badFile = await env.postMultipart('owner01', ADD, base, {
      file: new File(['MZ'], '说明.exe'),
    });
    expect(badFile.status).toBe(400);
    expect((await json(badFile)).message).toContain('当前支持的文件格式为');
    expect(await countFeedback()).toBe(before);
  });

  it('takes a signed-in user’s feedback with an attachment, without captcha or contact', async () => {
    const { pkid, lookupCode } = await send(
      'owner01',
      {},
      { file: new File(['%PDF-1.4 x'], '截图说明.pdf') },
    );
    expect(lookupCode).toBeNull();
    const detail = await json<{ attachment: { fileName: string } | null; senderName: string }>(
      await env.as('owner01').fetch(`/smsend/feedback/get?pkid=${pkid}`),
    );
    expect(detail.object.attachment?.fileName).toBe('截图说明.pdf');
    const file = await env.as('owner01').fetch(`/smsend/feedback/attachment?pkid=${pkid}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 x');
    // Not the agency's: as if it did not exist.
    expect((await env.as('agency01').fetch(`/smsend/feedback/attachment?pkid=${pkid}`)).status).toBe(404);
  });

  it('removes the stored attachment again when the feedback cannot be saved', async () => {
    const keys = async () => {
      const found: string[] = [];
      for await (const object of env.ctx.storage.list()) found.push(object.key);
      return found.sort();
    };
    const [storedBefore, rowsBefore, feedbackBefore] = [
      await keys(),
      await countFiles(),
      await countFeedback(),
    ];
    // A category the database refuses (its check), past the call's schema: the insert fails after
    // the attachment was stored.
    const [owner] = await env.ctx.db
      .select({ pkid: users.pkid })
      .from(users)
      .where(eq(users.loginname, 'owner01'));
    await expect(
      submitFeedback(
        env.ctx,
        owner as never,
        {
          ...base,
          category: 'no-such-category',
          file: new File(['%PDF-1.4 y'], '说明.pdf'),
        } as never,
      ),
    ).rejects.toThrow(/feedback_category_check|Failed query/);
    expect(await keys()).toEqual(storedBefore);
    expect(await countFiles()).toBe(rowsBefore);
    expect(await countFeedback()).toBe(feedbackBefore);
  });

  it('asks an anonymous visitor for the captcha and a contact, then gives a lookup code once', async () => {
    const visitor = createBrowser(createApp(env.ctx));
    const post = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...base, ...fields })) body.set(key, value);
      return visitor.fetch(ADD, { method: 'POST', body });
    };
    const before = await countFeedback();
    const noCaptcha = await post({ contact: '13800000000' });
    expect(noCaptcha.status).toBe(400);
    expect((await json(noCaptcha)).message).toBe('请先输入正确的验证码');
    await visitor.fetch('/cas/captcha/captcha.do');
    const wrong = await post({ contact: '13800000000', captcha: 'zzzz' });
    expect((await json(wrong)).message).toBe('验证码错误，请重新输入');
    const noContact = await post({ captcha: TEST_CAPTCHA });
    expect(noContact.status).toBe(400);
    expect((await json(noContact)).message).toBe('请填写正确的手机号或邮箱，以便接收回复');
    expect(await countFeedback()).toBe(before);

    await visitor.fetch('/cas/captcha/captcha.do');
    const ok = await post({ contact: 'visitor@example.com', captcha: TEST_CAPTCHA, category: 'consult' });
    expect(ok.status).toBe(200);
    const { pkid, lookupCode } = (await json<{ pkid: number; lookupCode: string }>(ok)).data;
    expect(lookupCode).toMatch(/^[A-Z0-9]{12}$/);
    const [row] = await env.ctx.db.select().from(feedback).where(eq(feedback.pkid, pkid));
    expect(row?.userId).toBeNull();
    expect(row?.lookupHash).not.toContain(lookupCode);
    // The captcha is spent: a second submission needs a new one.
    expect((await post({ contact: 'visitor@example.com', captcha: TEST_CAPTCHA })).status).toBe(400);

    // Admin replies; the visitor reads it with the code (lower case works too), not the contact.
    const replied = await env.postForm('admin', '/smsend/feedback/reply', {
      pkid: String(pkid),
      reply: '已收到。',
    });
    expect(replied.status).toBe(200);
    const lookup = await json<{ reply: string; state: string; contact: string | null }>(
      await visitor.fetch('/smsend/feedback/lookup', {
        method: 'POST',
        body: new URLSearchParams({ code: lookupCode.toLowerCase() }),
      }),
    );
    expect(lookup.object).toMatchObject({ reply: '已收到。', state: 'replied', contact: null });
    const unknown = await visitor.fetch('/smsend/feedback/lookup', {
      method: 'POST',
      body: new URLSearchParams({ code: 'ABCDEFGHJKLM' }),
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe('查询码不正确，没有找到对应的反馈');
  });
});

describe('the reply reaching an anonymous sender', () => {
  it('is announced by SMS to a mobile number left as the contact, without the lookup code', async () => {
    const phone = '13912345678';
    const sentTo = () => env.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userphone, phone));
    const { pkid, lookupCode } = await submitFeedback(env.ctx, null, {
      ...base,
      title: '短信通知测试',
      contact: phone,
    } as never);
    expect(await sentTo()).toEqual([]);
    const replied = await env.postForm('admin', '/smsend/feedback/reply', {
      pkid: String(pkid),
      reply: '已处理。',
    });
    expect(replied.status).toBe(200);
    const sent = await sentTo();
    expect(sent.map((row) => row.content)).toEqual([
      '【多测合一】您在办事大厅提交的意见反馈“短信通知测试”已回复，请凭提交时获得的查询码在办事大厅“意见反馈”页查看。',
    ]);
    expect(sent[0]!.content).not.toContain(lookupCode!);
  });
});

describe('who sees and handles what', () => {
  it('lists a user’s own feedback only, all for the administrator, filtered by state and category', async () => {
    const mine = await send('agency01', { category: 'fault', title: '地图加载慢' });
    const list = async (who: string, query = '') =>
      (
        await json<{ pkid: number; category: string; state: string }[]>(
          await env.as(who).fetch(`/smsend/feedback/query?rows=100${query}`),
        )
      ).rows;
    expect((await list('owner01')).map((row) => row.pkid)).not.toContain(mine.pkid);
    expect((await list('agency01')).map((row) => row.pkid)).toContain(mine.pkid);
    expect((await list('admin')).map((row) => row.pkid)).toContain(mine.pkid);
    const faults = await list('admin', '&category=fault&state=open');
    expect(faults.map((row) => row.pkid)).toContain(mine.pkid);
    expect(faults.every((row) => row.category === 'fault' && row.state === 'open')).toBe(true);
    expect((await list('admin', '&state=closed')).map((row) => row.pkid)).not.toContain(mine.pkid);
    const bad = await env.as('admin').fetch('/smsend/feedback/query?state=gone');
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('反馈状态不正确');
    expect((await env.as('owner01').fetch(`/smsend/feedback/get?pkid=${mine.pkid}`)).status).toBe(404);
  });

  it('lets only the administrator reply and close; the sender gets a message; closed takes no reply', async () => {
    const { pkid } = await send('owner01', { title: '关于收费标准' });
    const reply = (who: string, text = '按最新文件执行。') =>
      env.postForm(who, '/smsend/feedback/reply', { pkid: String(pkid), reply: text });
    expect((await reply('owner01')).status).toBe(403);
    expect((await env.postForm('agency01', '/smsend/feedback/close', { pkid: String(pkid) })).status).toBe(
      403,
    );
    const empty = await reply('admin', ' ');
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe('请填写回复内容（不超过 2000 个字）');

    expect((await reply('admin')).status).toBe(200);
    const [owner] = await env.ctx.db
      .select({ pkid: users.pkid })
      .from(users)
      .where(eq(users.loginname, 'owner01'));
    const sent = await env.ctx.db
      .select({ content: messages.messageContent, link: messages.link })
      .from(messages)
      .where(and(eq(messages.userId, owner!.pkid)));
    expect(sent).toContainEqual({
      content: '您的意见反馈“关于收费标准”已回复：按最新文件执行。',
      link: '/feedback/feedbackList',
    });

    const closed = await env.postForm('admin', '/smsend/feedback/close', { pkid: String(pkid) });
    expect((await json<{ state: string }>(closed)).data.state).toBe('closed');
    const again = await reply('admin', '补充');
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('该反馈已关闭，不能再回复');
    const twice = await env.postForm('admin', '/smsend/feedback/close', { pkid: String(pkid) });
    expect(twice.status).toBe(409);
  });
});
