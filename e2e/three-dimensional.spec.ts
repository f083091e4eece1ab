/**
 * 三维展示 (/electronics/ThreeDimensional, issue 23) end to end, on the demo's building layers:
 * - agency01 reaches it from the menu, picks its building layer, and the 3D view draws (the canvas
 *   shows buildings: several colours, the ramp's blues among them); pointing at a building names it;
 * - every role that opens the page finds at least one building layer (the demo publishes some);
 * - authority01 follows 地图管理's 三维 link of a layer to its 3D view;
 * - without WebGL (getContext answers null, as in a browser without it) the page says so and shows
 *   the footprints on the 2D map.
 * Headless Chromium here has WebGL through SwiftShader (ANGLE on Vulkan) with the usual flags; newer
 * Chromium gives that software fallback only with --enable-unsafe-swiftshader, so this spec asks for it.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './fixtures/chromium';
import { accessibilityViolations } from './fixtures/a11y';
import { clickMenu } from './fixtures/console';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--enable-unsafe-swiftshader'],
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  },
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NO_WEBGL = '当前浏览器不支持 WebGL，已改为二维显示';

async function consolePage(browser: Browser, who: string, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await signInToConsole(page, who, '/workbench/home');
  return page;
}

/** The building layers listed in the choice (its first option is the prompt). */
const layerOptions = (page: Page) => page.getByLabel('建筑图层').locator('option:not([value=""])');

/**
 * The distinct colours of an element's screenshot, counted in a blank page of the same context (the
 * console's CSP is left alone), and how many pixels are a blue of the height ramp.
 */
async function coloursOf(page: Page, element: Locator) {
  const png = (await element.screenshot()).toString('base64');
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set<number>();
      let blue = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
        colours.add((r << 16) | (g << 8) | b);
        if (b > r + 40 && b > g + 10) blue++;
      }
      return { distinct: colours.size, blue, total: pixels.length / 4 };
    }, png);
  } finally {
    await blank.close();
  }
}

/** Moves the pointer over the view until the building panel names a building; answers its text. */
async function pointAtBuilding(page: Page, view: Locator): Promise<string | null> {
  const box = (await view.boundingBox())!;
  const info = page.getByTestId('building-info');
  for (let row = 1; row < 10; row++)
    for (let column = 1; column < 10; column++) {
      await page.mouse.move(box.x + (box.width * column) / 10, box.y + (box.height * row) / 10);
      const text = (await info.textContent()) ?? '';
      if (text.includes('号楼')) return text;
    }
  return null;
}

test('an agency opens 三维展示 from the menu, picks its building layer, and sees it in 3D', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await consolePage(browser, 'agency01');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await clickMenu(page, '成果档案', '三维展示');
  await expect(page.getByRole('heading', { level: 1, name: '三维展示' })).toBeVisible();
  await expect(layerOptions(page).first()).toBeAttached();
  // An option reads 名称（档案编号，n 个要素）.
  const name = ((await layerOptions(page).first().textContent()) ?? '').replace(/（DA\d+，.*$/, '');
  expect(name).toMatch(/建筑轮廓$/);
  await page.getByLabel('建筑图层').selectOption({ index: 1 });
  await expect(page).toHaveURL(/layerId=\d+/);

  const view = page.getByTestId('three-dimensional-view');
  await expect(view).toHaveAttribute('data-state', 'drawn', { timeout: 60_000 });
  await expect(page.getByText(NO_WEBGL)).toHaveCount(0);
  const canvas = view.getByRole('img', { name: new RegExp(`^${escaped(name)}的三维视图：6 栋建筑$`) });
  await expect(canvas).toBeVisible();
  await expect(page.getByText(/共 6 栋建筑，高度/)).toBeVisible();
  // Drawn, not blank: the ground, the grid and the buildings' shaded faces.
  const colours = await coloursOf(page, canvas);
  expect(colours.distinct).toBeGreaterThan(50);
  expect(colours.blue).toBeGreaterThan(colours.total / 100);

  // Pointing at a building names it, with its floors and height.
  const named = await pointAtBuilding(page, canvas);
  expect(named).toMatch(/名称\d号楼层数\d+高度\d+ 米/);
  await page.screenshot({ path: screenshotPath('three-dimensional-1366'), fullPage: true });

  // The buildings as a table, for a screen reader.
  await page.getByText('建筑列表（6 栋）').click();
  await expect(page.getByRole('table', { name: '建筑列表' }).getByRole('row')).toHaveCount(7);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Dragging turns the view and draws it again.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect(view).toHaveAttribute('data-state', 'drawn');
  await page.screenshot({ path: screenshotPath('three-dimensional-turned') });

  // At a phone's width, the panel under the view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(canvas).toBeVisible();
  await page.screenshot({ path: screenshotPath('three-dimensional-390'), fullPage: true });

  // Leaving the page disposes the view (its canvas goes, nothing throws).
  await page.setViewportSize({ width: 1366, height: 900 });
  await clickMenu(page, '成果档案', '数据上传');
  await expect(page.getByRole('heading', { level: 1, name: '数据上传' })).toBeVisible();
  await expect(page.locator('canvas.el-3d__canvas')).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('every role that opens 三维展示 finds a building layer', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const who of ['owner01', 'staff01', 'authority01', 'auditor01', 'district01']) {
    const page = await consolePage(browser, who);
    await clickMenu(page, '成果档案', '三维展示');
    await expect(page.getByRole('heading', { level: 1, name: '三维展示' })).toBeVisible();
    await expect(layerOptions(page).first(), who).toBeAttached();
    await page.context().close();
  }
});

test('地图管理 links a building layer to its 3D view', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await consolePage(browser, 'authority01');
  await clickMenu(page, '成果档案', '地图管理');
  const link = page.getByRole('link', { name: /^三维展示 .*建筑轮廓$/ }).first();
  const name = ((await link.getAttribute('aria-label')) ?? '').replace(/^三维展示 /, '');
  // The control points are no building layer: no link.
  await expect(page.getByRole('link', { name: '三维展示 全市测量控制点' })).toHaveCount(0);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: '三维展示' })).toBeVisible();
  await expect(page.getByTestId('three-dimensional-view')).toHaveAttribute('data-state', 'drawn', {
    timeout: 60_000,
  });
  await expect(page.getByRole('img', { name: new RegExp(`^${escaped(name)}的三维视图`) })).toBeVisible();
  await page.context().close();
});

test('without WebGL the page says so and shows the footprints on the 2D map', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  // As a browser without WebGL: no WebGL context of any kind.
  await context.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      if (/webgl/i.test(kind)) return null;
      return (original as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof original;
  });
  const page = await context.newPage();
  await signInToConsole(page, 'agency01', '/workbench/home');
  await clickMenu(page, '成果档案', '三维展示');
  await expect(layerOptions(page).first()).toBeAttached();
  await page.getByLabel('建筑图层').selectOption({ index: 1 });

  await expect(page.getByText(NO_WEBGL)).toBeVisible();
  await expect(page.getByTestId('three-dimensional-view')).toHaveCount(0);
  const map = page.getByTestId('archive-map').locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(page.getByText('共 1 个图层，显示 1 个。点击要素查看属性。')).toBeVisible();
  // The footprints are drawn: the layer's canvas tiles are in the map's overlay pane.
  await expect(page.locator('.leaflet-overlay-pane canvas').first()).toBeVisible();
  await page.getByText('建筑列表（6 栋）').click();
  await expect(page.getByRole('table', { name: '建筑列表' }).getByRole('row')).toHaveCount(7);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath('three-dimensional-no-webgl'), fullPage: true });
  await context.close();
});
