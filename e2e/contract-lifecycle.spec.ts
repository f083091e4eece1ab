/**
 * A contract's life in Chromium (issue 14): owner01 authorizes agency01 for a released project and
 * agency01 accepts (through the API, as the authorization spec does on screen); then on screen agency01
 * drafts the contract from that authorization, checks it (a missing field is listed), fixes it and sends
 * it; owner01 returns it with a reason; agency01 fixes it and sends it again; owner01 confirms with the
 * SMS code from the outbox; agency01 confirms with its own code and submits the filing; auditor01
 * rejects it with an opinion; agency01 resubmits; auditor01 approves: the filing number is given. The PDF
 * downloads and its text holds the parties, the amount in capitals and the filing number; the project
 * shows 合同已备案 and the log line. The other lists of the slice render demo data for their roles.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { amountInWords } from '@shared/money';
import { screenshotPath } from './fixtures/hall';
import { readSmsCode, requestCode, signedInClient, signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

const AGENCY01_ORG = 1;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  return text;
}

/** Confirms the ConfirmAction / decision dialog that the last click opened. */
async function confirmDialog(page: Page) {
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
}

test('a contract from an accepted authorization to filing', async ({ browser }) => {
  test.setTimeout(300_000);
  const baseUrl = process.env.E2E_BASE_URL as string;
  const ownerApi = await signedInClient(baseUrl, 'owner01');
  const agencyApi = await signedInClient(baseUrl, 'agency01');

  // A released project of owner01 never offered to anyone, for which agency01 is eligible: from the
  // newest ids down (the authorization spec takes the oldest).
  let projectId = 0;
  let authorizationId = 0;
  for (let id = 2000; id >= 1 && projectId === 0; id--) {
    try {
      const offers = await ownerApi.object<unknown[]>('business', 'project/getProjectDemandAuthorization', {
        query: { projectId: id },
      });
      if (offers.length > 0) continue;
      const candidates = await ownerApi.object<{ organizationId: number }[]>(
        'business',
        'project/authorization/candidates',
        { query: { projectId: id } },
      );
      if (!candidates.some((c) => c.organizationId === AGENCY01_ORG)) continue;
      const offer = await ownerApi.data<{ authorizationId: number }>(
        'business',
        'project/authorizationProjectDemand',
        { body: { projectId: String(id), organizationId: String(AGENCY01_ORG) } },
      );
      await agencyApi.data('business', 'project/authorization/accept', {
        body: { id: String(offer.authorizationId) },
      });
      projectId = id;
      authorizationId = offer.authorizationId;
    } catch {
      // Another owner's project (404), or one whose selection names another agency: not ours.
    }
  }
  expect(projectId, 'a released project of owner01 that agency01 accepted').toBeGreaterThan(0);
  const [offer] = await ownerApi.object<{ projectName: string; demandId: number }[]>(
    'business',
    'project/getProjectDemandAuthorization',
    { query: { projectId } },
  );
  const projectName = offer!.projectName;
  const ownerPhone = (await ownerApi.data<{ userphone: string }>('uc', 'user/current.json')).userphone;
  const agencyPhone = (await agencyApi.data<{ userphone: string }>('uc', 'user/current.json')).userphone;

  // agency01 drafts the contract from the accepted authorization.
  const agency = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(agency, 'agency01', '/usercenter/contractApply');
  await expect(agency.getByRole('heading', { level: 1, name: '合同申请', exact: true })).toBeVisible();
  await agency
    .getByRole('button', { name: `起草合同 ${projectName}` })
    .first()
    .click();
  await expect(agency).toHaveURL(new RegExp(`authorizationId=${authorizationId}$`));
  await expect(agency.getByRole('heading', { level: 1, name: `起草合同：${projectName}` })).toBeVisible();
  await agency.getByLabel('合同金额（元）').fill('86000.50');
  await agency.getByLabel('测绘开始日期').fill('2026-12-01');
  await agency.getByLabel('测绘结束日期').fill('2027-03-31');
  await agency.getByRole('button', { name: '保存草稿' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName}测绘服务合同` })).toBeVisible();
  const contractId = Number(new URL(agency.url()).searchParams.get('contractId'));
  expect(contractId).toBeGreaterThan(0);

  // The check lists the missing payment terms; fixed, it passes; then it goes to the owner.
  await agency.getByRole('button', { name: '检查合同' }).click();
  await expect(agency.getByRole('alert').filter({ hasText: '请输入付款方式' })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('contract-apply-check-1366'), fullPage: true });
  await agency.getByLabel('付款方式').fill('合同签订后支付 30%，成果验收后付清余款');
  await agency.getByRole('button', { name: '保存', exact: true }).click();
  await expect(agency.getByText('保存成功')).toBeVisible();
  await agency.getByRole('button', { name: '检查合同' }).click();
  await expect(agency.getByText('检查通过，没有发现问题。')).toBeVisible();
  await agency.getByRole('button', { name: '提交建设单位确认' }).click();
  await confirmDialog(agency);
  await expect(agency.getByText('已提交建设单位确认')).toBeVisible();
  expect(await accessibilityViolations(agency)).toEqual([]);

  // owner01 returns it with a reason.
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(owner, 'owner01', '/contract/backlogList');
  await expect(owner.getByRole('heading', { level: 1, name: '待办合同' })).toBeVisible();
  await owner.goto(`/usercenter/contractApply?contractId=${contractId}`);
  await expect(owner.getByRole('heading', { level: 2, name: '确认合同' })).toBeVisible();
  await owner.getByLabel('退回原因').fill('合同金额与报价不一致');
  await owner.getByRole('button', { name: '退回修改' }).click();
  await expect(owner.getByText('合同已退回中介机构修改')).toBeVisible();

  // agency01 sees the reason, fixes the amount and sends it again.
  await agency.reload();
  await expect(agency.getByText(/建设单位已退回修改.*合同金额与报价不一致/)).toBeVisible();
  await expect(agency.getByText('已退回', { exact: true }).first()).toBeVisible();
  await agency.getByLabel('合同金额（元）').fill('85000.00');
  await agency.getByRole('button', { name: '保存', exact: true }).click();
  await expect(agency.getByText('保存成功')).toBeVisible();
  await agency.getByRole('button', { name: '提交建设单位确认' }).click();
  await confirmDialog(agency);
  await expect(agency.getByText('已提交建设单位确认')).toBeVisible();

  // owner01 confirms with the code sent to its phone (the demo's SMS outbox).
  await owner.reload();
  await requestCode(owner);
  await owner.getByLabel('手机验证码').fill(await readSmsCode(baseUrl, ownerPhone));
  await owner.screenshot({ path: screenshotPath('contract-apply-confirm-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: '确认合同' }).click();
  await expect(owner.getByText('合同已确认')).toBeVisible();
  await expect(owner.getByText(/于 .* 以短信验证码确认/).first()).toBeVisible();

  // agency01 confirms with its own code and submits the filing.
  await agency.reload();
  await requestCode(agency);
  await agency.getByLabel('手机验证码').fill(await readSmsCode(baseUrl, agencyPhone));
  await agency.getByRole('button', { name: '提交备案' }).click();
  await expect(agency.getByText('合同备案已提交，等待审核')).toBeVisible();

  // auditor01 finds it in the filing to-do and rejects it with an opinion.
  const auditor = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(auditor, 'auditor01', '/contract/filingbacklogList');
  await expect(auditor.getByRole('heading', { level: 1, name: '备案待审' })).toBeVisible();
  await auditor.goto(`/contract/FilingbacklogFiling?contractId=${contractId}`);
  await expect(auditor.getByRole('heading', { level: 2, name: '审核处理' })).toBeVisible();
  await auditor.getByLabel('审核意见', { exact: true }).fill('付款节点不明确，请补充');
  await auditor.getByRole('button', { name: '审核不通过' }).click();
  await confirmDialog(auditor);
  await expect(auditor.getByText('备案不通过，已退回中介机构')).toBeVisible();

  // agency01 resubmits (its confirmation stands: no new code).
  await agency.reload();
  await expect(agency.getByText(/备案审核不通过/)).toBeVisible();
  await agency.getByRole('button', { name: '重新提交备案' }).click();
  await expect(agency.getByText('合同备案已提交，等待审核')).toBeVisible();

  // auditor01 approves: the filing number is given.
  await auditor.reload();
  await expect(auditor.getByRole('heading', { level: 2, name: '审核处理' })).toBeVisible();
  await auditor.screenshot({ path: screenshotPath('contract-filing-decision-1366'), fullPage: true });
  expect(await accessibilityViolations(auditor)).toEqual([]);
  await auditor.getByRole('button', { name: '审核通过' }).click();
  await confirmDialog(auditor);
  await expect(auditor.getByText(/备案通过，备案编号YZBA\d{10}/)).toBeVisible();
  const filingNo = ((await auditor.getByText(/备案通过，备案编号YZBA\d{10}/).textContent()) ?? '').replace(
    /^.*备案编号/,
    '',
  );
  await expect(auditor.getByText('审核不通过', { exact: true }).first()).toBeVisible();

  // The PDF holds the parties, the amount in capitals and the filing number.
  await agency.reload();
  await expect(agency.getByText(filingNo, { exact: true })).toBeVisible();
  const valueOf = async (label: string) =>
    (
      (await agency
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? ''
    ).trim();
  const ownerName = await valueOf('委托方（甲方）');
  const agencyName = await valueOf('受托方（乙方）');
  const downloading = agency.waitForEvent('download');
  await agency.getByRole('link', { name: '下载合同文本（PDF）' }).click();
  const download = await downloading;
  const bytes = new Uint8Array(await readFile((await download.path()) as string));
  const text = await pdfText(bytes);
  expect(text).toContain(ownerName);
  expect(text).toContain(agencyName);
  expect(text).toContain(amountInWords('85000.00'));
  expect(text).toContain(filingNo);

  // The project is at 合同已备案 with the log line.
  await owner.goto(`/demandmanger/demandDetails?id=${offer!.demandId}`);
  await expect(owner.getByText('合同已备案').first()).toBeVisible();
  await expect(owner.getByText(`备案编号${filingNo}`)).toBeVisible();
  await owner.screenshot({ path: screenshotPath('contract-project-filed-1366'), fullPage: true });
});

test('the contract lists render demo data for each of their roles', async ({ browser }) => {
  test.setTimeout(240_000);
  const pages: [string, string, string][] = [
    ['agency01', '/contract/backlogList', '待办合同'],
    ['owner01', '/contract/backlogList', '待办合同'],
    ['agency01', '/contract/doneContractList', '已办合同'],
    ['owner01', '/contract/doneContractList', '已办合同'],
    ['staff01', '/contract/doneContractList', '已办合同'],
    ['auditor01', '/contract/filingbacklogList', '备案待审'],
    ['authority01', '/contract/filingbacklogList', '备案待审'],
    ['auditor01', '/contract/contractToDoList', '合同待办'],
    ['auditor01', '/contract/FilingbacklogFiling', '备案待办'],
    ['agency01', '/usercenter/contractApply', '合同申请'],
    ['owner01', '/usercenter/ContractDone', '已办合同申请'],
    ['district01', '/usercenter/conQueryData', '合同查询'],
    ['share01', '/usercenter/conQueryData', '合同查询'],
  ];
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  let signedIn = '';
  for (const [who, path, title] of pages) {
    if (who !== signedIn) {
      await page.context().clearCookies();
      await signInToConsole(page, who, path);
      signedIn = who;
    } else await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: title }).first(),
      `${who} ${path}`,
    ).toBeVisible();
    await expect(page.locator('table tbody tr').first(), `${who} ${path}`).toBeVisible();
    if (who === 'agency01' && path === '/usercenter/contractApply') {
      await page.screenshot({ path: screenshotPath('contract-apply-list-1366'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
    }
  }
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInToConsole(phone, 'auditor01', '/contract/filingbacklogList');
  await expect(phone.locator('table tbody tr').first()).toBeVisible();
  await phone.screenshot({ path: screenshotPath('contract-filing-todo-390'), fullPage: true });
});
