/** /smsend/auditManageInfo: list with search and paging, add, delete, batch delete, validation. */
import { describe, expect, it } from 'vitest';
import { auditOpinions } from '@server/db/schema';
import { auditOpinionTexts } from '@shared/validation/messages';
import { signedInTestApp } from '../identity/test-support';

const base = '/smsend/auditManageInfo';

const env = signedInTestApp({ accounts: ['auditor01', 'staff01'] });
const auditor = env.browser('auditor01');
const staff = env.browser('staff01');

interface Row {
  pkid: number;
  content: string;
  createTime: string;
  createUserName: string | null;
}

const post = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function add(content: string): Promise<Row> {
  const response = await auditor.fetch(`${base}/add`, post({ content }));
  expect(response.status, content).toBe(200);
  return (await body<{ data: Row }>(response)).data;
}

describe('audit-opinion templates', () => {
  it('adds templates and lists them newest first, paged, with the author', async () => {
    for (let i = 0; i < 12; i++) await add(`材料齐全，同意通过（${i}）`);
    const page1 = await body<{ rows: Row[]; total: number }>(
      await staff.fetch(`${base}/getListByPage?pageIdx=1&pageSize=10`),
    );
    expect(page1.total).toBe(12);
    expect(page1.rows).toHaveLength(10);
    expect(page1.rows[0]).toMatchObject({
      content: '材料齐全，同意通过（11）',
      createUserName: expect.any(String),
    });
    const page2 = await body<{ rows: Row[] }>(
      await staff.fetch(`${base}/getListByPage?pageIdx=2&pageSize=10`),
    );
    expect(page2.rows.map((row) => row.content)).toEqual([
      '材料齐全，同意通过（1）',
      '材料齐全，同意通过（0）',
    ]);
  });

  it('searches by content, treating % and _ literally', async () => {
    await add('测绘成果不完整，请补充100%覆盖范围');
    const hits = await body<{ rows: Row[]; total: number }>(
      await staff.fetch(`${base}/getListByPage?content=${encodeURIComponent('100%')}`),
    );
    expect(hits.rows.map((row) => row.content)).toEqual(['测绘成果不完整，请补充100%覆盖范围']);
    const none = await body<{ total: number }>(await staff.fetch(`${base}/getListByPage?content=_`));
    expect(none.total).toBe(0);
  });

  it('validates with Chinese messages and refuses duplicates', async () => {
    const empty = await auditor.fetch(`${base}/add`, post({ content: '   ' }));
    expect(empty.status).toBe(400);
    expect(await body(empty)).toMatchObject({ message: auditOpinionTexts.contentRequired, field: 'content' });
    const long = await auditor.fetch(`${base}/add`, post({ content: '长'.repeat(501) }));
    expect((await body(long)).message).toBe(auditOpinionTexts.contentTooLong);
    await add('重复的意见');
    const again = await auditor.fetch(`${base}/add`, post({ content: '重复的意见' }));
    expect(again.status).toBe(409);
    expect((await body(again)).message).toBe(auditOpinionTexts.duplicate);
    const badPage = await staff.fetch(`${base}/getListByPage?pageIdx=0`);
    expect(badPage.status).toBe(400);
  });

  it('deletes one, and several at once, all or nothing', async () => {
    const one = await add('单条删除的意见');
    const deleted = await auditor.fetch(`${base}/delete/${one.pkid}`, { method: 'DELETE' });
    expect(await body(deleted)).toMatchObject({ success: true, message: auditOpinionTexts.deleteSuccess });
    const gone = await auditor.fetch(`${base}/delete/${one.pkid}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect((await body(gone)).message).toBe(auditOpinionTexts.notFound);

    const a = await add('批量一');
    const b = await add('批量二');
    const mixed = await auditor.fetch(`${base}/batchDelete`, post({ ids: `${a.pkid},${b.pkid},999999` }));
    expect(mixed.status).toBe(404);
    const still = await env.ctx.db.select().from(auditOpinions);
    expect(still.filter((row) => row.pkid === a.pkid || row.pkid === b.pkid)).toHaveLength(2);

    const both = await auditor.fetch(`${base}/batchDelete`, post({ ids: `${a.pkid},${b.pkid}` }));
    expect(await body(both)).toMatchObject({ success: true, data: 2 });
    const empty = await auditor.fetch(`${base}/batchDelete`, post({ ids: '' }));
    expect(empty.status).toBe(400);
    expect((await body(empty)).message).toBe(auditOpinionTexts.selectToDelete);
  });

  it('answers 400, not 500, for an id beyond 2^31−1 (issue 21)', async () => {
    const huge = await auditor.fetch(`${base}/batchDelete`, post({ ids: '1,2147483648' }));
    expect(huge.status).toBe(400);
    expect((await body(huge)).message).toBe(auditOpinionTexts.idInvalid);
  });
});
