/**
 * 工作台 (issue 21): every demo role signs in through the hall's dialog, follows 业务系统 and lands on
 * its work home with to-dos; a to-do opens the page where it is done; a reviewer claims a filing from
 * the pool (领取) and finds it under 我的待办 with their own name. Screenshots at 1366 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { hasHorizontalScroll, muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { demoRoleAccounts, signInThroughDialog } from './fixtures/identity';

const accounts = demoRoleAccounts;

/** Signs in through the dialog and follows the header's 业务系统 link: the landing page. */
async function land(page: Page, loginname: string) {
  await muteNoticeDialog(page);
  await page.goto('/');
  await signInThroughDialog(page, loginname);
  await page
    .locator('[data-account-area]')
    .getByRole('link', { name: /业务系统/ })
    .click();
  await expect(page).toHaveURL(/\/workbench\/home$/);
  await expect(page.getByRole('heading', { name: '工作台', level: 1 })).toBeVisible({ timeout: 30_000 });
}

const todoTable = (page: Page) => page.getByRole('table', { name: '我的待办' });

test.describe('every role lands on its work home with to-dos that lead somewhere', () => {
  for (const loginname of accounts) {
    test(loginname, async ({ page }) => {
      await land(page, loginname);
      const rows = todoTable(page).locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { name: '最新消息' })).toBeVisible();

      if (loginname === 'agency01' || loginname === 'auditor01') {
        await page.screenshot({ path: screenshotPath(`work-home-${loginname}-1366`), fullPage: true });
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await expect(todoTable(page)).toBeVisible({ timeout: 30_000 });
        expect(await hasHorizontalScroll(page)).toBe(false);
        await page.screenshot({ path: screenshotPath(`work-home-${loginname}-390`), fullPage: true });
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 1366, height: 768 });
      }

      // The first to-do (the soonest deadline) opens the page where it is done.
      const first = rows.first().getByRole('link').first();
      const href = await first.getAttribute('href');
      expect(href).toBeTruthy();
      await first.click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: '页面不存在' })).toHaveCount(0);
      await expect(page.getByText('您没有权限执行此操作')).toHaveCount(0);
    });
  }
});

test('opening a 待阅消息 to-do marks its message read (project/message/update) and it leaves the list', async ({
  page,
}) => {
  await land(page, 'district01');
  const unreadNote = page.locator('.wb-unread');
  const unreadOf = async () => Number(/（(\d+) 条未读）/.exec((await unreadNote.textContent()) ?? '')?.[1]);
  const before = await unreadOf();
  const row = todoTable(page).locator('tbody tr').filter({ hasText: '待阅消息' }).first();
  const link = row.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const read = page.waitForResponse((response) => response.url().includes('/project/message/update?id='));
  await link.click();
  expect((await read).status()).toBe(200);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  // Back on the work home (the browser's back button), the message is read: one unread fewer.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '工作台', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect.poll(unreadOf).toBe(before - 1);
});

test('a reviewer claims a filing from the pool and finds it under 我的待办 with their name', async ({
  page,
}) => {
  await land(page, 'auditor01');
  const name = (await page.locator('header.cl-header .cl-user__name').first().textContent())?.trim();
  // The queue's tile on the work home leads to the filing to-do.
  await page.getByRole('link', { name: /^合同备案审核\s*\d+/ }).click();
  await expect(page).toHaveURL(/\/contract\/contractToDoList$/);
  const queue = page.getByRole('table', { name: '待审核的合同备案' });
  const claimable = queue.getByRole('button', { name: /^领取 / }).first();
  await expect(claimable).toBeVisible({ timeout: 30_000 });
  const contractNo = (await claimable.getAttribute('aria-label'))!.replace(/^领取 /, '');
  await claimable.click();
  await expect(page.getByText(new RegExp(`领取成功：${contractNo}由`))).toBeVisible();

  const filters = page
    .locator('form')
    .filter({ has: page.getByLabel('办理人') })
    .first();
  await filters.getByLabel('办理人').selectOption('1');
  await filters.getByLabel('合同编号或名称').fill(contractNo);
  await filters.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/mine=1/);
  const row = queue.locator('tbody tr').filter({ hasText: contractNo });
  await expect(row).toHaveCount(1);
  if (name) await expect(row).toContainText(name);
  await expect(row.getByRole('button', { name: /^领取 / })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('work-home-queue-mine-1366') });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row).toContainText(contractNo, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath('work-home-queue-mine-390') });
});
