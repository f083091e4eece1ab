import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { clickMenu } from './fixtures/console';
import { signInToConsole } from './fixtures/identity';

/** Issue 13 (deadlines slice): an owner rates an agency and the agency's record shows it; /task/time. */

test.describe.configure({ timeout: 120_000 });

test('an owner rates the agency of a finished demand, and the hall record counts it', async ({
  page,
  request,
}) => {
  await signInToConsole(page, 'owner01', '/evaluatemanger/smoEvaluteList');
  const ratable = page.getByRole('table', { name: '可评价的测绘需求' });
  const link = ratable.getByRole('link', { name: /^评价 / }).first();
  await expect(link).toBeVisible();
  const orgName = ((await link.textContent()) ?? '').replace(/^评价 /, '').trim();
  const directory = (await (
    await request.get(`/smsend/agentorg/query?orgName=${encodeURIComponent(orgName)}&rows=5`)
  ).json()) as { rows: { organizationId: number; orgName: string }[] };
  const org = directory.rows.find((row) => row.orgName === orgName)!;
  const summary = async () =>
    (
      (await (
        await request.get(`/smsend/constructionSatisfy/summary?organizationId=${org.organizationId}`)
      ).json()) as {
        data: { count: number };
      }
    ).data.count;
  const before = await summary();

  await link.click();
  await expect(page.getByRole('heading', { name: '评价测绘机构', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('请为每项指标打分（1 到 5 分）').first()).toBeVisible();
  await page.getByLabel('成果质量').selectOption('5');
  await page.getByLabel('及时性').selectOption('4');
  await page.getByLabel('服务态度').selectOption('5');
  await page.getByLabel('评价内容').fill('外业组织有序，成果一次通过审核。');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: screenshotPath('rate-agency-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
  expect(await summary()).toBe(before + 1);
  // The rating keeps the labels it was scored on; the list names the current criteria (the shared
  // evaluation criteria, smo's version 1 here), which only the administrator edits.
  await page.getByRole('link', { name: '返回评价列表' }).click();
  await expect(
    page
      .getByRole('table', { name: '满意度评价' })
      .getByText('成果质量 5 分、及时性 4 分、服务态度 5 分')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '评价指标（第 1 版）' })).toBeVisible();
  await expect(page.getByRole('button', { name: '修改评价指标' })).toHaveCount(0);

  // The hall's directory record shows the new count.
  await page.goto(`/intermediaryhall/orgdetail?id=${org.organizationId}`);
  await expect(page.getByText(`建设单位评价 ${before + 1} 次`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('orgdetail-satisfaction-1366'), fullPage: true });

  // The rating counts in the agency's credit score: 机构评价 lists it with its points.
  await page.goto('/workbench/home');
  await clickMenu(page, '评价管理', '机构评价');
  await expect(page.getByRole('heading', { name: '机构评价', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: '测绘机构信用分' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('org-credit-list-1366'), fullPage: true });
  await page.getByLabel('机构名称').fill(orgName);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.getByRole('table', { name: '测绘机构信用分' }).getByRole('link', { name: orgName }).click();
  await expect(page.getByText(orgName, { exact: true })).toBeVisible();
  const events = page.getByRole('table', { name: '计分事项（每项加减分）' });
  // 5, 4 and 5: an average of 4.67, (4.67 − 3) × 2 rounds to +3.
  await expect(
    events.getByRole('row').filter({ hasText: '成果质量 5、及时性 4、服务态度 5 分' }).last(),
  ).toContainText('+3');
  // The page shows the score the server counted (the rule's arithmetic: server/modules/credit/score.test.ts).
  const record = (await (
    await page.request.get(`/smsend/jn_credit/score?organizationId=${org.organizationId}`)
  ).json()) as { data: { score: number; events: { kind: string }[] } };
  await expect(page.getByText(`当前信用分 ${record.data.score} 分`)).toBeVisible();
  // The acceptance pass rate, from the same events.
  const acceptance = (kind: string) => record.data.events.filter((event) => event.kind === kind).length;
  await expect(
    page.getByText(
      `（通过 ${acceptance('acceptanceAdopted')} 次，退回 ${acceptance('acceptanceRejected')} 次）`,
      { exact: false },
    ),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath('org-credit-score-1366'), fullPage: true });
});

test('the administrator finds the smo criteria on the rating list, with the edit', async ({ page }) => {
  await signInToConsole(page, 'admin', '/evaluatemanger/smoEvaluteList');
  await expect(page.getByRole('heading', { name: '评价指标（第 1 版）' })).toBeVisible();
  await expect(page.getByText('成果质量、及时性、服务态度。每项 1 到 5 分。')).toBeVisible();
  await page.getByRole('button', { name: '修改评价指标' }).click();
  const dialog = page.getByRole('dialog');
  // One criterion per line; saving would make version 2 for later ratings (the server's routes test).
  await expect(dialog.getByLabel('评价指标')).toHaveValue('成果质量\n及时性\n服务态度');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the administrator sees the deadlines and the holiday calendar on /task/time and edits a deadline', async ({
  page,
}) => {
  await signInToConsole(page, 'admin', '/task/time');
  await expect(page.getByRole('table', { name: '定时任务' }).getByText('deadline-reminders')).toBeVisible();
  const deadlines = page.getByRole('table', { name: '办理时限' });
  await expect(deadlines.getByText('中介机构确认委托')).toBeVisible();
  await page.getByRole('button', { name: '修改 合同备案审核 时限' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('办理时限（工作日）').fill('61');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('办理时限应为 1 到 60 个工作日').first()).toBeVisible();
  await dialog.getByLabel('办理时限（工作日）').fill('4');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(deadlines.getByRole('row', { name: /合同备案审核/ })).toContainText('4 个工作日');
  await expect(
    page
      .getByRole('table', { name: /节假日与调休/ })
      .getByText('国庆节')
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: screenshotPath('task-time-1366'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('task-time-390'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
