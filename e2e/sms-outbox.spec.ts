import { expect, test } from '@playwright/test';
import { muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { cookieJarClient, readSmsCode, signInThroughDialog } from './fixtures/identity';

/** Issue 3: the default SMS provider is a database outbox that administrators read in the console. */
test('an administrator reads a sent phone code in the SMS outbox; others are refused', async ({
  page,
  baseURL,
}) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const visitor = cookieJarClient(baseURL ?? '');
  await visitor.http.get(visitor.url('uc', 'sendShortMessage', { userphone: phone }));
  const code = await readSmsCode(baseURL ?? '', phone);

  await muteNoticeDialog(page);
  await page.goto('/');
  await signInThroughDialog(page, 'admin');
  await page.goto('/system/smsOutbox');
  await expect(page.getByRole('heading', { name: '短信发件箱' })).toBeVisible();
  await page.getByLabel('手机号码').fill(phone);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: phone });
  await expect(row).toHaveCount(1);
  // The message text (second column) carries the code that was sent.
  await expect(row.getByRole('cell').nth(1)).toContainText(code);
  await page.screenshot({ path: screenshotPath('sms-outbox-1366') });

  const owner = await page.context().browser()!.newPage();
  await muteNoticeDialog(owner);
  await owner.goto('/');
  await signInThroughDialog(owner, 'owner01');
  const refused = await owner.goto('/system/smsOutbox');
  expect(refused?.status()).toBe(403);
});
