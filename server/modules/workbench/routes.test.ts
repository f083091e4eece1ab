/**
 * The work home (工作台, workbench/home) through the real app on the demo city: every demo role has
 * to-dos, each leading to a console page, soonest deadline first (those without one last); reviewers
 * see their queues with counts, the owner its projects by status; the newest messages come along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '@server/db/schema';
import { callApi } from '@shared/api/call';
import { messageCalls } from '@shared/calls/messages';
import { workbenchCalls, type WorkHome } from '@shared/calls/workbench';
import { builtRouteFor } from '@shared/domain/console-pages';
import { createBrowser, createIdentityTestContext, demoLoginNames, signInAs } from '../identity/test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;

beforeAll(async () => {
  env = await createIdentityTestContext({ projects: 120 });
}, 180_000);
afterAll(() => env.ctx.dispose());

async function signedIn(loginname: string) {
  const browser = createBrowser(env.app);
  await signInAs(browser, loginname);
  return browser;
}

async function homeOf(loginname: string): Promise<WorkHome> {
  return callApi((await signedIn(loginname)).client, workbenchCalls.home, {});
}

const roles = demoLoginNames;

describe('the work home of every demo role', () => {
  it.each(roles)('%s has to-dos, each opening a console page, soonest deadline first', async (loginname) => {
    const home = await homeOf(loginname);
    expect(home.todos.length, `${loginname}'s to-dos`).toBeGreaterThan(0);
    expect(home.todoTotal).toBeGreaterThanOrEqual(home.todos.length);
    for (const todo of home.todos) expect(builtRouteFor(todo.href), todo.href).toBeDefined();
    const due = home.todos.map((todo) => todo.dueAt ?? '9999');
    expect(due).toEqual([...due].sort());
    expect(home.overdueTotal).toBeGreaterThanOrEqual(home.todos.filter((todo) => todo.overdue).length);
    expect(home.messages.length).toBeGreaterThan(0);
  });

  it("shows a reviewer's queues with counts", async () => {
    const home = await homeOf('auditor01');
    const filing = home.counts.find((count) => count.group === '审核队列' && count.label === '合同备案审核');
    expect(filing?.count).toBeGreaterThan(0);
    expect(filing?.href).toBe('/contract/contractToDoList');
  });

  it("names a reviewer's to-do by its subject's number or name, not its internal id", async () => {
    const home = await homeOf('auditor01');
    const filings = home.todos.filter((todo) => todo.kind === '合同备案审核');
    expect(filings.length).toBeGreaterThan(0);
    const numbers = await env.ctx.db.select({ contractNo: contracts.contractNo }).from(contracts);
    const known = new Set(numbers.map((row) => row.contractNo));
    for (const todo of filings) {
      const [, number] = /合同备案“([^”]+)”$/.exec(todo.title) ?? [];
      expect(known.has(number ?? ''), todo.title).toBe(true);
    }
  });

  it("shows the owner's projects by status and the agency's offers", async () => {
    const owner = await homeOf('owner01');
    const projects = owner.counts.filter((count) => count.group === '我的项目');
    expect(projects.reduce((sum, count) => sum + count.count, 0)).toBeGreaterThan(0);
    const agency = await homeOf('agency01');
    expect(agency.counts.some((count) => count.group === '收到的委托')).toBe(true);
    expect(agency.counts.some((count) => count.group === '我的合同')).toBe(true);
  });
});

describe('a 待阅消息 to-do', () => {
  it('names its message, and is gone once the message is read (what opening it does)', async () => {
    const browser = await signedIn('district01');
    const before = await callApi(browser.client, workbenchCalls.home, {});
    const todo = before.todos.find((row) => row.kind === '待阅消息');
    expect(todo?.messageId, 'a message to-do of district01').toBeDefined();
    expect(todo?.key).toBe(`message:${todo?.messageId}`);
    // Other to-dos name no message.
    expect(
      before.todos.filter((row) => row.kind !== '待阅消息').every((row) => row.messageId === undefined),
    ).toBe(true);
    // The console's click: the spec's read call (GET project/message/update?id), then the page.
    const response = await browser.fetch(`/smsend/project/message/update?id=${todo!.messageId}`);
    expect(response.status).toBe(200);
    const after = await callApi(browser.client, workbenchCalls.home, {});
    expect(after.todos.map((row) => row.key)).not.toContain(todo!.key);
    expect(after.unread).toBe(before.unread - 1);
    expect(messageCalls.markRead.path).toBe('project/message/update');
  });
});
