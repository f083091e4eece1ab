import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { startServer, type StartedServer } from './fixtures/server';

/**
 * Issue 24: a grade below the configured rule removes an agency from selection. The same agency, with
 * no credit flag, is in owner01's selectable list on the default rule (A from 90, B from 75, C from
 * 60). On a server configured with CREDIT_GRADE_FLOORS=99,98,97, every demo agency under 97 is graded
 * D, which keeps it out of new demands: owner01 no longer finds it, the hall directory shows it graded
 * D, and the hall's rule page states the configured floors.
 */

test.describe.configure({ timeout: 600_000 });

interface DirectoryRow {
  organizationId: number;
  orgName: string;
  creditGrade: string;
  creditFlags: string[];
}

/** owner01's list of the agencies it may choose (/usercenter/agency), filtered by name. */
async function selectable(page: Page, orgName: string) {
  const answered = page.waitForResponse((response) => response.url().includes('/agentorg/query'));
  await page.goto(`/usercenter/agency?orgName=${encodeURIComponent(orgName)}`);
  await answered;
  return page.getByRole('row').filter({ hasText: orgName });
}

let dataDir = '';
let strict: StartedServer | undefined;
test.afterAll(async () => {
  await strict?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('an agency graded D under a stricter configured rule leaves the owners’ selectable list', async ({
  browser,
  request,
}) => {
  // On the default rule: a B-graded agency without flags, which owner01 may choose.
  const directory = (await (await request.get('/smsend/agentorg/query?credit=good&rows=100')).json()) as {
    rows: DirectoryRow[];
  };
  const agency = directory.rows.find((row) => row.creditGrade === 'B' && row.creditFlags.length === 0)!;
  expect(agency).toBeTruthy();
  const owner = await (await browser.newContext()).newPage();
  await signInToConsole(owner, 'owner01', '/usercenter/agency');
  await expect(await selectable(owner, agency.orgName)).toHaveCount(1);

  // The same demo city on a server whose rule puts D below 97.
  dataDir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-grade-'));
  strict = await startServer({
    root: process.cwd(),
    dataDir,
    env: { SEED_PROJECTS: '30', CREDIT_GRADE_FLOORS: '99,98,97' },
  });
  const context = await browser.newContext({ baseURL: strict.baseUrl });
  const hall = await context.newPage();
  await hall.goto(`/intermediaryhall/orgselect?orgName=${encodeURIComponent(agency.orgName)}`);
  const row = hall.getByRole('row').filter({ hasText: agency.orgName });
  await expect(row).toContainText('D级（较差）');
  await expect(row).not.toContainText(/失信|不合格|黑名单/);
  await hall.goto('/intermediaryhall/creditrule');
  await expect(hall.getByText('A级（优秀）：99 分及以上')).toBeVisible();
  await expect(hall.getByText('D级（较差）：97 分以下')).toBeVisible();

  const strictOwner = await context.newPage();
  await signInToConsole(strictOwner, 'owner01', '/usercenter/agency');
  await expect(await selectable(strictOwner, agency.orgName)).toHaveCount(0);
  await expect(strictOwner.getByText('暂无数据')).toBeVisible();
  await strictOwner.screenshot({ path: screenshotPath('owner-agency-list-graded-d-1366'), fullPage: true });
});
