import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

/**
 * Issue 10: the console page kit. Every piece renders on /system/kitExamples; axe finds nothing there,
 * with dialogs open too; the list keeps its filter in the URL across reload and back; the form shows
 * the error summary and its field messages; the decision panel asks for an opinion before rejecting.
 */
test('the kit pieces are accessible and behave as the kit promises', async ({ page }) => {
  await signInToConsole(page, 'admin', '/system/kitExamples');
  await expect(page.getByRole('heading', { level: 1, name: '页面组件示例' })).toBeVisible();
  await expect(page.getByRole('table', { name: '我的消息（列表页示例）' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath('kit-examples-1366'), fullPage: true });

  // The filter lives in the URL: reload and back keep it.
  await page.getByLabel('阅读状态').selectOption('false');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/hasRead=false/);
  await page.reload();
  await expect(page.getByLabel('阅读状态')).toHaveValue('false');
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).not.toHaveURL(/hasRead=/);
  await page.goBack();
  await expect(page.getByLabel('阅读状态')).toHaveValue('false');

  // Sorting a column marks it for assistive technology.
  const header = page.getByRole('columnheader', { name: /时间/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  // The form: a failed submit shows the summary (focused) linking to each field, and the messages.
  const form = page.locator('[data-slot="kit-form"]').last();
  await form.getByRole('button', { name: '保存' }).click();
  const summary = form.getByRole('alert').filter({ hasText: '请修正以下问题' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: '请输入单位名称' })).toBeVisible();
  await summary.getByRole('link', { name: '请输入正确手机号' }).click();
  await expect(form.getByLabel('联系电话')).toBeFocused();
  await form.getByLabel('单位名称').fill('云州市测绘院');
  await form.getByLabel('联系电话').fill('13900000000');
  await form.getByLabel('资质等级').selectOption('甲');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存 云州市测绘院（示例）')).toBeVisible();

  // The form dialog and the confirmation are accessible while open.
  await page.getByRole('button', { name: '表单对话框' }).click();
  const dialog = page.getByRole('dialog', { name: '新增单位（示例）' });
  await expect(dialog).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // The decision panel: rejecting needs an opinion; with one, it asks before deciding.
  const panel = page.locator('[data-slot="decision-panel"]');
  await panel.getByRole('button', { name: '审核不通过' }).click();
  await expect(panel.getByText('请填写审核意见')).toBeVisible();
  await panel.getByRole('button', { name: '材料不全，请补充后重新提交' }).click();
  await expect(panel.getByLabel('审核意见', { exact: true })).toHaveValue('材料不全，请补充后重新提交');
  await panel.getByRole('button', { name: '审核不通过' }).click();
  const confirm = page.getByRole('alertdialog', { name: '审核不通过' });
  expect(await accessibilityViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(panel.getByRole('status')).toHaveText('已审核不通过');
});
