/**
 * Result sharing end to end by clicking (issue 22): share01 applies for a project's results on 成果共享,
 * owner01 approves on the application's page, the authority approves, share01 downloads a result file
 * and the download is listed on the application and on 下载记录.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

async function consolePage(browser: Browser, who: string, path: string) {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(page, who, path);
  return page;
}

async function approve(page: Page, opinion: string) {
  await page.getByLabel('审核意见', { exact: true }).fill(opinion);
  await page.getByRole('button', { name: '审核通过' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByLabel('审核记录').getByText(opinion)).toBeVisible();
}

test('share01 applies, the owner and the authority approve, share01 downloads and the download is listed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The demo's application owner01 did not agree to: share01 may apply for that project again.
  const share = await consolePage(browser, 'share01', '/workflow/applyProjectList?status=4');
  await expect(share.getByRole('heading', { level: 1, name: '共享申请' })).toBeVisible();
  const projectName = (await share.getByRole('table').getByRole('link').first().textContent())!.trim();

  await share.goto(`/workflow/AchievementSharing?keyword=${encodeURIComponent(projectName)}`);
  await expect(share.getByRole('heading', { level: 1, name: '成果共享' })).toBeVisible();
  await expect(share.getByRole('link', { name: `申请共享 ${projectName}` })).toBeVisible();
  await share.screenshot({ path: screenshotPath('sharing-browse-1366'), fullPage: true });
  expect(await accessibilityViolations(share)).toEqual([]);
  await share.getByRole('link', { name: `申请共享 ${projectName}` }).click();
  await expect(share.getByRole('heading', { level: 1, name: '申请共享成果' })).toBeVisible();
  await share.getByLabel('申请用途').fill('用于片区控制性详细规划修编，核对现状建筑');
  await share.getByRole('button', { name: '提交申请' }).click();
  await expect(share.getByRole('heading', { level: 1, name: `${projectName} · 共享申请` })).toBeVisible();
  await expect(share.getByText('待建设单位审核').first()).toBeVisible();
  const id = new URL(share.url()).searchParams.get('id');

  // owner01 finds it among those waiting for it and approves.
  const owner = await consolePage(browser, 'owner01', '/workflow/applyProjectList');
  await owner.getByRole('link', { name: projectName }).first().click();
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 共享申请` })).toBeVisible();
  await approve(owner, '同意共享。');
  await expect(owner.getByText('待主管部门审核').first()).toBeVisible();
  expect(await accessibilityViolations(owner)).toEqual([]);

  const authority = await consolePage(browser, 'authority01', `/workflow/applyDetials?id=${id}`);
  await approve(authority, '同意，按规定使用。');
  await expect(authority.getByText('已通过').first()).toBeVisible();

  // share01 downloads a result file within the validity; the download is listed.
  await share.reload();
  await expect(share.getByText('已通过').first()).toBeVisible();
  const link = share.getByRole('link', { name: /^下载 / }).first();
  const fileName = ((await link.getAttribute('aria-label')) ?? '').replace(/^下载 /, '');
  const downloading = share.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  await share.reload();
  await expect(share.getByRole('table', { name: '成果下载记录' }).getByText(fileName)).toBeVisible();
  await share.screenshot({ path: screenshotPath('sharing-detail-1366'), fullPage: true });
  expect(await accessibilityViolations(share)).toEqual([]);

  await share.goto('/workflow/applyProjectRecording');
  await expect(
    share.getByRole('table', { name: '成果下载记录' }).getByText(projectName).first(),
  ).toBeVisible();
  await share.setViewportSize({ width: 390, height: 844 });
  await share.screenshot({ path: screenshotPath('sharing-records-390'), fullPage: true });
});
