/**
 * Certificates end to end (issue 22): owner01 opens 证书列表 from the menu and a certificate from the
 * list; the test reads the QR code off the rendered detail page (a screenshot of the image, decoded
 * with jsQR) and opens the address it carries: the hall's verification page shows the number and
 * says it is valid. authority01 revokes it with a reason; the verification page then says revoked,
 * with the reason. An unknown number is said to be unknown.
 */
import { expect, test, type Browser } from '@playwright/test';
import jsQR from 'jsqr';
import { createRequire } from 'node:module';
import { screenshotPath, muteNoticeDialog } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';
import { clickMenu } from './fixtures/console';

/** pngjs (a dependency of qrcode, without types): a screenshot as pixels. */
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(bytes: Buffer): { width: number; height: number; data: Buffer } } };
};

async function consolePage(browser: Browser, who: string) {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(page, who, '/workbench/home');
  return page;
}

test('the owner opens a certificate from the menu, its QR code opens the verification; the authority revokes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await consolePage(browser, 'owner01');
  await clickMenu(owner, '测绘办件', '证书列表');
  await expect(owner.getByRole('heading', { level: 1, name: '证书列表' })).toBeVisible();
  const valid = owner.getByRole('row').filter({ hasText: '有效' }).first();
  const no = (await valid.getByRole('link', { name: /^YZCG\d{10}$/ }).textContent())!.trim();
  await owner.screenshot({ path: screenshotPath('certificate-list-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);

  await valid.getByRole('link', { name: no, exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `验收证书 ${no}` })).toBeVisible();
  await expect(owner.getByRole('link', { name: '下载证书（PDF）' })).toBeVisible();
  await expect(owner.getByRole('button', { name: '撤销证书' })).toHaveCount(0);
  const qr = owner.getByTestId('certificate-qr');
  await expect(qr).toBeVisible();
  await owner.screenshot({ path: screenshotPath('certificate-detail-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);

  // The QR code as the page shows it: a screenshot of the element, decoded.
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  expect(decoded).toMatch(new RegExp(`/certificate/verify\\?no=${no}$`));

  // The PDF downloads.
  const pdf = await owner.request.get(
    (await owner.getByRole('link', { name: '下载证书（PDF）' }).getAttribute('href'))!,
  );
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The verification page, opened from the decoded address like a phone would.
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await muteNoticeDialog(visitor);
  await visitor.goto(decoded!);
  await expect(visitor.getByRole('heading', { level: 2, name: new RegExp(`证书 ${no} 有效`) })).toBeVisible();
  await expect(visitor.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await visitor.screenshot({ path: screenshotPath('certificate-verify-390'), fullPage: true });
  expect(await accessibilityViolations(visitor)).toEqual([]);

  // The authority revokes it, with a reason, after confirming.
  const authority = await consolePage(browser, 'authority01');
  await clickMenu(authority, '测绘办件', '证书列表');
  await authority.getByLabel('证书编号').fill(no);
  await authority.getByRole('button', { name: '查询', exact: true }).click();
  await authority.getByRole('link', { name: no, exact: true }).click();
  await authority.getByRole('button', { name: '撤销证书' }).click();
  const dialog = authority.getByRole('dialog');
  await dialog.getByRole('button', { name: '确认撤销' }).click();
  await expect(dialog.getByText('请填写撤销原因').first()).toBeVisible();
  const reason = `测绘成果复核不合格（e2e ${Date.now() % 100000}）`;
  await dialog.getByLabel('撤销原因').fill(reason);
  await dialog.getByRole('button', { name: '确认撤销' }).click();
  await expect(authority.getByText('证书已撤销')).toBeVisible();
  await expect(
    authority.getByText(new RegExp(`撤销原因：${reason.replace(/[()]/g, '\\$&')}`)).first(),
  ).toBeVisible();
  await authority.screenshot({ path: screenshotPath('certificate-revoked-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);

  await visitor.goto(decoded!);
  await expect(
    visitor.getByRole('heading', { level: 2, name: new RegExp(`证书 ${no} 已撤销`) }),
  ).toBeVisible();
  await expect(visitor.getByText(reason)).toBeVisible();

  // An unknown number is said plainly.
  await visitor.goto('/certificate/verify?no=YZCG2026999999');
  await expect(
    visitor.getByRole('heading', { level: 2, name: '未找到编号为“YZCG2026999999”的证书' }),
  ).toBeVisible();
});
