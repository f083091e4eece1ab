/**
 * Filing changes and the flow view (issue 14) in Chromium: agency01 asks to change the amount of one
 * of its filed contracts; auditor01 finds it on 合同备案变更, sees old and new side by side and
 * rejects it with an opinion; the agency edits and resubmits the same request; the auditor approves;
 * the contract shows the new amount while the previous version stays readable from its change
 * history; the contract's flow lists its steps in order, the filing change last.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signedInClient, signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

interface Row {
  contractId: number;
  contractNo: string;
  contractName: string;
  amount: string | null;
}

/** '12345.6' → '¥12,345.60' (as the console shows money). */
const money = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return `¥${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
};

async function decide(page: Page, contractNo: string, decision: '审核通过' | '审核不通过', opinion?: string) {
  await page.goto('/contract/FilingCh');
  await expect(page.getByRole('heading', { level: 1, name: '合同备案变更' })).toBeVisible();
  await page.getByLabel('合同编号').fill(contractNo);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.getByRole('link', { name: contractNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: /备案变更/ })).toBeVisible();
  if (opinion) await page.getByLabel('审核意见', { exact: true }).fill(opinion);
  await page.getByRole('button', { name: decision }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(
    page.getByText(decision === '审核通过' ? '审核通过，变更已生效' : '已退回申请人修改', { exact: true }),
  ).toBeVisible();
}

test('an agency changes a filed contract through review; the previous version stays readable', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const baseUrl = process.env.E2E_BASE_URL as string;
  const agencyApi = await signedInClient(baseUrl, 'agency01');
  // A filed contract of agency01 that never had a filing change.
  const filed = await agencyApi.page<Row>('business', 'contract/query', {
    method: 'POST',
    body: { status: '3', pageIdx: '1', pageSize: '100' },
  });
  let contract: Row | undefined;
  for (const row of filed.rows) {
    const changes = await agencyApi.page<unknown>('business', 'contract/change/query', {
      query: { contractId: row.contractId },
    });
    if (changes.total === 0 && row.amount) {
      contract = row;
      break;
    }
  }
  expect(contract, 'a filed contract of agency01 without changes').toBeDefined();
  const { contractId, contractNo, amount } = contract!;
  const oldAmount = money(amount!);

  // The agency asks for a new amount on the contract's detail page.
  const agency = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(agency, 'agency01', `/contract/contractDetails?contractId=${contractId}`);
  await expect(agency.getByRole('heading', { level: 2, name: '备案变更记录' })).toBeVisible();
  await expect(agency.getByText('暂无备案变更。')).toBeVisible();
  await agency.getByRole('button', { name: '申请备案变更' }).click();
  await agency.getByLabel('变更后合同金额（元）').fill('123456.70');
  await agency.getByLabel('付款方式').fill('合同签订后支付百分之三十，验收合格后付清余款');
  await agency.getByLabel('变更原因').fill('增加地下管线测量，双方协商调整金额');
  await agency.getByRole('button', { name: '提交变更申请' }).click();
  await expect(agency.getByText('变更申请已提交，请等待审核')).toBeVisible();
  // Until a decision, the contract keeps its filed amount.
  await expect(agency.getByText(oldAmount).first()).toBeVisible();

  // The auditor sees old and new side by side and rejects it.
  const auditor = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(auditor, 'auditor01', '/contract/FilingCh');
  await expect(auditor.getByRole('link', { name: contractNo }).first()).toBeVisible();
  await auditor.screenshot({ path: screenshotPath('contract-change-todo-1366'), fullPage: true });
  expect(await accessibilityViolations(auditor)).toEqual([]);
  await auditor.getByLabel('合同编号').fill(contractNo);
  await auditor.getByRole('button', { name: '查询', exact: true }).click();
  await auditor.getByRole('link', { name: contractNo }).click();
  const comparison = auditor.getByRole('table', { name: '变更前后对照' });
  const amountRow = comparison.getByRole('row', { name: /合同金额（已变更）/ });
  await expect(amountRow.getByRole('cell').nth(0)).toHaveText(oldAmount);
  await expect(amountRow.getByRole('cell').nth(1)).toHaveText('¥123,456.70');
  await expect(comparison.getByRole('row', { name: /付款方式（已变更）/ })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /履行开始日期（已变更）/ })).toHaveCount(0);
  await auditor.screenshot({ path: screenshotPath('contract-change-compare-1366'), fullPage: true });
  expect(await accessibilityViolations(auditor)).toEqual([]);
  await auditor.getByLabel('审核意见', { exact: true }).fill('请附双方签字的补充协议');
  await auditor.getByRole('button', { name: '审核不通过' }).click();
  await auditor.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(auditor.getByText('已退回申请人修改', { exact: true })).toBeVisible();

  // The agency reads the opinion, edits and resubmits the same request.
  await agency.goto(`/contract/contractDetails?contractId=${contractId}`);
  await agency.getByRole('link', { name: '查看变更前后' }).first().click();
  await expect(agency.getByLabel('审核记录').getByText('请附双方签字的补充协议')).toBeVisible();
  await agency.getByRole('button', { name: '修改变更申请' }).click();
  await agency.getByLabel('变更后合同金额（元）').fill('120000.00');
  await agency.getByLabel('变更原因').fill('增加地下管线测量，已附补充协议');
  await agency.getByRole('button', { name: '提交变更申请' }).click();
  await expect(agency.getByText('变更申请已提交，请等待审核')).toBeVisible();

  // The auditor approves; the change applies.
  await decide(auditor, contractNo, '审核通过');

  // The contract shows the new amount; the previous version stays readable in its change.
  await agency.goto(`/contract/contractDetails?contractId=${contractId}`);
  await expect(agency.getByText('¥120,000.00').first()).toBeVisible();
  const history = agency.getByRole('table', { name: /备案变更记录/ });
  await expect(history.getByRole('cell', { name: oldAmount })).toBeVisible();
  await expect(history.getByRole('cell', { name: '¥120,000.00' })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('contract-change-history-1366'), fullPage: true });
  await history.getByRole('link', { name: '查看变更前后' }).click();
  await expect(agency.getByText('本次变更已生效')).toBeVisible();
  const applied = agency.getByRole('table', { name: '变更前后对照' }).getByRole('row', { name: /合同金额/ });
  await expect(applied.getByRole('cell').nth(0)).toHaveText(oldAmount);
  await expect(applied.getByRole('cell').nth(1)).toHaveText('¥120,000.00');
  await expect(agency.getByRole('button', { name: '修改变更申请' })).toHaveCount(0);

  // The flow lists the steps in order, the filing change last.
  await agency.goto(`/contract/ContractListFlowOne?contractId=${contractId}`);
  const timeline = agency.getByRole('list', { name: '流转记录' });
  await expect(timeline).toContainText('第 1 次备案变更审核通过，变更生效（合同金额');
  await expect(timeline).toContainText(`${oldAmount} → ¥120,000.00`);
  const events = timeline.getByRole('listitem');
  const labels = await events.evaluateAll((items) =>
    items.map((item) => item.querySelector('.ct-events__label')?.textContent ?? ''),
  );
  const order = [
    '起草合同',
    '提交合同备案',
    '合同备案审核通过',
    '提交第 1 次备案变更',
    '第 1 次备案变更审核不通过',
    '重新提交第 1 次备案变更',
    '第 1 次备案变更审核通过',
  ];
  let from = 0;
  for (const label of order) {
    const at = labels.findIndex((text, index) => index >= from && text.startsWith(label));
    expect(at, `${label} after position ${from} in ${labels.join(' | ')}`).toBeGreaterThanOrEqual(from);
    from = at + 1;
  }
  await expect(
    agency.getByRole('list', { name: '流转记录' }).getByText('请附双方签字的补充协议'),
  ).toBeVisible();
  await agency.screenshot({ path: screenshotPath('contract-flow-one-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);
});

test('the flow process and the flow list render demo data for their roles', async ({ browser }) => {
  test.setTimeout(120_000);
  const fresh = async () => (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  let page = await fresh();
  await signInToConsole(page, 'agency01', '/contract/flowProcess');
  await expect(page.getByRole('heading', { level: 1, name: '流程进度' })).toBeVisible();
  const changing = page.getByRole('link', { name: /备案变更审核：\d+ 份合同/ });
  await expect(changing).toBeVisible();
  await page.screenshot({ path: screenshotPath('contract-flow-process-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await changing.click();
  await expect(page.getByRole('heading', { level: 1, name: '合同流转' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /审核人员/ }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('contract-flow-list-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('contract-flow-list-390'), fullPage: true });

  // The auditor's done list holds the demo decisions; the owner sees its unit's process.
  page = await fresh();
  await signInToConsole(page, 'auditor01', '/contract/FilingChDone');
  await expect(page.getByRole('cell', { name: '审核通过' }).first()).toBeVisible();
  page = await fresh();
  await signInToConsole(page, 'owner01', '/contract/flowProcess');
  await expect(
    page.getByRole('heading', { level: 2, name: /合同备案流程（共 [1-9]\d* 份合同）/ }),
  ).toBeVisible();
});
