/**
 * Docking with the provincial approval platform (issue 13): the administrator sees the projects the
 * platform pushed (the demo feed, imported on the first start), opens one, and exports the list (the
 * .xlsx holds the rows the list shows); owner01 opens 从审批平台导入 on 新建项目, imports one of its
 * unit's docked projects with one action and finds it in its project list; the dialog then marks it
 * 已导入, and an entry without a location is refused with the reason.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { signInToConsole } from './fixtures/identity';

test('the administrator sees the docked projects, opens one and exports the list', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToConsole(page, 'admin', '/dataExchangeSystem/dockingList');
  await expect(page.getByRole('heading', { level: 1, name: '审批平台项目' })).toBeVisible();
  const table = page.getByRole('table', { name: '省投资项目审批平台推送的项目' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('link', { name: '云州市第三中学新校区建设项目', exact: true })).toBeVisible();
  await expect(table.getByText(/^已导入/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/docking-list.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  const shown = (await table.getByRole('row').allInnerTexts())
    .slice(1)
    .map((row) => row.split('\t')[0]?.trim());
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('审批平台推送项目.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile((await download.path()) as string)).buffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getRow(1).getCell(2).value).toBe('项目名称');
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) exported.push(String(row.getCell(2).value));
  });
  expect(exported.length).toBeGreaterThanOrEqual(shown.length);
  expect(exported.slice(0, shown.length)).toEqual(shown);

  await table.getByRole('link', { name: '云州市第三中学新校区建设项目', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '云州市第三中学新校区建设项目' })).toBeVisible();
  await expect(page.getByRole('link', { name: '下载 立项批复文件' })).toBeVisible();
  await expect(page.getByText('数据目录', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/docking-detail.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('an owner imports a docked project with one action and finds it in its project list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToConsole(page, 'owner01', '/demandmanger/newProjece');
  await expect(page.getByRole('heading', { level: 1, name: '新建项目' })).toBeVisible();
  await page.getByRole('button', { name: '从审批平台导入' }).click();
  const dialog = page.getByRole('dialog', { name: '从审批平台导入' });
  const table = dialog.getByRole('table', { name: '审批平台中本单位的项目' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Another unit's docked projects are not offered.
  await expect(table.getByText('云州市高新区标准厂房二期工程')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/docking-import-dialog.png' });
  expect(await accessibilityViolations(page)).toEqual([]);

  // An entry the platform sent without a location: refused with the reason, nothing created.
  await dialog.getByLabel('项目名称').fill('物流园');
  await dialog.getByRole('button', { name: '查询', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await dialog.getByRole('button', { name: '导入 云州市城北物流园仓储中心项目' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/审批平台项目信息不完整：请在地图上选取项目位置/);

  await dialog.getByLabel('项目名称').fill('第三中学');
  await dialog.getByRole('button', { name: '查询', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await dialog.getByRole('button', { name: '导入 云州市第三中学新校区建设项目' }).click();
  await expect(page).toHaveURL(/\/demandmanger\/release\?projectId=\d+/);
  // Newest first: the project heads the unit's project list.
  await expect(
    page
      .getByRole('table', { name: '本单位的项目' })
      .getByRole('link', { name: '云州市第三中学新校区建设项目', exact: true }),
  ).toBeVisible();

  await page.goto('/demandmanger/newProjece');
  await page.getByRole('button', { name: '从审批平台导入' }).click();
  await dialog.getByLabel('项目名称').fill('第三中学');
  await dialog.getByRole('button', { name: '查询', exact: true }).click();
  // The unfiltered rows (other imported ones among them) stay until the search answers: read its row.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: '云州市第三中学新校区建设项目' })
      .getByText(/^已导入（YZ\d+）$/),
  ).toBeVisible();
});

test('the agency’s to-do list shows each offer’s answer deadline and marks the overdue ones', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, 'agency01', '/notdchy/toDoList');
  const table = page.getByRole('table', { name: '等待本机构答复的委托' });
  await expect(table.getByRole('columnheader', { name: '办理期限' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The demo's pending offers were made days ago: some are past their three working days.
  await expect(table.getByText('已超期').first()).toBeVisible();
});
