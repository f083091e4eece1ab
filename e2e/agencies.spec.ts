/**
 * The agency application (issue 12): agency02 (a demo account without an organization) fills in its
 * organization with the licence and the certificate and submits it; the authority rejects it with an
 * opinion; the agency sees the opinion, resubmits; the authority approves; the hall directory (a page
 * the front caches) shows the agency at once.
 */
import { expect, test } from '@playwright/test';
import { muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { applyRejectResubmitApprove, creditCode } from './fixtures/registration';

const orgName = '云州市端到端测绘有限公司';

test('an agency applies, is rejected with an opinion, resubmits, is approved and shows in the hall', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const visitor = await (await browser.newContext()).newPage();
  await muteNoticeDialog(visitor);
  const { applicant: agency, reviewer: authority } = await applyRejectResubmitApprove(browser, {
    name: orgName,
    creditCode: creditCode('91379902MA3C0DE1X'),
    applicant: {
      account: 'agency02',
      path: '/usercenter/orgapply',
      heading: '机构申请',
      submit: '提交审核',
      pending: '申请已提交，正在审核中。',
    },
    reviewer: {
      account: 'authority01',
      path: '/intermediary/orglist',
      heading: '机构列表',
      approved: '审核通过，机构已在办事大厅公示',
      rejected: '已退回申请',
    },
    fill: async (page) => {
      await page.getByLabel('机构名称').fill(orgName);
      await page.getByLabel('法定代表人').fill('王建国');
      await page.getByLabel('登记机关').fill('云州市市场监督管理局');
      await page.getByLabel('资质证书编号').fill('乙测资字37990099');
      await page.getByLabel('资质等级').selectOption({ label: '乙级' });
      await page.getByLabel('所在区县').selectOption({ label: '云中区' });
      await page.getByLabel('办公地址').fill('云州市云中区测绘路8号');
      await page.getByLabel('联系人').fill('赵敏');
      await page.getByLabel('联系电话').fill('13912340000');
      await page.getByRole('checkbox', { name: '规划放线测量' }).check();
      await page.getByRole('checkbox', { name: '房产实测绘' }).check();
    },
    files: { '营业执照（必须）': '营业执照.pdf', '资质证书（必须）': '资质证书.pdf' },
    rejection: {
      opinion: '资质证书扫描件不清晰，请重新上传。',
      shown: async (page) => {
        await expect(page.getByText('申请审核不通过，请根据审核意见修改后重新提交。')).toBeVisible();
        await expect(page.getByText('资质证书扫描件不清晰，请重新上传。')).toBeVisible();
      },
      fix: { label: '资质证书（必须）', file: '资质证书清晰版.pdf' },
    },
    approval: '材料齐全，同意通过。',
    screenshots: { form: 'agencies-apply', review: 'agencies-review' },
    // Not in the hall before the approval; a page the front caches, so the approval must drop it.
    beforeApproval: async () => {
      await visitor.goto(`/intermediaryhall/orgselect?orgName=${encodeURIComponent('端到端')}`);
      await expect(visitor.getByRole('link', { name: orgName })).toHaveCount(0);
    },
  });
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
