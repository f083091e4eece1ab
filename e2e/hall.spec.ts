import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { signInThroughDialog } from './fixtures/identity';

interface Page1<T> {
  success: boolean;
  rows: T[];
  total: number;
}

/** A link or button name: the visible word, then the (visually hidden) thing it acts on. */
function actionOn(action: string, target: string): RegExp {
  return new RegExp(`^${action}\\s*${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Screenshots at 1366 and 390 wide (full page), and no sideways scrolling on the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: screenshotPath(`${name}-1366`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalScroll(page), `${name}: horizontal scrolling at 390 px`).toBe(false);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.beforeEach(async ({ page }) => {
  await muteNoticeDialog(page);
});

test('home shows the latest notices and the newest agencies, units and projects', async ({
  page,
  request,
}) => {
  const notices = (await (
    await request.get('/oa/oanotices/getOaNotices?noticeType=0&rows=1')
  ).json()) as Page1<{
    noticeTitle: string;
  }>;
  const agencies = (await (await request.get('/smsend/statistics/getNewAgentOrganization?num=5')).json()) as {
    object: { orgName: string }[];
  };
  const projects = (await (await request.get('/smsend/statistics/getNewProject?num=5')).json()) as {
    object: { projectName: string }[];
  };
  // Without a first entry the checks below would look for any link or an empty text, and always pass.
  const [latestNotice] = notices.rows;
  const [newestAgency] = agencies.object;
  const [newestProject] = projects.object;
  expect(latestNotice, 'the demo data has a notice').toBeDefined();
  expect(newestAgency, 'the demo data has an agency').toBeDefined();
  expect(newestProject, 'the demo data has a project').toBeDefined();
  await page.goto('/hall/home');
  const latestNotices = page.getByRole('region', { name: '通知公告' });
  await expect(latestNotices.getByRole('link', { name: latestNotice!.noticeTitle })).toBeVisible();
  const newAgencies = page.getByRole('region', { name: '新入驻中介机构' });
  await expect(newAgencies.getByRole('listitem')).toHaveCount(5);
  await expect(newAgencies.getByRole('link', { name: newestAgency!.orgName })).toBeVisible();
  await expect(page.getByRole('region', { name: '新注册建设单位' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: '最新测绘项目' })).toContainText(newestProject!.projectName);
  await shoot(page, 'hall-home');
});

test('a visitor pages and searches the notices and opens one with its attachment', async ({
  page,
  request,
}) => {
  const api = (await (
    await request.get('/oa/oanotices/getOaNotices?noticeType=0&rows=10&page=2')
  ).json()) as Page1<{
    noticeTitle: string;
  }>;
  await page.goto('/hall/home');
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通知公告' }).click();
  await expect(page).toHaveURL(/\/guide\/message\/0$/);
  await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
  await expect(page.getByText(`共 ${api.total} 条`)).toBeVisible();
  await shoot(page, 'hall-notices');

  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/page=2/);
  const [firstOnPage2] = api.rows;
  expect(firstOnPage2, 'the demo data has a second page of notices').toBeDefined();
  await expect(page.getByRole('link', { name: firstOnPage2!.noticeTitle })).toBeVisible();

  await page.getByLabel('标题关键词').fill('信用评价');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/\/guide\/message\/0\?keyword=/);
  const titles = await page.locator('.notice-title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toContain('信用评价');

  await page.getByLabel('标题关键词').fill('没有这样的公告标题');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page.getByText('没有标题含“没有这样的公告标题”的通知公告')).toBeVisible();

  // A notice with an attachment: find one through the API, open its page, download the file.
  const list = (await (await request.get('/oa/oanotices/getOaNotices?rows=100')).json()) as Page1<{
    pkid: number;
  }>;
  let withFile: { pkid: number; attachments: { fileId: string; fileName: string }[] } | undefined;
  for (const row of list.rows) {
    const detail = (await (await request.get(`/oa/oanotices/get?id=${row.pkid}`)).json()) as {
      object: { pkid: number; attachments: { fileId: string; fileName: string }[] };
    };
    if (detail.object.attachments.length > 0) {
      withFile = detail.object;
      break;
    }
  }
  if (!withFile) throw new Error('the demo data has no published notice with an attachment');
  await page.goto(`/guide/messageDetails?id=${withFile.pkid}`);
  const attachment = withFile.attachments[0] as { fileId: string; fileName: string };
  await expect(page.locator('.attachment-name')).toHaveText(attachment.fileName);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: actionOn('下载', attachment.fileName) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(attachment.fileName);
  const apiFile = await request.get(`/oa/oanotices/downloadMessageFile?id=${attachment.fileId}`);
  const saved = fs.readFileSync((await file.path()) as string);
  expect(createHash('sha256').update(saved).digest('hex')).toBe(
    createHash('sha256')
      .update(await apiFile.body())
      .digest('hex'),
  );
  await shoot(page, 'hall-notice-detail');
});

test('a visitor filters the agency directory and opens an agency', async ({ page, request }) => {
  await page.goto('/intermediaryhall/orgselect');
  await expect(page.getByRole('heading', { level: 1, name: '测绘中介机构名录' })).toBeVisible();
  await shoot(page, 'hall-orgselect');

  await page.getByLabel('信用状态').selectOption({ label: '黑名单' });
  await page.getByLabel('业务范围（测绘事项）').selectOption('');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  // Only non-empty parameters reach the URL.
  await expect(page).toHaveURL(/\/intermediaryhall\/orgselect\?credit=blacklisted$/);
  const api = (await (
    await request.get('/smsend/agentorg/query?credit=blacklisted&rows=100')
  ).json()) as Page1<{
    orgName: string;
  }>;
  expect(api.total).toBeGreaterThan(0);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(api.total, 10));
  for (const row of await rows.all()) await expect(row).toContainText('黑名单');
  await expect(page.getByLabel('信用状态')).toHaveValue('blacklisted');

  const first = api.rows[0] as { orgName: string };
  await page.getByRole('link', { name: first.orgName }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.orgName })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('不能被选取');
  await expect(page.getByText('成果审核通过率')).toBeVisible();
  await expect(page.getByText('统一社会信用代码')).toBeVisible();
  await shoot(page, 'hall-orgdetail');

  await page.goto('/intermediaryhall/orgselect?orgName=' + encodeURIComponent('不存在的机构名称'));
  await expect(page.getByText('没有符合条件的中介机构')).toBeVisible();
});

test('a visitor reads the credit rule the server grades by, from the directory, and the page is cached', async ({
  page,
  request,
}) => {
  await page.goto('/intermediaryhall/orgselect');
  // The directory's note states the configured rule (the e2e server runs the default one).
  await expect(
    page.getByText('D 级机构暂不能承接新的测绘需求，C 级机构只能由建设单位直接选取'),
  ).toBeVisible();
  await page.getByRole('link', { name: '信用评分规则' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '测绘中介机构信用评分规则' })).toBeVisible();
  const grades = page.getByRole('region', { name: '信用等级' });
  for (const line of [
    'A级（优秀）：90 分及以上',
    'B级（良好）：75 分及以上',
    'C级（一般）：60 分及以上',
    'D级（较差）：60 分以下',
  ])
    await expect(grades.getByText(line)).toBeVisible();
  await expect(grades).toContainText('D级（较差）的机构与存在失信、不合格、黑名单记录的机构一样');
  await expect(grades).toContainText('C级（一般）的机构只能由建设单位直接选取');
  // Rendered by the server (the rule is configuration), and kept by the page cache: a 304 on its ETag.
  expect((await request.get('/intermediaryhall/creditrule')).status()).toBe(200);
  const kept = await request.get('/intermediaryhall/creditrule');
  const etag = kept.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get('/intermediaryhall/creditrule', { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
});

test('a visitor downloads a form and gets the same bytes as the API', async ({ page, request }) => {
  const api = (await (await request.get('/smsend/download/query?rows=100')).json()) as Page1<{
    pkid: number;
    title: string;
    fileName: string;
    size: number;
  }>;
  await page.goto('/downLoad/servicelist');
  await expect(page.getByRole('heading', { level: 1, name: '服务下载' })).toBeVisible();
  await expect(page.getByText(`共 ${api.total} 条`)).toBeVisible();
  await shoot(page, 'hall-servicelist');

  const item = api.rows[0] as (typeof api.rows)[number];
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: actionOn('下载', item.title) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(item.fileName);
  const saved = fs.readFileSync((await file.path()) as string);
  expect(saved.byteLength).toBe(item.size);
  const apiFile = await request.get(`/smsend/download/file/${item.pkid}`);
  expect(apiFile.headers()['content-disposition']).toContain(
    `filename*=UTF-8''${encodeURIComponent(item.fileName)}`,
  );
  expect(Buffer.compare(saved, await apiFile.body())).toBe(0);
});

test('the admin entry explains sign-in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: '管理入口' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录管理平台' })).toBeVisible();
  await shoot(page, 'hall-admin');
});

test('an anonymous visit to a console or signed-in page lands on /', async ({ page }) => {
  for (const path of ['/contract/ContractList', '/demand/demandQuery']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('an anonymous visitor reads the guides (public, spec section 2)', async ({ page }) => {
  await page.goto('/guide/matter/1');
  await expect(page.getByRole('heading', { level: 1, name: '建设单位办事指南' })).toBeVisible();
  await page.goto('/guide/workPlace');
  await expect(page.getByText('工作日 9:00-12:00, 14:00-17:30').first()).toBeVisible();
});

test('a signed-in owner reads the guides, queries demands and follows a project', async ({ page }) => {
  await page.goto('/hall/home');
  await signInThroughDialog(page, 'owner01');

  await page.goto('/guide/matter/1');
  await expect(page.getByRole('heading', { level: 1, name: '建设单位办事指南' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '办事指南', exact: true })).toBeVisible();
  await shoot(page, 'hall-guide-matter-1');
  await page.goto('/guide/matter/3');
  await expect(page.getByRole('heading', { level: 1, name: '“多测合一”办理流程' })).toBeVisible();
  // Type 3 hides the left menu (spec section 2).
  await expect(page.getByRole('navigation', { name: '办事指南', exact: true })).toHaveCount(0);
  await shoot(page, 'hall-guide-matter-3');
  await page.goto('/guide/workPlace');
  await expect(page.getByText('工作日 9:00-12:00, 14:00-17:30').first()).toBeVisible();
  await shoot(page, 'hall-workplace');

  await page.goto('/demand/demandQuery');
  await expect(page.getByRole('heading', { level: 1, name: '测绘需求查询' })).toBeVisible();
  await shoot(page, 'hall-demand-query');
  await page.getByLabel('审批阶段').selectOption({ label: '竣工验收阶段' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/stageId=4$/);
  await page.locator('.demand-title').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '需求详情' })).toBeVisible();
  await expect(page.getByText('竣工验收阶段')).toBeVisible();
  await shoot(page, 'hall-demand-details');
  await page.getByRole('link', { name: '查看该项目的办理进度' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '项目进度查询' })).toBeVisible();
  await expect(page.getByRole('list', { name: '办理环节' })).toBeVisible();
  await shoot(page, 'hall-progress');
});
