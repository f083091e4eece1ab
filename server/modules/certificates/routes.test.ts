/**
 * Certificates through the service and the HTTP app: issuing a project in 6 numbers it per year
 * without gaps (also when several issue at once), moves the project to 7 with its log line and tells
 * the owner and the agency; a second issue answers the first certificate; a project not in 6 is
 * refused. The PDF carries the number and a QR code that decodes to the verification address. Owners
 * and agencies see only their own; the authority revokes with a reason (audited), after which the
 * public verification says revoked; unknown numbers say so; the verification is rate-limited.
 */
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  certificates,
  districts,
  files,
  messages,
  projectLogs,
  projects,
} from '@server/db/schema';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { sql } from 'drizzle-orm';
import { issueCertificate, removingPdfsOnFailure } from './index';
import { VERIFY_PER_MINUTE } from './routes';
import { createHallReads, CERTIFICATE_PAGES_PER_MINUTE } from '@server/hall-reads';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'agency05', 'owner02'] });
const { as } = env;
let districtCode: string;

interface Envelope {
  success: boolean;
  message: string;
  object: Record<string, unknown> & { certificate: Record<string, unknown> | null };
  data: Record<string, unknown>;
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const get = (who: string, path: string, query: Record<string, string> = {}) =>
  as(who).fetch(`/smsend/${path}?${new URLSearchParams(query).toString()}`);
const system = { pkid: 6, username: 'auditor01' };
/** pngjs (a dependency of qrcode, without types): the detail's QR image as pixels. */
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(bytes: Buffer): { width: number; height: number; data: Buffer } } };
};

beforeAll(async () => {
  const [district] = await env.ctx.db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11)`)
    .limit(1);
  districtCode = district!.code;
});

/** A project accepted (status 6) whose agency01 authorization was accepted, with two items. */
async function acceptedProject(name = '云州证书测试项目') {
  const { projectId } = await insertDemand(env.ctx.db, {
    name,
    code: 'ZS',
    districtCode,
    status: 6,
    items: [401, 402],
    offer: { organizationId: AGENCY_ORG_ID, state: 1 },
  });
  return projectId;
}

const issue = (projectId: number) =>
  env.ctx.db.transaction((tx) => issueCertificate(env.ctx, tx, projectId, system));

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of env.ctx.storage.list()) keys.push(key);
  return keys.sort();
}

async function pdfOf(pkid: number, who = 'owner01') {
  const response = await get(who, 'certificate/pdf', { pkid: String(pkid) });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The text and the images of the PDF's first page, as pdf.js reads them. */
async function readPdf(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
  }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
  const operators = await page.getOperatorList();
  type Image = { width: number; height: number; data: Uint8ClampedArray; kind: number };
  const names = operators.fnArray.flatMap((fn, index) =>
    fn === pdfjs.OPS.paintImageXObject ? [operators.argsArray[index][0] as string] : [],
  );
  const images = await Promise.all(
    names.map(
      (name) => new Promise<Image>((resolve) => page.objs.get(name, resolve as (data: unknown) => void)),
    ),
  );
  return { text, images };
}

/** RGB (kind 2) or RGBA (kind 3) pixels as RGBA, for jsQR. */
function rgba(image: { width: number; height: number; data: Uint8ClampedArray; kind: number }) {
  if (image.kind === 3) return image.data;
  const out = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.width * image.height; i += 1, j += 3) {
    out.set([image.data[j]!, image.data[j + 1]!, image.data[j + 2]!, 255], i * 4);
  }
  return out;
}

describe('issuing', () => {
  it('numbers per year, moves the project to 7 with its log line, tells the owner and the agency', async () => {
    const projectId = await acceptedProject();
    const ownerBefore = await env.ctx.db.$count(messages, eq(messages.userId, 2));
    const agencyBefore = await env.ctx.db.$count(messages, eq(messages.userId, 3));
    const first = await issue(projectId);
    expect(first).toMatchObject({ issued: true, certificateNo: 'YZCG2026000001' });
    const [project] = await env.ctx.db
      .select({ status: projects.status, completedAt: projects.completedAt })
      .from(projects)
      .where(eq(projects.pkid, projectId));
    expect(project?.status).toBe(7);
    expect(project?.completedAt).not.toBeNull();
    const logs = await env.ctx.db.select().from(projectLogs).where(eq(projectLogs.projectId, projectId));
    expect(logs.map((log) => [log.statusFrom, log.statusTo, log.content])).toContainEqual([
      6,
      7,
      '颁发验收证书 YZCG2026000001，项目办结',
    ]);
    expect(await env.ctx.db.$count(messages, eq(messages.userId, 2))).toBe(ownerBefore + 1);
    expect(await env.ctx.db.$count(messages, eq(messages.userId, 3))).toBe(agencyBefore + 1);
    const [row] = await env.ctx.db.select().from(certificates).where(eq(certificates.pkid, first.pkid));
    expect(row).toMatchObject({
      state: 1,
      agencyName: expect.any(String),
      itemNames: ['规划条件核实测量', '房产实测绘'],
    });

    // Idempotent: the second call answers the same certificate and changes nothing.
    const again = await issue(projectId);
    expect(again).toEqual({ pkid: first.pkid, certificateNo: first.certificateNo, issued: false });
    expect(await env.ctx.db.$count(certificates, eq(certificates.projectId, projectId))).toBe(1);

    // The next one follows without a gap; a new year starts at 1.
    expect((await issue(await acceptedProject())).certificateNo).toBe('YZCG2026000002');
    env.clock.advance(365 * 24 * 3_600_000);
    expect((await issue(await acceptedProject())).certificateNo).toBe('YZCG2027000001');
    env.clock.advance(-365 * 24 * 3_600_000);
  });

  it('gives concurrent issues distinct numbers without gaps, and one certificate per project', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => acceptedProject(`并发发证${n}`)));
    const issued = await Promise.all([...ids, ids[0]!, ids[1]!].map((id) => issue(id)));
    const numbers = [...new Set(issued.map((one) => one.certificateNo))].sort();
    expect(numbers).toEqual([
      'YZCG2026000003',
      'YZCG2026000004',
      'YZCG2026000005',
      'YZCG2026000006',
      'YZCG2026000007',
    ]);
    expect(issued.filter((one) => one.issued)).toHaveLength(5);
  });

  it('refuses a project that is not accepted, and a failed issue gives its number back', async () => {
    const { projectId } = await insertDemand(env.ctx.db, {
      name: '未验收',
      code: 'WY',
      districtCode,
      status: 5,
    });
    await expect(issue(projectId)).rejects.toMatchObject({
      code: 'conflict',
      message: '项目尚未验收，不能发证',
    });
    expect(await env.ctx.db.$count(certificates, eq(certificates.projectId, projectId))).toBe(0);
    // A transaction that issues and then fails rolls the number back with it, and the PDF it had
    // written is removed from the store (no file row names it any more).
    const other = await acceptedProject('回滚发证');
    const keysBefore = await storedKeys();
    await expect(
      removingPdfsOnFailure(env.ctx, (issuing) =>
        env.ctx.db.transaction(async (tx) => {
          await issueCertificate(issuing, tx, other, system);
          expect((await storedKeys()).length).toBe(keysBefore.length + 1);
          throw new Error('acceptance failed later');
        }),
      ),
    ).rejects.toThrow('acceptance failed later');
    expect(await storedKeys()).toEqual(keysBefore);
    expect((await issue(other)).certificateNo).toBe('YZCG2026000008');
  });
});

describe('the PDF', () => {
  it('carries the data and a QR code that decodes to the verification page; its sha256 is recorded', async () => {
    const projectId = await acceptedProject('二维码项目');
    const { pkid, certificateNo } = await issue(projectId);
    const bytes = await pdfOf(pkid);
    const { text, images } = await readPdf(bytes);
    expect(text).toContain(certificateNo);
    expect(text).toContain('二维码项目');
    expect(text).toContain('房产实测绘');
    const decoded = images.map((image) => jsQR(rgba(image), image.width, image.height)?.data).filter(Boolean);
    const verifyUrl = `${env.ctx.config.publicUrl}/certificate/verify?no=${certificateNo}`;
    expect(decoded).toEqual([verifyUrl]);
    const [row] = await env.ctx.db
      .select({ sha256: files.sha256 })
      .from(certificates)
      .innerJoin(files, eq(files.id, certificates.fileId))
      .where(eq(certificates.pkid, pkid));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row?.sha256);

    // The detail's QR image (the same PNG) decodes to the same address.
    const detail = (await json(await get('owner01', 'certificate/detail', { pkid: String(pkid) }))).object;
    expect(detail.verifyUrl).toBe(verifyUrl);
    const png = PNG.sync.read(
      Buffer.from(String(detail.qrCode).replace(/^data:image\/png;base64,/, ''), 'base64'),
    );
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(verifyUrl);
  });
});

describe('reading and revoking', () => {
  let pkid: number;
  let no: string;
  beforeAll(async () => {
    ({ pkid, certificateNo: no } = await issue(await acceptedProject('撤销测试项目')));
  });

  it('shows owners and agencies their own only; supervisors all', async () => {
    for (const who of ['owner01', 'agency01', 'staff01', 'authority01', 'auditor01', 'admin']) {
      const list = await json(await get(who, 'certificate/list', { certificateNo: no }));
      if (who === 'staff01') {
        expect((await get(who, 'certificate/list')).status).toBe(403);
        continue;
      }
      expect(
        list.rows.map((row) => row.certificateNo),
        who,
      ).toEqual([no]);
      expect((await get(who, 'certificate/detail', { pkid: String(pkid) })).status, who).toBe(200);
    }
    for (const who of ['owner02', 'agency05']) {
      expect((await json(await get(who, 'certificate/list'))).total, who).toBe(0);
      const detail = await get(who, 'certificate/detail', { pkid: String(pkid) });
      expect(detail.status, who).toBe(404);
      expect((await get(who, 'certificate/pdf', { pkid: String(pkid) })).status, who).toBe(404);
    }
    // Search by year and state, paging.
    const page = await json(
      await get('authority01', 'certificate/list', { year: '2026', rows: '2', page: '2' }),
    );
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    expect((await json(await get('authority01', 'certificate/list', { year: '2027' }))).total).toBe(1);
    const bad = await get('authority01', 'certificate/list', { year: 'abc' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('年份不正确');
    const sheet = await get('owner01', 'certificate/exportExcel', { certificateNo: no });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('verifies publicly: unknown and malformed numbers say so', async () => {
    const known = await json(await get('anonymous', 'certificate/verify', { no: no.toLowerCase() }));
    expect(known.object).toMatchObject({ certificateNo: no, found: true });
    expect(known.object.certificate).toMatchObject({
      state: 1,
      projectName: expect.stringContaining('撤销测试项目'),
    });
    const unknown = await json(await get('anonymous', 'certificate/verify', { no: 'YZCG2026999999' }));
    expect(unknown.object).toEqual({ certificateNo: 'YZCG2026999999', found: false, certificate: null });
    const malformed = await get('anonymous', 'certificate/verify', { no: 'ABC' });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).message).toBe(
      '证书编号格式不正确，应为 YZCG 加 10 位数字，如 YZCG2026000001',
    );
  });

  it('revokes with a reason, by the authority only, audited; the verification then says revoked', async () => {
    const post = (who: string, body: object) =>
      as(who).fetch('/smsend/certificate/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const who of ['owner01', 'agency01', 'auditor01'])
      expect((await post(who, { pkid, reason: '错' })).status).toBe(403);
    const noReason = await post('authority01', { pkid, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请填写撤销原因');
    expect((await env.ctx.db.select().from(certificates).where(eq(certificates.pkid, pkid)))[0]?.state).toBe(
      1,
    );

    const revoked = await post('authority01', { pkid, reason: '成果资料存在弄虚作假' });
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data).toMatchObject({
      state: 2,
      revokeReason: '成果资料存在弄虚作假',
      canRevoke: false,
    });
    const trail = await env.ctx.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectType, 'certificate'), eq(auditRecords.subjectId, pkid)));
    expect(trail.map((record) => [record.decision, record.opinion, record.auditorId])).toContainEqual([
      13,
      '成果资料存在弄虚作假',
      5,
    ]);
    const again = await post('authority01', { pkid, reason: '再次撤销' });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('该证书已撤销');

    const verified = await json(await get('anonymous', 'certificate/verify', { no }));
    expect(verified.object.certificate).toMatchObject({ state: 2, revokeReason: '成果资料存在弄虚作假' });
    expect(verified.object.certificate?.revokedAt).toEqual(expect.any(String));
  });

  it('limits verifications per client address', async () => {
    const browser = env.browser('anonymous');
    let last = 200;
    for (let n = 0; n <= VERIFY_PER_MINUTE; n += 1) {
      last = (await browser.fetch(`/smsend/certificate/verify?no=${no}`)).status;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await get('owner01', 'certificate/verify', { no })).status).toBe(200);
  });

  it("answers the hall page: invalid numbers with the message, unknown and known ones, then the address's limit", async () => {
    const hall = createHallReads(env.ctx).certificates;
    expect(await hall.verify('123', '10.9.9.9')).toEqual({
      kind: 'invalid',
      message: '证书编号格式不正确，应为 YZCG 加 10 位数字，如 YZCG2026000001',
    });
    const unknown = await hall.verify('YZCG2026999999', '10.9.9.9');
    expect(unknown).toMatchObject({ kind: 'checked', verification: { found: false, certificate: null } });
    const known = await hall.verify(` ${no.toLowerCase()} `, '10.9.9.9');
    expect(known).toMatchObject({
      kind: 'checked',
      verification: { found: true, certificate: { state: 2 } },
    });
    for (let n = 2; n < CERTIFICATE_PAGES_PER_MINUTE; n += 1) await hall.verify(no, '10.9.9.9');
    expect(await hall.verify(no, '10.9.9.9')).toEqual({ kind: 'limited' });
    expect((await hall.verify(no, '10.9.9.8')).kind).toBe('checked');
  });
});
