import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { startServer, type StartedServer } from './fixtures/server';

/**
 * Issue 13, selection: the owner picks the verifiable draw and draws, and the test recomputes the
 * winner from the public record in Node; a price comparison with quotes closes at its deadline on the
 * job runner once the product's clock is moved by configuration (a restart with CLOCK_OFFSET_DAYS),
 * and the lowest quote wins; the same run sends the service-deadline reminders that came due.
 */

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface PublicRecord {
  demandId: number;
  commitment: string;
  salt: string | null;
  candidates: { organizationId: number; orgName: string }[] | null;
  winnerId: number | null;
  winnerName: string | null;
  decidedByName: string | null;
  drawnAt: string | null;
  state: string;
}

test.describe.configure({ timeout: 180_000 });

interface Message {
  messageId: number;
  messageContent: string;
  link: string | null;
}

/** The signed-in user's service-deadline reminders (办理时限提醒), newest first. */
async function reminders(page: Page): Promise<Message[]> {
  const answer = (await (
    await page.request.get('/smsend/project/message/query?pageIndex=1&pageSize=100')
  ).json()) as { rows: Message[] };
  return answer.rows.filter((row) => row.messageContent.startsWith('办理时限提醒'));
}

test('the owner draws an agency; anyone recomputes the winner from the public record', async ({ page }) => {
  await signInToConsole(page, 'owner01', '/demandmanger/demandOption');
  await expect(page.getByRole('heading', { name: '中介选取', level: 1 })).toBeVisible();
  await page.screenshot({ path: screenshotPath('selection-list-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  const row = page.getByRole('row').filter({ hasText: '待选择方式' }).first();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: '选择选取方式' })).toBeVisible();
  const demandId = Number(new URL(page.url()).searchParams.get('demandId'));
  expect(demandId).toBeGreaterThan(0);

  // Before the draw: the public record has the commitment and no salt.
  const before = (await (
    await page.request.get(`/smsend/project/selection/drawRecord?demandId=${demandId}`)
  ).json()) as { data: PublicRecord | null };
  expect(before.data).toBeNull();
  await page.getByLabel('选取方式').selectOption({ label: '随机抽取' });
  await page.getByRole('button', { name: '确定选取方式' }).click();
  await expect(page.getByText('选取方式已保存')).toBeVisible();
  const committed = (await (
    await page.request.get(`/smsend/project/selection/drawRecord?demandId=${demandId}`)
  ).json()) as { data: PublicRecord };
  expect(committed.data.commitment).toMatch(/^[0-9a-f]{64}$/);
  expect(committed.data.salt).toBeNull();
  await expect(page.getByRole('table', { name: '符合条件的中介机构' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('selection-draw-ready-1366'), fullPage: true });

  await page.getByRole('button', { name: '开始抽取' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('抽取完成')).toBeVisible();
  await expect(page.getByText('抽取前保密，抽取时公开')).toHaveCount(0);

  // The public record, read without signing in, and the draw recomputed here in Node.
  const anonymous = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const record = (
    (await (
      await anonymous.request.get(`/smsend/project/selection/drawRecord?demandId=${demandId}`)
    ).json()) as { data: PublicRecord }
  ).data;
  await anonymous.close();
  expect(record.commitment).toBe(committed.data.commitment);
  expect(sha256hex(record.salt!)).toBe(record.commitment);
  const candidates = record.candidates!.map((c) => c.organizationId);
  expect(candidates).toEqual([...candidates].sort((a, b) => a - b));
  const hash = sha256hex(`${record.salt}:${demandId}:${candidates.join(',')}`);
  const winner = candidates[Number(BigInt(`0x${hash}`) % BigInt(candidates.length))];
  expect(record.winnerId).toBe(winner);
  expect(record.decidedByName).toBeTruthy();
  expect(record.drawnAt).toBeTruthy();
  await expect(page.getByText(record.salt!, { exact: true })).toBeVisible();

  // The page recomputes it in the browser too.
  await page.getByRole('button', { name: '在本浏览器中复核' }).click();
  await expect(page.getByText(/^复核通过/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('selection-drawn-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  // A second draw is refused.
  const again = await page.request.post('/smsend/project/selection/draw', {
    form: { demandId: String(demandId) },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);

  // The hall's demand detail page shows the record.
  await page.goto(`/demand/demandDetails?id=${demandId}`);
  await expect(page.getByRole('heading', { name: '中介选取公示' })).toBeVisible();
  await expect(page.getByText(record.salt!, { exact: true })).toBeVisible();
  await expect(page.getByText(record.winnerName!).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('hall-demand-draw-record-390'), fullPage: true });
});

test.describe('price comparison', () => {
  let dataDir = '';
  let server: StartedServer | undefined;
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('agency01 quotes the lowest; at the deadline (clock moved) the job closes it and it wins', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-selection-'));
    const root = process.cwd();
    server = await startServer({ root, dataDir });

    let context = await browser.newContext({ baseURL: server.baseUrl });
    let page = await context.newPage();
    await signInToConsole(page, 'agency01', '/notdchy/DemandOption');
    await expect(page.getByRole('heading', { name: '比选报价', level: 1 })).toBeVisible();
    const invitations = (await (
      await page.request.get('/smsend/project/selection/invitations?rows=50')
    ).json()) as {
      rows: { demandId: number; projectName: string; open: boolean; myAmount: string | null }[];
    };
    const invitation = invitations.rows.find((r) => r.open && r.myAmount === null)!;
    expect(invitation).toBeTruthy();
    await page.getByRole('button', { name: `报价 ${invitation.projectName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('报价金额（元）').fill('80000.005');
    await dialog.getByLabel('服务方案').fill('项目负责人 1 名、外业 5 人，12 个工作日提交成果');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请输入正确的报价金额（元，最多两位小数）').first()).toBeVisible();
    await dialog.getByLabel('报价金额（元）').fill('80000.00');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('报价已提交')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: invitation.projectName })).toContainText(
      '80,000.00',
    );
    await page.screenshot({ path: screenshotPath('selection-agency-quote-1366'), fullPage: true });
    expect(await accessibilityViolations(page, 'main')).toEqual([]);

    // The owner sees how many quotes, not what they are, while quoting is open.
    await context.close();
    context = await browser.newContext({ baseURL: server.baseUrl });
    page = await context.newPage();
    await signInToConsole(page, 'owner01', `/demandmanger/demandOption?demandId=${invitation.demandId}`);
    await expect(page.getByText(/已收到 3 份报价/)).toBeVisible();
    await expect(page.getByText('80,000.00')).toHaveCount(0);
    await context.close();

    // The service-deadline reminders the holders of to-dos have so far (sent by the first start's job run).
    const holders = ['agency01', 'auditor01', 'authority01'];
    const remindersBefore = new Map<string, Set<number>>();
    for (const who of holders) {
      context = await browser.newContext({ baseURL: server.baseUrl });
      page = await context.newPage();
      await signInToConsole(page, who, '/noticemanger/statistical');
      remindersBefore.set(who, new Set((await reminders(page)).map((message) => message.messageId)));
      await context.close();
    }

    // Four days later (the seeded deadline is three days after the first start): restart with the
    // clock moved; the job runner's first poll closes the comparison, and sends the reminders of the
    // to-dos whose last working day has come meanwhile.
    await server.stop();
    server = await startServer({ root, dataDir, env: { CLOCK_OFFSET_DAYS: '4' } });
    context = await browser.newContext({ baseURL: server.baseUrl });
    page = await context.newPage();
    await signInToConsole(page, 'owner01', `/demandmanger/demandOption?demandId=${invitation.demandId}`);
    await expect(async () => {
      const answer = (await (
        await page.request.get(`/smsend/project/selection/query?demandId=${invitation.demandId}`)
      ).json()) as {
        data: { record: PublicRecord; quotes: { organizationId: number; amount: string }[] | null };
      };
      expect(answer.data.record.state).toBe('done');
      expect(answer.data.quotes!.map((q) => q.amount)).toEqual(['80000.00', '86000.00', '92500.00']);
      expect(answer.data.record.winnerId).toBe(answer.data.quotes![0]!.organizationId);
      expect(answer.data.record.decidedByName).toBe('系统');
    }).toPass({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('table', { name: '各机构报价' })).toContainText('80,000.00');
    await page.screenshot({ path: screenshotPath('selection-price-closed-1366'), fullPage: true });
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await context.close();

    // New reminders, written at the moved time, each with its due date and a link to the to-do.
    const fresh: Message[] = [];
    for (const who of holders) {
      context = await browser.newContext({ baseURL: server.baseUrl });
      page = await context.newPage();
      await signInToConsole(page, who, '/noticemanger/statistical');
      const before = remindersBefore.get(who)!;
      fresh.push(...(await reminders(page)).filter((message) => !before.has(message.messageId)));
      await context.close();
    }
    expect(fresh.length).toBeGreaterThan(0);
    for (const message of fresh) {
      expect(message.messageContent).toMatch(/将于 \d{4}-\d{2}-\d{2} 到期/);
      expect(message.link).toMatch(/^\//);
    }
  });
});
