import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import {
  agentOrganizations,
  downloads,
  files,
  noticeAttachments,
  notices,
  projects,
} from '@server/db/schema';
import { contentDisposition } from '@server/lib/file-response';
import { createTestContext, type TestContext } from '@server/test/test-context';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { demoProjects: 300 });
  app = createApp(ctx);
}, 120_000);

afterAll(() => ctx.dispose());

async function json<T = Record<string, unknown>>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T }> {
  const response = await app.request(path, init);
  return { status: response.status, body: (await response.json()) as T };
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

describe('notices', () => {
  it('getOaNotices lists only published notices, newest first, paged, even when asked for drafts', async () => {
    const published = await ctx.db.$count(notices, eq(notices.state, 1));
    const drafts = await ctx.db.$count(notices, eq(notices.state, 0));
    expect(drafts).toBeGreaterThan(0);
    const { status, body } = await json<{
      success: boolean;
      rows: { state: number; noticeTime: string }[];
      total: number;
    }>('/oa/oanotices/getOaNotices', form({ state: '0', page: '1', rows: '5', _t: '1' }));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.total).toBe(published);
    expect(body.rows).toHaveLength(5);
    expect(body.rows.every((row) => row.state === 1)).toBe(true);
    const times = body.rows.map((row) => Date.parse(row.noticeTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('searches titles and filters by type', async () => {
    const { body } = await json<{ rows: { noticeTitle: string; noticeType: number }[]; total: number }>(
      '/oa/oanotices/getOaNotices?noticeType=0&keyword=' + encodeURIComponent('关于'),
    );
    expect(body.total).toBeGreaterThan(0);
    expect(body.rows.every((row) => row.noticeType === 0 && row.noticeTitle.includes('关于'))).toBe(true);
  });

  it('answers bad paging with a 400 and a Chinese message', async () => {
    const { status, body } = await json<{ success: boolean; message: string; field: string }>(
      '/oa/oanotices/getOaNotices',
      form({ page: '0' }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message: '页码必须是正整数', field: 'page' });
  });

  it('get answers a published notice with attachments and hides drafts', async () => {
    const [withFile] = await ctx.db
      .select({ noticeId: noticeAttachments.noticeId })
      .from(noticeAttachments)
      .limit(1);
    const { body } = await json<{
      object: { pkid: number; attachments: { fileId: string; fileName: string }[] };
    }>('/oa/oanotices/get', form({ id: String(withFile?.noticeId) }));
    expect(body.object.pkid).toBe(withFile?.noticeId);
    expect(body.object.attachments.length).toBeGreaterThan(0);

    const [draft] = await ctx.db
      .select({ pkid: notices.pkid })
      .from(notices)
      .where(eq(notices.state, 0))
      .limit(1);
    const hidden = await json(`/oa/oanotices/get?id=${draft?.pkid}`);
    expect(hidden.status).toBe(404);
  });

  it('downloads an attachment with its bytes, type and Chinese file name', async () => {
    const [attachment] = await ctx.db
      .select({ id: files.id, name: files.originalName, type: files.contentType, sha256: files.sha256 })
      .from(noticeAttachments)
      .innerJoin(files, eq(files.id, noticeAttachments.fileId))
      .limit(1);
    if (!attachment) throw new Error('the demo data has no notice attachment');
    const response = await app.request(`/oa/oanotices/downloadMessageFile?id=${attachment.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(attachment.type.split(';')[0] as string);
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attachment.sha256);

    const bad = await json('/oa/oanotices/downloadMessageFile?id=nope');
    expect(bad.status).toBe(400);
  });
});

describe('agencies', () => {
  it('query lists only approved agencies and honours the credit filter', async () => {
    const approved = await ctx.db.$count(agentOrganizations, eq(agentOrganizations.auditStatus, 2));
    const all = await json<{ rows: { organizationId: number }[]; total: number }>(
      '/smsend/agentorg/query',
      form({ page: '1', rows: '100', orgName: '' }),
    );
    expect(all.body.total).toBe(approved);
    expect(all.body.total).toBeLessThan(await ctx.db.$count(agentOrganizations));

    const lost = await json<{ rows: { creditFlags: string[] }[]; total: number }>(
      '/smsend/agentorg/query?credit=lostCredit&rows=100',
    );
    const expected = await ctx.db.$count(
      agentOrganizations,
      and(eq(agentOrganizations.auditStatus, 2), eq(agentOrganizations.isLostCredit, true)),
    );
    expect(lost.body.total).toBe(expected);
    expect(lost.body.rows.length, 'the demo data has agencies with lost credit').toBeGreaterThan(0);
    expect(lost.body.rows.every((row) => row.creditFlags.includes('lostCredit'))).toBe(true);

    const scoped = await json<{ rows: { businessScope: number[] }[] }>(
      '/smsend/agentorg/query?itemId=403&rows=100',
    );
    expect(scoped.body.rows.length, 'the demo data has agencies for item 403').toBeGreaterThan(0);
    expect(scoped.body.rows.every((row) => row.businessScope.includes(403))).toBe(true);

    const bad = await json<{ message: string }>('/smsend/agentorg/query?credit=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('信用状态不正确');
  });
});

describe('statistics and downloads', () => {
  it('getNewConstruction, getNewAgentOrganization and getNewProject answer num items', async () => {
    for (const path of [
      'getNewConstruction?type=1&num=5',
      'getNewAgentOrganization?num=5',
      'getNewProject?num=5',
    ]) {
      const { status, body } = await json<{ object: unknown[] }>(`/smsend/statistics/${path}`);
      expect(status, path).toBe(200);
      expect(body.object, path).toHaveLength(5);
    }
    const bad = await json<{ message: string }>('/smsend/statistics/getNewProject?num=500');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('条数必须是 1 到 20 的整数');
  });

  it('getProjectStatistics counts every project once', async () => {
    const { body } = await json<{ object: { count: number }[] }>('/smsend/statistics/getProjectStatistics');
    expect(body.object.reduce((sum, row) => sum + row.count, 0)).toBe(300);
  });

  it('getProjectStatistics2 counts the projects released and completed in each of the last 12 months', async () => {
    const { body } = await json<{ object: { month: string; released: number; completed: number }[] }>(
      '/smsend/statistics/getProjectStatistics2',
    );
    // The expectation worked out here, in Beijing calendar months, from the rows themselves.
    const beijingMonth = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
    const now = ctx.services.now();
    const current = beijingMonth(now);
    const [year, month] = current.split('-').map(Number) as [number, number];
    const months = Array.from({ length: 12 }, (_, index) =>
      new Date(Date.UTC(year, month - 12 + index, 1)).toISOString().slice(0, 7),
    );
    const rows = await ctx.db
      .select({ status: projects.status, releasedAt: projects.releasedAt, completedAt: projects.completedAt })
      .from(projects);
    const tally = (pick: (row: (typeof rows)[number]) => Date | null) => (key: string) =>
      rows.filter((row) => row.status !== 0 && pick(row) && beijingMonth(pick(row)!) === key).length;
    const released = tally((row) => row.releasedAt);
    const completed = tally((row) => row.completedAt);
    expect(body.object.map((row) => row.month)).toEqual(months);
    expect(body.object.at(-1)?.month).toBe(current);
    expect(body.object).toEqual(
      months.map((key) => ({ month: key, released: released(key), completed: completed(key) })),
    );
    expect(body.object.some((row) => row.released > 0)).toBe(true);
  });

  it('lists downloads and serves their files', async () => {
    const { body } = await json<{ rows: { pkid: number; fileName: string; size: number }[]; total: number }>(
      '/smsend/download/query?rows=100',
    );
    expect(body.total).toBe(await ctx.db.$count(downloads));
    const first = body.rows[0];
    if (!first) throw new Error('no downloads');
    const response = await app.request(`/smsend/download/file/${first.pkid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(first.fileName));
    expect((await response.arrayBuffer()).byteLength).toBe(first.size);
    expect((await json('/smsend/download/file/99999')).status).toBe(404);
  });

  it('serves a file stored before the name rule without its bidirectional characters (issue 21)', async () => {
    const [row] = await ctx.db
      .select({ pkid: downloads.pkid, fileId: downloads.fileId, name: files.originalName })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .limit(1);
    if (!row) throw new Error('no downloads');
    // Every embedding, override and isolate: 'k\u202egpj.pdf' would show as 'kfdp.jpg'.
    const hidden = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    await ctx.db
      .update(files)
      .set({ originalName: `k${hidden}gpj.pdf` })
      .where(eq(files.id, row.fileId));
    try {
      const response = await app.request(`/smsend/download/file/${row.pkid}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="kgpj.pdf"; filename*=UTF-8''kgpj.pdf`,
      );
    } finally {
      await ctx.db.update(files).set({ originalName: row.name }).where(eq(files.id, row.fileId));
    }
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', '测绘 服务(合同).docx')).toBe(
      `attachment; filename="download.docx"; filename*=UTF-8''%E6%B5%8B%E7%BB%98%20%E6%9C%8D%E5%8A%A1%28%E5%90%88%E5%90%8C%29.docx`,
    );
    expect(contentDisposition('inline', 'guide-v2.pdf')).toBe(
      `inline; filename="guide-v2.pdf"; filename*=UTF-8''guide-v2.pdf`,
    );
  });

  it('leaves out control and invisible characters; a name of nothing else is download', () => {
    expect(contentDisposition('attachment', '报\u200b告\u2067.pdf')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`,
    );
    expect(contentDisposition('attachment', '\u202e\u2066')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
