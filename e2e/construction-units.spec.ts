/**
 * Construction unit verification (issue 12): owner04 (a demo owner without a unit) fills in its unit
 * with the business licence and submits it; the authority rejects it with an opinion on the
 * information review; the owner sees the opinion, resubmits; the authority verifies it.
 */
import { expect, test } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { accessibilityViolations } from './fixtures/a11y';
import { applyRejectResubmitApprove, creditCode } from './fixtures/registration';

const unitName = '云州市端到端建设开发有限公司';

test('an owner submits its unit, is rejected with an opinion, resubmits and is verified', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { applicant: owner, reviewer: authority } = await applyRejectResubmitApprove(browser, {
    name: unitName,
    creditCode: creditCode('91379902MA3C0DE3X'),
    applicant: {
      account: 'owner04',
      path: '/construction/update',
      heading: '单位信息',
      submit: '提交认证',
      pending: '单位信息已提交，正在审核中。',
    },
    reviewer: {
      account: 'authority01',
      path: '/usercenter/jsdwVerify',
      heading: '建设单位认证',
      approved: '认证通过',
      rejected: '已退回认证申请',
    },
    fill: async (page) => {
      await page.getByLabel('单位名称').fill(unitName);
      await page.getByLabel('法定代表人').fill('钱建设');
      await page.getByLabel('联系人').fill('孙联络');
      await page.getByLabel('联系电话').fill('13912341111');
      await page.getByLabel('所在区县').selectOption({ label: '云中区' });
      await page.getByLabel('单位地址').fill('云州市云中区建设大道18号');
    },
    files: { '营业执照（必须）': '营业执照.pdf' },
    rejection: {
      opinion: '营业执照扫描件不清晰，请重新上传。',
      shown: (page) => expect(page.getByText(/认证审核不通过.*营业执照扫描件不清晰/)).toBeVisible(),
      fix: { label: '营业执照（必须）', file: '营业执照清晰版.pdf' },
    },
    approval: '材料齐全，认证通过。',
    screenshots: { form: 'construction-update', review: 'construction-review' },
    viewport: { width: 1366, height: 900 },
  });

  await authority.goto('/usercenter/jsdwVerifyDone');
  await expect(authority.getByRole('link', { name: unitName }).first()).toBeVisible();

  await owner.goto('/usercenter/jsdwVerifyInfo');
  await expect(owner.getByRole('heading', { level: 1, name: '建设单位认证信息' })).toBeVisible();
  await expect(owner.getByLabel('审核记录').getByText('材料齐全，认证通过。')).toBeVisible();
  await owner.screenshot({ path: screenshotPath('construction-info-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
});
