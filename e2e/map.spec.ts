import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { hasHorizontalScroll, muteNoticeDialog, screenshotPath } from './fixtures/hall';

const mapPath = '/projectPosition/position';
const formatCount = new Intl.NumberFormat('zh-CN');

interface Distribute {
  total: number;
  unlocated: number;
  byStatus: { status: number; statusName: string; projectNum: number }[];
}

const clusters = (page: Page) => page.locator('.leaflet-marker-icon.map-cluster');
const points = (page: Page) => page.locator('.leaflet-marker-icon.map-point');
const clusterAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/smsend/map/clusters') && r.status() === 200);

test('the map shows clusters, district counts, search, and a project card reached by clicking clusters', async ({
  page,
  request,
}) => {
  const distribute = (
    (await (await request.get('/smsend/statistics/getProjectDistribute')).json()) as { object: Distribute }
  ).object;
  expect(distribute.total).toBeGreaterThan(0);

  const first = clusterAnswer(page);
  await page.goto(mapPath);
  await first;
  await expect(page.getByRole('heading', { level: 1, name: '项目分布' })).toBeVisible();
  await expect(clusters(page).first()).toBeVisible();
  // One counting rule (published projects) for the distribution and the map; the map places those
  // with a location, and its page says how many have none.
  expect(distribute.byStatus.find((row) => row.status === 0)).toBeUndefined();
  await expect(page.getByRole('status').filter({ hasText: '当前筛选共' })).toContainText(
    formatCount.format(distribute.total - distribute.unlocated),
  );

  // The text alternative: every district with its count.
  const table = page.getByRole('table', { name: '各区县测绘项目数量' });
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(page.locator('.map-district-label').first()).toBeVisible();

  // Filters are labelled controls; the total follows them.
  const completed = distribute.byStatus.find((s) => s.status === 7)!;
  const filtered = clusterAnswer(page);
  await page.getByLabel('项目状态').selectOption({ label: completed.statusName });
  await filtered;
  await expect(page.getByRole('status').filter({ hasText: '当前筛选共' })).toContainText(
    `共 ${formatCount.format(completed.projectNum)} 个项目`,
  );
  const all = clusterAnswer(page);
  await page.getByLabel('项目状态').selectOption({ label: '全部状态' });
  await all;

  await page.screenshot({ path: screenshotPath('map-1366'), fullPage: true });

  // Place search: pick a hit, the map flies there and marks it.
  await page.getByRole('searchbox', { name: '地点搜索' }).fill('临江');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const hit = page.getByRole('button', { name: /^临江区 区县/ });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page.locator('.leaflet-marker-icon[title="临江区"]')).toBeVisible();

  // Click clusters down to single projects, then a project for its card.
  for (let step = 0; step < 12 && (await points(page).count()) === 0; step++) {
    const next = clusterAnswer(page);
    await clusters(page).first().click();
    await next;
    await page.waitForTimeout(100);
  }
  await expect(points(page).first()).toBeVisible();
  // The markers are redrawn when the map's data changes (other tests change projects meanwhile): a dot
  // picked may be gone, or clustered with a neighbour, by the time it is clicked. So pick and click
  // again until a project's card opens (the fourth CI flake of this step, after picking by place in
  // the list and then by the whole title).
  let name = '';
  await expect(async () => {
    // The dot nearest the middle of the map: edge dots may sit under the controls or a neighbour.
    const frame = (await page.getByTestId('project-map').boundingBox())!;
    const middle = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
    const boxes = await points(page).evaluateAll((nodes) =>
      nodes.map((node) => {
        const r = node.getBoundingClientRect();
        return { x: r.x + r.width / 2 + window.scrollX, y: r.y + r.height / 2 + window.scrollY };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    const distance = (b: { x: number; y: number }) => Math.hypot(b.x - middle.x, b.y - middle.y);
    const nearest = boxes.reduce((best, box, i) => (distance(box) < distance(boxes[best]!) ? i : best), 0);
    const title = (await points(page).nth(nearest).getAttribute('title', { timeout: 2_000 })) ?? '';
    name = title.replace(/（.*）$/, '');
    expect(name.length).toBeGreaterThan(0);
    // Dispatched on the marker itself (a real click at its centre may land on an overlapping
    // neighbour), found by the project's name (its status in the title may move on meanwhile).
    await page
      .locator(`.leaflet-marker-icon.map-point[title^=${JSON.stringify(`${name}（`)}]`)
      .first()
      .dispatchEvent('click', undefined, { timeout: 2_000 });
    await expect(page.getByRole('region', { name })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const card = page.getByRole('region', { name });
  await expect(card).toContainText('项目编号');
  await expect(card).toContainText('建设单位');
  await page.screenshot({ path: screenshotPath('map-card-1366'), fullPage: false });
});

test('a click on the map says which district is there', async ({ page }) => {
  const first = clusterAnswer(page);
  await page.goto(mapPath);
  await first;
  const box = (await page.getByTestId('project-map').boundingBox())!;
  // Try a few spots until one is not on a marker.
  for (const [fx, fy] of [
    [0.08, 0.9],
    [0.92, 0.1],
    [0.1, 0.12],
    [0.9, 0.88],
  ] as const) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    const shown = await page
      .getByTestId('reverse-result')
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
  }
  await expect(page.getByTestId('reverse-result')).toContainText(/云州市|不在本市范围内/);
  await expect(page.getByTestId('reverse-result')).toContainText('经度');
});

test('the map works at 390 px and ships at most 150 KB of JavaScript, gzipped', async ({ page }) => {
  let gzipped = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          gzipped += gzipSync(body, { level: 9 }).byteLength;
        },
        () => {},
      ),
    );
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const first = clusterAnswer(page);
  await page.goto(mapPath);
  await first;
  await expect(clusters(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  expect(gzipped).toBeGreaterThan(20_000);
  expect(gzipped, `map page JS ${gzipped} bytes gzipped`).toBeLessThanOrEqual(150 * 1024);
  expect(await hasHorizontalScroll(page), 'horizontal scrolling at 390 px').toBe(false);
  await page.screenshot({ path: screenshotPath('map-390'), fullPage: true });
});

test('the map page has no WCAG 2.2 AA violations (axe)', async ({ page }) => {
  const first = clusterAnswer(page);
  await page.goto(mapPath);
  await first;
  await expect(clusters(page).first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the home map preview links to the map, lists the districts and passes axe', async ({ page }) => {
  await muteNoticeDialog(page);
  await page.goto('/');
  const preview = page.getByRole('region', { name: '项目分布' });
  await expect(preview.getByRole('listitem')).toHaveCount(7);
  await expect(preview.locator('svg path')).toHaveCount(7);
  expect(await accessibilityViolations(page, '.map-preview')).toEqual([]);
  await preview.getByRole('link', { name: '打开项目分布地图', exact: true }).click();
  await expect(page).toHaveURL(/\/projectPosition\/position$/);
});
