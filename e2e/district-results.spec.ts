/**
 * A district sub-office's results by clicking (issue 22, docs/results.md "District sub-offices"):
 * district01 opens 分局成果 from its menu, filters the list, opens one project's 分局成果详情 (items with
 * 预览 and 下载, acceptance records) and reads it; another district's project is refused by the server.
 */
import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

test('district01 opens its district’s results from the menu, then one project’s results', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page, 'district01', '/workbench/home');
  const menu = page.locator('#console-menu');
  const group = menu.getByRole('button', { name: '测绘办件' });
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await menu.getByRole('link', { name: '分局成果', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '分局成果' })).toBeVisible();
  const table = page.getByRole('table', { name: '本辖区提交验收的测绘成果' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: screenshotPath('district-results-list-1366'), fullPage: true });

  // Filtering by state keeps only that state's projects.
  await page.getByLabel('项目状态').selectOption({ label: '成果已提交' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/status=5/);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  // The filtered page replaces the previous one (which it keeps on screen while it loads).
  await expect(rows.filter({ hasText: '已验收' })).toHaveCount(0, { timeout: 20_000 });
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain('成果已提交');

  // One project: its items with their files, the acceptance records, the certificate section.
  const link = rows.first().getByRole('link').first();
  const projectName = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: '分局成果详情' })).toBeVisible();
  await expect(page.getByText(projectName).first()).toBeVisible();
  const card = page.locator('section.results-item').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: /^预览 / }).first()).toBeVisible();
  const download = card.getByRole('link', { name: /^下载 / }).first();
  const href = await download.getAttribute('href');
  expect(href).toContain('/archive/download/');
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '验收记录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '验收证书' })).toBeVisible();
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: screenshotPath('district-results-detail-1366'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('district-results-detail-390'), fullPage: true });

  // Back to the list by its link.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('link', { name: '返回分局成果' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '分局成果' })).toBeVisible();
});
