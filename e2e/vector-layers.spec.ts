/**
 * Vector data of the archive end to end (issue 23), by clicking from each role's work home:
 * - agency01 opens 数据上传, uploads a zipped Shapefile in CGCS2000 3° Gauss-Krüger zone 39 made here
 *   with a known position; it appears as a layer, the map centres on it, and the feature under the
 *   map's centre is within a metre of where the test put it; a Shapefile without its .prj is refused
 *   by name and becomes no layer;
 * - authority01 opens 地图管理: styles, labels and publishes the layer, moves it and hides it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import proj4 from 'proj4';
import { crsFromName, prjOf } from '@server/modules/electronics/vector';
import { metresBetween } from '@shared/samples/distance';
import { zippedShapefile } from '@shared/samples/shapefile-sample';
import { accessibilityViolations } from './fixtures/a11y';
import { clickMenu } from './fixtures/console';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

async function consolePage(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInToConsole(page, who, '/workbench/home');
  return page;
}

test('an agency uploads a Gauss-Krüger Shapefile; the point lands within a metre; the authority styles it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `E2E控制点${Date.now() % 100000}`;
  const where = [118.2468135, 36.3579246];
  const [x, y] = proj4('EPSG:4326', crsFromName('EPSG:4527')!.proj4, where) as [number, number];
  const point = {
    geometry: { type: 'Point' as const, coordinates: [x, y] },
    properties: { 点号: 'E2E01', 等级: '一级' },
  };

  const agency = await consolePage(browser, 'agency01');
  await clickMenu(agency, '成果档案', '数据上传');
  await expect(agency.getByRole('heading', { level: 1, name: '数据上传' })).toBeVisible();
  const caseSelect = agency.getByLabel('所属档案');
  await expect(caseSelect.locator('option').nth(1)).toBeAttached();
  await caseSelect.selectOption({ index: 1 });

  // Without its .prj: refused by name, no layer. (The file choice opens once the uploader is ready,
  // as a person would find it.)
  await expect(agency.getByLabel('选择矢量数据文件')).toBeEnabled();
  await agency.getByLabel('选择矢量数据文件').setInputFiles({
    name: 'noprj.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zippedShapefile({ name: '控制点', features: [point] })),
  });
  await expect(
    agency.getByText('缺少 .prj 文件：无法确定坐标参考系，请附上坐标系文件后重新上传'),
  ).toBeVisible();

  // With it, in GBK: a layer, the map fitted to it.
  await agency.getByLabel('图层名称').fill(name);
  await agency.getByLabel('选择矢量数据文件').setInputFiles({
    name: 'control.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      zippedShapefile({ name: '控制点', features: [point], prj: prjOf('EPSG:4527'), encoding: 'GBK' }),
    ),
  });
  await expect(
    agency.getByText(`已导入图层“${name}”：1 个要素，坐标系 CGCS2000 3度带高斯-克吕格 第39带`),
  ).toBeVisible();
  await expect(agency.getByRole('row').filter({ hasText: name })).toContainText('EPSG:4527');
  await expect(agency.getByText(/正在加载 \d+ 个图层/)).toHaveCount(0);

  // The map is centred on the point: the feature under the centre is it, within a metre.
  const map = agency.locator('.el-map__leaflet');
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeInViewport({ ratio: 0.9 });
  const box = (await map.boundingBox())!;
  await agency.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = agency.locator('.leaflet-popup');
  await expect(popup).toContainText(name);
  await expect(popup).toContainText('E2E01');
  const shown = (await agency.getByTestId('feature-position').textContent())!.split('，').map(Number);
  expect(metresBetween(shown, where)).toBeLessThan(1);
  await agency.screenshot({ path: screenshotPath('vector-upload-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);

  // The authority styles it, labels it, publishes it, moves it and hides it.
  const authority = await consolePage(browser, 'authority01');
  await clickMenu(authority, '成果档案', '地图管理');
  await expect(authority.getByRole('heading', { level: 1, name: '地图管理' })).toBeVisible();
  const item = authority
    .getByRole('list', { name: '图层列表' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: `设置图层 ${name}` }).click();
  const dialog = authority.getByRole('dialog');
  await dialog.getByLabel('线宽').fill('3');
  await dialog.getByLabel('标注字段').selectOption('点号');
  await dialog.getByLabel('密级').selectOption({ label: '公开' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByText('图层设置已保存')).toBeVisible();
  await expect(item).toContainText('公开');
  // The new layer is on top: moved down, it can move up again.
  await expect(item.getByRole('button', { name: `上移 ${name}` })).toBeDisabled();
  await item.getByRole('button', { name: `下移 ${name}` }).click();
  await expect(item.getByRole('button', { name: `上移 ${name}` })).toBeEnabled();
  await item.getByRole('checkbox').click();
  await expect(item.getByRole('checkbox')).not.toBeChecked();
  await authority.screenshot({ path: screenshotPath('map-management-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);
});

test('the owner finds its cases on 一张图 and opens one from the map', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await consolePage(browser, 'owner01');
  await clickMenu(owner, '成果档案', '一张图');
  await expect(owner.getByRole('heading', { level: 1, name: '一张图' })).toBeVisible();
  await expect(owner.getByText(/^共 \d+ 个档案/)).toBeVisible();
  const map = owner.getByTestId('picture-map');
  await expect(map.locator('.el-cluster, .el-point').first()).toBeVisible();
  await owner.screenshot({ path: screenshotPath('picture-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  // Zoom in through the clusters until a case's own point shows, then open it.
  for (let step = 0; step < 10 && (await map.locator('.el-point').count()) === 0; step++) {
    await map.locator('.el-cluster').first().click();
    await owner.waitForTimeout(400);
  }
  await map.locator('.el-point').first().click();
  const popup = owner.locator('.leaflet-popup');
  const caseNo = (await popup.getByText(/^DA\d{10}$/).textContent())!;
  await popup.getByRole('link', { name: '查看档案' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `档案 ${caseNo}` })).toBeVisible();
});
