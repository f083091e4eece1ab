import { expect, test, type Page, type Request } from '@playwright/test';
import { matchRoute } from '@shared/domain/routes';
import { openInApp } from './fixtures/console';
import { demoRoleAccounts, signInToConsole } from './fixtures/identity';

/**
 * Every demo role's menu (README, demo accounts), item by item (issue 21): what a menu lists opens
 * for that role, without "您没有权限执行此操作" and without a call refused with 403, and the page's
 * heading is the menu's label.
 */
const accounts = demoRoleAccounts;

const FORBIDDEN = '您没有权限执行此操作';

interface MenuEntry {
  label: string;
  href: string;
}

/** The menu's leaves, every group expanded. */
async function menuEntries(page: Page): Promise<MenuEntry[]> {
  const menu = page.locator('#console-menu');
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return menu.locator('a').evaluateAll((links) =>
    links.map((link) => ({
      label: (link.textContent ?? '').trim(),
      href: link.getAttribute('href') ?? '',
    })),
  );
}

/** Counts the page's requests in flight, so a walk can wait until a page has asked all it asks. */
function trackRequests(page: Page) {
  // The unread-message stream stays open for good: it is not a request a page waits for.
  const counted = (request: Request) => request.resourceType() !== 'eventsource';
  let inFlight = 0;
  page.on('request', (request) => (inFlight += counted(request) ? 1 : 0));
  page.on('requestfinished', (request) => (inFlight -= counted(request) ? 1 : 0));
  page.on('requestfailed', (request) => (inFlight -= counted(request) ? 1 : 0));
  return () => inFlight;
}

for (const account of accounts) {
  test(`${account}: every menu item opens its page for this role, titled as the menu says`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const inFlight = trackRequests(page);
    let current = '';
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403)
        refusals.push(`${current}: ${response.request().method()} ${new URL(response.url()).pathname} → 403`);
    });
    await signInToConsole(page, account, '/contract/contractCompleteList');
    const entries = await menuEntries(page);
    expect(entries.length).toBeGreaterThan(0);
    const mismatches: string[] = [];
    for (const entry of entries) {
      current = `${entry.label} ${entry.href}`;
      await openInApp(page, entry.href);
      await expect.poll(inFlight).toBe(0);
      const main = page.locator('#console-main');
      if ((await main.getByText(FORBIDDEN).filter({ visible: true }).count()) > 0)
        refusals.push(`${current}: ${FORBIDDEN}`);
      const heading = main.locator('h1').filter({ visible: true }).first();
      // Read once shown: right after the navigation the page may not have rendered yet (no request
      // under way and no loading text either); a page without a heading is reported below.
      await heading.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
      const title = (await heading.count()) > 0 ? ((await heading.textContent()) ?? '').trim() : '（无标题）';
      // The heading is the label, or the label with the record or tab it shows ("本人信息：张三").
      const titled =
        title === entry.label ||
        title.startsWith(`${entry.label}：`) ||
        title.startsWith(`${entry.label} · `);
      if (!titled) mismatches.push(`${current}: 标题「${title}」`);
    }
    expect.soft(refusals, 'menu items refused to this role').toEqual([]);
    expect(mismatches, 'menu labels and page headings').toEqual([]);
  });
}

test('a detail page opened without its id says which record to choose; console pages ask for no favicon', async ({
  page,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  await signInToConsole(page, 'authority01', '/orgstaff/personStaffdetail');
  await expect(page.getByText('请从从业人员列表中选择人员')).toBeVisible();
  expect(missing).toEqual([]);
});

test('the hall’s 业务系统 link leads into the console before any script runs', async ({ request }) => {
  const html = await (await request.get('/hall/home')).text();
  const href = /data-account-console href="([^"]+)"/.exec(html)?.[1];
  expect(href).toBe('/workbench/home');
  expect(matchRoute(href!)?.surface).toBe('console');
});
