/**
 * Construction unit verification (issue 12): owner04 (a demo owner without a unit) fills in its unit
 * with the business licence and submits it; the authority rejects it with an opinion on the
 * information review; the owner sees the opinion, resubmits; the authority verifies it.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

const unitName = '云州市端到端建设开发有限公司';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
});

/** 91379902MA3C0DE3X with its GB 32100 check character. */
const CREDIT_CODE = (() => {
  const set = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = '91379902MA3C0DE3X';
  const sum = [...body].reduce((total, ch, i) => total + set.indexOf(ch) * (weights[i] as number), 0);
  return body + set[(31 - (sum % 31)) % 31];
})();

async function decide(page: Page, decision: '审核通过' | '审核不通过', opinion: string) {
  const outcome = decision === '审核通过' ? '认证通过' : '已退回认证申请';
  if (page.url().startsWith('http')) await page.goto('/usercenter/jsdwVerify');
  else await signInToConsole(page, 'authority01', '/usercenter/jsdwVerify');
  await expect(page.getByRole('heading', { level: 1, name: '建设单位认证' })).toBeVisible();
  await page.getByRole('link', { name: unitName }).click();
  await expect(page.getByRole('heading', { level: 1, name: unitName })).toBeVisible();
  await expect(page.getByRole('link', { name: /营业执照/ }).first()).toBeVisible();
  await page.getByLabel('审核意见', { exact: true }).fill(opinion);
  await page.getByRole('button', { name: decision }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(outcome, { exact: true })).toBeVisible();
  await expect(page.getByLabel('审核记录').getByText(opinion)).toBeVisible();
}

test('an owner submits its unit, is rejected with an opinion, resubmits and is verified', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(owner, 'owner04', '/construction/update');
  await expect(owner.getByRole('heading', { level: 1, name: '单位信息' })).toBeVisible();

  // A wrong check character is refused in the browser with the shared message.
  await owner
    .getByLabel('统一社会信用代码')
    .fill(CREDIT_CODE.slice(0, 17) + (CREDIT_CODE.endsWith('0') ? '1' : '0'));
  await owner.getByRole('button', { name: '提交认证' }).click();
  await expect(owner.getByRole('alert').getByText('统一社会信用代码校验位不正确').first()).toBeVisible();

  await owner.getByLabel('单位名称').fill(unitName);
  await owner.getByLabel('统一社会信用代码').fill(CREDIT_CODE);
  await owner.getByLabel('法定代表人').fill('钱建设');
  await owner.getByLabel('联系人').fill('孙联络');
  await owner.getByLabel('联系电话').fill('13912341111');
  await owner.getByLabel('所在区县').selectOption({ label: '云中区' });
  await owner.getByLabel('单位地址').fill('云州市云中区建设大道18号');
  await owner.getByLabel('营业执照（必须）').setInputFiles(pdf('营业执照.pdf'));
  await owner.screenshot({ path: screenshotPath('construction-update-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: '提交认证' }).click();
  await expect(owner.getByText('提交成功，请等待审核')).toBeVisible();
  await expect(owner.getByText('单位信息已提交，正在审核中。')).toBeVisible();

  const authority = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await decide(authority, '审核不通过', '营业执照扫描件不清晰，请重新上传。');
  await authority.screenshot({ path: screenshotPath('construction-review-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);

  await owner.reload();
  await expect(owner.getByText(/认证审核不通过.*营业执照扫描件不清晰/)).toBeVisible();
  await owner.getByLabel('营业执照（必须）').setInputFiles(pdf('营业执照清晰版.pdf'));
  await owner.getByRole('button', { name: '提交认证' }).click();
  await expect(owner.getByText('提交成功，请等待审核')).toBeVisible();

  await decide(authority, '审核通过', '材料齐全，认证通过。');
  await authority.goto('/usercenter/jsdwVerifyDone');
  await expect(authority.getByRole('link', { name: unitName }).first()).toBeVisible();

  await owner.goto('/usercenter/jsdwVerifyInfo');
  await expect(owner.getByRole('heading', { level: 1, name: '建设单位认证信息' })).toBeVisible();
  await expect(owner.getByLabel('审核记录').getByText('材料齐全，认证通过。')).toBeVisible();
  await owner.screenshot({ path: screenshotPath('construction-info-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);
});
