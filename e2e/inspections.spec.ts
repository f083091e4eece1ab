import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { clickMenu } from './fixtures/console';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';

/**
 * Issue 24, random inspections (双随机、一公开): the authority reaches 机构检查 from its menu, opens a
 * round, draws it; the test recomputes the draw from what the page shows (round number, share,
 * inspectors per agency, commitment, salt, candidate and inspector ids) with node:crypto; the drawn
 * inspector records each result, the round is published, and the hall's agency page shows the result.
 */

test.describe.configure({ timeout: 240_000 });

/** The value beside a label of a detail section (dt → dd). */
const fact = (page: Page, label: string | RegExp) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** The draw as the page's rule states it, written here afresh. */
function recompute(
  salt: string,
  roundId: number,
  candidates: number[],
  inspectors: number[],
  share: number,
  m: number,
) {
  const base = `${salt}:${roundId}:${candidates.join(',')}:${inspectors.join(',')}`;
  const h = (j: number) => BigInt('0x' + createHash('sha256').update(`${base}:${j}`).digest('hex'));
  const k = Math.max(1, Math.ceil((share * candidates.length) / 100));
  const per = Math.min(m, inspectors.length);
  const left = [...candidates];
  return Array.from({ length: k }, (_, t) => {
    const organizationId = left.splice(Number(h(t) % BigInt(left.length)), 1)[0]!;
    const pool = [...inspectors];
    const chosen = Array.from(
      { length: per },
      (_, s) => pool.splice(Number(h(k + t * per + s) % BigInt(pool.length)), 1)[0]!,
    );
    return { organizationId, inspectors: chosen };
  });
}

const ids = (text: string | null) => (text ?? '').split(',').map(Number);

test('the authority opens and draws a round, the draw is recomputed from the page, results are published to the hall', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page, 'authority01', '/workbench/home');
  await clickMenu(page, '评价管理', '机构检查');
  await expect(page.getByRole('heading', { name: '机构检查', level: 1 })).toBeVisible();
  const rounds = page.getByRole('table', { name: '检查轮次' });
  // The demo's rounds: one published, one waiting for its draw.
  await expect(rounds.getByText('已公开').first()).toBeVisible();
  await expect(rounds.getByText('待抽取').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('inspections-list-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Open a round: a refusal first (no inspector chosen), then the round.
  const name = `端到端测试抽查 ${Date.now()}`;
  await page.getByRole('button', { name: '开启检查轮次' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('轮次名称').fill(name);
  await dialog.getByLabel('抽查比例（%）').fill('5');
  await dialog.getByRole('button', { name: '开启' }).click();
  await expect(dialog.getByText('请至少选择一名检查人员').first()).toBeVisible();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: '开启' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(fact(page, /^随机数$/)).toHaveText('抽取前保密，抽取时公开');
  const commitment = (await fact(page, '承诺值').textContent())!.trim();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  // Draw it (confirmed), once.
  await page.getByRole('button', { name: '抽取', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('抽取完成，随机数和抽取结果已公开')).toBeVisible();
  await expect(page.getByRole('button', { name: '抽取', exact: true })).toHaveCount(0);

  // Recompute from what the page shows.
  const salt = (await fact(page, /^随机数$/).textContent())!.trim();
  expect(createHash('sha256').update(salt).digest('hex')).toBe(commitment);
  expect((await fact(page, '承诺值').textContent())!.trim()).toBe(commitment);
  const roundId = Number(await fact(page, '轮次编号').textContent());
  const share = Number((await fact(page, '抽查比例').textContent())!.match(/^(\d+)%/)![1]);
  const perAgency = Number((await fact(page, '每家检查人员').textContent())!.match(/\d+/)![0]);
  const candidates = ids(await fact(page, '候选机构编号').textContent());
  const inspectors = ids(await fact(page, '检查人员编号').textContent());
  const expected = recompute(salt, roundId, candidates, inspectors, share, perAgency);
  const table = page.getByRole('table', { name: '检查对象及结果' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [i, want] of expected.entries()) {
    const cells = rows.nth(i).locator('td');
    await expect(cells.nth(1)).toHaveText(new RegExp(`^${want.organizationId} `));
    const shown = ((await cells.nth(2).textContent()) ?? '').split('、').map((p) => Number(p.split(' ')[0]));
    expect(shown).toEqual(want.inspectors);
  }
  // The page's own check agrees.
  await page.getByRole('button', { name: '在本浏览器中复核' }).click();
  await expect(page.getByText('复核通过')).toBeVisible();

  // authority01 is the drawn inspector of every agency: it records each result.
  const results = ['不合格', '合格', '基本合格'];
  for (const [i] of expected.entries()) {
    const orgText = (await rows.nth(i).locator('td').nth(1).textContent())!.replace(/^\d+ /, '');
    await table.getByRole('button', { name: `录入结果：${orgText}` }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('检查结果').selectOption({ label: results[i % results.length]! });
    await form.getByLabel('检查情况').fill(`第 ${i + 1} 家：抽查在办项目的作业记录和成果资料。`);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toHaveCount(0);
  }
  await expect(rows.first().locator('td').nth(3)).toHaveText('不合格');
  await page.screenshot({ path: screenshotPath('inspection-round-1366'), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Publish (confirmed).
  await page.getByRole('button', { name: '公开检查结果' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('检查结果已公开', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '公开检查结果' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('inspection-round-390'), fullPage: true });

  // The hall's page of the first agency shows the published result.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/intermediaryhall/orgdetail?id=${expected[0]!.organizationId}`);
  const section = page.getByRole('region', { name: '抽查结果' });
  await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText('不合格');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('orgdetail-inspections-1366'), fullPage: true });
  // And the round's public record.
  await section.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: '双随机抽查公示', level: 1 })).toBeVisible();
  await expect(page.getByText(salt)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the administrator sees every round, opens the demo’s published round and checks its draw', async ({
  page,
}) => {
  await signInToConsole(page, 'admin', '/evaluatemanger/organizationCheckList?state=published');
  const rounds = page.getByRole('table', { name: '检查轮次' });
  const demo = rounds.getByRole('row').filter({ hasText: '已公开' }).last();
  await expect(demo).toBeVisible();
  await demo.getByRole('link').click();
  await expect(page.getByRole('table', { name: '检查对象及结果' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '操作记录' })).toBeVisible();
  await expect(page.getByText('公开检查结果', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: '在本浏览器中复核' }).click();
  await expect(page.getByText('复核通过')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath('inspection-demo-round-390'), fullPage: false });
});
