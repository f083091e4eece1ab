/**
 * The oversight hub and results reporting (issue 25): the authority clicks from the menu to 中枢清单
 * (the city's open tasks, soonest deadline first, filtered by step), opens a task's page from its row,
 * goes on to 中枢反馈清单 (the tasks sent back, with the reason and how often) and to 成果上报, where the
 * demo's reports show every state; it resends the failed one after confirming, and the job delivers it
 * through the drop directory (已上报, the file read from the folder); a delivery refused by a broken
 * folder is retried by the job on its own once the folder is back. Screenshots at 1366 and 390 px, axe
 * on each page.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { clickMenu } from './fixtures/console';

/** The e2e server's data directory (global setup; E2E_DATA_DIR beside a server started elsewhere). */
function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error('E2E_DATA_DIR is not set: the server’s data directory is needed to read its outbox');
  return dir;
}

async function consolePage(browser: Browser, who: string, width = 1366) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signInToConsole(page, who, '/workbench/home');
  return page;
}

test('the authority follows the open and sent-back tasks from the menu and opens one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await consolePage(browser, 'authority01');
  await clickMenu(page, '中枢清单', '中枢清单');
  await expect(page.getByRole('heading', { level: 1, name: '中枢清单' })).toBeVisible();
  const table = page.getByRole('table', { name: '全市待办事项' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByText('已超期').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('oversight-open-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Filter by step: only contract filings remain.
  await page.getByLabel('办理环节').selectOption({ label: '合同备案' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/subjectType=contract/);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('合同备案审核');
  for (const text of (await rows.allInnerTexts()).slice(1)) expect(text).toContain('合同备案审核');

  // A row opens the page where the task is (the reviewers' filing page).
  const first = rows.nth(1).getByRole('link').first();
  const subject = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/contract\/FilingbacklogFiling\?contractId=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(subject.length).toBeGreaterThan(0);

  await clickMenu(page, '中枢清单', '中枢反馈清单');
  await expect(page.getByRole('heading', { level: 1, name: '中枢反馈清单' })).toBeVisible();
  const returned = page.getByRole('table', { name: '退回整改事项' });
  await expect(returned.getByRole('row').nth(1)).toBeVisible();
  await expect(returned.getByText(/^\d+ 次$/).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('oversight-returned-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  const link = returned.getByRole('row').nth(1).getByRole('link').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(href!.replace(/[?]/g, '\\?')));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the authority resends a failed results report from the menu; a failed delivery is retried', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await consolePage(browser, 'authority01');
  await clickMenu(page, '数据交换', '成果上报');
  await expect(page.getByRole('heading', { level: 1, name: '成果上报' })).toBeVisible();
  const table = page.getByRole('table', { name: '成果上报记录' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const state of ['已上报', '上报失败', '待上报'])
    await expect(table.getByText(state, { exact: true }).first()).toBeVisible();
  await expect(table.getByText(/原因：省平台拒收/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('results-report-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  const failed = table.getByRole('row').filter({ hasText: '上报失败' }).first();
  const no = (await failed.getByRole('link', { name: /^YZCG\d{10}$/ }).textContent())!.trim();
  await failed.getByRole('button', { name: `重新上报 ${no}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '重新上报' });
  await expect(dialog).toContainText(no);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已重新加入上报队列')).toBeVisible();
  // The job runs at once and drops it in the directory: 已上报 after a reload.
  const row = table.getByRole('row').filter({ hasText: no });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('已上报', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('数据目录');
  // The document is in the directory provider's folder, as a collector would read it.
  const outbox = path.join(dataDir(), 'reporting', 'outbox');
  const dropped = path.join(outbox, `${no}.json`);
  expect(JSON.parse(await readFile(dropped, 'utf8'))).toMatchObject({
    format: 'results-report/1',
    certificateNo: no,
  });

  // A delivery that fails is retried by the job on its own: with the folder replaced by a file, the
  // resent report is refused and waits with the reason; once the folder is back, the job's next
  // attempt (a minute later, docs/reporting.md) delivers it without anyone clicking.
  await rm(dropped);
  await rename(outbox, `${outbox}.kept`);
  await writeFile(outbox, 'not a folder');
  try {
    await row.getByRole('button', { name: `重新上报 ${no}` }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('写入上报目录失败', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('待上报');
  } finally {
    await rm(outbox, { force: true });
    await rename(`${outbox}.kept`, outbox);
  }
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('已上报', { timeout: 2000 });
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  expect(JSON.parse(await readFile(dropped, 'utf8'))).toMatchObject({ certificateNo: no });

  // The 390 px view of the page.
  const narrow = await consolePage(browser, 'authority01', 390);
  await narrow.goto('/dataExchangeSystem/resultsReport');
  await expect(narrow.getByRole('heading', { level: 1, name: '成果上报' })).toBeVisible();
  await expect(narrow.getByRole('table', { name: '成果上报记录' }).getByText('已上报').first()).toBeVisible();
  await narrow.screenshot({ path: screenshotPath('results-report-390'), fullPage: true });
  await narrow.goto('/omphalos/governorOmphalosList');
  await expect(narrow.getByRole('heading', { level: 1, name: '中枢清单' })).toBeVisible();
  await expect(narrow.getByRole('table', { name: '全市待办事项' }).getByText('已超期').first()).toBeVisible();
  await narrow.screenshot({ path: screenshotPath('oversight-open-390'), fullPage: true });
});
