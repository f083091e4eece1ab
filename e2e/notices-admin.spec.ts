/**
 * Notices management (issue 5): an administrator writes a notice with formatting and an attachment,
 * publishes it; a visitor sees it on the hall at once (the cached list was dropped) and downloads the
 * attachment. Stored XSS payloads stay inert on the hall and in the console read view. And the
 * service download list: a file uploaded in the console shows on /downLoad/servicelist at once.
 */
import { expect, test, type Page } from '@playwright/test';
import type { EditorState } from '@tiptap/pm/state';
import { hasHorizontalScroll, muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { signInThroughDialog, signInToConsole, signedInClient } from './fixtures/identity';

/** Fails the test when anything on the page opens a dialog (alert, confirm) or throws. */
function watchForScript(page: Page): string[] {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => fired.push(`error: ${error.message}`));
  return fired;
}

test('an administrator publishes a formatted notice with an attachment; a visitor sees and downloads it', async ({
  page,
  browser,
}) => {
  const title = `关于测绘成果汇交的通知（${Date.now()}）`;
  // The visitor's list is rendered (and cached by the front) before the notice exists.
  const visitor = await browser.newPage();
  await muteNoticeDialog(visitor);
  await visitor.goto('/guide/message/0');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);

  await signInToConsole(page, 'admin', '/noticemanger/message/0');
  await expect(page.getByRole('heading', { level: 1, name: /通知公告管理/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('notices-admin-list-1366'), fullPage: true });
  await page.getByRole('link', { name: '新增公告' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '新增公告' })).toBeVisible();

  // A server-side rule shows beside the field and keeps what was typed.
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByRole('alert').getByText('请输入公告标题')).toBeVisible();

  await page.getByLabel('公告标题').fill(title);
  const editor = page.getByRole('textbox', { name: '公告内容' });
  await editor.click();
  await page.keyboard.type('各测绘单位：请于本月底前完成成果汇交。');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('逾期未汇交的将记入信用档案');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('联系电话：0000-0000000');
  await page.keyboard.press('Shift+Home');
  // The editor takes the selection from the page's selectionchange event, a task of its own: on a busy
  // machine the size could reach the editor first and fall on an empty selection (CI saw it once). So
  // wait until the editor's own state (Tiptap hangs the editor on its element) holds the line.
  await expect
    .poll(() =>
      editor.evaluate((element) => {
        const { state } = (element as HTMLElement & { editor: { state: EditorState } }).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to);
      }),
    )
    .toBe('联系电话：0000-0000000');
  await page.getByRole('combobox', { name: '字号' }).selectOption('20px');
  await page.getByRole('combobox', { name: '字体' }).selectOption('KaiTi');
  await expect(editor.locator('span[style*="font-size"]')).toHaveAttribute(
    'style',
    /(?=.*font-size: 20px)(?=.*font-family: KaiTi)/,
  );
  await expect(editor.locator('strong')).toHaveText('逾期未汇交的将记入信用档案');

  await page.locator('#nm-attachmentIds').setInputFiles({
    name: '成果汇交要求.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 e2e attachment'),
  });
  await expect(page.getByText('上传成功')).toBeVisible();
  // A name that breaks the rules is refused before it is sent, with the spec's message.
  await page
    .locator('#nm-attachmentIds')
    .setInputFiles({ name: '2026.pdf', mimeType: 'application/pdf', buffer: Buffer.from('x') });
  await expect(page.getByText('word和pdf文件名不能全为数字')).toBeVisible();
  await page.getByRole('button', { name: '删除附件 2026.pdf' }).click();
  await page.screenshot({ path: screenshotPath('notices-admin-maintain-1366'), fullPage: true });

  await page.getByRole('button', { name: '保存并发布' }).click();
  const confirm = page.getByRole('alertdialog', { name: '发布公告' });
  await expect(confirm).toContainText('发布后大厅立即可见');
  await confirm.getByRole('button', { name: '确定' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.nm-meta').getByText('已发布', { exact: true })).toBeVisible();
  await expect(page.locator('.rich-html strong')).toHaveText('逾期未汇交的将记入信用档案');
  await expect(page.locator('.rich-html span[style*="font-size:20px"][style*="KaiTi"]')).toContainText(
    '联系电话',
  );
  await page.screenshot({ path: screenshotPath('notices-admin-info-1366'), fullPage: true });

  // The visitor reloads the same list: the front dropped its cached copy at publish time.
  await visitor.reload();
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.locator('article.notice .notice-body strong')).toHaveText(
    '逾期未汇交的将记入信用档案',
  );
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: /下载\s*成果汇交要求\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('成果汇交要求.pdf');
  const bytes = await file.createReadStream().then(
    (stream) =>
      new Promise<string>((resolve) => {
        let text = '';
        stream.on('data', (chunk) => (text += chunk));
        stream.on('end', () => resolve(text));
      }),
  );
  expect(bytes).toBe('%PDF-1.4 e2e attachment');

  // Withdrawn from the list: the hall no longer shows it.
  await page.goto('/noticemanger/message/0');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /撤回/ }).click();
  await page.getByRole('alertdialog', { name: '撤回公告' }).getByRole('button', { name: '确定' }).click();
  await expect(row.getByText('已撤回')).toBeVisible();
  // A reload revalidates: the browser itself may keep a hall page up to 30 s (server/lib/page-cache.ts).
  await visitor.goto('/guide/message/0');
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);

  for (const [path, name] of [
    ['/noticemanger/message/0', 'list'],
    ['/noticemanger/messagemaintain/add', 'maintain'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (name === 'list') await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: screenshotPath(`notices-admin-${name}-390`), fullPage: true });
    expect(await hasHorizontalScroll(page), `${path} at 390`).toBe(false);
  }
});

test('stored XSS payloads stay inert on the hall and in the console read view', async ({ page, baseURL }) => {
  const admin = await signedInClient(baseURL!, 'admin');
  const title = `净化检查（${Date.now()}）`;
  const payload =
    '<p>正文</p><script>alert("script")</script><img src=x onerror="alert(\'img\')">' +
    '<svg onload="alert(\'svg\')"></svg><a href="javascript:alert(\'link\')">点我</a>' +
    '<iframe src="javascript:alert(\'iframe\')"></iframe><p onclick="alert(1)">段落</p>' +
    '<span style="font-size:18px;background:url(javascript:alert(1))">十八</span>';
  const created = await admin.call<{ data: { pkid: number } }>('notices', 'oanotices/add', {
    body: { noticeTitle: title, noticeType: 0, noticeContent: payload, state: 1 },
  });
  const fired = watchForScript(page);
  await muteNoticeDialog(page);
  await page.goto(`/guide/messageDetails?id=${created.data.pkid}`);
  const body = page.locator('article.notice .notice-body');
  await expect(body).toContainText('正文');
  await body.getByText('点我').click();
  await body.getByText('段落').click();
  expect(await body.locator('script, iframe, svg, img, [onclick], [onerror], [onload]').count()).toBe(0);
  expect(await body.locator('a[href^="javascript"]').count()).toBe(0);

  await signInThroughDialog(page, 'admin');
  await page.goto(`/noticemanger/messageinfo/${created.data.pkid}`);
  const view = page.locator('.rich-html');
  await expect(view).toContainText('正文');
  await view.getByText('点我').click();
  expect(await view.locator('script, iframe, svg, img, [onclick], [onerror], [onload]').count()).toBe(0);
  await expect(view.locator('span[style]')).toHaveAttribute('style', 'font-size:18px');
  expect(fired).toEqual([]);
});

test('a file uploaded on /downLoad/service shows on the hall download list at once', async ({
  page,
  browser,
}) => {
  const title = `测绘成果汇交表（${Date.now()}）`;
  const visitor = await browser.newPage();
  await muteNoticeDialog(visitor);
  // The list is paged; a search for the title finds the new file wherever it sits.
  await visitor.goto(`/downLoad/servicelist?keyword=${encodeURIComponent('测绘成果汇交表')}`);
  await expect(visitor.getByRole('link', { name: `下载 ${title}`, exact: true })).toHaveCount(0);

  await signInToConsole(page, 'admin', '/downLoad/service');
  await expect(page.getByRole('heading', { level: 1, name: '服务下载维护' })).toBeVisible();
  await page.getByLabel('文件名称').fill(title);
  await page.getByLabel('文件', { exact: true }).setInputFiles({
    name: '汇交表.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('PK\x03\x04 e2e'),
  });
  await page.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('上传成功');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await page.screenshot({ path: screenshotPath('downloads-service-1366'), fullPage: true });

  await visitor.reload();
  await expect(visitor.getByRole('link', { name: `下载 ${title}`, exact: true })).toBeVisible();

  await item.getByRole('button', { name: /重命名/ }).click();
  await page.getByLabel('新名称').fill(`${title}（修订）`);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `${title}（修订）` })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: `下载 ${title}（修订）`, exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: `${title}（修订）` })).toBeVisible();
  await page.screenshot({ path: screenshotPath('downloads-service-390'), fullPage: true });
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.setViewportSize({ width: 1366, height: 768 });

  await page
    .getByRole('listitem')
    .filter({ hasText: `${title}（修订）` })
    .getByRole('button', { name: /下架/ })
    .click();
  await page.getByRole('alertdialog', { name: '下架文件' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: `下载 ${title}`, exact: true })).toHaveCount(0);
});

test('the console header lists the update log (notices of the update-log type)', async ({ page }) => {
  await signInToConsole(page, 'auditor01', '/noticemanger/statistical');
  await page.locator('header.cl-header').getByRole('button', { name: '更新日志' }).click();
  const dialog = page.getByRole('dialog', { name: '更新日志' });
  await expect(dialog).toBeVisible();
  const entries = dialog.getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeGreaterThan(0);
  expect(await entries.count()).toBeLessThanOrEqual(10);
  await entries.first().locator('summary').click();
  await expect(entries.first().locator('.nm-log__body')).not.toBeEmpty();
  await page.screenshot({ path: screenshotPath('update-log-1366') });
});
