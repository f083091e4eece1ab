import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { muteNoticeDialog, screenshotPath } from './fixtures/hall';
import { signInThroughDialog, signInToConsole } from './fixtures/identity';

/**
 * Issue 12, staff attachments and accounts, agency change attachments: an agency adds a person with
 * the ID card copy and certificate (a missing copy gets a clear message), the authority previews them
 * and approves; the agency opens a staff-role login account (password shown once), the person signs in
 * and sees their own record, the agency disables the account; an agency change replaces the licence,
 * the authority compares old and new attachments and the approval applies them.
 */
test.describe.configure({ timeout: 150_000 });

const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const pdfBytes = (text: string) => Buffer.from(`%PDF-1.4\n%${text}\n`);

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('staff attachments are reviewed; an approved person gets a login account that the agency disables', async ({
  browser,
}) => {
  const agency = await newPage(browser);
  await signInToConsole(agency, 'agency01', '/orgstaff/staffadd');
  await expect(agency.getByRole('heading', { name: '新增从业人员', level: 1 })).toBeVisible();
  await agency.getByRole('textbox', { name: '姓名', exact: true }).fill('钱附件');
  // 37010219910203456 and its GB 11643 check character.
  await agency.getByLabel('身份证号码').fill('37010219910203456' + checkCharacter('37010219910203456'));
  await agency.getByLabel('手机号码').fill('13912340077');
  await agency.getByRole('textbox', { name: '证书编号' }).fill('ZC0531009988');
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('请上传身份证复印件').first()).toBeVisible();
  await agency.getByLabel('身份证复印件（必须）').setInputFiles({
    name: '身份证.png',
    mimeType: 'image/png',
    buffer: pngBytes,
  });
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByText('填写了证书编号的，请上传职业资格证书').first()).toBeVisible();
  await agency.getByLabel('职业资格证书（填写证书编号时必须）').setInputFiles({
    name: '资格证书.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('资格证书'),
  });
  await agency.screenshot({ path: screenshotPath('staff-add-files-1366'), fullPage: true });
  await agency.getByRole('button', { name: '提交审核' }).click();
  await expect(agency.getByRole('heading', { name: '从业人员：钱附件' })).toBeVisible();
  const staffUrl = agency.url();

  // The authority sees the files previewed and approves.
  const authority = await newPage(browser);
  await signInToConsole(authority, 'authority01', new URL(staffUrl).pathname + new URL(staffUrl).search);
  await expect(authority.getByRole('heading', { name: '从业人员：钱附件' })).toBeVisible();
  const preview = authority.getByRole('link', { name: '预览 资格证书.pdf' });
  await expect(preview).toBeVisible();
  const previewed = await authority.request.get((await preview.getAttribute('href'))!);
  expect(previewed.status()).toBe(200);
  expect(previewed.headers()['content-disposition']).toMatch(/^inline/);
  await expect(authority.getByRole('link', { name: '预览 身份证.png' })).toBeVisible();
  await authority.screenshot({ path: screenshotPath('staff-detail-files-1366'), fullPage: true });
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByRole('button', { name: '审核通过' })).toHaveCount(0);
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);

  // Another agency cannot fetch the file.
  const other = await newPage(browser);
  await signInToConsole(other, 'agency05', '/orgstaff/stafflist');
  expect((await other.request.get((await preview.getAttribute('href'))!)).status()).toBe(404);

  // The agency opens a login account with a generated password, shown once.
  await agency.reload();
  await expect(agency.getByRole('button', { name: '开通登录账号' })).toBeVisible();
  const loginname = `qfj${Date.now() % 100000}`;
  await agency.getByLabel('登录名').fill(loginname);
  await agency.getByRole('button', { name: '开通登录账号' }).click();
  const password = (await agency.locator('.staff-account__password').textContent())!.trim();
  expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/);
  await expect(agency.getByText('只显示这一次')).toBeVisible();
  await agency.screenshot({ path: screenshotPath('staff-account-1366'), fullPage: true });
  expect(await accessibilityViolations(agency, 'main')).toEqual([]);

  // The person signs in with the staff role and sees their own record, not the agency's lists.
  const staff = await newPage(browser);
  await muteNoticeDialog(staff);
  await staff.goto('/');
  await signInThroughDialog(staff, loginname, password);
  // The staff role's menu leads to its own record (本人信息).
  await staff.goto('/noticemanger/statistical');
  const menu = staff.getByRole('navigation', { name: '功能菜单' });
  await menu.getByRole('button', { name: '从业人员管理' }).click();
  await menu.getByRole('link', { name: '本人信息' }).click();
  await expect(staff).toHaveURL(/\/orgstaff\/staffdetail$/);
  await expect(staff.getByRole('heading', { name: '本人信息：钱附件' })).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole('link', { name: '预览 资格证书.pdf' })).toBeVisible();
  await staff.screenshot({ path: screenshotPath('staff-self-1366'), fullPage: true });
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.reload();
  await expect(staff.getByRole('heading', { name: '本人信息：钱附件' })).toBeVisible();
  await staff.screenshot({ path: screenshotPath('staff-self-390'), fullPage: true });
  expect((await staff.request.get('/smsend/agentstaff/query')).status()).toBe(403);

  // The person forgot the password: the agency resets it; the old session ends, the new password works.
  await agency.reload();
  await agency.getByRole('button', { name: '重置密码' }).click();
  await agency.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(agency.getByText(`账号 ${loginname} 的新密码`)).toBeVisible();
  const newPassword = (await agency.locator('.staff-account__password').textContent())!.trim();
  expect(newPassword).not.toBe(password);
  expect((await staff.request.get('/smsend/agentstaff/querySelf')).status()).toBe(401);
  await staff.setViewportSize({ width: 1366, height: 768 });
  await staff.goto('/');
  await signInThroughDialog(staff, loginname, newPassword);
  expect((await staff.request.get('/smsend/agentstaff/querySelf')).status()).toBe(200);

  // The agency disables the account: the person's session ends.
  await agency.reload();
  await agency.getByRole('button', { name: '停用账号' }).click();
  await agency.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(agency.getByText('账号已停用')).toBeVisible();
  expect((await staff.request.get('/smsend/agentstaff/querySelf')).status()).toBe(401);
});

test('an agency change replaces the licence: old and new side by side, applied on approval', async ({
  browser,
}) => {
  const agency = await newPage(browser);
  await signInToConsole(agency, 'agency01', '/usercenter/OrgChangeApply');
  await expect(agency.getByRole('heading', { level: 1, name: '机构变更申请' })).toBeVisible();
  await agency.getByLabel('营业执照').setInputFiles({
    name: '换发营业执照.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('换发营业执照'),
  });
  await agency.getByLabel('变更原因').fill('营业执照换发');
  await agency.getByRole('button', { name: '提交变更申请' }).click();
  await expect(agency.getByText('提交成功，请等待审核')).toBeVisible();

  const authority = await newPage(browser);
  await signInToConsole(authority, 'authority01', '/intermediary/OrgChange');
  await authority.getByRole('row').filter({ hasText: '附件' }).getByRole('link').first().click();
  await expect(authority.getByText('附件对照（已变更）')).toBeVisible();
  const before = authority.getByRole('region', { name: '变更前附件' });
  const after = authority.getByRole('region', { name: '变更后附件' });
  await expect(after.getByText('营业执照：换发营业执照.pdf')).toBeVisible();
  await expect(before.getByText('换发营业执照.pdf')).toHaveCount(0);
  const preview = after.getByRole('link', { name: '预览 营业执照：换发营业执照.pdf' });
  expect((await authority.request.get((await preview.getAttribute('href'))!)).status()).toBe(200);
  await authority.screenshot({ path: screenshotPath('agency-change-files-1366'), fullPage: true });
  expect(await accessibilityViolations(authority, 'main')).toEqual([]);
  await authority.getByLabel('审核意见', { exact: true }).fill('同意。');
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，变更已生效')).toBeVisible();

  // The agency's attachments now carry the new licence.
  const self = (await (await agency.request.post('/smsend/agentorg/querySelf')).json()) as {
    object: { attachments: { kind: number; fileName: string }[] };
  };
  expect(self.object.attachments.filter((file) => file.kind === 1).map((file) => file.fileName)).toEqual([
    '换发营业执照.pdf',
  ]);
});

/** GB 11643 check character of a 17-digit body. */
function checkCharacter(body: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (weights[i] as number), 0);
  return '10X98765432'[sum % 11] as string;
}
