/**
 * In-app messages (issue 5): the administrator sends a message; the user's bell count rises without a
 * reload (server push); the user reads, marks and deletes messages singly and in bulk in the drawer,
 * with the spec's texts. And the audit-opinion templates page: add, search, delete.
 */
import { expect, test, type Page } from '@playwright/test';
import { messageTexts, auditOpinionTexts } from '@shared/validation/messages';
import { accessibilityViolations } from './fixtures/a11y';
import { hasHorizontalScroll, screenshotPath } from './fixtures/hall';
import { signInToConsole, signedInClient } from './fixtures/identity';

// owner02: an account whose work home no other test reads (this test marks and deletes its messages).
const RECIPIENT_PKID = 15;

const bell = (page: Page) => page.locator('header.cl-header').getByRole('button', { name: /^消息通知/ });
/** The bell by its class: while the drawer is open, the page behind it is hidden from the accessibility tree. */
const bellBehind = (page: Page) => page.locator('header.cl-header .msg-bell');

async function unreadOnBell(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /(\d+) 条未读/.exec(label);
  return match ? Number(match[1]) : 0;
}

const bellLabel = (count: number) => (count > 0 ? `消息通知，${count} 条未读` : '消息通知，没有未读消息');

test('a message arrives live; the drawer reads, marks and deletes singly and in bulk', async ({
  page,
  baseURL,
}) => {
  await signInToConsole(page, 'owner02', '/noticemanger/statistical');
  await expect(bell(page)).toHaveAttribute('aria-label', /条未读|没有未读消息/);
  // Wait for the stream's first count, then note that the page is never reloaded from here on.
  await expect(bell(page)).toHaveAttribute('data-unread', /\d+/);
  const before = await unreadOnBell(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const admin = await signedInClient(baseURL!, 'admin');
  const content = `e2e：请在三日内确认项目“云州大厦”的测绘成果（${Date.now()}）`;
  // Two more, so that the bulk actions below always have unread rows to work on.
  for (const text of ['e2e：区县成果目录待核对', content]) {
    await admin.call('business', 'project/message/send', { body: { userId: RECIPIENT_PKID, content: text } });
  }
  await admin.call('business', 'project/message/send', {
    body: { userId: RECIPIENT_PKID, content: 'e2e：本月办结项目统计已生成' },
  });

  await expect(bell(page)).toHaveAttribute('aria-label', bellLabel(before + 3));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await bell(page).click();
  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer).toBeVisible();
  const newest = drawer.getByRole('row').filter({ hasText: content });
  await expect(newest).toHaveClass(/is-unread/);
  await expect(newest.getByText('未读', { exact: true })).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box && Math.round((box.width / 1366) * 100)).toBe(70);
  await page.screenshot({ path: screenshotPath('messages-drawer-1366') });
  expect(await accessibilityViolations(page, '.msg-drawer')).toEqual([]);

  // Single mark-read.
  await newest.getByRole('button', { name: '标为已读' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.readSuccess);
  await expect(newest).not.toHaveClass(/is-unread/);
  await expect(bellBehind(page)).toHaveAttribute('aria-label', bellLabel(before + 2));

  // Bulk actions without a selection say so, and the delete confirmation does not open.
  await drawer.getByRole('button', { name: '批量标记已读' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.selectToMark);
  await drawer.getByRole('button', { name: '批量删除' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.selectToDelete);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Bulk mark-read of the unread rows.
  const unreadRows = drawer.locator('tbody tr.is-unread');
  const unreadCount = await unreadRows.count();
  expect(unreadCount).toBeGreaterThan(0);
  for (let i = 0; i < unreadCount; i++) await unreadRows.nth(i).getByRole('checkbox').check();
  await drawer.getByRole('button', { name: '批量标记已读' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.markSuccess);
  await expect(unreadRows).toHaveCount(0);
  await expect(bellBehind(page)).toHaveAttribute('aria-label', bellLabel(before + 2 - unreadCount));

  // Single delete, confirmed with the spec's question.
  await newest.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(messageTexts.deleteConfirm);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.deleteSuccess);
  await expect(drawer.getByRole('row').filter({ hasText: content })).toHaveCount(0);

  // Bulk delete of two rows, confirmed.
  const rows = drawer.locator('tbody tr');
  const totalText = async () =>
    (await drawer.getByRole('navigation', { name: '消息分页' }).textContent()) ?? '';
  const totalBefore = Number(/共 (\d+) 条/.exec(await totalText())?.[1]);
  const doomed = [await rows.nth(0).innerText(), await rows.nth(1).innerText()];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await drawer.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(messageTexts.deleteConfirm);
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(drawer.getByRole('status')).toHaveText(messageTexts.deleteSuccess);
  await expect(drawer.getByRole('navigation', { name: '消息分页' })).toContainText(
    `共 ${totalBefore - 2} 条`,
  );
  for (const text of doomed) await expect(drawer.getByRole('row', { name: text })).toHaveCount(0);

  // Empty state of the unread filter, reached by keyboard.
  await drawer.getByRole('radio', { name: '全部' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(drawer.getByRole('radio', { name: '未读' })).toBeChecked();
  await expect(drawer.getByText('暂无消息')).toBeVisible();
  await expect(bellBehind(page)).toHaveAttribute('aria-label', bellLabel(0));

  // Escape closes the drawer and focus returns to the bell.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test('the drawer on a phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, 'share01', '/noticemanger/statistical');
  const admin = await signedInClient(baseURL!, 'admin');
  await admin.call('business', 'project/message/send', {
    body: { userId: 8, content: '成果共享申请（项目：云州中心广场）已审批通过，可在“我的申请”中下载' },
  });
  await bell(page).click();
  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer.locator('tbody tr').first()).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.screenshot({ path: screenshotPath('messages-drawer-390') });
});

test('audit-opinion templates: add, search, delete', async ({ page }) => {
  await signInToConsole(page, 'auditor01', '/noticemanger/approvalOpinions');
  await expect(page.getByRole('heading', { level: 1, name: '审核意见管理' })).toBeVisible();
  const text = `测绘成果符合规范，同意通过（${Date.now()}）`;

  await page.getByRole('button', { name: '新增意见' }).click();
  const dialog = page.getByRole('dialog', { name: '新增审核意见' });
  await dialog.getByRole('button', { name: '保存' }).click();
  // GOV.UK pattern: the summary links to the field, and the message stands beside the field too.
  await expect(dialog.getByRole('link', { name: auditOpinionTexts.contentRequired })).toBeVisible();
  await expect(dialog.locator('.ui-field__error')).toContainText(auditOpinionTexts.contentRequired);
  await dialog.getByLabel('意见内容').fill(text);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(auditOpinionTexts.addSuccess);
  await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible();

  await page.getByRole('button', { name: '新增意见' }).click();
  await page.getByRole('dialog').getByLabel('意见内容').fill(`材料不全，请补充后重新提交（${Date.now()}）`);
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('searchbox', { name: '意见内容' }).fill('符合规范');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: '材料不全' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible();
  await page.screenshot({ path: screenshotPath('approval-opinions-1366') });

  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByRole('status')).toHaveText(auditOpinionTexts.selectToDelete);
  await page.getByRole('row').filter({ hasText: text }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(auditOpinionTexts.deleteConfirm);
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('status')).toHaveText(auditOpinionTexts.deleteSuccess);
  await expect(page.getByText('没有符合条件的审核意见，请换个关键字。')).toBeVisible();
});
