import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { casServiceCalls } from '@shared/calls/cas';
import { callApi } from '@shared/api/call';
import { accessibilityViolations } from './fixtures/a11y';
import { muteNoticeDialog } from './fixtures/hall';
import { DEMO_PASSWORD, signedInClient, signInToConsole, typeCaptcha } from './fixtures/identity';

/**
 * CAS Protocol 3.0 in a real browser (issue 11): another system on 127.0.0.1 sends the visitor to
 * /cas/login, the visitor signs on with the hall's form on /login, comes back with a ticket that the
 * system validates at /cas/p3/serviceValidate; a second visit passes without a password.
 */
let relyingParty: http.Server;
let appUrl = '';

test.beforeAll(async ({ baseURL }) => {
  const cas = new URL('/cas', baseURL).toString();
  relyingParty = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', appUrl);
    const ticket = url.searchParams.get('ticket');
    const service = `${appUrl}`;
    if (!ticket) {
      res.writeHead(302, { location: `${cas}/login?service=${encodeURIComponent(service)}` });
      res.end();
      return;
    }
    void fetch(
      `${cas}/p3/serviceValidate?${new URLSearchParams({ service, ticket, format: 'JSON' }).toString()}`,
    )
      .then((answer) => answer.json())
      .then(
        (body: {
          serviceResponse: { authenticationSuccess?: { user: string; attributes?: { username?: string } } };
        }) => {
          const success = body.serviceResponse.authenticationSuccess;
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            success
              ? `<!doctype html><title>接入系统</title><h1>欢迎 ${success.user}</h1><p>${success.attributes?.username ?? ''}</p>`
              : '<!doctype html><title>接入系统</title><h1>票据无效</h1>',
          );
        },
      );
  });
  await new Promise<void>((resolve) => relyingParty.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(relyingParty.address() as AddressInfo).port}/app`;
  const admin = await signedInClient(baseURL ?? '', 'admin');
  await callApi(admin, casServiceCalls.save, {
    name: '端到端接入系统',
    serviceId: `^http://127\\.0\\.0\\.1:\\d+/app.*`,
    attributes: ['username'],
    logoutUrl: '',
    enabled: true,
  });
});
test.afterAll(() => new Promise<void>((resolve) => relyingParty.close(() => resolve())));

test('another system signs its visitor on through /cas/login and the hall form, then without a password', async ({
  page,
}) => {
  await muteNoticeDialog(page);
  await page.goto(appUrl);
  await expect(page).toHaveURL(/\/login\?service=/);
  await expect(page.getByRole('heading', { name: '统一登录' }).first()).toBeVisible();
  await page.getByLabel('登录账户', { exact: true }).fill('agency01');
  await page.getByLabel('登录密码', { exact: true }).fill(DEMO_PASSWORD);
  await typeCaptcha(page);
  await page.locator('[data-sign-on]').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: '欢迎 agency01' })).toBeVisible();

  // Single sign-on: the next visit comes back at once, and the hall knows the person too.
  await page.goto(appUrl);
  await expect(page.getByRole('heading', { name: '欢迎 agency01' })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('[data-account-area]')).toHaveAttribute('data-state', 'user');
});

test('/login without a service goes on to a page of this site; /check sends a visitor without sign-on there', async ({
  page,
}) => {
  await muteNoticeDialog(page);
  await page.goto('/check?redirect=%2Fguide%2Fmessage%2F0');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fguide%2Fmessage%2F0$/);
  await page.getByLabel('登录账户', { exact: true }).fill('owner01');
  await page.getByLabel('登录密码', { exact: true }).fill(DEMO_PASSWORD);
  await typeCaptcha(page);
  await page.locator('[data-sign-on]').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/guide\/message\/0$/);
  await page.goto('/check?redirect=%2F%5Cevil.example');
  await expect(page).toHaveURL(/\/$/);
});

test('administrators see and register the services in the console', async ({ page }) => {
  await signInToConsole(page, 'admin', '/system/casServices');
  await expect(page.getByRole('heading', { name: '统一登录接入服务' })).toBeVisible();
  // beforeAll runs once per worker: the service may be listed more than once.
  await expect(page.getByRole('cell', { name: '端到端接入系统' }).first()).toBeVisible();
  await page.getByRole('button', { name: '新增服务' }).click();
  const dialog = page.getByRole('dialog', { name: '新增接入服务' });
  await dialog.getByLabel('服务名称').fill('地理信息平台');
  await dialog.getByLabel('服务地址规则').fill('^https://(');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('服务地址规则不是有效的正则表达式').first()).toBeVisible();
  await dialog.getByLabel('服务地址规则').fill('^https://gis\\.example\\.gov\\.cn/.*');
  await dialog.getByLabel('部门名称（depname）').check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('cell', { name: '地理信息平台' })).toBeVisible();
});

test('axe: the sign-on page and the registry page', async ({ page }) => {
  // Four axe runs and a console sign-in: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await muteNoticeDialog(page);
  for (const path of ['/login', `/login?service=${encodeURIComponent(appUrl)}&renew=true`]) {
    await page.goto(path);
    await expect(page.getByLabel('登录账户', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page), path).toEqual([]);
  }
  await signInToConsole(page, 'admin', '/system/casServices');
  await expect(page.getByRole('heading', { name: '统一登录接入服务' })).toBeVisible();
  expect(await accessibilityViolations(page), '/system/casServices').toEqual([]);
  await page.getByRole('button', { name: '新增服务' }).click();
  await expect(page.getByRole('dialog', { name: '新增接入服务' })).toBeVisible();
  expect(await accessibilityViolations(page), 'the add dialog').toEqual([]);
});
