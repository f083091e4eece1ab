/**
 * Data interfaces for other systems (issue 25): the administrator defines an interface over the
 * projects with conditions using all eight operators (some fixed, some the caller's parameters), adds
 * a consuming system and copies its key; the test then calls getQuery with that key as the other
 * system would and compares the rows with its own query of the same data (the administrator's project
 * list, filtered here by the same rules); the interface's page shows the calls in its access log; a
 * revoked key is refused.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { signInToConsole } from './fixtures/identity';

interface ProjectRow {
  pkid: number;
  projectNo: string;
  projectName: string;
  districtCode: string;
  status: number;
  createdAt: string;
}

/** The day of an instant in the city's time zone (UTC+8). */
const chinaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

/** Every project of a district, through the administrator's own list. */
async function projectsOf(page: Page, district: string): Promise<ProjectRow[]> {
  const rows: ProjectRow[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(
      `/smsend/project/query?districtCode=${district}&page=${n}&rows=100`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { rows: ProjectRow[] };
    rows.push(...body.rows);
    if (body.rows.length < 100) return rows;
  }
}

async function getQuery(request: APIRequestContext, key: string, form: Record<string, string>) {
  return request.post('/smsend/api/getQuery', { headers: { 'X-Api-Key': key }, form });
}

async function addCondition(
  page: Page,
  n: number,
  field: RegExp,
  operator: string,
  value: { fixed: string } | { param: string },
) {
  const dialog = page.getByRole('dialog', { name: '新增接口' });
  await dialog.getByRole('button', { name: '添加条件' }).click();
  await dialog
    .getByLabel(`条件 ${n} 字段`)
    .selectOption({ label: (await optionLabel(page, n, field)) ?? '' });
  await dialog.getByLabel(`条件 ${n} 比较方式`).selectOption({ label: operator });
  if ('fixed' in value) {
    await dialog.getByLabel(`条件 ${n} 值来源`).selectOption({ label: '固定值' });
    await dialog.getByLabel(`条件 ${n} 固定值`).fill(value.fixed);
  } else {
    await dialog.getByLabel(`条件 ${n} 参数名`).fill(value.param);
  }
}

async function optionLabel(page: Page, n: number, field: RegExp) {
  const options = await page.getByLabel(`条件 ${n} 字段`).locator('option').allInnerTexts();
  return options.find((text) => field.test(text));
}

test('an administrator defines an interface with every operator, another system queries it with its key, a revoked key is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInToConsole(page, 'admin', '/dataExchangeSystem/interfaceManagement');
  await expect(page.getByRole('heading', { level: 1, name: '接口管理' })).toBeVisible();
  await expect(page.getByRole('link', { name: '按区县查询已发布项目' })).toBeVisible();
  await page.screenshot({ path: 'test-results/interfaces-list.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // The data to query: the district with the most projects, from the administrator's own list.
  const district = '3799002';
  const all = await projectsOf(page, district);
  expect(all.length).toBeGreaterThan(10);

  await page.getByRole('button', { name: '新增接口' }).click();
  const dialog = page.getByRole('dialog', { name: '新增接口' });
  await dialog.getByLabel('接口编码').fill('e2eProjects');
  await dialog.getByLabel('接口名称').fill('端到端测试：住宅项目');
  for (const field of ['projectNo', 'projectName', 'districtCode', 'status', 'createdOn'])
    await dialog.getByRole('checkbox', { name: new RegExp(`（${field}，`) }).check();
  // A classified field is shown but cannot be chosen.
  await expect(dialog.getByRole('checkbox', { name: /（contactPhone，/ })).toBeDisabled();
  await addCondition(page, 1, /^区县代码/, '等于', { param: 'district' });
  await addCondition(page, 2, /^项目名称/, '模糊', { param: 'q' });
  await addCondition(page, 3, /^项目名称/, '包含', { fixed: '项目' });
  await addCondition(page, 4, /^项目名称/, '不包含', { param: 'exclude' });
  await addCondition(page, 5, /^项目状态/, '包含', { fixed: '1,2,3,4,5,6,7' });
  await addCondition(page, 6, /^登记日期/, '大于', { fixed: '2000-01-01' });
  await addCondition(page, 7, /^登记日期/, '大于等于', { param: 'from' });
  await addCondition(page, 8, /^登记日期/, '小于', { fixed: '2100-01-01' });
  await addCondition(page, 9, /^登记日期/, '小于等于', { param: 'to' });
  await page.screenshot({ path: 'test-results/interfaces-form.png', fullPage: true });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByRole('link', { name: '端到端测试：住宅项目' })).toBeVisible();

  // A consuming system and its key, shown once.
  await page.getByRole('button', { name: '新增接入系统' }).click();
  const keyDialog = page.getByRole('dialog', { name: '新增接入系统' });
  await keyDialog.getByLabel('接入系统名称').fill('端到端测试系统');
  await keyDialog.getByRole('button', { name: '生成密钥' }).click();
  const key = (await page.getByTestId('new-key').innerText()).trim();
  expect(key).toMatch(/^dx_/);
  await page.screenshot({ path: 'test-results/interfaces-new-key.png', fullPage: true });

  // The other system's call, and the rows the same rules give on the administrator's list.
  const days = all.map((row) => chinaDay(row.createdAt)).sort();
  const from = days[Math.floor(days.length / 4)]!;
  const to = days[Math.floor((days.length * 3) / 4)]!;
  const params = { district, q: '住宅 项目', exclude: '二期', from, to };
  const expected = all
    .filter(
      (row) =>
        row.districtCode === district &&
        row.projectName.includes('住宅') &&
        row.projectName.includes('项目') &&
        !row.projectName.includes('二期') &&
        [1, 2, 3, 4, 5, 6, 7].includes(row.status) &&
        chinaDay(row.createdAt) >= from &&
        chinaDay(row.createdAt) <= to,
    )
    .sort((a, b) => a.pkid - b.pkid)
    .map((row) => ({
      projectNo: row.projectNo,
      projectName: row.projectName,
      districtCode: row.districtCode,
      status: row.status,
      createdOn: chinaDay(row.createdAt),
    }));
  expect(expected.length).toBeGreaterThan(0);
  const answer = await getQuery(request, key, { interfaceCode: 'e2eProjects', pageSize: '100', ...params });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { rows: unknown[]; total: number } };
  expect(body.data.rows).toEqual(expected);
  expect(body.data.total).toBe(expected.length);
  // A missing parameter is named.
  const missing = await getQuery(request, key, {
    interfaceCode: 'e2eProjects',
    district,
    q: '住宅',
    exclude: '二期',
    from,
  });
  expect(missing.status()).toBe(400);
  expect(((await missing.json()) as { message: string }).message).toBe('缺少参数：to（登记日期）');

  // The interface's page: its definition, its call, and both calls in its access log.
  await page.getByRole('link', { name: '端到端测试：住宅项目' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '端到端测试：住宅项目' })).toBeVisible();
  await expect(page.getByText('POST /smsend/api/getQuery/e2eProjects')).toBeVisible();
  const log = page.getByRole('table', { name: '接口访问日志' });
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log.getByText('端到端测试系统').first()).toBeVisible();
  await expect(log.getByText('400：缺少参数：to（登记日期）')).toBeVisible();
  await page.screenshot({ path: 'test-results/interfaces-detail.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Revoked: refused at once.
  await page.goto('/dataExchangeSystem/interfaceManagement');
  await page.getByRole('button', { name: '吊销 端到端测试系统 的密钥' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密钥已吊销')).toBeVisible();
  const refused = await getQuery(request, key, { interfaceCode: 'e2eProjects', ...params });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(
    '接口密钥已被吊销，请向管理员申请新的密钥',
  );
});

test('the interface pages fit a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, 'admin', '/dataExchangeSystem/interfaceManagement');
  await expect(page.getByRole('heading', { level: 1, name: '接口管理' })).toBeVisible();
  await page.screenshot({ path: 'test-results/interfaces-list-390.png', fullPage: true });
  await page.getByRole('link', { name: '按区县查询已发布项目' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '按区县查询已发布项目' })).toBeVisible();
  await expect(page.getByRole('table', { name: '接口访问日志' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/interfaces-detail-390.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
