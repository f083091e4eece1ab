import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

/** Issue 12: credit entries, the job runner, staff additions (construction units are not built yet). */

// Each flow signs in one or two accounts and waits for a job poll: more than the default minute on a
// loaded machine.
test.describe.configure({ timeout: 120_000 });

test('the authority blacklists an agency: the hall directory shows the flag, and ending it clears it', async ({
  page,
  request,
}) => {
  // An approved agency without flags, from the public directory.
  const directory = (await (await request.get('/smsend/agentorg/query?credit=good&rows=50')).json()) as {
    rows: { organizationId: number; orgName: string }[];
  };
  const agency = directory.rows.at(-1)!;

  await signInToConsole(page, 'authority01', '/blacklist/blacklistManagement');
  await expect(page.getByRole('heading', { name: '黑名单管理', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: '黑名单管理' }).getByRole('row')).not.toHaveCount(1);
  await page.getByRole('button', { name: '机构加入黑名单' }).click();
  const dialog = page.getByRole('dialog', { name: '机构加入黑名单' });
  await dialog.getByLabel('机构').selectOption({ label: agency.orgName });
  await dialog.getByLabel('原因').fill('以不正当手段承揽测绘业务');
  await dialog.getByLabel('开始日期').fill('2026-11-01');
  await dialog.getByLabel('结束日期').fill('2026-10-01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('结束日期不能早于开始日期').first()).toBeVisible();
  await dialog.getByLabel('结束日期').fill('2028-10-31');
  await dialog.getByLabel('证据材料 1').setInputFiles({
    name: '调查报告.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 调查报告'),
  });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已加入黑名单')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: agency.orgName });
  await expect(row.getByRole('link', { name: '调查报告.pdf' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('blacklist-management-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  // The hall directory (a cached page, dropped by the write) shows the flag.
  const hall = await page.context().newPage();
  await hall.goto(`/intermediaryhall/orgselect?orgName=${encodeURIComponent(agency.orgName)}`);
  await expect(hall.getByRole('row').filter({ hasText: agency.orgName })).toContainText('黑名单');
  await hall.screenshot({ path: screenshotPath('hall-directory-blacklisted-1366') });

  await row.getByRole('button', { name: `撤销 ${agency.orgName} 的记录` }).click();
  const end = page.getByRole('dialog');
  await end.getByLabel('撤销原因').fill('复核后撤销');
  await end.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('撤销成功')).toBeVisible();
  await hall.reload();
  await expect(hall.getByRole('row').filter({ hasText: agency.orgName })).not.toContainText('黑名单');
});

test('the job runner expired the lapsed demo entry at the first start, and runs a job on demand', async ({
  page,
}) => {
  await signInToConsole(page, 'admin', '/task/time');
  await expect(page.getByRole('heading', { name: '定时任务与时限', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'credit-expiry' });
  // The demo data has one unqualified entry whose end date was yesterday: the first run expired it.
  await expect(row).toContainText('成功');
  await expect(row).toContainText(/条信用记录到期/);
  await page.screenshot({ path: screenshotPath('job-list-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  // 执行次数 is the row's only cell of digits alone.
  const runCount = (within: typeof row) => within.getByRole('cell', { name: /^\d+$/ }).textContent();
  const runsBefore = Number(await runCount(row));
  await row.getByRole('button', { name: '立即执行 credit-expiry' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已安排立即执行')).toBeVisible();
  // The runner polls every two seconds in the e2e server; the list shows the new run after a reload.
  await expect(async () => {
    await page.reload();
    const after = Number(await runCount(page.getByRole('row').filter({ hasText: 'credit-expiry' })));
    expect(after).toBe(runsBefore + 1);
  }).toPass({ timeout: 20_000 });

  await page.goto('/credit/loseNot');
  const history = page.getByRole('table', { name: '不合格机构历史记录' });
  await expect(history.getByRole('row').filter({ hasText: '已到期' }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('lose-not-1366'), fullPage: true });
});

test('an agency adds a person, the authority approves it; a later change is compared, approved and applied', async ({
  browser,
}) => {
  const agency = await (await browser.newContext()).newPage();
  await signInToConsole(agency, 'agency01', '/orgstaff/stafflist');
  await expect(agency.getByRole('heading', { name: '从业人员', level: 1 })).toBeVisible();
  await agency.getByRole('link', { name: '新增人员' }).click();
  await expect(agency.getByRole('heading', { name: '新增从业人员', level: 1 })).toBeVisible();
  await agency.getByRole('textbox', { name: '姓名', exact: true }).fill('孙测绘');
  await agency.getByLabel('身份证号码').fill('370102198506121231');
  await agency.getByLabel('手机号码').fill('13912340001');
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('身份证号码不正确，请核对后重新输入').first()).toBeVisible();
  // 37010219850612123 and its GB 11643 check character.
  await agency.getByLabel('身份证号码').fill('370102198506121239');
  await agency.getByLabel('职称').fill('工程师');
  await agency.getByLabel('身份证复印件（必须）').setInputFiles({
    name: '身份证.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  });
  await agency.screenshot({ path: screenshotPath('staff-add-1366'), fullPage: true });
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByRole('heading', { name: '从业人员：孙测绘' })).toBeVisible();
  await agency.goto('/orgstaff/stafflist');
  const ownRow = agency.getByRole('row').filter({ hasText: '孙测绘' });
  await expect(ownRow).toContainText('待审核');
  // Under review: no edit and no delete.
  await expect(ownRow.getByRole('link', { name: '修改' })).toHaveCount(0);
  await agency.screenshot({ path: screenshotPath('staff-list-1366'), fullPage: true });
  expect(await accessibilityViolations(agency, 'main')).toEqual([]);

  const authority = await (await browser.newContext()).newPage();
  await signInToConsole(authority, 'authority01', '/orgstaff/personnelReview');
  // The demo to-do list is not empty (oldest first, so the new addition is on a later page).
  await expect(authority.getByRole('row').filter({ hasText: '待审核' }).first()).toBeVisible();
  await authority.goto(`/orgstaff/stafflist?name=${encodeURIComponent('孙测绘')}`);
  await authority.getByRole('link', { name: '孙测绘' }).click();
  await expect(authority.getByRole('heading', { name: '从业人员：孙测绘' })).toBeVisible();
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  // Decided: the status is approved, the timeline has the decision, and the panel is gone.
  // On screen twice (the status and the timeline); hidden copies (a page kept alive behind) do not count.
  await expect(authority.getByText('审核通过', { exact: true }).filter({ visible: true })).toHaveCount(2);
  await expect(authority.getByText('周振华（行业主管部门）')).toBeVisible();
  await expect(authority.getByRole('button', { name: '审核通过' })).toHaveCount(0);
  await authority.screenshot({ path: screenshotPath('staff-detail-1366'), fullPage: true });
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);

  // The agency changes the approved person: the change goes to review, the person stays as it was.
  await agency.reload();
  await agency.getByRole('row').filter({ hasText: '孙测绘' }).getByRole('link', { name: '修改' }).click();
  await expect(agency.getByRole('heading', { name: '修改人员：孙测绘' })).toBeVisible();
  await agency.getByLabel('职称').fill('高级工程师');
  await agency.getByRole('button', { name: '提交变更审核' }).click();
  await expect(agency.getByRole('heading', { name: '孙测绘 · 人员变更' })).toBeVisible();
  await expect(agency.getByRole('row').filter({ hasText: '职称（已变更）' })).toContainText('高级工程师');
  await agency.screenshot({ path: screenshotPath('staff-change-different-1366'), fullPage: true });

  await authority.goto('/orgstaff/informationReview');
  await expect(authority.getByRole('heading', { name: '人员变更审核', level: 1 })).toBeVisible();
  await authority
    .getByRole('row')
    .filter({ hasText: '孙测绘' })
    .getByRole('link', { name: '孙测绘' })
    .click();
  await expect(authority.getByRole('heading', { name: '孙测绘 · 人员变更' })).toBeVisible();
  const changed = authority.getByRole('row').filter({ hasText: '职称（已变更）' });
  await expect(changed).toContainText('工程师');
  await expect(changed).toContainText('高级工程师');
  await authority.screenshot({ path: screenshotPath('staff-check-1366'), fullPage: true });
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，变更已生效')).toBeVisible();
  await authority.getByRole('link', { name: '查看人员' }).click();
  await expect(authority.getByRole('heading', { name: '从业人员：孙测绘' })).toBeVisible();
  await expect(authority.getByText('高级工程师').first()).toBeVisible();
  await authority.screenshot({ path: screenshotPath('person-staff-detail-1366'), fullPage: true });
});
