/**
 * The contract calls through the real HTTP app (issue 14), on the demo data with 120 projects: who
 * sees which contracts, the detail and its PDF (text extracted with pdf.js: parties, 大写 amount,
 * filing number, page numbers), templates versioned, the .xlsx exports with an exact totals row, the
 * zip of documents, government-purchase documents and totals, and bad input changing nothing.
 */
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  constructionUnits,
  contractGovAttachments,
  contractTemplates,
  contracts,
} from '@server/db/schema';
import { signedInTestApp, json } from '@server/modules/identity/test-support';
import { amountInWords, sumMoney } from '@shared/money';
import { contractMessages } from '@shared/validation/contracts';

const env = signedInTestApp({
  accounts: ['agency01', 'owner01', 'authority01', 'admin', 'share01', 'staff01', 'district01'],
  projects: 120,
});
const { as } = env;
let agencyOrgId: number;
let ownerUnitId: number;

beforeAll(async () => {
  const [org] = await env.ctx.db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, 3));
  const [unit] = await env.ctx.db
    .select({ id: constructionUnits.constructionId })
    .from(constructionUnits)
    .where(eq(constructionUnits.userId, 2));
  agencyOrgId = org!.id;
  ownerUnitId = unit!.id;
});

const post = (who: string, path: string, fields: Record<string, string>) =>
  env.postForm(who, `/smsend/${path}`, fields);

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  return text;
}

async function sheetOf(response: Response): Promise<ExcelJS.Worksheet> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook.worksheets[0]!;
}

describe('who sees which contracts', () => {
  it('an agency lists only its own, an owner only its unit’s, the authority all', async () => {
    const [all] = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
    const [own] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(eq(contracts.organizationId, agencyOrgId));
    const [unit] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(eq(contracts.constructionId, ownerUnitId));
    expect(own!.n).toBeGreaterThan(0);
    expect(unit!.n).toBeGreaterThan(0);
    const agency = await json(await post('agency01', 'contract/query', { pageIdx: '1', pageSize: '100' }));
    expect(agency.total).toBe(own!.n);
    expect(agency.rows.every((row: { organizationId: number }) => row.organizationId === agencyOrgId)).toBe(
      true,
    );
    const owner = await json(await post('owner01', 'contract/query', { pageSize: '100' }));
    expect(owner.total).toBe(unit!.n);
    const authority = await json(await post('authority01', 'contract/contractQuery', { pageSize: '5' }));
    expect(authority.total).toBe(all!.n);
    expect(authority.rows).toHaveLength(5);
    // Amounts are exact decimal strings.
    expect(authority.rows[0].amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('narrows a list to one agency with organizationId (the intermediary contract download page)', async () => {
    const all = await json(await post('authority01', 'contract/query', { pageSize: '100' }));
    const orgIds = [...new Set(all.rows.map((row: { organizationId: number }) => row.organizationId))];
    expect(orgIds.length).toBeGreaterThan(1);
    const one = orgIds[0] as number;
    const narrowed = await json(
      await post('authority01', 'contract/query', { pageSize: '100', organizationId: String(one) }),
    );
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all.total);
    expect(narrowed.rows.every((row: { organizationId: number }) => row.organizationId === one)).toBe(true);
    // An agency naming another agency still sees only its own contracts: none of the other's.
    const other = orgIds.find((id) => id !== 1) as number;
    const agency = await json(
      await post('agency01', 'contract/query', { pageSize: '100', organizationId: String(other) }),
    );
    expect(agency.total).toBe(0);
    expect((await post('authority01', 'contract/query', { organizationId: 'x' })).status).toBe(400);
  });

  it('staff see their agency’s contracts, a district office its district’s: the demo lists are not empty', async () => {
    const staff = await json(await post('staff01', 'contract/query', { pageSize: '100' }));
    expect(staff.total).toBeGreaterThan(0);
    const district = await json(await post('district01', 'contract/completeList', { pageSize: '100' }));
    expect(district.total).toBeGreaterThan(0);
    const names = new Set(district.rows.map((row: { districtName: string }) => row.districtName));
    expect(names.size).toBe(1);
    // A result-sharing department looks up filed contracts only (contract/query: none in another state).
    const sharing = await json(await post('share01', 'contract/completeList', {}));
    expect(sharing.total).toBeGreaterThan(0);
    const unfiled = await json(await post('share01', 'contract/query', { status: '1' }));
    expect(unfiled.total).toBe(0);
  });

  it('another party’s contract answers 404, like a missing one; sharing departments see no unfiled one', async () => {
    const [theirs] = await env.ctx.db
      .select({ id: contracts.contractId })
      .from(contracts)
      .where(sql`${contracts.organizationId} <> ${agencyOrgId} and ${contracts.status} <> 3`)
      .limit(1);
    for (const path of [
      `contract/queryOne?contractId=${theirs!.id}`,
      `contract/document?contractId=${theirs!.id}`,
      'contract/queryOne?contractId=999999',
    ])
      expect((await as('agency01').fetch(`/smsend/${path}`)).status, path).toBe(404);
    expect((await as('share01').fetch(`/smsend/contract/queryOne?contractId=${theirs!.id}`)).status).toBe(
      404,
    );
    expect((await as('authority01').fetch(`/smsend/contract/queryOne?contractId=${theirs!.id}`)).status).toBe(
      200,
    );
  });

  it('filters: only those given apply; bad ones are a 400 with the message', async () => {
    const filed = await json(
      await post('authority01', 'contract/contractQuery', { status: '3', projectName: '' }),
    );
    expect(filed.total).toBeGreaterThan(0);
    expect(filed.rows.every((row: { status: number }) => row.status === 3)).toBe(true);
    const bad = await post('authority01', 'contract/contractQuery', { amountMin: '-5' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('金额应为不超过两位小数的非负数');
    const range = await post('authority01', 'contract/contractQuery', { amountMin: '500', amountMax: '20' });
    expect(range.status).toBe(400);
    expect((await json(range)).message).toBe('金额下限不能大于上限');
    const dates = await post('authority01', 'contract/contractQuery', {
      signedFrom: '2026-02-01',
      signedTo: '2026-01-01',
    });
    expect((await json(dates)).message).toBe('开始日期不能晚于结束日期');
  });
});

describe('the contract document', () => {
  it('is a small PDF whose text holds the parties, the amount in capitals, the filing number and page numbers', async () => {
    const [row] = await env.ctx.db
      .select({ id: contracts.contractId, amount: contracts.amount, filingNo: contracts.filingNo })
      .from(contracts)
      .where(and(eq(contracts.organizationId, agencyOrgId), eq(contracts.status, 3)))
      .limit(1);
    const detail = await json(await as('agency01').fetch(`/smsend/contract/queryOne?contractId=${row!.id}`));
    expect(detail.object.amountInWords).toBe(amountInWords(row!.amount!));
    expect(detail.object.items.length).toBeGreaterThan(0);
    expect(detail.object.template.version).toBe(1);
    const response = await as('agency01').fetch(`/smsend/contract/document?contractId=${row!.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    // The font is embedded as a subset: far below the 10 MB of the whole font.
    expect(bytes.byteLength).toBeLessThan(200_000);
    const text = await pdfText(bytes);
    expect(text).toContain(detail.object.ownerName);
    expect(text).toContain(detail.object.orgName);
    expect(text).toContain(amountInWords(row!.amount!));
    expect(text).toContain(row!.filingNo!);
    expect(text).toMatch(/第 1 页 共 \d+ 页/);
  });
});

describe('what was entered on the contract', () => {
  it('prints the payment terms and the survey period entered, not the template’s default', async () => {
    const [row] = await env.ctx.db
      .select({ id: contracts.contractId })
      .from(contracts)
      .where(and(eq(contracts.organizationId, agencyOrgId), eq(contracts.status, 3)))
      .limit(1);
    await env.ctx.db
      .update(contracts)
      .set({ paymentTerms: '合同签订后支付30%，验收后付清', startOn: '2026-03-05', endOn: '2026-06-30' })
      .where(eq(contracts.contractId, row!.id));
    const response = await as('agency01').fetch(`/smsend/contract/document?contractId=${row!.id}`);
    expect(response.status).toBe(200);
    const text = await pdfText(await response.arrayBuffer());
    expect(text).toContain('合同签订后支付30%，验收后付清');
    expect(text).toContain('2026年3月5日至2026年6月30日');
    expect(text).not.toContain('甲方一次付清合同金额');
  });

  it('adds the entered terms after a template that has no place for them', async () => {
    const { renderContractPdf } = await import('./document');
    const pdf = await renderContractPdf(
      { title: '简易合同', version: 1, content: '<h2>测绘服务合同</h2><p>甲方：{{ownerName}}</p>' },
      {
        contractNo: 'HT-1',
        contractName: '测试合同',
        ownerName: '甲公司',
        agencyName: '乙公司',
        projectName: '项目',
        projectNo: 'XM-1',
        stageName: null,
        items: [],
        amount: '1000.00',
        signedOn: null,
        filingNo: null,
        filedAt: null,
        paymentTerms: '分两期支付',
        startOn: '2026-04-01',
        endOn: null,
      },
    );
    const text = await pdfText(
      pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer,
    );
    expect(text).toContain('付款方式：分两期支付');
    expect(text).toContain('履行期限：自2026年4月1日起');
  });
});

describe('templates', () => {
  it('saving makes a new version; the old one stays readable and contracts keep theirs', async () => {
    const before = await json(await as('admin').fetch('/smsend/contract/queryTemplate?stageId=1'));
    const current = before.object.find((row: { isCurrent: boolean }) => row.isCurrent);
    const saved = await post('admin', 'contract/saveContractTemplate', {
      stageId: '1',
      title: '立项用地规划许可阶段测绘服务合同',
      content:
        '<h2>测绘服务合同</h2><p>甲方：{{ownerName}}，乙方：{{agencyName}}</p><script>alert(1)</script>',
      remark: '精简条款',
      baseVersion: String(current.version),
    });
    expect(saved.status).toBe(200);
    const body = await json(saved);
    expect(body.data.version).toBe(current.version + 1);
    expect(body.data.content).not.toContain('script');
    const after = await json(await as('admin').fetch('/smsend/contract/queryTemplate?stageId=1'));
    expect(after.object).toHaveLength(before.object.length + 1);
    expect(after.object.find((row: { version: number }) => row.version === current.version).content).toBe(
      current.content,
    );
    // Saving again from the old version: someone else's newer one wins, nothing is added.
    const stale = await post('admin', 'contract/saveContractTemplate', {
      stageId: '1',
      title: 'x',
      content: '<p>x</p>',
      baseVersion: String(current.version),
    });
    expect(stale.status).toBe(409);
    const unknown = await post('admin', 'contract/saveContractTemplate', {
      stageId: '1',
      title: 'x',
      content: '<p>{{nobody}}</p>',
      baseVersion: String(current.version + 1),
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toBe('模板中有未知的占位符：nobody');
    const [count] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractTemplates)
      .where(eq(contractTemplates.stageId, 1));
    expect(count!.n).toBe(before.object.length + 1);
    // An agency cannot save templates.
    expect((await post('agency01', 'contract/saveContractTemplate', { stageId: '1' })).status).toBe(403);
  });
});

describe('exports', () => {
  it('excelContractQuery: every row, amounts as numbers, dates as dates, an exact totals row', async () => {
    const rows = await env.ctx.db
      .select({ amount: contracts.amount })
      .from(contracts)
      .where(eq(contracts.status, 3));
    const sheet = await sheetOf(
      await as('authority01').fetch('/smsend/contract/excelContractQuery?status=3'),
    );
    expect(sheet.getRow(1).getCell(1).value).toBe('合同编号');
    expect(sheet.rowCount).toBe(rows.length + 2);
    const amountCell = sheet.getRow(2).getCell(9);
    expect(typeof amountCell.value).toBe('number');
    expect(amountCell.numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(12).value).toBeInstanceOf(Date);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(Number(last.getCell(9).value).toFixed(2)).toBe(sumMoney(rows.map((row) => row.amount)));
  });

  it('exportExcel follows the role: the agency gets its own contracts only', async () => {
    const sheet = await sheetOf(await as('agency01').fetch('/smsend/contract/exportExcel'));
    const [own] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(eq(contracts.organizationId, agencyOrgId));
    expect(sheet.rowCount).toBe(own!.n + 2);
  });

  it('excelOrgan sums per agency', async () => {
    const sheet = await sheetOf(await as('authority01').fetch('/smsend/contract/excelOrgan'));
    const [all] = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
    expect(sheet.getRow(sheet.rowCount).getCell(2).value).toBe(all!.n);
  });

  it('exportFiles zips the chosen contracts’ PDFs', async () => {
    const list = await json(await post('agency01', 'contract/query', { pageSize: '2' }));
    const ids = list.rows.map((row: { contractId: number }) => row.contractId).join(',');
    const response = await as('agency01').fetch(`/smsend/contract/exportFiles?contractIds=${ids}`);
    expect(response.status).toBe(200);
    const buffer = Buffer.from(await response.arrayBuffer());
    const names = await new Promise<string[]>((resolve, reject) => {
      yauzl.fromBuffer(buffer, { lazyEntries: false }, (error, zip) => {
        if (error || !zip) return reject(error);
        const found: string[] = [];
        zip.on('entry', (entry: yauzl.Entry) => found.push(entry.fileName));
        zip.on('end', () => resolve(found));
      });
    });
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/\.pdf$/);
  });

  it('exportFiles answers 400, not 500, for an id beyond 2^31−1 (issue 21)', async () => {
    for (const ids of ['2147483648', '1,99999999999', '0x10']) {
      const response = await as('agency01').fetch(`/smsend/contract/exportFiles?contractIds=${ids}`);
      expect(response.status, ids).toBe(400);
      expect((await json(response)).message).toBe(contractMessages.contractId);
    }
  });
});

describe('government purchase', () => {
  it('lists purchases with their documents, uploads one more, and totals exactly', async () => {
    const page = await json(
      await post('authority01', 'contract/queryGovStatusAttachments', { pageSize: '100' }),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows.every((row: { isGovPurchase: boolean }) => row.isGovPurchase)).toBe(true);
    const withDocs = page.rows.find((row: { documentCount: number }) => row.documentCount > 0);
    expect(withDocs.hasProcurement).toBe(true);
    const docs = await json(
      await as('authority01').fetch(`/smsend/contract/queryGovAttachments?contractId=${withDocs.contractId}`),
    );
    expect(docs.object.length).toBe(withDocs.documentCount);
    const download = await as('authority01').fetch(
      `/smsend/contract/govFile/download?id=${docs.object[0].fileId}`,
    );
    expect(download.status).toBe(200);

    const body = new FormData();
    body.set('contractId', String(withDocs.contractId));
    body.set('kind', '3');
    body.set(
      'file',
      new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], '补充材料.pdf', { type: 'application/pdf' }),
    );
    const upload = await as('authority01').fetch('/smsend/contract/saveGovAttachments', {
      method: 'POST',
      body,
    });
    expect(upload.status).toBe(200);
    const [n] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractGovAttachments)
      .where(eq(contractGovAttachments.contractId, withDocs.contractId));
    expect(n!.n).toBe(withDocs.documentCount + 1);

    // A renamed file is refused and nothing is stored.
    const bad = new FormData();
    bad.set('contractId', String(withDocs.contractId));
    bad.set('kind', '3');
    bad.set('file', new File([new TextEncoder().encode('MZ not a pdf')], '材料.pdf'));
    expect(
      (await as('authority01').fetch('/smsend/contract/saveGovAttachments', { method: 'POST', body: bad }))
        .status,
    ).toBe(400);

    const totals = await json(await as('authority01').fetch('/smsend/contract/govPurchaseTotal'));
    const amounts = await env.ctx.db
      .select({ amount: contracts.amount })
      .from(contracts)
      .where(eq(contracts.isGovPurchase, true));
    expect(totals.object.total.count).toBe(amounts.length);
    expect(totals.object.total.amount).toBe(sumMoney(amounts.map((row) => row.amount)));
    expect(sumMoney(totals.object.byYear.map((row: { amount: string }) => row.amount))).toBe(
      totals.object.total.amount,
    );
  });

  it('the year figures add up', async () => {
    const figures = await json(
      await as('authority01').fetch('/smsend/contract/ContractMessage?yearName=2025'),
    );
    expect(figures.object.year).toBe(2025);
    expect(figures.object.byMonth).toHaveLength(12);
    expect(sumMoney(figures.object.byMonth.map((row: { amount: string }) => row.amount))).toBe(
      figures.object.total.amount,
    );
    expect((await as('authority01').fetch('/smsend/contract/ContractMessage?yearName=abc')).status).toBe(400);
  });
});
