/**
 * The second half's lists by clicking (issue 22): owner01 opens 我的项目 from its menu, then a project's
 * 详情 and its certificate; agency01 opens 我的办件, a case (办件详情) and a project's 成果提交 and
 * 详情; authority01 filters 项目列表 to 已办结 and opens a project, and searches 成果办结 by certificate
 * number. Every list and page is screenshotted and checked with axe.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { clickMenu } from './fixtures/console';

async function consolePage(browser: Browser, who: string, width = 1366) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signInToConsole(page, who, '/workbench/home');
  return page;
}

/** Clicks a menu item and waits for its page's heading. */
async function menu(page: Page, group: string, item: string) {
  await clickMenu(page, group, item);
  await expect(page.getByRole('heading', { level: 1, name: item, exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

/** The list's data rows (the header row has no link). */
const dataRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link') });

async function check(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
}

/** Opens the project named in `row` by its name's link; its 详情 shows the catalogue and the log. */
async function openDetail(page: Page, row: ReturnType<typeof dataRows>) {
  const name = (await row.getByRole('link').first().textContent())!.trim();
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} · 项目详情` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: '成果目录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '验收证书' })).toBeVisible();
  await expect(page.getByText('验收记录')).toBeVisible();
  return name;
}

test('the owner follows its projects: 我的项目, a project’s 详情 and its certificate', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await consolePage(browser, 'owner01');
  await menu(owner, '测绘办件', '我的项目');
  await expect(dataRows(owner).first()).toBeVisible();
  await check(owner, 'workflow-my-project-list-1366');

  // A completed project with its certificate.
  await owner.getByLabel('项目状态').selectOption({ label: '已办结' });
  await owner.getByRole('button', { name: '查询', exact: true }).click();
  const completed = dataRows(owner)
    .filter({ has: owner.getByRole('link', { name: /^查看证书 / }) })
    .first();
  await expect(completed).toContainText('已办结');
  const certificateNo = (await completed.getByRole('link', { name: /^查看证书 / }).textContent())!.slice(
    0,
    14,
  );
  await openDetail(owner, completed);
  await expect(owner.getByRole('link', { name: `查看证书 ${certificateNo}` })).toBeVisible();
  await check(owner, 'workflow-detials-owner-1366');
  await owner.getByRole('link', { name: `查看证书 ${certificateNo}` }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `验收证书 ${certificateNo}` })).toBeVisible();

  // Back on the list, 进度 leads to the progress of the same project.
  await owner.goBack();
  await owner.goBack();
  const row = dataRows(owner).first();
  const name = (await row.getByRole('link').first().textContent())!.trim();
  await row.getByRole('link', { name: `进度查询 ${name}` }).click();
  await expect(owner.getByRole('heading', { level: 1, name: '进度查询' })).toBeVisible();
  await expect(owner.getByRole('link', { name, exact: true })).toBeVisible();

  // At 390 px the list still reads.
  const narrow = await consolePage(browser, 'owner01', 390);
  await narrow.goto('/workflow/myProjectList');
  await expect(dataRows(narrow).first()).toBeVisible({ timeout: 30_000 });
  await narrow.screenshot({ path: screenshotPath('workflow-my-project-list-390'), fullPage: true });
});

test('the agency works from 我的办件: a case, the submission page and the project’s 详情', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const agency = await consolePage(browser, 'agency01');
  await menu(agency, '测绘办件', '我的办件');
  await expect(dataRows(agency).first()).toBeVisible();
  await check(agency, 'workflow-my-case-list-1366');

  // A project under way with a case opens it (办件详情).
  await agency.getByLabel('项目状态').selectOption({ label: '测绘中' });
  await agency.getByRole('button', { name: '查询', exact: true }).click();
  await expect(agency).toHaveURL(/status=4/);
  await agency.getByLabel('每页条数').selectOption('50');
  const withCase = dataRows(agency)
    .filter({ has: agency.getByRole('link', { name: /^办件 / }) })
    .first();
  await expect(withCase).toBeVisible();
  const caseNo = (await withCase.getByRole('link', { name: /^办件 / }).textContent())!.trim();
  await withCase.getByRole('link', { name: /^办件 / }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `办件详情 · ${caseNo}` })).toBeVisible();
  await agency.goBack();

  // 成果提交 opens the project's results.
  const first = dataRows(agency).first();
  const name = (await first.getByRole('link').first().textContent())!.trim();
  await first.getByRole('link', { name: `成果提交 ${name}` }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${name} · 测绘成果` })).toBeVisible();
  await agency.goBack();

  // A project under acceptance or accepted: its detail shows the submitted files.
  await agency.getByLabel('项目状态').selectOption({ label: '已验收' });
  await agency.getByRole('button', { name: '查询', exact: true }).click();
  await expect(dataRows(agency).first()).toContainText('已验收');
  await openDetail(agency, dataRows(agency).first());
  await expect(agency.getByRole('link', { name: /^下载 / }).first()).toBeVisible();
  await check(agency, 'workflow-detials-agency-1366');
});

test('the authority filters 项目列表 and searches 成果办结 by certificate number', async ({ browser }) => {
  test.setTimeout(180_000);
  const authority = await consolePage(browser, 'authority01');
  await menu(authority, '测绘办件', '项目列表');
  await expect(dataRows(authority).first()).toBeVisible();
  await authority.getByLabel('项目状态').selectOption({ label: '成果已提交' });
  await authority.getByRole('button', { name: '查询', exact: true }).click();
  await expect(authority).toHaveURL(/status=5/);
  const rows = dataRows(authority);
  await expect(rows.first()).toContainText('成果已提交');
  await expect(rows.filter({ hasNotText: '成果已提交' })).toHaveCount(0);
  await check(authority, 'workflow-project-list-1366');
  await openDetail(authority, rows.first());
  await check(authority, 'workflow-detials-authority-1366');

  await menu(authority, '测绘办件', '成果办结');
  const certified = dataRows(authority).filter({ has: authority.getByRole('link', { name: /^查看证书 / }) });
  await expect(certified.first()).toBeVisible();
  const certificateNo = (await certified
    .first()
    .getByRole('link', { name: /^查看证书 / })
    .textContent())!.slice(0, 14);
  await authority.getByLabel('证书编号').fill(certificateNo);
  await authority.getByRole('button', { name: '查询', exact: true }).click();
  await expect(dataRows(authority)).toHaveCount(1);
  await check(authority, 'workflow-achie-complete-list-1366');
  await openDetail(authority, dataRows(authority).first());

  // A search that finds nothing says so.
  await authority.goBack();
  await authority.getByLabel('证书编号').fill('YZCG1999');
  await authority.getByRole('button', { name: '查询', exact: true }).click();
  await expect(authority.getByText('没有符合条件的项目')).toBeVisible();
});
