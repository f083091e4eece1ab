/**
 * Contracts (issue 14) in Chromium: an administrator saves a template as a new version (the old one
 * stays readable); an agency opens its contract list and a contract, downloads its PDF and the test
 * extracts the text (parties, amount in capitals); the authority exports the government-purchase query
 * as .xlsx and the test reads rows and the exact totals row; the totals page draws its chart.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  return text;
}

/** '¥1,234.50' or 1234.5 → cents, exactly. */
const cents = (value: unknown) => Math.round(Number(String(value).replace(/[¥,]/g, '')) * 100);

test('an administrator saves a template as a new version; the old one stays readable', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToConsole(page, 'admin', '/contract/ContractTemplateList');
  await expect(page.getByRole('heading', { level: 1, name: '合同模板' })).toBeVisible();
  await page.getByRole('button', { name: '编辑立项用地规划许可阶段模板' }).click();
  await page.getByLabel('修订说明').fill('增加争议解决条款');
  const editor = page.locator('[contenteditable="true"]').first();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('第六条 争议解决：协商不成的，提交云州仲裁委员会仲裁。');
  await page.screenshot({ path: screenshotPath('contract-template-edit-1366'), fullPage: true });
  await page.getByRole('button', { name: '保存为新版本' }).click();
  await expect(page.getByText('模板已保存为新版本（第 2 版）')).toBeVisible();
  const card = page.getByRole('table', { name: '立项用地规划许可阶段模板版本' });
  await expect(card.getByRole('cell', { name: '第 2 版（当前）' })).toBeVisible();
  await card.getByRole('button', { name: '查看第 2 版' }).click();
  await expect(card.getByText('第六条 争议解决')).toBeVisible();
  // Version 1 is still there, without the new article.
  await card.getByRole('button', { name: '查看第 1 版' }).click();
  await expect(card.getByText('第五条')).toBeVisible();
  await expect(card.getByText('第六条 争议解决')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('an agency opens its contract and downloads the PDF with the parties and the amount in capitals', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(page, 'agency01', '/contract/ContractList?status=3');
  await expect(page.getByRole('heading', { level: 1, name: '合同列表' })).toBeVisible();
  const table = page.getByRole('table', { name: '合同列表' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: screenshotPath('contract-list-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  // Two checked contracts download as one zip of PDFs.
  await table.getByRole('row').nth(1).getByRole('checkbox').check();
  await table.getByRole('row').nth(2).getByRole('checkbox').check();
  const zipping = page.waitForEvent('download');
  await page.getByRole('button', { name: '打包下载合同文本（2 份）' }).click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toBe('合同文本.zip');
  const zipBytes = await readFile((await zip.path()) as string);
  expect(zipBytes.subarray(0, 2).toString()).toBe('PK');

  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: '合同信息' })).toBeVisible();
  const valueOf = async (label: string) =>
    (
      (await page
        .locator('dt', { hasText: label })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? ''
    ).trim();
  const owner = await valueOf('委托方（甲方）');
  const agency = await valueOf('受托方（乙方）');
  const inWords = await valueOf('金额大写');
  const filingNo = await valueOf('备案编号');
  expect(inWords).toMatch(/元/);
  await page.screenshot({ path: screenshotPath('contract-detail-1366'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: '下载合同文本（PDF）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = new Uint8Array(await readFile((await download.path()) as string));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(owner);
  expect(text).toContain(agency);
  expect(text).toContain(inWords);
  expect(text).toContain(filingNo);

  // The detail at phone width, opened fresh (the side menu starts closed there).
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(page.url());
  await expect(phone.getByRole('heading', { level: 2, name: '合同信息' })).toBeVisible();
  await phone.screenshot({ path: screenshotPath('contract-detail-390'), fullPage: true });
});

test('the authority exports the government purchases as .xlsx with a totals row; the totals chart shows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, 'authority01', '/contract/GovPurchase');
  await expect(page.getByRole('heading', { level: 1, name: '政府采购记录' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: '政府采购合同查询结果' }).getByRole('row').nth(1),
  ).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('政府采购合同.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile((await download.path()) as string)).buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('合同编号');
  expect(sheet.getRow(1).getCell(9).value).toBe('合同金额（元）');
  const last = sheet.rowCount;
  expect(last).toBeGreaterThan(3);
  let sum = 0;
  for (let n = 2; n < last; n += 1) {
    const row = sheet.getRow(n);
    expect(row.getCell(15).value).toBe('是');
    expect(typeof row.getCell(9).value).toBe('number');
    sum += cents(row.getCell(9).value);
  }
  expect(sheet.getRow(last).getCell(1).value).toBe('合计');
  expect(cents(sheet.getRow(last).getCell(9).value)).toBe(sum);

  await page.goto('/contract/GovPurchaseTotal');
  await expect(page.getByRole('heading', { level: 1, name: '政府采购汇总' })).toBeVisible();
  const chart = page.getByTestId('gov-chart');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The page total equals the exact sum of the year rows.
  const total = await page.locator('.ct-totals__sum .ct-money').textContent();
  const years = await page
    .getByRole('table', { name: '按年度汇总' })
    .locator('tbody td.ct-money')
    .allTextContents();
  expect(years.reduce((acc, text) => acc + cents(text), 0)).toBe(cents(total));
  await page.screenshot({ path: screenshotPath('contract-gov-total-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Government purchases with their documents: the seeded ones are complete.
  await page.goto('/contract/GovContracts');
  const gov = page.getByRole('table', { name: '政府采购合同及采购材料' });
  await expect(gov.getByText(/齐全（\d+ 份）/).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('contract-gov-contracts-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
