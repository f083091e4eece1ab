/**
 * Issue 21, "the process, by clicking only": a project goes from creation to a filed contract and,
 * after signing in, every page is reached by clicking a menu item, a to-do or a link on the previous
 * page (never page.goto). Switching person is a new browser context signed in again. Each selection
 * method (random draw, direct choice, price comparison) goes the whole way; from the accepted 委托 on
 * the steps are the same (contractToFiled). Each step is also photographed at 390 px.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createDemoData } from '@server/seed/demo';
import { screenshotPath } from './fixtures/hall';
import { readSmsCode, requestCode, signedInClient, signInToConsole } from './fixtures/identity';
import { startServer, type StartedServer } from './fixtures/server';
import { clickMenu } from './fixtures/console';

/** A console page every role may open: where each sign-in lands before the clicking starts. */
const LANDING = '/noticemanger/statistical';
const ITEM = '规划条件核实测量';
const ITEM_ID = 401;
const serial = String(Date.now()).slice(-6);

/** The demo data's accounts and agencies (deterministic: the seed builds the same ones). */
const demo = createDemoData({ projects: 1, now: new Date() }).base;

/** The login name of the agency called `orgName` (README: every approved agency has one). */
function agencyLogin(orgName: string): string {
  const org = demo.agentOrganizations.find((candidate) => candidate.orgName === orgName);
  const user = demo.users.find((candidate) => candidate.pkid === org?.userId);
  expect(user?.loginname, `an account for ${orgName}`).toBeTruthy();
  return user!.loginname;
}

/** A person at 1366 px, signed in (the only page.goto, inside signInToConsole). */
async function signIn(browser: Browser, loginname: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await signInToConsole(page, loginname, LANDING);
  return page;
}

/**
 * The page as it is now, at 390 px (then back to 1366). Crossing to phone width closes the menu's
 * drawer by itself (the layout's default there), so the shot shows the page; back at 1366 the side menu
 * shows again. A dialog is opened after the resize (`openDialog`), cancelled after the shot and opened
 * again at 1366 for the step to go on.
 */
async function shot(page: Page, name: string, openDialog?: () => Promise<void>) {
  const size = page.viewportSize()!;
  const toggle = page.locator('#console-menu-toggle');
  const menu = page.getByRole('navigation', { name: '功能菜单' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  if (openDialog) await openDialog();
  await page.screenshot({ path: screenshotPath(`flow-${name}-390`), fullPage: true });
  if (openDialog) {
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.setViewportSize(size);
  await expect(menu).toBeVisible();
  if (openDialog) await openDialog();
}

/** The list row holding `text`, turning the list's pages (下一页) until it shows. */
async function rowOn(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  const pager = page.locator('#console-main nav[data-slot="pager"]').first();
  await expect(pager).toBeVisible();
  while (!(await row.first().isVisible())) {
    const position = (await pager.locator('.ui-pager__position').textContent()) ?? '';
    const next = pager.getByRole('button', { name: '下一页' });
    expect(await next.isEnabled(), `“${text}” in the list (last page: ${position})`).toBe(true);
    await next.click();
    await expect(pager.locator('.ui-pager__position')).not.toHaveText(position);
    // The old page's rows stay on screen (the list is busy) until the new page arrives: wait for it,
    // or a page could be passed over unread.
    await expect(page.locator('#console-main [aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  }
  return row.first();
}

/** The page's own content (not the menu). */
const main = (page: Page) => page.locator('#console-main');

async function confirmDialog(page: Page) {
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
}

/**
 * owner01 creates a project from the menu (发布需求 → 新建项目), saves the demand, attaches a file and
 * releases it with `method`; it ends on the released demand's page.
 */
async function createAndRelease(
  owner: Page,
  projectName: string,
  code: string,
  method: '随机抽取' | '直接选取' | '比选报价',
  tag: string,
) {
  await clickMenu(owner, '需求管理', '发布需求');
  await expect(owner.getByRole('heading', { level: 1, name: '发布需求' })).toBeVisible();
  await owner.getByRole('link', { name: '新建项目' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: '新建项目' })).toBeVisible();
  await owner.getByLabel('项目名称').fill(projectName);
  await owner.getByLabel('项目代码').fill(`2026-379902-48-01-${code}`);
  await owner.getByLabel('出资方').fill('云州市财政局');
  await owner.getByLabel('总投资（万元）').fill('800');
  await owner.getByLabel('用地面积（平方米）').fill('3000');
  await owner.getByLabel('联系人').fill('张流程');
  await owner.getByLabel('联系电话').fill('13812345678');
  const map = owner.getByTestId('location-map').locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(owner.getByText(/所在区县：\S+区/)).toBeVisible();
  if (tag === 'draw') await shot(owner, 'project-new');
  await owner.getByRole('button', { name: '保存项目' }).click();

  await expect(owner.getByText('项目已保存，请按审批阶段发布测绘需求。')).toBeVisible();
  await owner.getByLabel('审批阶段').selectOption({ label: '竣工验收阶段' });
  await owner.getByRole('checkbox', { name: ITEM }).check();
  if (tag === 'draw') await shot(owner, 'demand-new');
  await owner.getByRole('button', { name: '保存需求' }).click();

  await expect(owner.getByRole('heading', { level: 1, name: '需求附件' })).toBeVisible();
  await owner.getByLabel('上传附件').setInputFiles({
    name: '红线图.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
  });
  await owner.getByRole('button', { name: '上传', exact: true }).click();
  await expect(owner.getByRole('link', { name: /红线图\.pdf/ }).first()).toBeVisible();
  const dialog = owner.getByRole('dialog');
  await shot(owner, `${tag}-release`, async () => {
    await owner.getByRole('button', { name: '发布需求' }).click();
    await dialog.getByLabel('中介选取方式').selectOption({ label: method });
  });
  await dialog.getByRole('button', { name: '确认发布' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 竣工验收阶段` })).toBeVisible();
}

/** From the released demand's page: its next step (中介选取). */
async function openSelection(owner: Page, tag: string) {
  await shot(owner, `${tag}-released`);
  await main(owner).getByRole('link', { name: '中介选取', exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1, name: /· 中介选取$/ })).toBeVisible();
}

/**
 * The selection is decided: the selection page's next step leads to the 委托, whose form holds the
 * winner; the owner authorizes it. Returns the winner's name.
 */
async function authorizeWinner(owner: Page, tag: string): Promise<string> {
  await expect(owner.getByRole('heading', { name: '下一步：委托授权' })).toBeVisible();
  await shot(owner, `${tag}-selected`);
  await owner.getByRole('link', { name: '去委托授权' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: /需求委托$/ })).toBeVisible();
  // After a selection the winner is the only candidate, chosen already.
  const choice = owner.getByLabel('中介机构');
  await expect(choice.locator('option:checked')).not.toHaveText(/^(请选择.*)?$/);
  const winner = ((await choice.locator('option:checked').textContent()) ?? '').trim();
  await shot(owner, `${tag}-authorize`);
  await owner.getByRole('button', { name: '确认委托' }).click();
  await expect(owner.getByText('委托成功，等待中介机构答复')).toBeVisible();
  await expect(owner.getByRole('table', { name: '委托记录' })).toContainText(winner);
  return winner;
}

/** The winner signs in and accepts the 委托 from its to-do (测绘需求办理 › 待办需求). */
async function acceptOffer(
  browser: Browser,
  winner: string,
  projectName: string,
  tag: string,
  baseURL?: string,
) {
  const agency = await signIn(browser, agencyLogin(winner), baseURL);
  await clickMenu(agency, '测绘需求办理', '待办需求');
  await expect(agency.getByRole('heading', { level: 1, name: '待办需求' })).toBeVisible();
  // The to-do is oldest first (agency01 has many): turn its pages to the new offer.
  await (await rowOn(agency, projectName)).getByRole('link', { name: projectName }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName} · 委托详情` })).toBeVisible();
  await shot(agency, `${tag}-offer`);
  await agency.getByRole('button', { name: '接受委托' }).click();
  await expect(agency.getByText('已接受委托', { exact: true })).toBeVisible();
  return agency;
}

/**
 * From the accepted 委托 to the filed contract, the same whatever the selection method: the agency
 * drafts and sends it, the owner and the agency confirm with their SMS codes (read from the outbox),
 * auditor01 approves the filing, and the owner finds the demand filed.
 */
async function contractToFiled(
  browser: Browser,
  baseUrl: string,
  {
    owner,
    agency,
    winner,
    projectName,
    tag,
  }: { owner: Page; agency: Page; winner: string; projectName: string; tag: string },
) {
  await agency.getByRole('link', { name: '起草合同' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `起草合同：${projectName}` })).toBeVisible();
  await agency.getByLabel('合同金额（元）').fill('68000.00');
  await agency.getByLabel('测绘开始日期').fill('2026-12-01');
  await agency.getByLabel('测绘结束日期').fill('2027-02-28');
  await shot(agency, `${tag}-contract-draft`);
  await agency.getByRole('button', { name: '保存草稿' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName}测绘服务合同` })).toBeVisible();
  await agency.getByLabel('付款方式').fill('合同签订后支付 30%，成果验收后付清余款');
  await agency.getByRole('button', { name: '保存', exact: true }).click();
  await expect(agency.getByText('保存成功')).toBeVisible();
  await agency.getByRole('button', { name: '检查合同' }).click();
  await expect(agency.getByText('检查通过，没有发现问题。')).toBeVisible();
  await agency.getByRole('button', { name: '提交建设单位确认' }).click();
  await confirmDialog(agency);
  await expect(agency.getByText('已提交建设单位确认')).toBeVisible();
  await shot(agency, `${tag}-contract-sent`);

  // owner01 confirms from its to-do (合同管理 › 待办合同) with the code from the SMS outbox.
  await clickMenu(owner, '合同管理', '待办合同');
  await expect(owner.getByRole('heading', { level: 1, name: '待办合同' })).toBeVisible();
  await owner
    .getByRole('row')
    .filter({ hasText: `${projectName}测绘服务合同` })
    .getByRole('link')
    .first()
    .click();
  await expect(owner.getByRole('heading', { level: 2, name: '确认合同' })).toBeVisible();
  await requestCode(owner);
  // Demo mode: the page says where the code can be read.
  await expect(owner.getByText(/验证码已发送至 .*短信发件箱/)).toBeVisible();
  const ownerApi = await signedInClient(baseUrl, 'owner01');
  const ownerPhone = (await ownerApi.data<{ userphone: string }>('uc', 'user/current.json')).userphone;
  await owner.getByLabel('手机验证码').fill(await readSmsCode(baseUrl, ownerPhone));
  await shot(owner, `${tag}-contract-confirm`);
  await owner.getByRole('button', { name: '确认合同' }).click();
  await expect(owner.getByText('合同已确认')).toBeVisible();
  // Nobody's spent code is shown back.
  await expect(owner.getByText(/于 .* 以短信验证码确认/).first()).toBeVisible();
  await expect(owner.getByText(/短信验证码 \d{6}/)).toHaveCount(0);

  // The agency confirms with its own code and submits the filing, from its to-do.
  await clickMenu(agency, '合同管理', '待办合同');
  await agency
    .getByRole('row')
    .filter({ hasText: `${projectName}测绘服务合同` })
    .getByRole('link')
    .first()
    .click();
  await requestCode(agency);
  const agencyApi = await signedInClient(baseUrl, agencyLogin(winner));
  const agencyPhone = (await agencyApi.data<{ userphone: string }>('uc', 'user/current.json')).userphone;
  await agency.getByLabel('手机验证码').fill(await readSmsCode(baseUrl, agencyPhone));
  await agency.getByRole('button', { name: '提交备案' }).click();
  await expect(agency.getByText('合同备案已提交，等待审核')).toBeVisible();
  await shot(agency, `${tag}-filing-submitted`);

  // auditor01 approves the filing from 合同管理 › 备案待审.
  const auditor = await signIn(browser, 'auditor01', baseUrl);
  await clickMenu(auditor, '合同管理', '备案待审');
  await expect(auditor.getByRole('heading', { level: 1, name: '备案待审' })).toBeVisible();
  // The queue is oldest first: turn its pages to the newest submission.
  await (await rowOn(auditor, projectName)).getByRole('link').first().click();
  await expect(auditor.getByRole('heading', { level: 2, name: '审核处理' })).toBeVisible();
  await shot(auditor, `${tag}-filing-review`);
  await auditor.getByRole('button', { name: '审核通过' }).click();
  await confirmDialog(auditor);
  await expect(auditor.getByText(/备案通过，备案编号YZBA\d{10}/)).toBeVisible();
  await shot(auditor, `${tag}-filed`);

  // The owner finds the project filed: 需求管理 › 发布需求 lists it; its demand page says so.
  await clickMenu(owner, '需求管理', '已发布需求');
  await owner.getByRole('row').filter({ hasText: projectName }).getByRole('link', { name: '详情' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 竣工验收阶段` })).toBeVisible();
  await expect(main(owner)).toContainText(/需求状态：\s*合同已备案/);
  await shot(owner, `${tag}-project-filed`);
}

test.describe.configure({ timeout: 600_000 });

test('random draw: from a new project to a filed contract, by clicking only', async ({ browser }) => {
  const baseUrl = process.env.E2E_BASE_URL as string;
  const projectName = `云州市点击流程抽取工程${serial}`;
  const owner = await signIn(browser, 'owner01');
  await createAndRelease(owner, projectName, `${serial}`.slice(-6), '随机抽取', 'draw');
  await openSelection(owner, 'draw');
  await expect(owner.getByRole('table', { name: '符合条件的中介机构' })).toBeVisible();
  await owner.getByRole('button', { name: '开始抽取' }).click();
  await confirmDialog(owner);
  await expect(owner.getByText('抽取完成')).toBeVisible();
  const winner = await authorizeWinner(owner, 'draw');

  // The drawn agency accepts and drafts the contract from the accepted 委托.
  const agency = await acceptOffer(browser, winner, projectName, 'draw');
  await contractToFiled(browser, baseUrl, { owner, agency, winner, projectName, tag: 'draw' });
});

test('direct choice: from a new project to a filed contract, by clicking only', async ({ browser }) => {
  const projectName = `云州市点击流程直选工程${serial}`;
  const owner = await signIn(browser, 'owner01');
  await createAndRelease(
    owner,
    projectName,
    String(Number(serial) + 1)
      .padStart(6, '0')
      .slice(-6),
    '直接选取',
    'direct',
  );
  await openSelection(owner, 'direct');
  const anKun = demo.agentOrganizations.find((org) => org.organizationId === 1)!.orgName;
  await owner.getByRole('button', { name: `选定 ${anKun}` }).click();
  await confirmDialog(owner);
  const winner = await authorizeWinner(owner, 'direct');
  expect(winner).toBe(anKun);
  const agency = await acceptOffer(browser, winner, projectName, 'direct');
  await shot(agency, 'direct-accepted');
  await contractToFiled(browser, process.env.E2E_BASE_URL as string, {
    owner,
    agency,
    winner,
    projectName,
    tag: 'direct',
  });
});

test.describe('price comparison', () => {
  let dataDir = '';
  let server: StartedServer | undefined;
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('from a new project through quotes and the deadline to a filed contract, by clicking only', async ({
    browser,
  }) => {
    test.setTimeout(900_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-flow-'));
    const root = process.cwd();
    server = await startServer({ root, dataDir });
    const projectName = `云州市点击流程比选工程${serial}`;

    let owner = await signIn(browser, 'owner01', server.baseUrl);
    await createAndRelease(
      owner,
      projectName,
      String(Number(serial) + 2)
        .padStart(6, '0')
        .slice(-6),
      '比选报价',
      'price',
    );
    await openSelection(owner, 'price');
    await expect(owner.getByText(/比选报价进行中：已邀请 \d+ 家机构/)).toBeVisible();
    await owner.context().close();

    // Three invited agencies quote from 测绘需求办理 › 比选报价; agency01's is the lowest. Whom the server
    // invites also turns on credit grades, which the credit-score job recounts from the day's events:
    // the demo's own fields cannot tell them, so each candidate looks at its list (loaded: no longer
    // busy) and the first two that find the invitation quote.
    const candidates = demo.agentOrganizations
      .filter(
        (org) =>
          org.organizationId !== 1 &&
          org.auditStatus === 2 &&
          !org.isLostCredit &&
          !org.isUnqualified &&
          !org.isBlacklisted &&
          (org.businessScope ?? []).includes(ITEM_ID),
      )
      .map((org) => org.orgName);
    const amounts = ['61000.00', '64000.00', '70500.00'];
    const lowest = demo.agentOrganizations.find((org) => org.organizationId === 1)!.orgName;
    for (const orgName of [lowest, ...candidates]) {
      const amount = amounts[0];
      if (!amount) break;
      const agency = await signIn(browser, agencyLogin(orgName), server.baseUrl);
      await clickMenu(agency, '测绘需求办理', '比选报价');
      await expect(agency.getByRole('heading', { level: 1, name: '比选报价' })).toBeVisible();
      const list = agency.locator('[aria-busy="false"]');
      await expect(list.getByRole('table').or(list.getByText('暂无比选报价邀请'))).toBeVisible();
      const quote = agency.getByRole('button', { name: `报价 ${projectName}` });
      if (orgName !== lowest && (await quote.count()) === 0) {
        await agency.context().close();
        continue;
      }
      const dialog = agency.getByRole('dialog');
      const openQuote = async () => {
        await quote.click();
        await dialog.getByLabel('报价金额（元）').fill(amount);
        await dialog.getByLabel('服务方案').fill('项目负责人 1 名、外业 4 人，10 个工作日提交成果');
      };
      if (orgName === lowest) await shot(agency, 'price-quote', openQuote);
      else await openQuote();
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(agency.getByText('报价已提交')).toBeVisible();
      await agency.context().close();
      amounts.shift();
    }
    expect(amounts, 'three invited agencies quoted').toEqual([]);

    // Past the deadline (the default five days; the clock moved by configuration and a restart),
    // the job closes the comparison: the lowest wins and the owner is led on to the 委托.
    await server.stop();
    server = await startServer({ root, dataDir, env: { CLOCK_OFFSET_DAYS: '6' } });
    owner = await signIn(browser, 'owner01', server.baseUrl);
    await expect(async () => {
      // Through another page and back, so the list is read again.
      await clickMenu(owner, '需求管理', '发布需求');
      await clickMenu(owner, '需求管理', '中介选取');
      await expect(owner.getByRole('row').filter({ hasText: projectName })).toContainText('已选定', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await owner
      .getByRole('row')
      .filter({ hasText: projectName })
      .getByRole('link', { name: projectName, exact: true })
      .click();
    await expect(owner.getByRole('table', { name: '各机构报价' })).toContainText('61,000.00');
    const winner = await authorizeWinner(owner, 'price');
    expect(winner).toBe(lowest);
    const agency = await acceptOffer(browser, winner, projectName, 'price', server.baseUrl);
    await contractToFiled(browser, server.baseUrl, { owner, agency, winner, projectName, tag: 'price' });
  });
});
