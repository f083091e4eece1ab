/**
 * Drawings of the archive end to end (issue 23), by clicking from each role's work home:
 * - agency01 opens 图件管理 from the menu, uploads a DXF into one of its cases through the chunked
 *   upload, opens it: the plan is drawn with its layers, and a layer's box hides it; a PDF as the
 *   next version shows its page, and version 1 still previews; the auditor does not find the 内部
 *   drawing;
 * - authority01 edits its metadata: a third version, 修改元数据, on the chain;
 * - owner01 opens 图文档管理 and a DWG, which says it has no preview and downloads.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pdfDocument } from '@server/seed/documents';
import { sampleDxf } from '@shared/samples/dxf-sample';
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

/** Finds a drawing by name in the list on the page and opens it. */
async function openDrawing(page: Page, name: string) {
  await page.getByLabel('名称', { exact: true }).fill(name);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

test('an agency uploads a DXF drawing, previews its layers, adds a PDF version; the authority edits it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `E2E平面图${Date.now() % 100000}`;
  const agency = await consolePage(browser, 'agency01');
  await clickMenu(agency, '成果档案', '图件管理');
  await expect(agency.getByRole('heading', { level: 1, name: '图件管理' })).toBeVisible();
  await expect(agency.getByRole('row').nth(1)).toBeVisible();

  // 上传图件: a case of the agency, a name, the file through the chunked upload.
  await agency.getByRole('button', { name: '上传图件' }).click();
  const caseSelect = agency.getByLabel('所属档案');
  await expect(caseSelect.locator('option').nth(1)).toBeAttached();
  await caseSelect.selectOption({ index: 1 });
  await agency.getByLabel('图件名称').fill(name);
  await agency.getByLabel('选择图件文件').setInputFiles({
    name: 'plan.dxf',
    mimeType: 'application/dxf',
    buffer: Buffer.from(sampleDxf({ label: name })),
  });
  await expect(agency.getByText(`已上传图件：plan.dxf`)).toBeVisible();
  await agency.screenshot({ path: screenshotPath('drawings-list-1366'), fullPage: true });

  await openDrawing(agency, name);
  await expect(agency.getByRole('heading', { level: 1, name: `图件 ${name}` })).toBeVisible();
  // The preview names the version's file: the drawing's name and its format.
  const plan = agency.getByRole('img', { name: `图纸 ${name}.dxf` });
  await expect(plan).toBeVisible();
  const layers = agency.getByRole('group', { name: '图层' });
  for (const layer of ['轮廓', 'AXIS', '标注']) await expect(layers.getByText(layer)).toBeVisible();
  await expect(plan.locator('g[data-layer="AXIS"]')).toHaveCount(1);
  await expect(plan.locator('g[data-layer="AXIS"] path').first()).toBeAttached();
  await layers.getByRole('checkbox', { name: /AXIS/ }).uncheck();
  await expect(plan.locator('g[data-layer="AXIS"]')).toHaveCount(0);
  await expect(plan.locator('g[data-layer="轮廓"]')).toHaveCount(1);
  await agency.screenshot({ path: screenshotPath('drawing-dxf-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);

  // A PDF as the next version: its page is drawn; version 1 still previews as a plan.
  const site = pdfDocument('site.pdf', '总平面图', ['端到端测试上传的新版本。']);
  await agency.getByLabel('选择新版本文件').setInputFiles({
    name: site.name,
    mimeType: site.contentType,
    buffer: Buffer.from(site.bytes),
  });
  await expect(agency.getByText('已上传新版本：site.pdf')).toBeVisible();
  const versions = agency.getByRole('table', { name: `${name} 的版本` });
  await expect(versions.getByRole('row').filter({ hasText: '第 2 版' })).toContainText('上传文件');
  await expect(agency.getByText('第 1 / 1 页')).toBeVisible();
  await expect(agency.getByRole('img', { name: `“${name}.pdf” 第 1 页` })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('drawing-pdf-1366'), fullPage: true });
  await versions.getByRole('button', { name: '预览第 1 版' }).click();
  await expect(plan).toBeVisible();

  // The auditor does not find the 内部 drawing.
  const auditor = await consolePage(browser, 'auditor01');
  await clickMenu(auditor, '成果档案', '图件管理');
  await auditor.getByLabel('名称', { exact: true }).fill(name);
  await auditor.getByRole('button', { name: '查询', exact: true }).click();
  await expect(auditor.getByText('没有符合条件的图件')).toBeVisible();

  // The authority edits the metadata: a third version that changes no file.
  const authority = await consolePage(browser, 'authority01');
  await clickMenu(authority, '成果档案', '图件管理');
  await openDrawing(authority, name);
  await authority.getByRole('button', { name: `修改 ${name} 的元数据` }).click();
  const dialog = authority.getByRole('dialog');
  await dialog.getByLabel('别名').fill('一层平面');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(authority.getByText('元数据已保存为新版本')).toBeVisible();
  const edited = authority.getByRole('table', { name: `${name} 的版本` });
  await expect(edited.getByRole('row').filter({ hasText: '第 3 版' })).toContainText('修改元数据');
});

test('the owner opens a DWG drawing document: no preview, a download', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await consolePage(browser, 'owner01');
  await clickMenu(owner, '图文档管理', '图文档管理');
  await expect(owner.getByRole('heading', { level: 1, name: '图文档管理' })).toBeVisible();
  await owner.getByLabel('格式').selectOption({ label: 'DWG' });
  await owner.getByRole('button', { name: '查询', exact: true }).click();
  // The list answers the filter: every row a DWG.
  await expect(owner.getByRole('row').filter({ hasText: 'PDF' })).toHaveCount(0);
  await expect(owner.getByRole('row').nth(1)).toContainText('DWG');
  const first = owner.getByRole('row').nth(1).getByRole('link').first();
  const drawing = (await first.textContent())!.trim();
  await first.click();
  await expect(owner.getByRole('heading', { level: 1, name: `图文档 ${drawing}` })).toBeVisible();
  await expect(owner.getByText(/DWG 文件暂不支持在线预览/)).toBeVisible();
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('link', { name: `下载第 1 版 ${drawing}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.dwg$/);
  expect(await download.failure()).toBeNull();
  await owner.screenshot({ path: screenshotPath('drawing-dwg-1366'), fullPage: true });
});
