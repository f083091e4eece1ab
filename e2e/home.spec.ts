import { expect, test, type Response } from '@playwright/test';
import { hasHorizontalScroll, muteNoticeDialog, screenshotPath } from './fixtures/hall';

const siteTitle = '测绘中介服务网上办事大厅';

interface HallCounts {
  agentOrganizationCount: number;
  constructionCount: number;
  projectCount: number;
  natureDeptCount: number;
}

// The strip's label for each count of GET /smsend/statistics/getInfo.
const statLabels: Record<keyof HallCounts, string> = {
  agentOrganizationCount: '测绘中介机构',
  constructionCount: '建设单位',
  projectCount: '测绘项目',
  natureDeptCount: '政府部门',
};

const formatCount = new Intl.NumberFormat('zh-CN');

test('home shows the site title, the notice dialog and the real counts', async ({ page, request }) => {
  const apiResponse = await request.get('/smsend/statistics/getInfo');
  expect(apiResponse.status()).toBe(200);
  const body = (await apiResponse.json()) as { success: boolean; object: HallCounts };
  expect(body.success).toBe(true);
  const counts = body.object;
  // The demo data has rows of every kind; zeros on both sides would prove nothing.
  for (const key of Object.keys(statLabels) as (keyof HallCounts)[]) {
    expect(counts[key], key).toBeGreaterThan(0);
  }

  await page.goto('/');

  const notice = page.getByRole('dialog', { name: /办理须知/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('出资主体相同');
  await notice.getByRole('button', { name: '关闭办理须知' }).click();
  await expect(notice).toBeHidden();

  await expect(page).toHaveTitle(new RegExp(siteTitle));
  await expect(page.getByRole('banner').getByText(siteTitle, { exact: true })).toBeVisible();

  const strip = page.getByRole('region', { name: '大厅数据统计' });
  await expect(strip).toBeVisible();
  for (const [key, label] of Object.entries(statLabels) as [keyof HallCounts, string][]) {
    const item = strip.getByRole('listitem').filter({ hasText: label });
    await expect(item, label).toHaveCount(1);
    await expect(item.getByText(formatCount.format(counts[key]), { exact: true }), label).toBeVisible();
  }

  await page.screenshot({ path: screenshotPath('home-1366'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('banner').getByText(siteTitle, { exact: true })).toBeVisible();
  await expect(strip.getByText(formatCount.format(counts.projectCount), { exact: true })).toBeVisible();
  expect(await hasHorizontalScroll(page), 'horizontal scrolling at 390 px').toBe(false);
  await page.screenshot({ path: screenshotPath('home-390'), fullPage: true });
});

test('home ships no framework JavaScript', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain(siteTitle);
  // An island would bring Astro's island runtime (inlined) and the framework's chunks.
  expect(html).not.toContain('astro-island');
  expect(html).not.toMatch(/<link[^>]+rel=["']?modulepreload/i);

  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');

  // Inline scripts and small bundled page scripts are fine; React or an island loader is not.
  const frameworkMarkers = /react\.transitional\.element|react\.element|__reactContainer|astro-island/;
  for (const response of scripts) {
    const source = await response.text();
    expect(source, `${response.url()} looks like framework code`).not.toMatch(frameworkMarkers);
  }
  expect(await page.evaluate(() => document.querySelectorAll('astro-island').length)).toBe(0);
});

test('the notice dialog stays closed after 今日不再提示', async ({ page }) => {
  await muteNoticeDialog(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: '大厅数据统计' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.locator('dialog#hall-notice').evaluate((dialog: HTMLDialogElement) => dialog.open)).toBe(
    false,
  );
});
