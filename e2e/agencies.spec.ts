/**
 * The agency application (issue 12): agency02 (a demo account without an organization) fills in its
 * organization with the licence and the certificate and submits it; the authority rejects it with an
 * opinion; the agency sees the opinion, resubmits; the authority approves; the hall directory (a page
 * the front caches) shows the agency at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

const orgName = '云州市端到端测绘有限公司';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
});

/** 91379902MA3C0DE1X with its GB 32100 check character. */
const CREDIT_CODE = (() => {
  const set = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = '91379902MA3C0DE1X';
  const sum = [...body].reduce((total, ch, i) => total + set.indexOf(ch) * (weights[i] as number), 0);
  return body + set[(31 - (sum % 31)) % 31];
})();

async function decide(page: Page, decision: '审核通过' | '审核不通过', opinion: string) {
  const outcome = decision === '审核通过' ? '审核通过，机构已在办事大厅公示' : '已退回申请';
  if (page.url().startsWith('http')) await page.goto('/intermediary/orglist');
  else await signInToConsole(page, 'authority01', '/intermediary/orglist');
  await expect(page.getByRole('heading', { level: 1, name: '机构列表' })).toBeVisible();
  await page.getByRole('link', { name: orgName }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(page.getByRole('link', { name: /营业执照/ }).first()).toBeVisible();
  await page.getByLabel('审核意见', { exact: true }).fill(opinion);
  await page.getByRole('button', { name: decision }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(outcome, { exact: true })).toBeVisible();
  await expect(page.getByLabel('审核记录').getByText(opinion)).toBeVisible();
}

test('an agency applies, is rejected with an opinion, resubmits, is approved and shows in the hall', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const agency = await (await browser.newContext()).newPage();
  await signInToConsole(agency, 'agency02', '/usercenter/orgapply');
  await expect(agency.getByRole('heading', { level: 1, name: '机构申请' })).toBeVisible();

  // A wrong check character is refused in the browser with the shared message.
  await agency
    .getByLabel('统一社会信用代码')
    .fill(CREDIT_CODE.slice(0, 17) + (CREDIT_CODE.endsWith('0') ? '1' : '0'));
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByRole('alert').getByText('统一社会信用代码校验位不正确').first()).toBeVisible();

  await agency.getByLabel('机构名称').fill(orgName);
  await agency.getByLabel('统一社会信用代码').fill(CREDIT_CODE);
  await agency.getByLabel('法定代表人').fill('王建国');
  await agency.getByLabel('登记机关').fill('云州市市场监督管理局');
  await agency.getByLabel('资质证书编号').fill('乙测资字37990099');
  await agency.getByLabel('资质等级').selectOption({ label: '乙级' });
  await agency.getByLabel('所在区县').selectOption({ label: '云中区' });
  await agency.getByLabel('办公地址').fill('云州市云中区测绘路8号');
  await agency.getByLabel('联系人').fill('赵敏');
  await agency.getByLabel('联系电话').fill('13912340000');
  await agency.getByRole('checkbox', { name: '规划放线测量' }).check();
  await agency.getByRole('checkbox', { name: '房产实测绘' }).check();
  await agency.getByLabel('营业执照（必须）').setInputFiles(pdf('营业执照.pdf'));
  await agency.getByLabel('资质证书（必须）').setInputFiles(pdf('资质证书.pdf'));
  await agency.screenshot({ path: screenshotPath('agencies-apply-1366'), fullPage: true });
  expect(await accessibilityViolations(agency)).toEqual([]);
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('提交成功，请等待审核')).toBeVisible();
  await expect(agency.getByText('申请已提交，正在审核中。')).toBeVisible();

  const authority = await (await browser.newContext()).newPage();
  await decide(authority, '审核不通过', '资质证书扫描件不清晰，请重新上传。');
  await authority.screenshot({ path: screenshotPath('agencies-review-1366'), fullPage: true });

  await agency.reload();
  await expect(agency.getByText('申请审核不通过，请根据审核意见修改后重新提交。')).toBeVisible();
  await expect(agency.getByText('资质证书扫描件不清晰，请重新上传。')).toBeVisible();
  await agency.getByLabel('资质证书（必须）').setInputFiles(pdf('资质证书清晰版.pdf'));
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('提交成功，请等待审核')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await muteNoticeDialog(visitor);
  await visitor.goto(`/intermediaryhall/orgselect?orgName=${encodeURIComponent('端到端')}`);
  await expect(visitor.getByRole('link', { name: orgName })).toHaveCount(0);

  await decide(authority, '审核通过', '材料齐全，同意通过。');
  await visitor.reload();
  await visitor.getByRole('link', { name: orgName }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: orgName })).toBeVisible();

  await agency.goto('/usercenter/orgdone');
  await expect(agency.getByText('审核通过').first()).toBeVisible();
  await agency.screenshot({ path: screenshotPath('agencies-done-1366'), fullPage: true });

  // A change request: reviewed side by side, applied only on approval.
  const newAddress = '云州市云中区新址大道99号';
  await agency.goto('/usercenter/OrgChangeApply');
  await expect(agency.getByRole('heading', { level: 1, name: '机构变更申请' })).toBeVisible();
  await agency.getByLabel('办公地址').fill(newAddress);
  await agency.getByLabel('变更原因').fill('办公地址搬迁');
  await agency.getByRole('button', { name: '提交变更申请' }).click();
  await expect(agency.getByText('提交成功，请等待审核')).toBeVisible();
  await agency.goto('/usercenter/orgdone');
  await expect(agency.getByText('云州市云中区测绘路8号')).toBeVisible();

  await authority.goto('/intermediary/OrgChange');
  await authority.getByRole('link', { name: orgName }).click();
  await expect(authority.getByRole('row', { name: /办公地址（已变更）/ })).toContainText(newAddress);
  await expect(authority.getByRole('row', { name: /联系电话/ })).not.toContainText('已变更');
  await authority.getByLabel('审核意见', { exact: true }).fill('同意变更。');
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，变更已生效')).toBeVisible();
  await authority.screenshot({ path: screenshotPath('agencies-change-1366'), fullPage: true });
  await agency.reload();
  await expect(agency.getByText(newAddress)).toBeVisible();
});
