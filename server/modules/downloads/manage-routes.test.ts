/**
 * Maintaining the service download list: authorization matrix, upload rules, rename, reorder,
 * remove, and the hall's /downLoad/servicelist pages dropped on every change.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { downloads, files } from '@server/db/schema';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';

const env = signedInTestApp();
const accounts = demoLoginNames;
const managers = new Set(['admin', 'authority01']);

const { as } = env;
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  body: new URLSearchParams(fields),
});
function upload(
  name: string,
  content: string,
  fields: Record<string, string> = { title: '测试文件' },
): RequestInit {
  const body = new FormData();
  body.set('file', new File([content], name));
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return { method: 'POST', body };
}
interface Envelope {
  success: boolean;
  message: string;
  data: { pkid: number; [key: string]: unknown };
  rows: { pkid: number; title: string }[];
  field?: string;
}
const json = async (response: Response) => (await response.json()) as Envelope;

async function list() {
  return (await json(await as('anonymous').fetch('/smsend/download/query?rows=100'))).rows as {
    pkid: number;
    title: string;
  }[];
}

describe('authorization matrix', () => {
  it.each(['anonymous', ...accounts])('%s: add, rename, reorder, delete', async (who) => {
    const expected = who === 'anonymous' ? 401 : managers.has(who) ? 200 : 403;
    const added = await json(
      await as('admin').fetch('/smsend/download/add', upload('表格.xlsx', 'PK\x03\x04')),
    );
    const pkid = String(added.data.pkid);
    const order = (await list()).map((row) => row.pkid).join(',');
    const calls: [string, RequestInit][] = [
      ['/smsend/download/reorder', form({ ids: order })],
      ['/smsend/download/add', upload('模板.docx', 'PK\x03\x04')],
      ['/smsend/download/rename', form({ pkid, title: '新名称' })],
      ['/smsend/download/delete', form({ id: pkid })],
    ];
    for (const [url, init] of calls)
      expect((await as(who).fetch(url, init)).status, `${who} ${url}`).toBe(expected);
  });
});

describe('maintaining the list', () => {
  it('refuses files that break the upload rules, storing nothing', async () => {
    const [before] = await env.ctx.db.select({ n: count() }).from(files);
    const bad = await as('admin').fetch('/smsend/download/add', upload('123.pdf', 'x'));
    expect(await json(bad)).toMatchObject({ message: 'word和pdf文件名不能全为数字', field: 'file' });
    const noTitle = await as('admin').fetch('/smsend/download/add', upload('好.pdf', 'x', { title: ' ' }));
    expect(await json(noTitle)).toMatchObject({ message: '请输入文件名称', field: 'title' });
    const [after] = await env.ctx.db.select({ n: count() }).from(files);
    expect(after?.n).toBe(before?.n);
  });

  it("answers an error, not 200 with an empty body, when a file's stored bytes are missing (issue 21)", async () => {
    const added = await json(
      await as('admin').fetch(
        '/smsend/download/add',
        upload('丢失的文件.docx', 'PK\x03\x04-lost', { title: '丢失' }),
      ),
    );
    const [row] = await env.ctx.db
      .select({ key: files.storageKey })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(eq(downloads.pkid, added.data.pkid));
    await env.ctx.storage.remove(row!.key);
    const errors = vi.spyOn(env.ctx.logger, 'error');
    const response = await as('anonymous').fetch(`/smsend/download/file/${added.data.pkid}`);
    expect(response.status).toBe(500);
    expect(await json(response)).toMatchObject({ success: false, message: '文件内容已丢失，请联系管理员' });
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('adds at the end, renames, reorders and removes, dropping the hall pages each time', async () => {
    const admin = as('admin');
    // Earlier tests' writes echo back through NOTIFY (on PostgreSQL a moment after they commit).
    await env.ctx.notificationsDelivered();
    const invalidate = vi.spyOn(env.ctx.pageCache, 'invalidate');
    const added = await json(
      await admin.fetch(
        '/smsend/download/add',
        upload('测绘合同示范文本.docx', 'PK\x03\x04-doc', { title: '合同示范文本' }),
      ),
    );
    expect(added.message).toBe('上传成功');
    expect(invalidate).toHaveBeenLastCalledWith(['downloads']);
    let rows = await list();
    expect(rows.at(-1)).toMatchObject({ pkid: added.data.pkid, title: '合同示范文本' });
    const file = await as('anonymous').fetch(`/smsend/download/file/${added.data.pkid}`);
    expect(await file.text()).toBe('PK\x03\x04-doc');

    invalidate.mockClear();
    await admin.fetch(
      '/smsend/download/rename',
      form({ pkid: String(added.data.pkid), title: '合同示范文本（2026版）' }),
    );
    expect(invalidate).toHaveBeenCalledWith(['downloads']);
    expect((await list()).find((row) => row.pkid === added.data.pkid)?.title).toBe('合同示范文本（2026版）');

    const reversed = rows.map((row) => row.pkid).reverse();
    invalidate.mockClear();
    expect((await admin.fetch('/smsend/download/reorder', form({ ids: reversed.join(',') }))).status).toBe(
      200,
    );
    expect(invalidate).toHaveBeenCalledWith(['downloads']);
    expect((await list()).map((row) => row.pkid)).toEqual(reversed);

    const partial = await admin.fetch('/smsend/download/reorder', form({ ids: reversed.slice(1).join(',') }));
    expect(partial.status).toBe(409);

    invalidate.mockClear();
    expect((await admin.fetch('/smsend/download/delete', form({ id: String(added.data.pkid) }))).status).toBe(
      200,
    );
    expect(invalidate).toHaveBeenCalledWith(['downloads']);
    rows = await list();
    expect(rows.some((row) => row.pkid === added.data.pkid)).toBe(false);
    expect((await as('anonymous').fetch(`/smsend/download/file/${added.data.pkid}`)).status).toBe(404);
    const [left] = await env.ctx.db.select({ n: count() }).from(downloads);
    expect(left?.n).toBe(rows.length);
    invalidate.mockRestore();
  });
});
