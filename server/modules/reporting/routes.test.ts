/**
 * Results reporting (issue 25) through the service and the HTTP app: issuing a certificate queues its
 * report in the same transaction; the directory provider drops the document as a file; the HTTP
 * provider POSTs it to the platform (a local fake server on 127.0.0.1) with the key; a refusal is
 * retried after each backoff delay (not before) and, after the last attempt, marked failed with the
 * reason; the authority sends it again and it goes out. The demo city has a sent, a failed and a
 * pending report. Other roles are refused; a report already waiting cannot be resent.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districts, resultsReports } from '@server/db/schema';
import { createBrowser, signedInTestApp, signInAs } from '@server/modules/identity/test-support';
import { issueCertificate } from '@server/modules/certificates';
import { insertDemand } from '@server/modules/projects/test-support';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { listenLocally, type LocalServer } from '@server/test/local-server';
import { callApi } from '@shared/api/call';
import { reportingCalls } from '@shared/calls/reporting';
import { REPORT_MAX_ATTEMPTS, REPORT_RETRY_DELAYS_MS, RESULTS_REPORT_FORMAT } from '@shared/domain/reporting';
import { createDirectoryReportProvider, deliverDueReports } from './index';

const env = signedInTestApp({ accounts: ['admin', 'authority01', 'owner01', 'auditor01'], projects: 120 });
const system = { pkid: 6, username: 'auditor01' };
let districtCode: string;
let dropDir: string;

beforeAll(async () => {
  const [district] = await env.ctx.db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11)`)
    .limit(1);
  districtCode = district!.code;
  dropDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'results-report-'));
});
afterAll(async () => {
  if (dropDir) await fsp.rm(dropDir, { recursive: true, force: true });
});

/** A project accepted (status 6) with agency01's accepted authorization, issued its certificate. */
async function issued(name: string) {
  const { projectId } = await insertDemand(env.ctx.db, {
    name,
    code: 'SB',
    districtCode,
    status: 6,
    items: [401],
    offer: { organizationId: AGENCY_ORG_ID, state: 1 },
  });
  const certificate = await env.ctx.db.transaction((tx) => issueCertificate(env.ctx, tx, projectId, system));
  const [report] = await env.ctx.db
    .select()
    .from(resultsReports)
    .where(eq(resultsReports.certificateId, certificate.pkid));
  return { certificate, report: report! };
}

/** A browser signed in now (the retries move the clock past the first sessions' lifetime). */
async function fresh(who: string) {
  const browser = createBrowser(env.app);
  await signInAs(browser, who);
  return browser;
}

const reportOf = async (pkid: number) =>
  (await env.ctx.db.select().from(resultsReports).where(eq(resultsReports.pkid, pkid)))[0]!;

/** Only this report is due: the others (the demo's, earlier tests') are left alone. */
async function onlyDue(pkid: number) {
  await env.ctx.db
    .update(resultsReports)
    .set({ nextAttemptAt: new Date(env.clock.now.getTime() + 365 * 86_400_000) })
    .where(sql`${resultsReports.pkid} <> ${pkid} and ${resultsReports.state} = 'pending'`);
}

describe('the demo city', () => {
  it('gives its reports a history: the first sent, the second failed after its last attempt, the rest waiting', async () => {
    const answer = await callApi(env.as('authority01').client, reportingCalls.list, { page: 1, rows: 100 });
    expect(answer.rows.length).toBeGreaterThan(0);
    // Oldest first: sent, failed, then pending (a full demo city has three certificates, e2e/oversight).
    const states = answer.rows.toReversed().map((row) => row.state);
    expect(states).toEqual(['sent', 'failed', 'pending', 'pending'].slice(0, states.length));
    const failed = answer.rows.find((row) => row.state === 'failed');
    if (failed) {
      expect(failed.lastError).toContain('省平台拒收');
      expect(failed.attempts).toBe(REPORT_MAX_ATTEMPTS);
    }
    expect(answer.rows.find((row) => row.state === 'sent')?.receipt).toMatch(/^YZCG\d{10}\.json$/);
  });
});

describe('the directory provider', () => {
  it('writes the document as <certificate number>.json, whole', async () => {
    const provider = createDirectoryReportProvider(path.join(dropDir, 'unit'));
    const receipt = await provider.deliver({
      format: RESULTS_REPORT_FORMAT,
      certificateNo: 'YZCG2026999999',
    });
    expect(receipt).toBe('YZCG2026999999.json');
    const written = JSON.parse(await fsp.readFile(path.join(dropDir, 'unit', receipt), 'utf8')) as unknown;
    expect(written).toEqual({ format: RESULTS_REPORT_FORMAT, certificateNo: 'YZCG2026999999' });
    expect(await fsp.readdir(path.join(dropDir, 'unit'))).toEqual([receipt]);
  });

  it('receives the report an issued certificate queued, through the job', async () => {
    env.ctx.config.reporting = { provider: 'directory', dir: dropDir };
    const { certificate, report } = await issued('云州成果上报目录项目');
    expect(report.state).toBe('pending');
    await onlyDue(report.pkid);
    const round = await deliverDueReports(env.ctx);
    expect(round).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const file = path.join(dropDir, `${certificate.certificateNo}.json`);
    const document = JSON.parse(await fsp.readFile(file, 'utf8')) as Record<string, unknown>;
    expect(document).toMatchObject({
      format: RESULTS_REPORT_FORMAT,
      certificateNo: certificate.certificateNo,
    });
    expect(document.results).toMatchObject({
      agencyName: expect.any(String),
      itemNames: [expect.any(String)],
    });
    const after = await reportOf(report.pkid);
    expect(after).toMatchObject({ state: 'sent', attempts: 1, provider: 'directory', lastError: null });
    expect(after.receipt).toBe(`${certificate.certificateNo}.json`);
    // A second run sends nothing more.
    expect((await deliverDueReports(env.ctx)).sent).toBe(0);
  });
});

describe('the HTTP provider against a local platform', () => {
  let platform: LocalServer;
  let refuse = true;
  const received: { key: string | undefined; body: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    platform = await listenLocally((req: http.IncomingMessage, res: http.ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/api/results') {
          res.writeHead(404).end();
          return;
        }
        received.push({
          key: req.headers['x-api-key'] as string | undefined,
          body: JSON.parse(body) as Record<string, unknown>,
        });
        if (refuse) res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"receiptNo":"SB-0001"}');
      });
    });
  });
  afterAll(() => platform.close());

  it('retries a refusal after each backoff delay, then marks it failed with the reason', async () => {
    env.ctx.config.reporting = {
      provider: 'http',
      url: `${platform.base}/api/`,
      key: 'platform-key-1',
      dir: dropDir,
    };
    const { certificate, report } = await issued('云州成果上报接口项目');
    await onlyDue(report.pkid);
    for (let attempt = 1; attempt <= REPORT_MAX_ATTEMPTS; attempt++) {
      const round = await deliverDueReports(env.ctx);
      const row = await reportOf(report.pkid);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('省平台拒收：HTTP 503 maintenance');
      const delay = REPORT_RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) {
        expect(round.failed).toBe(1);
        expect(row.state).toBe('failed');
        expect(row.nextAttemptAt).toBeNull();
        break;
      }
      expect(round.retrying).toBe(1);
      expect(row.state).toBe('pending');
      expect(row.nextAttemptAt!.getTime() - env.clock.now.getTime()).toBe(delay);
      // Not before its time: a run a moment before the delay ends sends nothing.
      env.clock.advance(delay - 1000);
      expect(await deliverDueReports(env.ctx)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      env.clock.advance(1000);
    }
    expect(received.length).toBe(REPORT_MAX_ATTEMPTS);
    expect(received.every((r) => r.key === 'platform-key-1')).toBe(true);
    expect(received[0]!.body.certificateNo).toBe(certificate.certificateNo);

    // The page shows it failed with the reason; the authority sends it again, and now it goes out.
    const authorityBrowser = await fresh('authority01');
    const authority = authorityBrowser.client;
    const failed = await callApi(authority, reportingCalls.list, {
      state: 'failed',
      keyword: certificate.certificateNo,
    });
    expect(failed.rows.map((row) => row.pkid)).toEqual([report.pkid]);
    expect(failed.rows[0]!.lastError).toContain('HTTP 503');
    refuse = false;
    const resent = await authorityBrowser.fetch('/smsend/resultsReport/resend', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pkid: report.pkid }),
    });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { message: string }).message).toBe('已重新加入上报队列');
    expect(await reportOf(report.pkid)).toMatchObject({ state: 'pending', attempts: 0, resentBy: 5 });
    expect((await deliverDueReports(env.ctx)).sent).toBe(1);
    expect(await reportOf(report.pkid)).toMatchObject({
      state: 'sent',
      receipt: 'SB-0001',
      provider: 'http',
    });
  });
});

describe('access and bad requests', () => {
  const post = async (who: string, body: unknown) =>
    (await fresh(who)).fetch('/smsend/resultsReport/resend', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses other roles', async () => {
    for (const who of ['owner01', 'auditor01']) {
      expect((await (await fresh(who)).fetch('/smsend/resultsReport/list')).status, who).toBe(403);
      expect((await post(who, { pkid: 1 })).status, who).toBe(403);
    }
    expect((await (await fresh('admin')).fetch('/smsend/resultsReport/list')).status).toBe(200);
  });

  it('answers a waiting report 409, an unknown one 404 and a bad state 400', async () => {
    const { report: pending } = await issued('云州成果上报等待项目');
    const waiting = await post('authority01', { pkid: pending.pkid });
    expect(waiting.status).toBe(409);
    expect(((await waiting.json()) as { message: string }).message).toBe('该记录正在等待上报，无需重新上报');
    expect((await post('authority01', { pkid: 999999 })).status).toBe(404);
    const bad = await (await fresh('authority01')).fetch('/smsend/resultsReport/list?state=lost');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('上报状态不正确');
  });
});
