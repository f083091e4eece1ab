/**
 * Survey results by clicking (issue 22, docs/results.md): staff01 opens a project of agency01 whose
 * contract is filed from its 待办事项, uploads every required result through the chunked uploader (the
 * project moves to 测绘中) and submits it for acceptance (成果已提交); auditor01 finds it in its queue,
 * returns one item with an opinion and adopts the others; agency01 sees the opinion, uploads a fixed
 * file and resubmits; auditor01 adopts it and gives the verdict: the project is 已验收 and, in the same
 * transaction, certified (已办结); the toast names the certificate, and its link leads through 证书列表
 * to 证书详情 with that number.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n%${text}\n`, 'latin1');

async function signedIn(browser: Browser, loginname: string, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(page, loginname, path);
  return page;
}

/** The required items' titles on a submission or acceptance page (`事项：成果`). */
async function requiredItems(page: Page): Promise<string[]> {
  const cards = page.locator('section.results-item').filter({ hasText: '（必交）' });
  await expect(cards.first()).toBeVisible();
  return (
    await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))
  ).filter(Boolean);
}
const entryName = (title: string) => title.slice(title.indexOf('：') + 1);

async function upload(page: Page, title: string, fileName: string) {
  const card = page.getByRole('region', { name: title });
  await card.getByLabel(`选择${entryName(title)}文件`).setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: pdf(fileName),
  });
  await expect(card.getByRole('link', { name: `下载 ${fileName}` })).toBeVisible({ timeout: 30_000 });
}

test('staff upload and submit, the auditor returns one item, the agency resubmits, all adopted: 已验收', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const staff = await signedIn(browser, 'staff01', '/workflow/ToDoList');
  // A project whose contract is filed and that nobody started yet (no case names anyone: staff may work).
  const row = staff.getByRole('row').filter({ hasText: '合同已备案' }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const projectName = (await row.getByRole('link').first().textContent())!.trim();
  await row.getByRole('link', { name: projectName }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `${projectName} · 测绘成果` })).toBeVisible();
  const projectId = Number(new URL(staff.url()).searchParams.get('projectId'));

  const titles = await requiredItems(staff);
  expect(titles.length).toBeGreaterThanOrEqual(2);
  for (const [i, title] of titles.entries()) await upload(staff, title, `成果${i + 1}.pdf`);
  await expect(staff.getByText('测绘中').first()).toBeVisible();
  await staff.screenshot({ path: screenshotPath('results-submission-1366'), fullPage: true });
  expect(await accessibilityViolations(staff, 'main')).toEqual([]);
  await staff.getByRole('button', { name: '提交验收' }).click();
  await expect(staff.getByText('测绘成果已提交验收')).toBeVisible();
  await expect(staff.getByText('测绘成果正在验收中，验收结束前不能修改。')).toBeVisible();

  // The auditor finds it in the acceptance queue and returns the first item.
  const auditor = await signedIn(browser, 'auditor01', '/workflow/ToDoList');
  await auditor.getByLabel('项目名称或编号').first().fill(projectName);
  await auditor.getByRole('button', { name: '查询', exact: true }).first().click();
  await auditor.getByRole('link', { name: projectName }).first().click();
  await expect(auditor.getByRole('heading', { level: 1, name: `${projectName} · 成果详情` })).toBeVisible();
  const [returned, ...kept] = titles.map(entryName);
  await auditor.getByLabel(`${returned}的退回意见`).fill('成果图比例尺不符，请修改后重新提交');
  await auditor.getByRole('button', { name: `退回 ${returned}` }).click();
  await expect(auditor.getByText(`${returned}：成果已退回`)).toBeVisible();
  for (const name of kept) {
    await auditor.getByRole('button', { name: `采纳 ${name}` }).click();
    await expect(auditor.getByText(`${name}：成果已采纳`)).toBeVisible();
  }
  await auditor.screenshot({ path: screenshotPath('results-acceptance-1366'), fullPage: true });
  expect(await accessibilityViolations(auditor, 'main')).toEqual([]);
  await auditor.getByRole('button', { name: '提交验收结论' }).click();
  await expect(auditor.getByText('验收意见已提交，退回的成果已发给测绘中介机构')).toBeVisible();

  // The agency sees the opinion, adds the fixed file and resubmits.
  const agency = await signedIn(browser, 'agency01', `/workflow/caseadd?projectId=${projectId}`);
  await expect(agency.getByText('退回意见：成果图比例尺不符，请修改后重新提交')).toBeVisible();
  await upload(agency, titles[0]!, '成果1（修改）.pdf');
  await agency.getByRole('button', { name: '提交验收' }).click();
  await expect(agency.getByText('修改后的成果已重新提交验收')).toBeVisible();

  // The auditor adopts the resubmitted item: every required item adopted, the project is accepted.
  await auditor.goto(`/workflow/resDetails?id=${projectId}`);
  await auditor.getByRole('button', { name: `采纳 ${returned}` }).click();
  await expect(auditor.getByText(`${returned}：成果已采纳`)).toBeVisible();
  await auditor.getByRole('button', { name: '提交验收结论' }).click();
  // Acceptance issues the certificate in the same transaction: 6, then 7 at once, and the toast says so.
  const toast = auditor.getByText(/^测绘成果已全部采纳，项目已验收并办结，验收证书 YZCG\d{10} 已颁发/);
  await expect(toast).toBeVisible();
  const certificateNo = /YZCG\d{10}/.exec((await toast.textContent()) ?? '')![0];
  await expect(auditor.getByText('已办结').first()).toBeVisible();
  await auditor.setViewportSize({ width: 390, height: 844 });
  await auditor.screenshot({ path: screenshotPath('results-accepted-390'), fullPage: true });

  // Following the toast's link: the certificate list, then the certificate with its number.
  await auditor.setViewportSize({ width: 1366, height: 900 });
  await auditor.getByRole('link', { name: '在证书列表中查看' }).click();
  await expect(auditor.getByRole('heading', { level: 1, name: '证书列表' })).toBeVisible();
  await auditor.getByRole('link', { name: certificateNo, exact: true }).click();
  await expect(auditor.getByRole('heading', { level: 1, name: `验收证书 ${certificateNo}` })).toBeVisible();
  await expect(auditor.getByText(projectName).first()).toBeVisible();
  await auditor.screenshot({ path: screenshotPath('results-certificate-1366'), fullPage: true });
});

test('the results pages render for each of their roles with the demo data, without axe violations', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const visits: [string, string, string][] = [
    ['admin', '/fruitcatalog/manage', '成果目录管理'],
    ['agency01', '/checkaddaccreditation/resultsSubmission', '成果提交'],
    ['staff01', '/workflow/ToDoList', '待办事项'],
    ['auditor01', '/workflow/ToDoList', '待办事项'],
    ['auditor01', '/workflow/DoneList', '已办事项'],
    ['owner01', '/workflow/progressQuery', '进度查询'],
  ];
  for (const [loginname, path, heading] of visits) {
    const page = await signedIn(browser, loginname, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page
        .locator('#console-main')
        .getByText(/加载中|正在加载/)
        .filter({ visible: true }),
    ).toHaveCount(0);
    // Every list has demo rows (the catalogue its items).
    if (path !== '/fruitcatalog/manage')
      await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    expect(await accessibilityViolations(page, 'main'), `${loginname} ${path}`).toEqual([]);
    if (loginname === 'owner01') {
      // The owner follows one project on 成果详情, read-only.
      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1, name: /成果详情$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: '提交验收结论' })).toHaveCount(0);
      expect(await accessibilityViolations(page, 'main')).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: screenshotPath(`results${path.replaceAll('/', '-')}-${loginname}-390`),
      fullPage: true,
    });
    await page.context().close();
  }
});

test('the catalogue editor (the kit’s form) refuses a bad entry on its field, then saves a new version', async ({
  browser,
}) => {
  // A fresh-clone run on a slow machine reached the last click after 2 minutes, still working.
  test.setTimeout(240_000);
  const page = await signedIn(browser, 'admin', '/fruitcatalog/manage');
  const card = page.locator('section.results-catalogue').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!;
  await card.getByRole('button', { name: /^编辑 / }).click();
  const formats = card.getByLabel('接受格式').first();
  const typed = await formats.inputValue();
  await formats.fill('exe');
  await card.getByLabel('成果名称').first().fill('');
  await card.getByRole('button', { name: '保存为新版本' }).click();
  // The shared schema's messages, in the summary and on their fields; nothing was saved.
  const summary = card.getByRole('alert');
  await expect(summary).toContainText('请填写成果名称');
  await expect(summary).toContainText('文件格式须为：');
  await summary.getByRole('link', { name: '请填写成果名称' }).click();
  await expect(card.getByLabel('成果名称').first()).toBeFocused();
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  await card.getByLabel('成果名称').first().fill('e2e 成果');
  await formats.fill(typed);
  await card.getByLabel('版本说明').fill('e2e 核对');
  await card.getByRole('button', { name: '保存为新版本' }).click();
  await expect(page.getByText(`${title.split(' · ')[1]}：成果目录已保存为新版本`)).toBeVisible();
  await expect(card.getByRole('cell', { name: 'e2e 成果' })).toBeVisible();
  await page.context().close();
});
