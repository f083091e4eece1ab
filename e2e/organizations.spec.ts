/**
 * Organizations seen from the side (issue 12): the administrator assigns the agency reviewer on
 * /audituser and a resubmitted application is routed to them; the dishonest check finds a flagged legal
 * person (from 机构关联 too); the pass-rate page shows the counts per registration organ and per
 * organization; the contact page lists whom to call.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';
import { submitRegistration } from './fixtures/registration';

/** authority01's row on the agency reviewers' page, once listed. */
const reviewerRow = (page: Page) => page.getByRole('row', { name: /authority01/ });

test('an administrator assigns the agency reviewer; a resubmitted application is routed to them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signInToConsole(admin, 'admin', '/audituser/agentorg_audit_users');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(admin.getByText('尚未指定审核人员：由具备审核角色的全部人员审核')).toBeVisible();
  await admin.getByRole('checkbox', { name: /authority01/ }).check();
  await admin.getByRole('button', { name: '添加所选人员' }).click();
  await expect(reviewerRow(admin)).toBeVisible();
  const openBefore = Number((await reviewerRow(admin).getByRole('cell').nth(4).innerText()).trim());
  await admin.screenshot({ path: screenshotPath('orgs-audit-users-1366'), fullPage: true });

  // agency04's application was rejected; it resubmits unchanged.
  const agency = await (await browser.newContext()).newPage();
  await signInToConsole(agency, 'agency04', '/usercenter/orgapply');
  await expect(agency.getByText('申请审核不通过，请根据审核意见修改后重新提交。')).toBeVisible();
  const orgName = await agency.getByLabel('机构名称').inputValue();
  await submitRegistration(agency, '提交审核');

  // The new task is authority01's: one more open task on the page, and in their to-do.
  await admin.reload();
  await expect(reviewerRow(admin).getByRole('cell').nth(4)).toHaveText(String(openBefore + 1));
  const reviewer = await (await browser.newContext()).newPage();
  await signInToConsole(reviewer, 'authority01', '/intermediary/orglist');
  await expect(reviewer.getByRole('link', { name: orgName })).toBeVisible();

  // Leave the pool as the demo data has it (other specs review with the whole pool).
  await reviewerRow(admin).getByRole('button', { name: '删除' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText('尚未指定审核人员：由具备审核角色的全部人员审核')).toBeVisible();
});

test('the dishonest check finds the flags of a legal person, also from 机构关联', async ({ page }) => {
  test.setTimeout(120_000);
  const flagged = (await (
    await page.request.get('/smsend/agentorg/query?credit=blacklisted&rows=5')
  ).json()) as { rows: { orgName: string; legalPersonName: string }[] };
  const target = flagged.rows[0];
  expect(target, 'the demo data has a blacklisted agency').toBeDefined();
  await signInToConsole(page, 'authority01', '/intermediary/dishonest');
  await page.getByLabel('法定代表人').fill(target!.legalPersonName);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const result = page.getByRole('table', { name: '核查结果' });
  const row = result.getByRole('row', { name: new RegExp(target!.orgName) });
  await expect(row).toContainText('黑名单');
  await page.screenshot({ path: screenshotPath('orgs-dishonest-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // 机构关联 links each agency to its checks: the same answer without typing.
  await page.goto(`/intermediary/OrgListConnect?orgName=${encodeURIComponent(target!.orgName)}`);
  await expect(page.getByRole('heading', { level: 1, name: '机构关联' })).toBeVisible();
  const connected = page.getByRole('row', { name: new RegExp(target!.orgName) });
  await connected.getByRole('link', { name: '失信核查' }).click();
  await expect(page.getByLabel('法定代表人')).toHaveValue(target!.legalPersonName);
  await expect(
    page.getByRole('table', { name: '核查结果' }).getByRole('row', { name: new RegExp(target!.orgName) }),
  ).toContainText('黑名单');

  await page.goto(`/intermediary/OrgListConnect?orgName=${encodeURIComponent(target!.orgName)}`);
  await page
    .getByRole('row', { name: new RegExp(target!.orgName) })
    .getByRole('link', { name: '联系人' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: target!.orgName })).toBeVisible();
  await expect(page.getByRole('heading', { name: '联系方式' })).toBeVisible();
  await expect(page.getByRole('table', { name: '在册从业人员' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: screenshotPath('orgs-contact-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the pass-rate page shows the approved share of decided applications with the counts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, 'authority01', '/intermediary/orgpassrate');
  await expect(page.getByRole('heading', { level: 1, name: '机构通过率' })).toBeVisible();
  const organs = page.getByRole('table', { name: '按登记机关汇总的申请通过率' });
  await expect(organs.getByRole('row').nth(1)).toBeVisible();
  const orgs = page.getByRole('table', { name: '各机构的申请通过率' });
  await expect(orgs.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: screenshotPath('orgs-passrate-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Every row's share is its approvals over its decisions.
  const cells = await orgs.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
  const [decided, approved, rejected, share] = cells.slice(3).map((text) => text.trim());
  expect(Number(decided)).toBe(Number(approved) + Number(rejected));
  expect(share).toBe(`${((Number(approved) / Number(decided)) * 100).toFixed(1)}%`);

  // Narrowed to one credit code: one organization, and its organ's summary only.
  const credential = cells[1]!.trim();
  await page.getByLabel('统一社会信用代码').fill(credential);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/credential=/);
  await expect(orgs.getByRole('row')).toHaveCount(2);
  await expect(organs.getByRole('row')).toHaveCount(2);
  await expect(organs.getByRole('row').nth(1)).toContainText(decided!);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // The phone layout shows each row as a card (no table rows for the accessibility tree).
  await expect(page.getByRole('link', { name: cells[0]!.trim() })).toBeVisible();
  await page.screenshot({ path: screenshotPath('orgs-passrate-390'), fullPage: true });
});

test('a verified unit changes through review: old and new side by side, applied on approval', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const newAddress = '云州市云中区建设新路66号';
  const owner = await (await browser.newContext()).newPage();
  await signInToConsole(owner, 'owner01', '/construction/update');
  await expect(owner.getByRole('heading', { name: '信息变更申请' })).toBeVisible();
  const oldAddress = await owner.getByLabel('单位地址').inputValue();
  await owner.getByLabel('单位地址').fill(newAddress);
  await owner.getByRole('button', { name: '提交变更申请' }).click();
  await expect(owner.getByRole('alert').getByText('请填写变更原因').first()).toBeVisible();
  await owner.getByLabel('变更原因').fill('单位搬迁');
  await owner.getByRole('button', { name: '提交变更申请' }).click();
  await expect(owner.getByText('提交成功，请等待审核')).toBeVisible();
  // The unit's data stays in force meanwhile.
  await owner.goto('/usercenter/jsdwVerifyInfo');
  await expect(owner.getByText(oldAddress)).toBeVisible();
  await expect(owner.getByText('有一项信息变更申请尚未完成。')).toBeVisible();

  const authority = await (await browser.newContext()).newPage();
  await signInToConsole(authority, 'authority01', '/usercenter/jsdwVerify?view=changes');
  await expect(authority.getByRole('link', { name: '变更待审' })).toHaveAttribute('aria-current', 'page');
  const rows = authority.getByRole('table', { name: '待审核的建设单位变更' }).getByRole('row');
  await expect(rows).toHaveCount(3); // the header, the demo data's change and this one
  await rows.filter({ hasText: '单位搬迁' }).getByRole('link').click();
  await expect(authority.getByRole('row', { name: /单位地址（已变更）/ })).toContainText(newAddress);
  await expect(authority.getByRole('row', { name: /联系电话/ })).not.toContainText('已变更');
  await authority.screenshot({ path: screenshotPath('orgs-unit-change-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);
  await authority.getByLabel('审核意见', { exact: true }).fill('同意变更。');
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，变更已生效')).toBeVisible();

  await owner.reload();
  await expect(owner.getByText(newAddress)).toBeVisible();
  await expect(owner.getByText('有一项信息变更申请尚未完成。')).toHaveCount(0);
});

test("the authority downloads an agency's contracts: one PDF, and the checked ones as a zip", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // From 机构关联, the agency row leads to its contracts.
  await signInToConsole(page, 'authority01', '/intermediary/OrgListConnect');
  await page
    .getByRole('table', { name: '审核通过的中介机构及其关联信息' })
    .getByRole('link', { name: '合同下载' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/intermediary\/contractDownList\?organizationId=\d+/);
  // agency01's organization (the demo data's first agency, with contracts).
  await page.goto('/intermediary/contractDownList?organizationId=1');
  const table = page.getByRole('table', { name: '该机构的合同' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('合同下载：');
  await page.screenshot({ path: screenshotPath('orgs-contract-down-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  const pdfLink = table
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^下载 PDF/ });
  const downloading = page.waitForEvent('download');
  await pdfLink.click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await table.getByRole('row').nth(1).getByRole('checkbox').check();
  const zipping = page.waitForEvent('download');
  await page.getByRole('button', { name: '打包下载合同文本（1 份）' }).click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const zipBytes = await readFile((await zip.path())!);
  expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
});
