import { expect, test, type Page } from '@playwright/test';
import { idCardCheckCharacter } from '@shared/validation/id-card';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

/**
 * Issue 12, credit and blacklists: a blacklisted agency leaves the owners' selectable list and shows
 * its flag in the hall at once (cache tags), ending the flag brings it back; a blacklisted person
 * cannot be added as staff; the two lists of /credit/loseNot keep their own URL keys.
 */

test.describe.configure({ timeout: 120_000 });

/** Today in Beijing, as the date inputs and the server's calendar take it. */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** The owners' list, filtered by name; resolves once the list has answered. */
async function ownerList(page: Page, orgName: string) {
  const answered = page.waitForResponse((response) => response.url().includes('/agentorg/query'));
  await page.goto(`/usercenter/agency?orgName=${encodeURIComponent(orgName)}`);
  await answered;
  return page.getByRole('row').filter({ hasText: orgName });
}

test('a blacklisted agency leaves the selectable list and shows its flag in the hall; ending it restores both', async ({
  browser,
  request,
}) => {
  // An approved agency without flags (not the last one: the other credit spec takes that one).
  const directory = (await (await request.get('/smsend/agentorg/query?credit=good&rows=50')).json()) as {
    rows: { organizationId: number; orgName: string }[];
  };
  const agency = directory.rows.at(-2)!;

  const owner = await (await browser.newContext()).newPage();
  await signInToConsole(owner, 'owner01', '/usercenter/agency');
  await expect(await ownerList(owner, agency.orgName)).toHaveCount(1);

  const authority = await (await browser.newContext()).newPage();
  await signInToConsole(authority, 'authority01', '/blacklist/blacklistNotList');
  await expect(authority.getByRole('heading', { name: '黑名单列表', level: 1 })).toBeVisible();
  await authority.getByRole('link', { name: '加入黑名单' }).click();
  await expect(authority.getByRole('heading', { name: '加入黑名单', level: 1 })).toBeVisible();
  await authority.getByLabel('机构').selectOption({ label: agency.orgName });
  await authority.getByLabel('原因').fill('以不正当手段承揽测绘业务');
  await authority.getByLabel('开始日期').fill(today());
  await authority.getByLabel('结束日期').fill('2000-01-01');
  await authority.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByText('结束日期不能早于开始日期').first()).toBeVisible();
  await authority.getByLabel('结束日期').fill('2099-12-31');
  await authority.getByLabel('证据材料 1').setInputFiles({
    name: '调查报告.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 调查报告'),
  });
  await authority.screenshot({ path: screenshotPath('blacklist-not-add-1366'), fullPage: true });
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);
  await authority.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByRole('heading', { name: '黑名单列表', level: 1 })).toBeVisible();
  const listed = authority.getByRole('row').filter({ hasText: agency.orgName }).first();
  await expect(listed).toContainText('生效');
  await expect(listed.getByRole('link', { name: '调查报告.pdf' })).toBeVisible();
  await authority.screenshot({ path: screenshotPath('blacklist-not-list-1366'), fullPage: true });

  // The hall's cached pages were dropped by the write: the flag shows within a second.
  const hall = await (await browser.newContext()).newPage();
  await hall.goto(`/intermediaryhall/orgselect?orgName=${encodeURIComponent(agency.orgName)}`);
  await expect(hall.getByRole('row').filter({ hasText: agency.orgName })).toContainText('黑名单', {
    timeout: 1_000,
  });
  await hall.goto(`/intermediaryhall/orgdetail?id=${agency.organizationId}`);
  await expect(hall.getByText('该机构存在信用问题，目前不能被选取承接新的测绘需求。')).toBeVisible({
    timeout: 1_000,
  });
  await expect(hall.getByText('以不正当手段承揽测绘业务')).toBeVisible();
  await hall.screenshot({ path: screenshotPath('hall-orgdetail-blacklisted-1366'), fullPage: true });

  // Not selectable: gone from the owners' list, shown only when the owner asks for blacklisted ones.
  await expect(await ownerList(owner, agency.orgName)).toHaveCount(0);
  await expect(owner.getByText('暂无数据')).toBeVisible();
  await owner.goto(`/usercenter/agency?orgName=${encodeURIComponent(agency.orgName)}&credit=blacklisted`);
  await expect(owner.getByRole('row').filter({ hasText: agency.orgName })).toContainText('黑名单');

  // The decision is in the agency's timeline (the review records) on its management page.
  await authority.goto(`/intermediary/orgManageDetail?id=${agency.organizationId}`);
  await expect(authority.getByText('列入机构黑名单').first()).toBeVisible();

  await authority.goto(`/blacklist/blacklistManagement?orgName=${encodeURIComponent(agency.orgName)}`);
  await authority
    .getByRole('row')
    .filter({ hasText: '生效' })
    .getByRole('button', { name: `撤销 ${agency.orgName} 的记录` })
    .click();
  const end = authority.getByRole('dialog');
  await end.getByLabel('撤销原因').fill('复核后撤销');
  await end.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByText('撤销成功')).toBeVisible();

  await hall.goto(`/intermediaryhall/orgdetail?id=${agency.organizationId}`);
  await expect(hall.getByText('该机构目前没有失信、不合格或黑名单记录，可以承接新的测绘需求。')).toBeVisible({
    timeout: 1_000,
  });
  await expect(await ownerList(owner, agency.orgName)).toHaveCount(1);
});

test('a blacklisted person cannot be added as staff by any agency', async ({ browser }) => {
  const name = '钱违规';
  const idCardNo = (body: string) => body + idCardCheckCharacter(body);
  const card = idCardNo('37010219790808123');

  const authority = await (await browser.newContext()).newPage();
  await signInToConsole(authority, 'authority01', '/personnelblacklist/personnelblacklist');
  await authority.getByRole('link', { name: '人员加入黑名单' }).click();
  await expect(authority.getByRole('heading', { name: '人员加入黑名单', level: 1 })).toBeVisible();
  await authority.getByLabel('姓名').fill(name);
  await authority.getByLabel('身份证号码').fill(card);
  await authority.getByLabel('原因').fill('出借执业证书');
  await authority.getByLabel('开始日期').fill(today());
  await authority.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByRole('heading', { name: `人员黑名单：${name}` })).toBeVisible();
  await expect(authority.getByText('出借执业证书')).toBeVisible();
  await expect(authority.getByText('该人员不是任何机构登记的从业人员。')).toBeVisible();
  await authority.screenshot({ path: screenshotPath('blacklist-detail-1366'), fullPage: true });
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);
  await authority.setViewportSize({ width: 390, height: 844 });
  await authority.reload();
  await expect(authority.getByRole('heading', { name: `人员黑名单：${name}` })).toBeVisible();
  await authority.screenshot({ path: screenshotPath('blacklist-detail-390'), fullPage: true });

  const agency = await (await browser.newContext()).newPage();
  await signInToConsole(agency, 'agency01', '/orgstaff/staffadd');
  await agency.getByRole('textbox', { name: '姓名', exact: true }).fill(name);
  await agency.getByLabel('身份证号码').fill(card);
  await agency.getByLabel('手机号码').fill('13912340077');
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('该人员在人员黑名单中，不能添加为从业人员').first()).toBeVisible();
  await expect(agency.getByRole('heading', { name: '新增从业人员', level: 1 })).toBeVisible();
});

test('the two lists of /credit/loseNot keep their own filters and pages in the URL', async ({ page }) => {
  await signInToConsole(page, 'authority01', '/credit/loseNot');
  const current = page.getByRole('table', { name: '不合格机构', exact: true });
  const history = page.getByRole('table', { name: '不合格机构历史记录' });
  // Both lists loaded with rows (a header row alone, or no table yet, is not loaded).
  await expect(current.getByRole('row').nth(1)).toBeVisible();
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  const currentCount = await current.getByRole('row').count();
  // A name from the history list, searched in the history list only.
  const firstName = (await history.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
  const lists = page.locator('[data-slot="list-page"]');
  await lists.nth(1).getByLabel('机构名称').fill(firstName);
  await lists.nth(1).getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/history\.orgName=/);
  expect(new URL(page.url()).searchParams.get('orgName')).toBeNull();
  await expect(history.getByRole('row').nth(1)).toContainText(firstName);
  // The list in force was not filtered by the other's key.
  await expect(current.getByRole('row')).toHaveCount(currentCount);
  await expect(current.getByRole('columnheader', { name: '违规项目' })).toBeVisible();
  await page.reload();
  await expect(lists.nth(1).getByLabel('机构名称')).toHaveValue(firstName);
  await expect(lists.nth(0).getByLabel('机构名称')).toHaveValue('');
  await page.screenshot({ path: screenshotPath('lose-not-prefixed-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
});

test('the authority names violation projects from the agency’s own projects', async ({ page }) => {
  await signInToConsole(page, 'authority01', '/credit/loseNot');
  // A clean agency that worked on projects (the signed-in context calls as the authority).
  const directory = (await (await page.request.get('/smsend/agentorg/query?credit=good&rows=50')).json()) as {
    rows: { organizationId: number; orgName: string }[];
  };
  let found: { orgName: string; projectName: string } | undefined;
  for (const agency of directory.rows) {
    const projects = (await (
      await page.request.get(
        `/smsend/agUnqualified/queryReportProject?organizationId=${agency.organizationId}`,
      )
    ).json()) as { rows: { projectName: string }[] };
    if (projects.rows[0]) {
      found = { orgName: agency.orgName, projectName: projects.rows[0].projectName };
      break;
    }
  }
  expect(found).toBeDefined();
  await page.getByRole('button', { name: '认定不合格机构' }).click();
  const dialog = page.getByRole('dialog', { name: '认定不合格机构' });
  await expect(dialog.getByText('请先选择机构')).toBeVisible();
  await dialog.getByLabel('机构').selectOption({ label: found!.orgName });
  await dialog.getByRole('checkbox', { name: found!.projectName }).check();
  await dialog.getByLabel('原因').fill('成果质量抽检不合格');
  await dialog.getByLabel('开始日期').fill(today());
  await page.screenshot({ path: screenshotPath('lose-not-add-projects-1366') });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已认定为不合格机构')).toBeVisible();
  const current = page.getByRole('table', { name: '不合格机构', exact: true });
  await expect(current.getByRole('row').filter({ hasText: found!.orgName })).toContainText(
    found!.projectName,
  );
});
