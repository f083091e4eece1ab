/**
 * Construction units and their verification through the real HTTP app (issue 12): the rules (check
 * digit, phone, missing or disguised licence: 400 and nothing changed), ownership (another owner's unit
 * and files answer 404), and the whole review: submit, reject with an opinion, the rejection view,
 * resubmit, verify.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { constructionUnits, files } from '@server/db/schema';
import { json, multipart, pdf, signedInTestApp } from '@server/modules/identity/test-support';
import { creditCodeCheckCharacter, creditCodeMessages } from '@shared/validation/credit-code';
import { contentMismatchMessage } from '@shared/validation/upload';

const env = signedInTestApp({ accounts: ['owner01', 'owner02', 'owner04', 'authority01', 'agency01'] });

const { as } = env;

const body17 = '91379902MA3C0DE2X';
const VALID_CODE = `${body17}${creditCodeCheckCharacter(body17)}`;
const WRONG_CODE = `${body17}${creditCodeCheckCharacter(body17) === '0' ? '1' : '0'}`;

const unitForm = (fields: Record<string, string> = {}, uploads: Record<string, File> = {}) =>
  multipart(
    {
      name: '云州市测试建设开发有限公司',
      creditCode: VALID_CODE,
      legalPersonName: '王五',
      contactName: '赵六',
      contactPhone: '13812345678',
      address: '云州市云中区建设路8号',
      districtCode: '3799002',
      action: 'save',
      ...fields,
    },
    uploads,
  );

const save = async (who: string, init: RequestInit) => {
  const response = await as(who).fetch('/smsend/construction/updateSelf', init);
  return { status: response.status, body: await json(response) };
};

async function counts() {
  const [units] = await env.ctx.db.select({ n: count() }).from(constructionUnits);
  const [stored] = await env.ctx.db.select({ n: count() }).from(files);
  return { units: units?.n, files: stored?.n };
}

const approve = async (fields: Record<string, string>) => {
  const response = await as('authority01').fetch('/smsend/construction/approve', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: await json(response) };
};

describe('construction unit verification', () => {
  it('an owner without a unit reads null', async () => {
    const response = await as('owner04').fetch('/smsend/construction/querySelf');
    expect(response.status).toBe(200);
    expect((await json(response)).object).toBeNull();
  });

  it('refuses bad input with its Chinese message and changes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, Record<string, File>, string][] = [
      [{ creditCode: WRONG_CODE }, {}, creditCodeMessages.checkDigit],
      [{ contactPhone: '12345678901' }, {}, '请输入正确手机号'],
      [{ name: '' }, {}, '请输入单位名称'],
      [{ action: 'submit' }, { other: pdf('其他.pdf') }, '请上传营业执照'],
      [
        {},
        { licence: new File([new TextEncoder().encode('MZ\x90\x00 not a pdf')], '营业执照.pdf') },
        contentMismatchMessage,
      ],
    ];
    for (const [fields, uploads, message] of cases) {
      const { status, body } = await save('owner04', unitForm(fields, uploads));
      expect(status, message).toBe(400);
      expect(body.message).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('an owner sees and edits only its own unit', async () => {
    const [other] = await env.ctx.db
      .select({ id: constructionUnits.constructionId })
      .from(constructionUnits)
      .where(eq(constructionUnits.userId, 15));
    const own = await json(await as('owner01').fetch('/smsend/construction/querySelf'));
    expect(own.object.constructionId).not.toBe(other!.id);
    for (const path of [
      `/smsend/construction/queryOne?constructionId=${other!.id}`,
      `/smsend/construction/queryAuditRejectView?constructionId=${other!.id}`,
    ])
      expect((await as('owner01').fetch(path)).status, path).toBe(404);
    const timeline = await as('owner01').fetch('/smsend/construction/constructionAuditInfo', {
      method: 'POST',
      body: new URLSearchParams({ constructionId: String(other!.id) }),
    });
    expect(timeline.status).toBe(404);
    // Its licence neither.
    const theirs = await json(await as('owner02').fetch('/smsend/construction/querySelf'));
    const fileId = theirs.object.attachments[0].fileId as string;
    expect((await as('owner01').fetch(`/smsend/construction/file/preview?id=${fileId}`)).status).toBe(404);
    expect((await as('owner02').fetch(`/smsend/construction/file/preview?id=${fileId}`)).status).toBe(200);
    // Not a reviewer: an owner cannot decide, an agency cannot look.
    expect((await as('owner01').fetch('/smsend/construction/query')).status).toBe(403);
    expect(
      (await as('agency01').fetch(`/smsend/construction/queryOne?constructionId=${other!.id}`)).status,
    ).toBe(403);
  });

  it('a verified unit cannot be edited directly', async () => {
    const { status, body } = await save('owner01', unitForm({ creditCode: VALID_CODE }));
    expect(status).toBe(409);
    expect(body.message).toBe('单位已认证通过，信息变更请提交变更申请');
  });

  it('a verified unit changes through a reviewed request; its data stays in force until approval', async () => {
    const own = (await json(await as('owner01').fetch('/smsend/construction/querySelf'))).object;
    expect(own.openChangeId).toBeNull();
    // The demo data's pending change is already in the authority's to-do.
    const seeded = await json(await as('authority01').fetch('/smsend/construction/toDoChange'));
    expect(seeded.rows.length).toBeGreaterThan(0);
    const fieldsOf = (edits: Record<string, string>) =>
      new URLSearchParams({
        name: own.name,
        creditCode: own.creditCode,
        legalPersonName: own.legalPersonName,
        contactName: own.contactName,
        contactPhone: own.contactPhone,
        address: own.address,
        districtCode: own.districtCode,
        reason: '单位搬迁',
        ...edits,
      });
    const ask = (who: string, edits: Record<string, string> = {}) =>
      as(who).fetch('/smsend/construction/update', { method: 'POST', body: fieldsOf(edits) });

    const same = await ask('owner01');
    expect(same.status).toBe(400);
    expect((await json(same)).message).toBe('变更内容与当前信息相同，请修改后再提交');
    const noReason = await ask('owner01', { address: '云州市云中区新址路1号', reason: '' });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请填写变更原因');
    // A unit still under verification cannot ask for a change.
    const pending = await ask('owner02', { address: '云州市云中区新址路1号' });
    expect(pending.status).toBe(409);
    expect((await json(pending)).message).toBe('单位认证通过后才能申请变更');

    const asked = await ask('owner01', { address: '云州市云中区新址路1号' });
    expect(asked.status).toBe(200);
    const change = (await json(asked)).data;
    expect(change).toMatchObject({ auditStatus: 1, changedFields: ['address'] });
    expect((await json(await as('owner01').fetch('/smsend/construction/querySelf'))).object).toMatchObject({
      address: own.address,
      openChangeId: change.pkid,
    });
    expect((await ask('owner01', { address: '云州市云中区另一路2号' })).status).toBe(409);
    expect((await as('owner02').fetch(`/smsend/construction/queryOneChange?id=${change.pkid}`)).status).toBe(
      404,
    );

    const todo = await json(await as('authority01').fetch('/smsend/construction/toDoChange?rows=50'));
    expect(todo.rows.map((row: { pkid: number }) => row.pkid)).toContain(change.pkid);
    const seen = (
      await json(await as('authority01').fetch(`/smsend/construction/queryOneChange?id=${change.pkid}`))
    ).object;
    expect(seen.before.address).toBe(own.address);
    expect(seen.data.address).toBe('云州市云中区新址路1号');
    expect(seen.review.allowed).toEqual(expect.arrayContaining(['approve', 'reject']));
    expect(seen.review.allowed).not.toContain('transfer');

    const decide = (fields: Record<string, string>) =>
      as('authority01').fetch('/smsend/construction/approveChange', {
        method: 'POST',
        body: new URLSearchParams({ id: String(change.pkid), ...fields }),
      });
    expect((await decide({ auditStatus: '3' })).status).toBe(400);
    expect(
      (
        await as('owner01').fetch('/smsend/construction/approveChange', {
          method: 'POST',
          body: new URLSearchParams({ id: String(change.pkid), auditStatus: '2' }),
        })
      ).status,
    ).toBe(403);
    const approved = await decide({ auditStatus: '2', opinion: '同意变更。' });
    expect(approved.status).toBe(200);
    expect((await json(approved)).message).toBe('审核通过，变更已生效');
    const [row] = await env.ctx.db
      .select({ address: constructionUnits.address, status: constructionUnits.auditStatus })
      .from(constructionUnits)
      .where(eq(constructionUnits.constructionId, own.constructionId));
    expect(row).toEqual({ address: '云州市云中区新址路1号', status: 2 });
    const after = (
      await json(await as('owner01').fetch(`/smsend/construction/queryOneChange?id=${change.pkid}`))
    ).object;
    expect(after.auditStatus).toBe(2);
    expect(after.appliedAt).not.toBeNull();
    expect(after.records.map((record: { opinion: string | null }) => record.opinion)).toContain('同意变更。');
  });

  it('draft → submit → reject with an opinion → resubmit → verified', async () => {
    const draft = await save('owner04', unitForm());
    expect(draft.status).toBe(200);
    expect(draft.body.data.auditStatus).toBe(0);
    const id = draft.body.data.constructionId as number;

    const submitted = await save('owner04', unitForm({ action: 'submit' }, { licence: pdf('营业执照.pdf') }));
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe('提交成功，请等待审核');
    expect(submitted.body.data.auditStatus).toBe(1);
    expect(submitted.body.data.attachments).toHaveLength(1);
    // Locked while pending.
    expect((await save('owner04', unitForm())).status).toBe(409);

    const todo = await json(await as('authority01').fetch('/smsend/construction/query?rows=100'));
    expect(todo.rows.map((row) => row.constructionId)).toContain(id);

    // Rejecting needs an opinion; nothing changes without one.
    expect((await approve({ constructionId: String(id), auditStatus: '3' })).status).toBe(400);
    const rejected = await approve({
      constructionId: String(id),
      auditStatus: '3',
      opinion: '营业执照不清晰',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.auditStatus).toBe(3);

    const view = await json(
      await as('owner04').fetch(`/smsend/construction/queryAuditRejectView?constructionId=${id}`),
    );
    expect(view.object.opinion).toBe('营业执照不清晰');

    const resubmitted = await save(
      'owner04',
      unitForm({ action: 'submit', address: '云州市云中区建设路9号' }),
    );
    expect(resubmitted.body.data.auditStatus).toBe(1);
    const approved = await approve({ constructionId: String(id), auditStatus: '2' });
    expect(approved.body.data.auditStatus).toBe(2);

    const [row] = await env.ctx.db
      .select()
      .from(constructionUnits)
      .where(eq(constructionUnits.constructionId, id));
    expect(row).toMatchObject({ auditStatus: 2, address: '云州市云中区建设路9号', userId: 17 });
    expect(row!.auditedAt).toBeInstanceOf(Date);

    const timeline = await json(
      await as('owner04').fetch('/smsend/construction/constructionAuditInfo', {
        method: 'POST',
        body: new URLSearchParams({ constructionId: String(id) }),
      }),
    );
    expect(timeline.object.map((r: { decisionLabel: string }) => r.decisionLabel)).toEqual([
      '提交审核',
      '审核不通过',
      '提交审核',
      '审核通过',
    ]);
    const done = await json(await as('authority01').fetch('/smsend/construction/doneOrg?rows=100'));
    expect(done.rows.filter((row) => row.constructionId === id)).not.toHaveLength(0);
  });
});

describe('the unit change queue (search, 我的待办, holder, 领取)', () => {
  const todo = async (query = '') =>
    (await json(await as('authority01').fetch(`/smsend/construction/toDoChange?rows=100${query}`))).rows as {
      pkid: number;
      unitName: string;
      holderName: string | null;
    }[];

  it('finds a change by its unit name; 我的待办 lists only the changes the reviewer claimed', async () => {
    const open = (await todo()).filter((row) => row.holderName === null);
    const change = open[0]!;
    const found = await todo(`&keyword=${encodeURIComponent(change.unitName)}`);
    expect(found.map((row) => row.pkid)).toContain(change.pkid);
    expect(found.every((row) => row.unitName.includes(change.unitName))).toBe(true);
    expect(await todo(`&keyword=${encodeURIComponent('没有这个单位')}`)).toEqual([]);

    expect((await todo('&mine=1')).map((row) => row.pkid)).not.toContain(change.pkid);
    const claimed = await as('authority01').fetch('/smsend/review/claim', {
      method: 'POST',
      body: new URLSearchParams({ subjectType: 'unit_change', subjectId: String(change.pkid) }),
    });
    expect(claimed.status).toBe(200);
    const mine = await todo('&mine=1');
    expect(mine.map((row) => row.pkid)).toContain(change.pkid);
    expect(mine.every((row) => row.holderName !== null)).toBe(true);
  });
});
