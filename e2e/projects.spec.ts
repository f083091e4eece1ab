/**
 * Projects and demands (issue 13, projects slice): owner01 creates a project with its location picked
 * on the map, saves a demand for a stage with an item, attaches a file and releases it; the hall's
 * demand query shows it; adding an item to the same stage and funding party amends the demand (no
 * second demand) and the authority approves the amendment on the demand's detail page.
 */
import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

const serial = String(Date.now()).slice(-6);
const projectName = `云州市端到端测试道路工程${serial}`;

test('an owner releases a demand by stage and an amendment is approved by the authority', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(owner, 'owner01', '/demandmanger/newProjece');
  await expect(owner.getByRole('heading', { level: 1, name: '新建项目' })).toBeVisible();

  // A malformed central code is refused in the browser with the shared message.
  await owner.getByLabel('项目名称').fill(projectName);
  await owner.getByLabel('项目代码').fill('2026-3799');
  await owner.getByRole('button', { name: '保存项目' }).click();
  await expect(
    owner
      .getByRole('alert')
      .getByText(/项目代码格式不正确/)
      .first(),
  ).toBeVisible();

  await owner.getByLabel('项目代码').fill(`2026-379902-48-01-${serial}`);
  await owner.getByLabel('出资方').fill('云州市财政局');
  await owner.getByLabel('总投资（万元）').fill('1200');
  await owner.getByLabel('用地面积（平方米）').fill('5000');
  await owner.getByLabel('联系人').fill('张测试');
  await owner.getByLabel('联系电话').fill('13812345678');
  // Pick the location: a click in the middle of the map, reverse-geocoded to its district.
  const map = owner.getByTestId('location-map').locator('.leaflet-container');
  await expect(map).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(owner.getByText(/^已选取：/)).toBeVisible();
  await expect(owner.getByText(/所在区县：\S+区/)).toBeVisible();
  await owner.screenshot({ path: screenshotPath('projects-new-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: '保存项目' }).click();

  // The demand: a stage and its item.
  await expect(owner.getByRole('heading', { name: new RegExp(projectName) })).toBeVisible();
  await expect(owner.getByText('项目已保存，请按审批阶段发布测绘需求。')).toBeVisible();
  await owner.getByLabel('审批阶段').selectOption({ label: '竣工验收阶段' });
  await owner.getByRole('checkbox', { name: '规划条件核实测量' }).check();
  await owner.getByRole('button', { name: '保存需求' }).click();

  // The attachment, then the release.
  await expect(owner.getByRole('heading', { level: 1, name: '需求附件' })).toBeVisible();
  await owner.getByLabel('上传附件').setInputFiles({
    name: '红线图.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
  });
  await owner.getByRole('button', { name: '上传', exact: true }).click();
  await expect(owner.getByRole('link', { name: /红线图\.pdf/ }).first()).toBeVisible();
  await owner.getByRole('button', { name: '发布需求' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: '确认发布' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 竣工验收阶段` })).toBeVisible();
  await expect(
    owner.getByLabel('项目日志').getByText(/发布测绘需求（竣工验收阶段：规划条件核实测量）/),
  ).toBeVisible();

  // The hall's demand query (signed-in users; linked from the top menu).
  await owner.goto('/hall/home');
  const demandsLink = owner
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: '需求查询' });
  await expect(demandsLink).toBeVisible();
  await owner.goto(`/demand/demandQuery?keyword=${encodeURIComponent(projectName)}`);
  await expect(owner.getByRole('link', { name: projectName }).first()).toBeVisible();

  // Adding an item to the same stage and funding party amends the released demand.
  await owner.goto('/demandmanger/release');
  await owner.getByRole('link', { name: projectName }).click();
  await owner.getByLabel('审批阶段').selectOption({ label: '竣工验收阶段' });
  await expect(owner.getByText(/新增事项将作为追加申请提交主管部门审核/)).toBeVisible();
  await owner.getByRole('checkbox', { name: '房产实测绘' }).check();
  await owner.getByLabel('追加原因').fill('增加房产实测绘');
  await owner.getByRole('button', { name: '保存需求' }).click();
  await expect(owner.getByText(/新增事项已作为追加申请提交主管部门审核/)).toBeVisible();
  const detailUrl = owner.url();

  // The authority finds it among pending amendments and approves it.
  const authority = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(authority, 'authority01', '/demandmanger/demandQuery?amendment=pending');
  // The queue (需求追加审核) comes first; the demand list below lists the project too.
  await authority.getByRole('link', { name: projectName }).first().click();
  await expect(authority.getByText('追加事项：房产实测绘', { exact: false })).toBeVisible();
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，事项已并入需求')).toBeVisible();
  await authority.screenshot({ path: screenshotPath('projects-amendment-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);

  // The owner sees both items in the one demand, and the log line of the approval.
  await owner.goto(detailUrl);
  await expect(owner.getByText('规划条件核实测量、房产实测绘')).toBeVisible();
  await expect(owner.getByLabel('项目日志').getByText('追加测绘事项审核通过：房产实测绘')).toBeVisible();
  await owner.screenshot({ path: screenshotPath('projects-details-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);

  // The same page on a phone.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInToConsole(phone, 'owner01', new URL(detailUrl).pathname + new URL(detailUrl).search);
  await expect(phone.getByText('规划条件核实测量、房产实测绘')).toBeVisible();
  await phone.screenshot({ path: screenshotPath('projects-details-390'), fullPage: true });
});

test('the demand pages render with the demo data for the owner and the authority', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(owner, 'owner01', '/demandmanger/releaseList');
  await expect(owner.getByRole('heading', { level: 1, name: '已发布需求' })).toBeVisible();
  await expect(owner.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await owner.screenshot({ path: screenshotPath('projects-release-list-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.goto('/demandmanger/release');
  await expect(owner.getByRole('heading', { level: 1, name: '发布需求' })).toBeVisible();
  await expect(owner.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await accessibilityViolations(owner)).toEqual([]);

  // The demo amendment waits on the authority's list and opens on the demand's detail.
  const authority = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(authority, 'authority01', '/demandmanger/demandQuery?amendment=pending');
  // The first table is the queue (需求追加审核), the demand list below.
  await expect(authority.getByRole('table', { name: '待审核的需求追加' })).toBeVisible();
  await expect(authority.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await authority.getByRole('table').first().getByRole('row').nth(1).getByRole('link').first().click();
  await expect(authority.getByRole('button', { name: '审核通过' })).toBeVisible();
  await authority.screenshot({ path: screenshotPath('projects-demo-amendment-1366'), fullPage: true });
});
