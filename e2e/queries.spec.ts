/**
 * The statistics queries end to end (issue 25): authority01 opens 区县查询 from the menu, sees the
 * chart and the tables and drills down from a number to 项目查询, whose list has as many projects as
 * the number said and keeps its filter over a reload; 成果查询 groups by district; 地图统计 shades the
 * districts and a click on one opens its list. district01 sees only its own district everywhere.
 * Screenshots at 1366 and 390 px, axe on each page.
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

/** The total a list page states (共 N 条). */
async function listTotal(page: Page): Promise<number> {
  const text = await page
    .getByText(/共\s*[\d,]+\s*条/)
    .first()
    .textContent();
  return Number(/共\s*([\d,]+)\s*条/.exec(text ?? '')![1]!.replace(/,/g, ''));
}

test('the authority drills down from districtCounty and the map to the project list', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await consolePage(browser, 'authority01');
  await clickMenu(page, '综合查询', '区县查询');
  await expect(page.getByRole('heading', { level: 1, name: '区县查询' })).toBeVisible();
  const projects = page.getByRole('table', { name: '项目（按状态）' });
  await expect(projects.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('district-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('queries-district-county-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // A district's number of projects in a state opens the list of exactly those.
  const link = projects.getByRole('link', { name: /已发布项目：[\d,]+，查看项目列表/ }).first();
  const label = (await link.getAttribute('aria-label'))!;
  const count = Number(/：([\d,]+)，/.exec(label)![1]!.replace(/,/g, ''));
  const district = label.split('已发布项目')[0]!;
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: '项目查询' })).toBeVisible();
  await expect(page).toHaveURL(/status=1/);
  await expect(page.getByLabel('项目状态')).toHaveValue('1');
  await expect(page.getByRole('table', { name: '项目查询结果' }).getByRole('row').nth(1)).toContainText(
    district,
  );
  expect(await listTotal(page)).toBe(count);
  // The filter is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel('项目状态')).toHaveValue('1');
  expect(await listTotal(page)).toBe(count);
  await page.screenshot({ path: screenshotPath('queries-project-query-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // The export of the filtered set downloads an xlsx.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toBe('项目查询.xlsx');

  // 成果查询 by district.
  await clickMenu(page, '综合查询', '成果查询');
  await expect(page.getByRole('heading', { level: 1, name: '成果查询' })).toBeVisible();
  await page.getByLabel('统计维度').selectOption({ label: '区县' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/groupBy=district/);
  const results = page.getByRole('table', { name: '成果统计（按区县）' });
  await expect(results.getByRole('row').nth(1)).toBeVisible();
  await expect(
    page.getByTestId('achievement-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await page.screenshot({ path: screenshotPath('queries-achievement-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // 地图统计: shaded districts; a click on one opens its list.
  await clickMenu(page, '公告与统计', '地图统计');
  await expect(page.getByRole('heading', { level: 1, name: '地图统计' })).toBeVisible();
  const shapes = page.getByTestId('statistics-map').locator('path.leaflet-interactive');
  await expect(shapes.first()).toBeVisible();
  const fills = await shapes.evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
  expect(new Set(fills).size).toBeGreaterThan(1);
  await page.getByRole('radio', { name: '逾期项目' }).click();
  await expect(page).toHaveURL(/measure=overdue/);
  await expect(page.getByRole('radio', { name: '逾期项目' })).toBeChecked();
  await expect(page.getByRole('table', { name: '各区县逾期项目' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('queries-map-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
  // Click the darkest district (the most overdue projects), then its list is the overdue one.
  const darkest = (await shapes.evaluateAll((paths) => {
    const shades = paths.map((p) => p.getAttribute('fill') ?? '');
    return shades.indexOf([...shades].sort()[0]!);
  })) as number;
  await shapes.nth(darkest).click({ force: true });
  await expect(page.getByRole('heading', { level: 1, name: '项目查询' })).toBeVisible();
  await expect(page).toHaveURL(/districtCode=\d+.*overdue=1|overdue=1.*districtCode=\d+/);
  await expect(page.getByLabel('逾期')).toHaveValue('1');
  expect(await listTotal(page)).toBeGreaterThan(0);
});

test('a district office sees its own district only, at 390 px too', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await consolePage(browser, 'district01');
  await clickMenu(page, '综合查询', '区县查询');
  await expect(page.getByRole('heading', { level: 1, name: '区县查询' })).toBeVisible();
  const projects = page.getByRole('table', { name: '项目（按状态）' });
  // One district and the totals row.
  await expect(projects.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: /本区县/ })).toBeVisible();
  const district = (await projects.getByRole('row').nth(1).getByRole('rowheader').textContent())!.trim();
  await projects.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '项目查询' })).toBeVisible();
  const rows = page.getByRole('table', { name: '项目查询结果' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(district);

  await clickMenu(page, '公告与统计', '地图统计');
  await expect(page.getByTestId('statistics-map').locator('path.leaflet-interactive')).toHaveCount(1);
  await page.getByTestId('statistics-map').locator('path.leaflet-interactive').click({ force: true });
  await expect(page.getByRole('heading', { level: 1, name: '项目查询' })).toBeVisible();
  await expect(rows.nth(1)).toContainText(district);

  const narrow = await consolePage(browser, 'district01', 390);
  await narrow.goto('/query/districtCounty');
  await expect(narrow.getByRole('heading', { level: 1, name: '区县查询' })).toBeVisible();
  await expect(narrow.getByTestId('district-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await narrow.screenshot({ path: screenshotPath('queries-district-county-390'), fullPage: true });
  expect(await accessibilityViolations(narrow)).toEqual([]);
});
