import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { muteNoticeDialog } from './fixtures/hall';

// Every page a visitor can open without signing in (spec section 2, public pages), plus the states a
// list can be in (filtered, empty) and a detail of each kind.
const publicPages = [
  '/',
  '/hall/home',
  '/admin',
  '/guide/message/0',
  '/guide/message/0?page=2',
  '/guide/message/0?keyword=%E6%B2%A1%E6%9C%89%E8%BF%99%E6%A0%B7%E7%9A%84',
  '/guide/message/1',
  '/intermediaryhall/orgselect',
  '/intermediaryhall/orgselect?credit=blacklisted',
  '/downLoad/servicelist',
  '/hall/feedback',
  '/certificate/verify',
  '/intermediaryhall/creditrule',
  '/guide/messageDetails?id=999999',
  '/intermediaryhall/orgdetail?id=999999',
  // The demo's published inspection round (the first round the seed opens) and a missing one.
  '/intermediaryhall/inspection?id=1',
  '/intermediaryhall/inspection?id=999999',
];

test.beforeEach(async ({ page }) => {
  await muteNoticeDialog(page);
});

async function expectNoViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await accessibilityViolations(page), path).toEqual([]);
}

for (const path of publicPages) {
  test(`axe: ${path}`, async ({ page }) => {
    await expectNoViolations(page, path);
  });
}

test('axe: a notice with its attachment and an agency detail', async ({ page, request }) => {
  const notices = (await (await request.get('/oa/oanotices/getOaNotices?rows=1')).json()) as {
    rows: { pkid: number }[];
  };
  const agencies = (await (await request.get('/smsend/agentorg/query?rows=1&credit=lostCredit')).json()) as {
    rows: { organizationId: number }[];
  };
  // Real details, not the not-found page an undefined id would give.
  const [notice] = notices.rows;
  const [agency] = agencies.rows;
  expect(notice && agency, 'the demo data has a notice and an agency with a credit flag').toBeTruthy();
  await expectNoViolations(page, `/guide/messageDetails?id=${notice!.pkid}`);
  await expectNoViolations(page, `/intermediaryhall/orgdetail?id=${agency!.organizationId}`);
});

test('axe: the pages at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/hall/home',
    '/intermediaryhall/orgselect',
    '/downLoad/servicelist',
    '/guide/message/0',
  ])
    await expectNoViolations(page, path);
});

test('the checker reports what it is shown, and only inside the part it is asked about', async ({ page }) => {
  await page.goto('/hall/home');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/missing-image.png';
    image.id = 'image-without-alt';
    document.querySelector('main')!.append(image);
  });
  expect(await accessibilityViolations(page)).toContain('image-alt: #image-without-alt');
  expect(await accessibilityViolations(page, 'header.banner')).toEqual([]);
});
