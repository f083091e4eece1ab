/**
 * Exports from the console (issue 12): the authority filters the agency directory (机构查询) by credit
 * state, exports it, and the downloaded .xlsx holds exactly the rows the list shows; an agency's
 * attachments download as one zip whose Chinese entry names and bytes are checked.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { expect, test } from '@playwright/test';
import { signInToConsole } from './fixtures/identity';

function zipEntryNames(buffer: Buffer): Promise<{ name: string; utf8: boolean; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: { name: string; utf8: boolean; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({
          name: entry.fileName,
          utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
          size: entry.uncompressedSize,
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('the authority exports the filtered agency directory; the file holds the rows the list shows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToConsole(page, 'authority01', '/intermediary/orgquery');
  await expect(page.getByRole('heading', { level: 1, name: '机构查询' })).toBeVisible();
  await page.getByLabel('信用状况').selectOption({ label: '良好' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/credit=good/);
  const table = page.getByRole('table');
  // The unfiltered rows stay on screen (the list is busy) until the filtered page arrives.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const shown = (await table.getByRole('row').allInnerTexts())
    .slice(1)
    .map((row) => row.split('\t')[0]?.trim());

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('中介机构名录.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile((await download.path()) as string)).buffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getRow(1).getCell(1).value).toBe('机构名称');
  expect(sheet.getRow(1).getCell(12).value).toBe('信用状况');
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) exported.push(String(row.getCell(1).value));
  });
  // Every exported agency is in good standing; the list's first page is the export's first rows.
  expect(exported.length).toBeGreaterThan(0);
  sheet.eachRow((row, n) => {
    if (n > 1) expect(row.getCell(12).value).toBe('良好');
  });
  expect(exported.slice(0, shown.length)).toEqual(shown);
});

test('the authority exports the filtered construction units; the file holds the rows the list shows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToConsole(page, 'authority01', '/usercenter/jsdwVerify?view=all');
  await expect(page.getByRole('table', { name: '全部建设单位' })).toBeVisible();
  await page.getByLabel('审核状态').selectOption({ label: '审核通过' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/auditStatus=2/);
  const table = page.getByRole('table', { name: '全部建设单位' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The unfiltered rows stay on screen until the filtered page arrives: wait until only approved
  // units are shown (the header row is the one row without 审核通过).
  await expect(table.getByRole('row').filter({ hasNotText: '审核通过' })).toHaveCount(1);
  const shown = (await table.getByRole('row').allInnerTexts())
    .slice(1)
    .map((row) => row.split('\t')[0]?.trim());
  const total = Number(/共 (\d+) 条/.exec(await page.getByText(/共 \d+ 条/).innerText())?.[1]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('建设单位.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile((await download.path()) as string)).buffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getRow(1).getCell(1).value).toBe('单位名称');
  expect(sheet.getRow(1).getCell(8).value).toBe('审核状态');
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    exported.push(String(row.getCell(1).value));
    expect(row.getCell(8).value).toBe('审核通过');
  });
  // Every verified unit, the list's first page first.
  expect(exported.length).toBe(total);
  expect(exported.slice(0, shown.length)).toEqual(shown);
});

test('an agency downloads all its attachments as one zip with Chinese names', async ({ page }) => {
  test.setTimeout(120_000);
  // agency05's organization is approved and has its licence and certificate on record.
  await signInToConsole(page, 'agency05', '/usercenter/orgdone');
  const zipLink = page.getByRole('link', { name: '打包下载全部附件（zip）' });
  await expect(zipLink).toBeVisible();
  const downloading = page.waitForEvent('download');
  await zipLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/附件\.zip$/);
  const entries = await zipEntryNames(await readFile((await download.path()) as string));
  expect(entries.length).toBeGreaterThanOrEqual(2);
  expect(entries.every((entry) => entry.utf8 && entry.size > 0)).toBe(true);
  expect(entries.map((entry) => entry.name.split('/')[0])).toEqual(
    expect.arrayContaining(['营业执照', '资质证书']),
  );
  expect(entries.some((entry) => /营业执照\.pdf$/.test(entry.name))).toBe(true);
});
