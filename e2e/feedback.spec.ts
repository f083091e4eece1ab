import { expect, test, type Browser, type Page } from '@playwright/test';
import { muteNoticeDialog } from './fixtures/hall';
import { signInToConsole, TEST_CAPTCHA } from './fixtures/identity';

/**
 * Issue 24, feedback: an anonymous visitor sends feedback from the hall with the captcha and gets a
 * lookup code; the administrator finds it from the work home's menu and replies by clicking; a text
 * to the visitor's mobile number says so (read in the SMS outbox); the visitor reads the reply with
 * the code. A signed-in owner sends feedback from the console and the
 * reply reaches them as a message.
 */
test.describe.configure({ timeout: 180_000 });

/** The administrator replies from the menu; returns their page (the caller closes its context). */
async function adminReplies(browser: Browser, title: string, reply: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToConsole(page, 'admin', '/workbench/home');
  const nav = page.getByRole('navigation').first();
  const group = nav.getByRole('button', { name: '意见反馈' });
  if (await group.isVisible()) await group.click();
  await nav.getByRole('link', { name: '意见反馈' }).click();
  await expect(page.getByRole('heading', { name: '意见反馈', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: `反馈详情：${title}` })).toBeVisible();
  await page.getByLabel('回复内容').fill(reply);
  await page.getByRole('button', { name: '发送回复' }).click();
  // The detail reloads with the reply as text (the form's textarea holds it only as a value).
  await expect(page.locator('.kit-detail').getByText(reply, { exact: true })).toBeVisible();
  return page;
}

async function typeFeedbackCaptcha(page: Page) {
  const image = page.getByRole('img', { name: '图片验证码，点击更换' });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
}

test('an anonymous visitor sends feedback from the hall and reads the reply with the lookup code', async ({
  page,
  browser,
}) => {
  const title = `e2e 匿名反馈 ${Date.now()}`;
  const phone = `139${String(Date.now()).slice(-8)}`;
  await muteNoticeDialog(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: '意见反馈' }).click();
  await expect(page.getByRole('heading', { name: '意见反馈', level: 1 })).toBeVisible();

  // Nothing filled in: the messages of the schema, nothing sent.
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('请选择反馈类别').first()).toBeVisible();
  await expect(page.getByText('请填写正确的手机号或邮箱，以便接收回复').first()).toBeVisible();

  await page.getByLabel('反馈类别').selectOption('consult');
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('反馈内容').fill('请问测绘成果的验收需要准备哪些材料？');
  await page.getByLabel('联系方式').fill(phone);
  await page.getByLabel('附件（选填）').setInputFiles({
    name: '问题截图.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  });
  await typeFeedbackCaptcha(page);
  await page.getByRole('button', { name: '提交反馈' }).click();
  const code = page.locator('[data-lookup-code]');
  await expect(code).toHaveText(/^[A-Z0-9]{12}$/);
  const lookupCode = (await code.textContent())!;

  const admin = await adminReplies(browser, title, '验收需提交成果报告和质检记录。');
  // The visitor left a mobile number: a text tells them the reply is there (the SMS outbox is the
  // default provider), without the lookup code.
  await admin.goto('/system/smsOutbox');
  await admin.getByLabel('手机号码').fill(phone);
  await admin.getByRole('button', { name: '查询', exact: true }).click();
  const text = admin.getByRole('row').filter({ hasText: phone });
  await expect(text).toContainText(`意见反馈“${title}”已回复`);
  await expect(text).not.toContainText(lookupCode);
  await admin.context().close();

  await page.getByLabel('查询码').fill(lookupCode);
  await page.getByRole('button', { name: '查看回复' }).click();
  await expect(page.locator('[data-reply]')).toHaveText('验收需提交成果报告和质检记录。');
});

test('a signed-in owner sends feedback and the reply arrives as a message', async ({ page, browser }) => {
  const title = `e2e 建设单位反馈 ${Date.now()}`;
  await signInToConsole(page, 'owner01', '/feedback/feedbackList');
  await expect(page.getByRole('heading', { name: '意见反馈', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '提交反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '提交意见反馈' });
  await dialog.getByLabel('反馈类别').selectOption('suggestion');
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('反馈内容').fill('希望项目列表可以导出为表格。');
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
  await expect(
    page.getByRole('table', { name: '意见反馈列表' }).getByRole('link', { name: title }),
  ).toBeVisible();

  await (await adminReplies(browser, title, '导出功能已列入计划。')).context().close();

  await page.reload();
  const bell = page.locator('header.cl-header').getByRole('button', { name: /^消息通知/ });
  await bell.click();
  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer.getByText(`您的意见反馈“${title}”已回复：导出功能已列入计划。`)).toBeVisible();
});
