/**
 * The agency application and its review through the real HTTP app (issue 12): the rules (check digit,
 * phone, required and disguised attachments: 400 and nothing changed), ownership (another agency's
 * organization and files answer 404), and the whole review: submit, reject with an opinion, resubmit,
 * approve, the hall directory showing it, the applicant's messages.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations, files, messages } from '@server/db/schema';
import {
  createBrowser,
  json,
  multipart,
  pdf,
  png,
  signedInTestApp,
} from '@server/modules/identity/test-support';
import { creditCodeCheckCharacter, creditCodeMessages } from '@shared/validation/credit-code';
import { contentMismatchMessage } from '@shared/validation/upload';

const env = signedInTestApp({
  accounts: ['agency01', 'agency02', 'agency03', 'authority01', 'owner01', 'admin'],
});

const { as } = env;

const body17 = '91379902MA3C0DE1X';
const VALID_CODE = `${body17}${creditCodeCheckCharacter(body17)}`;
const WRONG_CODE = `${body17}${creditCodeCheckCharacter(body17) === '0' ? '1' : '0'}`;

const application = (fields: Record<string, string> = {}, uploads: Record<string, File> = {}) =>
  multipart(
    {
      orgName: '云州市测试测绘有限公司',
      credential: VALID_CODE,
      legalPersonName: '张三',
      registrationOrgan: '云州市市场监督管理局',
      qualificationCertNo: '乙测资字37990001',
      qualificationGrade: '2',
      businessScope: '101,201,401',
      districtCode: '3799002',
      address: '云州市云中区测试路1号',
      contactName: '李四',
      contactPhone: '13912345678',
      action: 'save',
      ...fields,
    },
    uploads,
  );

const apply = async (who: string, init: RequestInit) => {
  const response = await as(who).fetch('/smsend/agentorg/updateSelf', init);
  return { status: response.status, body: await json(response) };
};

async function counts() {
  const [orgs] = await env.ctx.db.select({ n: count() }).from(agentOrganizations);
  const [stored] = await env.ctx.db.select({ n: count() }).from(files);
  return { orgs: orgs?.n, files: stored?.n };
}

describe('agency application', () => {
  it('an account without an organization reads null', async () => {
    const response = await as('agency02').fetch('/smsend/agentorg/querySelf', { method: 'POST' });
    expect(response.status).toBe(200);
    expect((await json(response)).object).toBeNull();
  });

  it('refuses bad input with its Chinese message and changes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, Record<string, File>, string][] = [
      [{ credential: WRONG_CODE }, {}, creditCodeMessages.checkDigit],
      [{ credential: '12345' }, {}, creditCodeMessages.format],
      [{ contactPhone: '12345678901' }, {}, '请输入正确手机号'],
      [{ businessScope: '999' }, {}, '业务范围包含不存在的测绘事项'],
      [{ action: 'submit' }, { qualification: pdf('资质证书.pdf') }, '请上传营业执照'],
      [
        {},
        { licence: new File([new TextEncoder().encode('MZ\x90\x00 not a pdf')], '营业执照.pdf') },
        contentMismatchMessage,
      ],
      [{}, { licence: pdf('营业执照.exe') }, '当前支持的文件格式为'],
    ];
    for (const [fields, uploads, message] of cases) {
      const { status, body } = await apply('agency02', application(fields, uploads));
      expect(status, message).toBe(400);
      expect(body.message).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('saves a draft, then submits it with its attachments', async () => {
    const draft = await apply('agency02', application({}, { other: png('办公场所.png') }));
    expect(draft.status).toBe(200);
    expect(draft.body.message).toBe('保存成功');
    expect(draft.body.data.auditStatus).toBe(0);
    expect(draft.body.data.attachments).toHaveLength(1);

    const submitted = await apply(
      'agency02',
      application({ action: 'submit' }, { licence: pdf('营业执照.pdf'), qualification: pdf('资质证书.pdf') }),
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.auditStatus).toBe(1);
    expect(submitted.body.data.attachments.map((file: { kind: number }) => file.kind)).toEqual([1, 2, 3]);

    // Pending: locked for the applicant.
    const locked = await apply('agency02', application());
    expect(locked.status).toBe(409);
  });

  it('an agency sees and edits only its own organization and files', async () => {
    const own = await json(await as('agency02').fetch('/smsend/agentorg/querySelf', { method: 'POST' }));
    const id = own.object.organizationId as number;
    const fileId = own.object.attachments[0].fileId as string;
    for (const who of ['agency01', 'agency03']) {
      expect((await as(who).fetch(`/smsend/agentorg/queryOne?orgId=${id}`)).status).toBe(404);
      expect((await as(who).fetch(`/smsend/agentorg/orgAuditInfo?organizationId=${id}`)).status).toBe(404);
      expect((await as(who).fetch(`/smsend/agentorg/file/preview?id=${fileId}`)).status).toBe(404);
    }
    // The owner sees approved agencies only: this one is pending.
    expect((await as('owner01').fetch(`/smsend/agentorg/queryOne?orgId=${id}`)).status).toBe(404);
    const preview = await as('agency02').fetch(`/smsend/agentorg/file/preview?id=${fileId}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toContain('no-store');
    // Only agencies apply; only reviewers decide.
    expect((await apply('owner01', application())).status).toBe(403);
    const decided = await as('agency02').fetch('/smsend/agentorg/approve', {
      method: 'POST',
      body: new URLSearchParams({ organizationId: String(id), auditStatus: '2' }),
    });
    expect(decided.status).toBe(403);
  });

  it('is reviewed: rejected with an opinion, resubmitted, approved, and shown in the hall', async () => {
    const own = await json(await as('agency02').fetch('/smsend/agentorg/querySelf', { method: 'POST' }));
    const id = own.object.organizationId as number;
    const todo = await json(await as('authority01').fetch('/smsend/agentorg/queryNeedAudit?rows=100'));
    expect(todo.rows.map((row: { organizationId: number }) => row.organizationId)).toContain(id);

    const decide = (fields: Record<string, string>) =>
      as('authority01').fetch('/smsend/agentorg/approve', {
        method: 'POST',
        body: new URLSearchParams({ organizationId: String(id), ...fields }),
      });
    const noOpinion = await decide({ auditStatus: '3' });
    expect(noOpinion.status).toBe(400);
    expect((await json(noOpinion)).message).toBe('请填写审核意见');
    expect((await decide({ auditStatus: '3', opinion: '营业执照扫描件不清晰，请重新上传。' })).status).toBe(
      200,
    );

    const rejected = await json(await as('agency02').fetch('/smsend/agentorg/querySelf', { method: 'POST' }));
    expect(rejected.object.auditStatus).toBe(3);
    const timeline = await json(
      await as('agency02').fetch(`/smsend/agentorg/orgAuditInfo?organizationId=${id}`),
    );
    expect(timeline.object.map((record: { opinion: string | null }) => record.opinion)).toContain(
      '营业执照扫描件不清晰，请重新上传。',
    );

    const resubmitted = await apply(
      'agency02',
      application({ action: 'submit' }, { licence: pdf('营业执照清晰版.pdf') }),
    );
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.data.auditStatus).toBe(1);

    const hallBefore = await json(
      await createBrowser(env.app).fetch('/smsend/agentorg/query?orgName=测试测绘'),
    );
    expect(hallBefore.total).toBe(0);
    expect((await decide({ auditStatus: '2', opinion: '同意。' })).status).toBe(200);
    const hall = await json(await createBrowser(env.app).fetch('/smsend/agentorg/query?orgName=测试测绘'));
    expect(hall.rows.map((row: { organizationId: number }) => row.organizationId)).toEqual([id]);

    const told = await env.ctx.db
      .select({ content: messages.messageContent })
      .from(messages)
      .where(eq(messages.userId, 11));
    expect(told.map((row) => row.content)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('审核不通过，意见：营业执照扫描件不清晰'),
        expect.stringContaining('已审核通过'),
      ]),
    );
    const done = await json(await as('authority01').fetch('/smsend/agentorg/doneOrg', { method: 'POST' }));
    expect(done.rows[0]).toMatchObject({ organizationId: id, auditStatus: 2, decidedAs: expect.any(String) });
  });

  it("the dishonest check lists the credit flags of a legal person's agencies", async () => {
    const [flagged] = await env.ctx.db
      .select({ name: agentOrganizations.legalPersonName, id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.isBlacklisted, true))
      .limit(1);
    const found = await json(
      await as('authority01').fetch(
        `/smsend/agentorg/queryDishonestByLegalPersonName?legalPersonName=${encodeURIComponent(flagged?.name ?? '')}`,
      ),
    );
    const org = found.object.find((row: { organizationId: number }) => row.organizationId === flagged?.id);
    expect(org.flags.map((flag: { flag: string }) => flag.flag)).toContain('blacklisted');
    const none = await json(
      await as('authority01').fetch(
        `/smsend/agentorg/queryDishonestByLegalPersonName?legalPersonName=${encodeURIComponent('不存在的人')}`,
      ),
    );
    expect(none.object).toEqual([]);
    const blank = await as('authority01').fetch(
      '/smsend/agentorg/queryDishonestByLegalPersonName?legalPersonName=',
    );
    expect(blank.status).toBe(400);
    expect((await json(blank)).message).toBe('请输入法定代表人姓名');
  });
});
