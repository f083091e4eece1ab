/**
 * The notices maintainers' calls (issue 5): authorization matrix, validation messages, the sanitizer
 * on the way in and on every way out, attachment rules (a file over 50 MB refused unstored), drafts
 * hidden from the public, and the hall's notice pages dropped on every visible change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditRecords, files, notices } from '@server/db/schema';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import { demoLoginNames, signedInTestApp, type Browser } from '@server/modules/identity/test-support';

const env = signedInTestApp();
const accounts = demoLoginNames;
const managers = new Set(['admin', 'authority01']);

const { as } = env;

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields) };
}

function upload(name: string, bytes: Uint8Array | string, extra: Record<string, string> = {}): RequestInit {
  const body = new FormData();
  body.set('file', new File([bytes as BlobPart], name));
  for (const [key, value] of Object.entries(extra)) body.set(key, value);
  return { method: 'POST', body };
}

// Envelopes of several shapes; each test reads the fields it checks.
/* eslint-disable @typescript-eslint/no-explicit-any */
async function json(response: Response) {
  return (await response.json()) as {
    success: boolean;
    message: string;
    data: Record<string, any>;
    object: Record<string, any>;
    rows: any[];
    total: number;
    field?: string;
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

async function addNotice(browser: Browser, fields: Record<string, string>) {
  const response = await browser.fetch(
    '/oa/oanotices/add',
    form({ noticeType: '0', noticeContent: '<p>内容</p>', ...fields }),
  );
  return { response, body: await json(response) };
}

async function storedFileCount(): Promise<number> {
  const walk = (dir: string): number =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .reduce((n, entry) => n + (entry.isDirectory() ? walk(path.join(dir, entry.name)) : 1), 0)
      : 0;
  return walk(env.ctx.storage.root);
}

async function filesRowCount(): Promise<number> {
  const [row] = await env.ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

describe('authorization matrix', () => {
  const expected = (who: string) => (who === 'anonymous' ? 401 : managers.has(who) ? 200 : 403);

  it.each(['anonymous', ...accounts])(
    '%s: add, update, publish, withdraw, delete, media, attachments',
    async (who) => {
      const admin = as('admin');
      const own = await addNotice(admin, { noticeTitle: `矩阵-${who}` });
      expect(own.response.status).toBe(200);
      const pkid = String(own.body.data.pkid);
      const media = await admin.fetch('/oa/oanotices/media/addMedia', upload('附件.pdf', '%PDF-1.4'));
      const fileId = (await json(media)).data.fileId as string;

      const browser = as(who);
      const calls: [string, RequestInit][] = [
        ['/oa/oanotices/add', form({ noticeTitle: 'x', noticeType: '0', noticeContent: '<p>x</p>' })],
        [
          '/oa/oanotices/update',
          form({ pkid, noticeTitle: 'y', noticeType: '0', noticeContent: '<p>y</p>' }),
        ],
        ['/oa/oanotices/publish', form({ id: pkid })],
        ['/oa/oanotices/withdraw', form({ id: pkid })],
        ['/oa/oanotices/media/addMedia', upload('说明.docx', 'PK\x03\x04')],
        ['/oa/oanotices/deleteOaNoticeAttachment', form({ id: fileId })],
        ['/oa/oanotices/delete', form({ id: pkid })],
      ];
      for (const [url, init] of calls) {
        const response = await browser.fetch(url, init);
        expect(response.status, `${who} ${url}`).toBe(expected(who));
      }
    },
  );

  it('gives drafts to maintainers only; others get published notices from the public route', async () => {
    const draft = await addNotice(as('admin'), { noticeTitle: '仅草稿可见性' });
    const pkid = String(draft.body.data.pkid);
    for (const who of ['anonymous', ...accounts]) {
      const list = await json(
        await as(who).fetch('/oa/oanotices/getOaNotices', form({ state: '0', rows: '100' })),
      );
      const states = new Set(list.rows.map((row: { state: number }) => row.state));
      if (managers.has(who)) expect([...states]).toEqual([0]);
      else expect([...states]).toEqual([1]);
      const detail = await as(who).fetch(`/oa/oanotices/get?id=${pkid}`);
      expect(detail.status, who).toBe(managers.has(who) ? 200 : 404);
    }
  });
});

describe('validation', () => {
  it('answers the form messages with their fields', async () => {
    const admin = as('admin');
    const noTitle = await addNotice(admin, { noticeTitle: '  ' });
    expect(noTitle.response.status).toBe(400);
    expect(noTitle.body).toMatchObject({ message: '请输入公告标题', field: 'noticeTitle' });
    const badType = await addNotice(admin, { noticeTitle: 'a', noticeType: '9' });
    expect(badType.body).toMatchObject({ message: '请选择公告类型', field: 'noticeType' });
    const empty = await addNotice(admin, { noticeTitle: 'a', noticeContent: '<p> </p>' });
    expect(empty.body).toMatchObject({ message: '请输入公告内容', field: 'noticeContent' });
    const long = await addNotice(admin, { noticeTitle: '字'.repeat(101) });
    expect(long.body.message).toBe('公告标题不能超过100个字');
  });
});

describe('rich text', () => {
  const payload =
    '<p>正文<script>alert(1)</script><img src=x onerror=alert(1)><svg onload=alert(1)></svg>' +
    '<a href="javascript:alert(1)">链接</a><iframe src="https://evil.example"></iframe>' +
    '<span style="font-size:20px;background:url(javascript:alert(1))">二十</span>' +
    '<img src="data:image/png;base64,AAAA"><a href="https://gov.example/a" onclick="x()">外链</a></p>';

  it('stores only sanitized HTML, and the hall read and the console read give it back inert', async () => {
    const created = await addNotice(as('admin'), {
      noticeTitle: '净化测试',
      noticeContent: payload,
      state: '1',
    });
    expect(created.response.status).toBe(200);
    const pkid = created.body.data.pkid as number;
    const [row] = await env.ctx.db
      .select({ html: notices.noticeContent })
      .from(notices)
      .where(eq(notices.pkid, pkid));
    const stored = row?.html ?? '';
    for (const html of [
      stored,
      (await json(await as('anonymous').fetch(`/oa/oanotices/get?id=${pkid}`))).object.noticeContent,
      (await json(await as('admin').fetch(`/oa/oanotices/get?id=${pkid}`))).object.noticeContent,
    ]) {
      expect(html).not.toMatch(/<script|<svg|<iframe|onerror|onload|onclick|javascript:|data:|url\(/i);
      expect(html).toContain('<span style="font-size:20px">二十</span>');
      expect(html).toContain(
        '<a href="https://gov.example/a" target="_blank" rel="noopener noreferrer">外链</a>',
      );
    }
  });

  it('keeps inline images uploaded through addMedia and serves them once published', async () => {
    const admin = as('admin');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const media = await json(
      await admin.fetch('/oa/oanotices/media/addMedia', upload('示意图.png', png, { kind: 'image' })),
    );
    expect(media.data.url).toMatch(/^\/oa\/oanotices\/media\/image\?id=/);
    const draft = await addNotice(admin, {
      noticeTitle: '带图',
      noticeContent: `<p>图</p><img src="${media.data.url}">`,
    });
    expect(draft.body.data.noticeContent).toContain(`<img src="${media.data.url}" />`);
    expect((await as('anonymous').fetch(media.data.url)).status).toBe(404);
    expect((await admin.fetch(media.data.url)).status).toBe(200);
    await admin.fetch('/oa/oanotices/publish', form({ id: String(draft.body.data.pkid) }));
    const image = await as('anonymous').fetch(media.data.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
  });

  it('refuses an svg as inline image', async () => {
    const media = await as('admin').fetch(
      '/oa/oanotices/media/addMedia',
      upload('x.svg', '<svg onload="alert(1)"/>', { kind: 'image' }),
    );
    expect(media.status).toBe(400);
    expect((await json(media)).message).toBe('当前支持的文件格式为：jpg,jpeg,png,gif,webp');
  });
});

describe('attachments', () => {
  it.each([
    ['a&b.pdf', '您上传的文件中包含特殊字符！'],
    ['12345.pdf', 'word和pdf文件名不能全为数字'],
    ['2024.docx', 'word和pdf文件名不能全为数字'],
    ['setup.exe', '当前支持的文件格式为：ppt,zip,docx,doc,xlsx,xls,pdf,jpg,jpeg,png,gif,bmp,webp'],
  ])('refuses %s with the spec message and stores nothing', async (name, message) => {
    const before = [await storedFileCount(), await filesRowCount()];
    const response = await as('admin').fetch('/oa/oanotices/media/addMedia', upload(name, 'content'));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message, field: 'file' });
    expect([await storedFileCount(), await filesRowCount()]).toEqual(before);
  });

  it('refuses a file over 50 MB with 413 without storing it', async () => {
    const before = [await storedFileCount(), await filesRowCount()];
    const big = new Uint8Array(52_428_800 + 1);
    const response = await as('admin').fetch('/oa/oanotices/media/addMedia', upload('大文件.zip', big));
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe('上传的文件不能超过50MB');
    expect([await storedFileCount(), await filesRowCount()]).toEqual(before);
  });

  it('stops reading a streamed body (no Content-Length) once it passes the limit', async () => {
    const before = [await storedFileCount(), await filesRowCount()];
    const boundary = 'xBOUNDARYx';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        // An endless file: only the byte limit can end this request.
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await as('admin').fetch('/oa/oanotices/media/addMedia', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(60 * 1024 * 1024);
    expect([await storedFileCount(), await filesRowCount()]).toEqual(before);
  });

  it('links attachments, hides a draft attachment from the public, serves it once published, deletes it', async () => {
    const admin = as('admin');
    const media = await json(
      await admin.fetch('/oa/oanotices/media/addMedia', upload('测绘办事指南.pdf', '%PDF-1.4 guide')),
    );
    expect(media).toMatchObject({ success: true, message: '上传成功' });
    const fileId = media.data.fileId as string;
    const draft = await addNotice(admin, { noticeTitle: '带附件', attachmentIds: fileId });
    expect(draft.body.data.attachments).toEqual([
      expect.objectContaining({ fileId, fileName: '测绘办事指南.pdf' }),
    ]);
    const url = `/oa/oanotices/downloadMessageFile?id=${fileId}`;
    expect((await as('anonymous').fetch(url)).status).toBe(404);
    const draftFile = await admin.fetch(url);
    expect(draftFile.status).toBe(200);
    expect(draftFile.headers.get('cache-control')).toBe('private, no-store');
    await admin.fetch('/oa/oanotices/publish', form({ id: String(draft.body.data.pkid) }));
    const download = await as('anonymous').fetch(url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 guide');
    // Another notice cannot take an attachment that belongs to this one.
    const thief = await addNotice(admin, { noticeTitle: '抢附件', attachmentIds: fileId });
    expect(thief.response.status).toBe(400);
    const removed = await admin.fetch('/oa/oanotices/deleteOaNoticeAttachment', form({ id: fileId }));
    expect(removed.status).toBe(200);
    expect((await as('anonymous').fetch(url)).status).toBe(404);
    expect(await env.ctx.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });
});

describe('an attachment that is also a service download (issue 11, finding 10)', () => {
  async function downloadWithNotice(title: string) {
    const admin = as('admin');
    const added = await json(
      await admin.fetch('/smsend/download/add', upload('共用文件.pdf', '%PDF-1.4 shared', { title })),
    );
    expect(added.success, added.message).toBe(true);
    const fileId = (added.data ?? added.object ?? added).fileId as string;
    const notice = await addNotice(admin, { noticeTitle: title, attachmentIds: fileId });
    expect(notice.response.status).toBe(200);
    return { admin, fileId, noticeId: String(notice.body.data.pkid), pkid: String(added.data.pkid) };
  }

  it('deleting the notice answers 200 and keeps the download and its bytes', async () => {
    const { admin, noticeId, pkid } = await downloadWithNotice('附件也是下载');
    const deleted = await admin.fetch('/oa/oanotices/delete', form({ id: noticeId }));
    expect(deleted.status).toBe(200);
    const file = await as('anonymous').fetch(`/smsend/download/file/${pkid}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 shared');
  });

  it('removing the attachment from the notice keeps the download; removing the download keeps the attachment', async () => {
    const first = await downloadWithNotice('先删附件');
    const unlinked = await first.admin.fetch(
      '/oa/oanotices/deleteOaNoticeAttachment',
      form({ id: first.fileId }),
    );
    expect(unlinked.status).toBe(200);
    expect((await as('anonymous').fetch(`/smsend/download/file/${first.pkid}`)).status).toBe(200);

    const second = await downloadWithNotice('先删下载');
    const removed = await second.admin.fetch('/smsend/download/delete', form({ id: second.pkid }));
    expect(removed.status).toBe(200);
    const attachment = await second.admin.fetch(`/oa/oanotices/downloadMessageFile?id=${second.fileId}`);
    expect(attachment.status).toBe(200);
  });
});

describe('hall cache', () => {
  it('drops the notice pages when a notice is published, edited while published, withdrawn or deleted', async () => {
    const admin = as('admin');
    // Earlier tests' writes echo back through NOTIFY (on PostgreSQL a moment after they commit).
    await env.ctx.notificationsDelivered();
    const invalidate = vi.spyOn(env.ctx.pageCache, 'invalidate');
    const draft = await addNotice(admin, { noticeTitle: '缓存' });
    expect(invalidate).not.toHaveBeenCalled();
    const id = String(draft.body.data.pkid);
    const steps: [string, Record<string, string>][] = [
      ['/oa/oanotices/publish', { id }],
      [
        '/oa/oanotices/update',
        { pkid: id, noticeTitle: '缓存2', noticeType: '0', noticeContent: '<p>改</p>', state: '1' },
      ],
      ['/oa/oanotices/withdraw', { id }],
      ['/oa/oanotices/publish', { id }],
      ['/oa/oanotices/delete', { id }],
    ];
    for (const [url, fields] of steps) {
      invalidate.mockClear();
      expect((await admin.fetch(url, form(fields))).status).toBe(200);
      expect(invalidate).toHaveBeenCalledWith(['notices']);
    }
    const publicList = await json(await as('anonymous').fetch('/oa/oanotices/getOaNotices?rows=100'));
    expect(publicList.rows.some((row: { pkid: number }) => String(row.pkid) === id)).toBe(false);
    invalidate.mockRestore();
  });
});

describe('audit trail', () => {
  it('records who saved, published, withdrew and deleted a notice, in order', async () => {
    const admin = as('admin');
    const draft = await addNotice(admin, { noticeTitle: '留痕' });
    const pkid = draft.body.data.pkid as number;
    const id = String(pkid);
    expect((await admin.fetch('/oa/oanotices/publish', form({ id }))).status).toBe(200);
    expect((await admin.fetch('/oa/oanotices/withdraw', form({ id }))).status).toBe(200);
    expect((await admin.fetch('/oa/oanotices/delete', form({ id }))).status).toBe(200);
    const trail = await env.ctx.db
      .select({ decision: auditRecords.decision, auditorId: auditRecords.auditorId })
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectType, auditSubject.code.notice), eq(auditRecords.subjectId, pkid)))
      .orderBy(asc(auditRecords.pkid));
    const { saved, published, withdrawn, deleted } = auditDecision.code;
    expect(trail.map((row) => row.decision)).toEqual([saved, published, withdrawn, deleted]);
    expect(new Set(trail.map((row) => row.auditorId))).toEqual(new Set([1]));
  });
});
