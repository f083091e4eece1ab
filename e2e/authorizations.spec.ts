/**
 * Authorization of a demand, end to end (issue 13): owner01 authorizes an eligible agency (agency01)
 * for a released project, agency01 accepts it from its to-do (the project shows 已委托), owner01 asks
 * to replace it by agency05's organization, authority01 approves the change, and agency05 finds the
 * offer in its own to-do.
 */
import { expect, test } from '@playwright/test';
import { screenshotPath } from './fixtures/hall';
import { signedInClient, signInToConsole } from './fixtures/identity';
import { accessibilityViolations } from './fixtures/a11y';

const AGENCY01_ORG = 1;

test('an owner authorizes an agency, it accepts, the agency is changed through review', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const baseUrl = process.env.E2E_BASE_URL as string;
  const ownerApi = await signedInClient(baseUrl, 'owner01');
  const agency05Api = await signedInClient(baseUrl, 'agency05');
  const newOrg = (await agency05Api.object<{ organizationId: number }>('business', 'agentorg/querySelf'))
    .organizationId;

  // A released project of owner01 never offered to anyone, for which both agencies are eligible.
  let projectId = 0;
  for (let id = 1; id <= 600 && projectId === 0; id++) {
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
      const ids = candidates.map((c) => c.organizationId);
      if (ids.includes(AGENCY01_ORG) && ids.includes(newOrg)) projectId = id;
    } catch {
      // Another owner's project (404): not ours.
    }
  }
  expect(projectId, 'a released project of owner01 without an offer').toBeGreaterThan(0);

  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(owner, 'owner01', `/notdchy/DemandDetails?projectId=${projectId}`);
  await expect(owner.getByText('尚未委托中介机构。')).toBeVisible();
  await owner.getByLabel('中介机构').selectOption(String(AGENCY01_ORG));
  await owner.getByRole('button', { name: '确认委托' }).click();
  await expect(owner.getByText('委托成功，等待中介机构答复')).toBeVisible();
  const [offer] = await ownerApi.object<{ projectName: string; authorizationId: number }[]>(
    'business',
    'project/getProjectDemandAuthorization',
    { query: { projectId } },
  );
  const projectName = offer!.projectName;
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 需求委托` })).toBeVisible();
  await owner.screenshot({ path: screenshotPath('authorization-demand-1366'), fullPage: true });
  expect(await accessibilityViolations(owner)).toEqual([]);

  // agency01 accepts from its to-do.
  const agency = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(
    agency,
    'agency01',
    `/notdchy/toDoList?projectName=${encodeURIComponent(projectName)}`,
  );
  await expect(agency.getByRole('heading', { level: 1, name: '待办需求' })).toBeVisible();
  await agency.screenshot({ path: screenshotPath('authorization-todo-1366'), fullPage: true });
  // Demo projects may share a name: the link of this very offer.
  await agency.locator(`a[href="/notdchy/Detials?id=${offer!.authorizationId}"]`).click();
  await expect(agency.getByRole('heading', { level: 1, name: `${projectName} · 委托详情` })).toBeVisible();
  expect(await accessibilityViolations(agency)).toEqual([]);
  await agency.screenshot({ path: screenshotPath('authorization-detail-1366'), fullPage: true });
  await agency.getByRole('button', { name: '接受委托' }).click();
  await expect(agency.getByText('已接受委托', { exact: true })).toBeVisible();
  await expect(agency.getByText('已委托', { exact: true })).toBeVisible();

  // owner01 asks for a change to agency05's organization.
  await owner.goto('/demandmanger/demandAuthChange');
  await expect(owner.getByRole('heading', { level: 1, name: '授权变更' })).toBeVisible();
  await owner.getByRole('button', { name: `申请变更 ${projectName}` }).click();
  await owner.getByLabel('新的中介机构').selectOption(String(newOrg));
  await owner.getByLabel('变更原因').fill('原机构人员调整，无法按期进场');
  await owner.screenshot({ path: screenshotPath('authorization-change-1366'), fullPage: true });
  await owner.getByRole('button', { name: '提交审核' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `${projectName} · 授权变更` })).toBeVisible();
  await expect(owner.getByText('待审核').first()).toBeVisible();

  // authority01 approves it from its to-do.
  const authority = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(authority, 'authority01', '/checkaddaccreditation/check');
  await authority.getByRole('link', { name: projectName }).first().click();
  await expect(authority.getByRole('heading', { level: 1, name: `${projectName} · 授权变更` })).toBeVisible();
  await authority.getByRole('button', { name: '审核通过' }).click();
  await authority.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(authority.getByText('审核通过，已变更受托机构')).toBeVisible();
  await authority.screenshot({ path: screenshotPath('authorization-check-1366'), fullPage: true });
  expect(await accessibilityViolations(authority)).toEqual([]);

  // agency05 finds the offer in its to-do.
  const next = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInToConsole(next, 'agency05', `/notdchy/toDoList?projectName=${encodeURIComponent(projectName)}`);
  await expect(next.getByRole('link', { name: projectName })).toBeVisible();
  await next.screenshot({ path: screenshotPath('authorization-todo-390'), fullPage: true });
});
