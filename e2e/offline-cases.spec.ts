/**
 * Offline projects, the owner's release with a selection method, and survey cases, end to end (issue
 * 13, offline-and-cases slice):
 * - agency01 records an offline project with a document; auditor01 rejects it with an opinion;
 *   agency01 sees the opinion, fixes it and resubmits; auditor01 approves it.
 * - owner01 releases a draft demand on 需求发布 choosing the draw: the demand's public record carries
 *   the draw's commitment.
 * - agency01 opens a case from its to-do on a project whose contract is filed: the case's page shows
 *   the project 测绘中 and the log line.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signedInClient, signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

const baseUrl = () => process.env.E2E_BASE_URL as string;

async function consolePage(browser: Browser, who: string, path: string) {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(page, who, path);
  return page;
}

async function decide(page: Page, decision: '审核通过' | '审核不通过', opinion: string) {
  await page.getByLabel('审核意见', { exact: true }).fill(opinion);
  await page.getByRole('button', { name: decision }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByLabel('审核记录').getByText(opinion)).toBeVisible();
}

test('an agency records an offline project, it is rejected with an opinion, fixed and approved', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const projectName = `线下测绘项目${Date.now() % 100000}`;
  const agency = await consolePage(browser, 'agency01', '/workflow/offlineProjectList');
  await expect(agency.getByRole('heading', { level: 1, name: '线下项目' })).toBeVisible();
  await expect(agency.getByRole('link', { name: '青石镇中心小学教学楼' })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('offline-list-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);

  await agency.getByRole('link', { name: '登记线下项目' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: '登记线下项目' })).toBeVisible();
  await agency.getByLabel('项目名称').fill(projectName);
  await agency.getByLabel('建设单位').fill('云州市体育局');
  await agency.getByLabel('所在区县').selectOption({ index: 1 });
  await agency.getByLabel('测绘完成日期').fill('2025-09-30');
  await agency.getByLabel('审批阶段').selectOption('4');
  await agency.getByLabel('规划条件核实测量').check();
  await agency.getByLabel('测绘成果报告（必须）').setInputFiles({
    name: '成果报告.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% e2e offline\n'),
  });
  await agency.screenshot({ path: screenshotPath('offline-form-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);
  await agency.getByRole('button', { name: '登记并提交审核' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName} · 线下项目` })).toBeVisible();
  await expect(agency.getByText('待审核').first()).toBeVisible();
  await expect(agency.getByRole('link', { name: /成果报告\.pdf/ }).first()).toBeVisible();
  const id = new URL(agency.url()).searchParams.get('id');

  // The auditor finds it among the pending ones and rejects it with an opinion.
  const auditor = await consolePage(browser, 'auditor01', '/workflow/offlineProjectList?auditStatus=1');
  await auditor.getByRole('link', { name: projectName }).first().click();
  await expect(auditor.getByRole('heading', { level: 1, name: `${projectName} · 线下项目` })).toBeVisible();
  await decide(auditor, '审核不通过', '缺少竣工测量成果图，请补充。');
  expect(await accessibilityViolations(auditor)).toEqual([]);
  await auditor.screenshot({ path: screenshotPath('offline-review-1366'), fullPage: true });

  // The agency sees the opinion, adds the missing document and resubmits.
  await agency.goto(`/workflow/offlineProject?id=${id}`);
  await expect(agency.getByText(/审核不通过：缺少竣工测量成果图，请补充。/)).toBeVisible();
  await agency.getByLabel('其他材料（图件、合同等）').setInputFiles({
    name: '竣工测量成果图.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% e2e drawing\n'),
  });
  await agency.getByLabel('备注').fill('已补充竣工测量成果图');
  await agency.getByRole('button', { name: '保存并重新提交审核' }).click();
  await expect(agency.getByText('线下项目已修改并重新提交审核')).toBeVisible();
  await expect(agency.getByRole('link', { name: /竣工测量成果图\.pdf/ }).first()).toBeVisible();

  // Approved: the agency's list shows it 审核通过.
  await auditor.goto(`/workflow/offlineProject?id=${id}`);
  await decide(auditor, '审核通过', '材料齐全，同意。');
  await agency.goto(`/workflow/offlineProjectList?projectName=${encodeURIComponent(projectName)}`);
  const row = agency.getByRole('row', { name: new RegExp(projectName) });
  await expect(row.getByText('审核通过')).toBeVisible();
  await agency.setViewportSize({ width: 390, height: 844 });
  await agency.goto(`/workflow/offlineProject?id=${id}`);
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName} · 线下项目` })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('offline-detail-390'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);
});

test('an owner releases a demand on 需求发布 choosing the draw', async ({ browser }) => {
  test.setTimeout(120_000);
  const ownerApi = await signedInClient(baseUrl(), 'owner01');
  const drafts = await ownerApi.page<{ demandId: number; projectName: string; stageName: string }>(
    'business',
    'project/findProjectsRecord',
    { query: { status: 0, pageIndex: 1, pageSize: 50 } },
  );
  const draft = drafts.rows.find((row) => row.projectName.length > 0);
  expect(draft, 'a draft demand of owner01').toBeDefined();
  const owner = await consolePage(
    browser,
    'owner01',
    `/notdchy/DemandRelease?status=0&projectName=${encodeURIComponent(draft!.projectName)}`,
  );
  await expect(owner.getByRole('heading', { level: 1, name: '需求发布' })).toBeVisible();
  await owner.screenshot({ path: screenshotPath('demand-release-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: `发布 “${draft!.projectName}”${draft!.stageName}` }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('中介选取方式').selectOption('draw');
  await expect(dialog.getByText(/随机抽取一家，抽取过程公开/)).toBeVisible();
  await owner.screenshot({ path: screenshotPath('demand-release-dialog-1366') });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await dialog.getByRole('button', { name: '确认发布' }).click();
  await expect(owner.getByText(/需求已发布，中介选取方式：随机抽取/)).toBeVisible();
  const record = await ownerApi.data<{ method: string; commitment: string } | null>(
    'business',
    'project/selection/drawRecord',
    { query: { demandId: draft!.demandId } },
  );
  expect(record?.method).toBe('draw');
  expect(record?.commitment).toMatch(/^[0-9a-f]{64}$/);
});

test('an agency opens a case on a project whose contract is filed: 测绘中 with its log line', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agency = await consolePage(browser, 'agency01', '/notdchy/toDoList');
  await expect(agency.getByRole('heading', { level: 1, name: '测绘办件' })).toBeVisible();
  const open = agency.getByRole('link', { name: '新建办件' }).first();
  await expect(open).toBeVisible();
  await agency.screenshot({ path: screenshotPath('agency-todo-cases-1366'), fullPage: true });
  await open.click();
  await expect(agency.getByRole('heading', { level: 1, name: /^新建办件 · / })).toBeVisible();
  await agency.getByLabel('计划开始日期').fill('2026-12-01');
  await agency.getByLabel('计划完成日期').fill('2026-12-25');
  for (const group of await agency.locator('fieldset.case-staff').all())
    await group.getByRole('checkbox').first().check();
  expect(await accessibilityViolations(agency)).toEqual([]);
  await agency.getByRole('button', { name: '新建办件' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: /^办件详情 · BJ-/ })).toBeVisible();
  await expect(agency.getByText('办件已新建，项目进入测绘中。')).toBeVisible();
  const timeline = agency.getByRole('list', { name: '项目进度' });
  await expect(timeline.getByText(/新建办件 BJ-.*开始测绘（计划 2026-12-01 至 2026-12-25）/)).toBeVisible();
  await expect(timeline.getByText('测绘中').last()).toBeVisible();
  await agency.screenshot({ path: screenshotPath('case-detail-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);
});
