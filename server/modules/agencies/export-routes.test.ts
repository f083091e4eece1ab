/**
 * Exports through the real HTTP app (issue 12): agentorg/exportExcel and construction/exportExcel open
 * with exceljs (Chinese headers, frozen header row, real dates, the filter applied), 10,000 rows stay
 * within 100 MB while streamed, and agentorg/exportFiles unzips with its Chinese names (UTF-8 flag) and
 * the stored bytes.
 */
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentOrgAttachments, agentOrganizations, constructionUnits, files } from '@server/db/schema';
import { signedInTestApp } from '@server/modules/identity/test-support';

const env = signedInTestApp({ accounts: ['agency01', 'agency02', 'authority01', 'owner01'] });

const { as } = env;

async function workbookOf(response: Response): Promise<ExcelJS.Worksheet> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  return (sheet.getRow(n).values as unknown[]).slice(1);
}

describe('agentorg/exportExcel', () => {
  beforeAll(async () => {
    await env.ctx.db.insert(agentOrganizations).values([
      {
        orgName: '导出测试甲测绘有限公司',
        credential: '91379900EXPORT0001',
        legalPersonName: '王甲',
        qualificationGrade: 1,
        qualificationValidUntil: '2028-06-30',
        auditStatus: 2,
        auditedAt: new Date('2026-02-01T02:30:00Z'),
      },
      {
        orgName: '导出测试乙测绘有限公司',
        legalPersonName: '王乙',
        auditStatus: 2,
        isLostCredit: true,
        auditedAt: new Date('2026-02-03T02:30:00Z'),
      },
      // Not approved: never exported.
      { orgName: '导出测试丙测绘有限公司', auditStatus: 1 },
    ]);
  });

  it('gives the approved agencies matching the filter as a real .xlsx', async () => {
    const response = await as('authority01').fetch(
      `/smsend/agentorg/exportExcel?orgName=${encodeURIComponent('导出测试')}`,
    );
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('中介机构名录.xlsx')}`,
    );
    const sheet = await workbookOf(response);
    expect(rowValues(sheet, 1).slice(0, 4)).toEqual([
      '机构名称',
      '统一社会信用代码',
      '法定代表人',
      '登记机关',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(20);
    // Ordered by name (乙 sorts before 甲 by code point); the pending 丙 is not there.
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出测试乙测绘有限公司');
    expect(sheet.getRow(3).getCell(1).value).toBe('导出测试甲测绘有限公司');
    // Dates are dates: the validity date as is, the approval time in Beijing wall-clock time.
    const validUntil = sheet.getRow(3).getCell(7);
    expect(validUntil.value).toBeInstanceOf(Date);
    expect((validUntil.value as Date).toISOString()).toBe('2028-06-30T00:00:00.000Z');
    expect(validUntil.numFmt).toBe('yyyy-mm-dd');
    const auditedAt = sheet.getRow(3).getCell(13).value as Date;
    expect(auditedAt).toBeInstanceOf(Date);
    expect(auditedAt.toISOString()).toBe('2026-02-01T10:30:00.000Z');
    expect(sheet.getRow(2).getCell(12).value).toBe('失信');
    expect(sheet.getRow(3).getCell(12).value).toBe('良好');
  });

  it('applies the credit filter the list applies', async () => {
    const sheet = await workbookOf(
      await as('authority01').fetch(
        `/smsend/agentorg/exportExcel?orgName=${encodeURIComponent('导出测试')}&credit=lostCredit`,
      ),
    );
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出测试乙测绘有限公司');
  });

  it('refuses a bad filter with the list message, and roles that do not manage agencies', async () => {
    const bad = await as('authority01').fetch('/smsend/agentorg/exportExcel?credit=maybe');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('信用状态不正确');
    expect((await as('agency01').fetch('/smsend/agentorg/exportExcel')).status).toBe(403);
  });

  it('streams 10,000 rows within 100 MB of memory', async () => {
    const batch = 1000;
    for (let start = 0; start < 10_000; start += batch) {
      await env.ctx.db.insert(agentOrganizations).values(
        Array.from({ length: batch }, (_, i) => ({
          orgName: `万行导出${String(start + i).padStart(5, '0')}测绘有限公司`,
          credential: `9137990${String(start + i).padStart(11, '0')}`,
          legalPersonName: '赵六',
          registrationOrgan: '云州市市场监督管理局',
          address: '云州市云中区测绘路一号院测绘大厦十二层',
          qualificationValidUntil: '2029-12-31',
          auditStatus: 2,
          auditedAt: new Date('2026-01-01T00:00:00Z'),
        })),
      );
    }
    global.gc?.();
    const used = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.external + memory.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const response = await as('authority01').fetch(
      `/smsend/agentorg/exportExcel?orgName=${encodeURIComponent('万行导出')}`,
    );
    expect(response.status).toBe(200);
    // Read the stream as a client would, keeping only the bytes (about 1 MB), sampling memory as it goes.
    const chunks: Uint8Array[] = [];
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      peak = Math.max(peak, used());
    }
    const growthMb = (peak - baseline) / 1024 / 1024;
    console.info(`10,000-row export: peak memory growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThan(100);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getRow(2).getCell(1).value).toBe('万行导出00000测绘有限公司');
    expect(sheet.getRow(10_001).getCell(1).value).toBe('万行导出09999测绘有限公司');
  }, 180_000);
});

describe('construction/exportExcel', () => {
  beforeAll(async () => {
    await env.ctx.db.insert(constructionUnits).values([
      {
        name: '导出建设甲房地产开发有限公司',
        creditCode: '91379900CONSTR0001',
        auditStatus: 2,
        submittedAt: new Date('2026-01-05T01:00:00Z'),
        auditedAt: new Date('2026-01-06T01:00:00Z'),
      },
      { name: '导出建设乙置业有限公司', creditCode: '91379900CONSTR0002', auditStatus: 1 },
    ]);
  });

  it('gives the units matching name, credit code and audit status', async () => {
    const sheet = await workbookOf(
      await as('authority01').fetch(
        `/smsend/construction/exportExcel?name=${encodeURIComponent('导出建设')}&auditStatus=2`,
      ),
    );
    expect(rowValues(sheet, 1).slice(0, 2)).toEqual(['单位名称', '统一社会信用代码']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出建设甲房地产开发有限公司');
    expect(sheet.getRow(2).getCell(8).value).toBe('审核通过');
    expect(sheet.getRow(2).getCell(10).value).toBeInstanceOf(Date);

    const byCode = await workbookOf(
      await as('authority01').fetch('/smsend/construction/exportExcel?creditCode=CONSTR0002'),
    );
    expect(byCode.rowCount).toBe(2);
    expect(byCode.getRow(2).getCell(1).value).toBe('导出建设乙置业有限公司');
  });

  it('construction/list shows the rows the export writes, in the same order', async () => {
    const query = `name=${encodeURIComponent('导出建设')}`;
    const list = (await (
      await as('authority01').fetch(`/smsend/construction/list?${query}&rows=50`)
    ).json()) as { rows: { name: string; auditStatus: number }[]; total: number };
    const sheet = await workbookOf(
      await as('authority01').fetch(`/smsend/construction/exportExcel?${query}`),
    );
    expect(list.total).toBe(2);
    expect(list.rows.map((row) => row.name)).toEqual(
      Array.from({ length: sheet.rowCount - 1 }, (_, n) => sheet.getRow(n + 2).getCell(1).value),
    );
    const pending = (await (
      await as('authority01').fetch(`/smsend/construction/list?${query}&auditStatus=1`)
    ).json()) as { rows: { name: string }[] };
    expect(pending.rows.map((row) => row.name)).toEqual(['导出建设乙置业有限公司']);
    expect((await as('owner01').fetch('/smsend/construction/list')).status).toBe(403);
  });

  it('refuses a bad status and other roles', async () => {
    const bad = await as('authority01').fetch('/smsend/construction/exportExcel?auditStatus=99');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('审核状态不正确');
    expect((await as('owner01').fetch('/smsend/construction/exportExcel')).status).toBe(403);
  });
});

interface ZipEntry {
  name: string;
  utf8Flag: boolean;
  bytes: Buffer;
}

function unzip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              utf8Flag: (entry.generalPurposeBitFlag & 0x800) !== 0,
              bytes: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('agentorg/exportFiles', () => {
  let organizationId = 0;
  let otherOrganizationId = 0;
  const licence = Buffer.from('%PDF-1.4\n营业执照\n');
  const certificate = Buffer.from('%PDF-1.4\n资质证书\n');
  const other = Buffer.from('%PDF-1.4\n其他\n');

  beforeAll(async () => {
    const { db, storage } = env.ctx;
    const [org] = await db
      .insert(agentOrganizations)
      .values({ orgName: '附件打包测绘有限公司', auditStatus: 2 })
      .returning({ id: agentOrganizations.organizationId });
    const [otherOrg] = await db
      .insert(agentOrganizations)
      .values({ orgName: '待审附件测绘有限公司', auditStatus: 1 })
      .returning({ id: agentOrganizations.organizationId });
    organizationId = org?.id ?? 0;
    otherOrganizationId = otherOrg?.id ?? 0;
    const add = async (orgId: number, kind: number, name: string, bytes: Buffer) => {
      const stored = await storage.write(bytes);
      const [file] = await db
        .insert(files)
        .values({
          originalName: name,
          contentType: 'application/pdf',
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
        })
        .returning({ id: files.id });
      await db.insert(agentOrgAttachments).values({ organizationId: orgId, kind, fileId: file?.id ?? '' });
    };
    await add(organizationId, 1, '营业执照（副本）.pdf', licence);
    await add(organizationId, 2, '测绘资质证书.pdf', certificate);
    await add(organizationId, 3, '说明.pdf', other);
    await add(organizationId, 3, '说明.pdf', other);
    await add(otherOrganizationId, 1, '营业执照.pdf', licence);
  });

  it('zips the attachments with Chinese names flagged UTF-8 and their stored bytes', async () => {
    const response = await as('authority01').fetch(
      `/smsend/agentorg/exportFiles?organizationId=${organizationId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(
      encodeURIComponent('附件打包测绘有限公司附件.zip'),
    );
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual([
      '营业执照/营业执照（副本）.pdf',
      '资质证书/测绘资质证书.pdf',
      '其他附件/说明.pdf',
      '其他附件/说明 (2).pdf',
    ]);
    expect(entries.every((entry) => entry.utf8Flag)).toBe(true);
    expect(entries[0]?.bytes.equals(licence)).toBe(true);
    expect(entries[1]?.bytes.equals(certificate)).toBe(true);
    expect(entries[3]?.bytes.equals(other)).toBe(true);
  });

  it('answers 404 for an organization the user may not see, 400 for a bad id', async () => {
    // An agency sees only its own organization; a pending one is not public.
    expect(
      (await as('agency02').fetch(`/smsend/agentorg/exportFiles?organizationId=${organizationId}`)).status,
    ).toBe(404);
    expect(
      (await as('owner01').fetch(`/smsend/agentorg/exportFiles?organizationId=${otherOrganizationId}`))
        .status,
    ).toBe(404);
    expect((await as('authority01').fetch('/smsend/agentorg/exportFiles?organizationId=x')).status).toBe(400);
  });

  it("answers an error, not a cut-short zip, when an attachment's stored bytes are missing (issue 21)", async () => {
    const { db, storage } = env.ctx;
    const [org] = await db
      .insert(agentOrganizations)
      .values({ orgName: '丢失附件测绘有限公司', auditStatus: 2 })
      .returning({ id: agentOrganizations.organizationId });
    const stored = await storage.write(licence);
    const [file] = await db
      .insert(files)
      .values({
        originalName: '营业执照.pdf',
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
      })
      .returning({ id: files.id });
    await db.insert(agentOrgAttachments).values({ organizationId: org!.id, kind: 1, fileId: file!.id });
    await storage.remove(stored.key);
    const response = await as('authority01').fetch(`/smsend/agentorg/exportFiles?organizationId=${org!.id}`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toBe('文件内容已丢失，请联系管理员');
  });
});
