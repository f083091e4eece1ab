/**
 * The reviewers' queues (issue 21): claiming a task from the pool (领取) and who may, the 我的待办
 * filter, the holder's real name on a claimed row, the keyword search and the soonest-deadline order,
 * through the real app on the demo city, on the contract filing queue (/contract/contractToDoList).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@shared/api/call';
import { contractFilingCalls, type FilingTask } from '@shared/calls/contract-filing';
import { userCalls } from '@shared/calls/identity';
import { reviewCalls } from '@shared/calls/review';
import { staffCalls } from '@shared/calls/staff';
import { reviewQueueMessages } from '@shared/validation/review';
import { createBrowser, createIdentityTestContext, signInAs, type Browser } from '../identity/test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let auditor: Browser;
let admin: Browser;
let authority: Browser;
let owner: Browser;
/** The pool's tasks when the file starts, oldest first; each test claims tasks of its own. */
let pool: FilingTask[];
/** auditor01's real name (the demo's made-up person). */
let auditorName: string;

const todo = (browser: Browser, input: Record<string, unknown> = {}) =>
  callApi(browser.client, contractFilingCalls.toDo, { pageIdx: 1, pageSize: 100, ...input } as never);

async function as(loginname: string): Promise<Browser> {
  const browser = createBrowser(env.app);
  await signInAs(browser, loginname);
  return browser;
}

beforeAll(async () => {
  env = await createIdentityTestContext({ projects: 250 });
  [auditor, admin, authority, owner] = (await Promise.all(
    ['auditor01', 'admin', 'authority01', 'owner01'].map(as),
  )) as [Browser, Browser, Browser, Browser];
  auditorName = ((await callApi(auditor.client, userCalls.current, {})) as { username: string }).username;
  pool = (await todo(auditor)).rows.filter((row) => row.assigneeName === null);
  // Enough unclaimed filings for every test to take its own.
  expect(pool.length).toBeGreaterThanOrEqual(6);
}, 180_000);
afterAll(() => env.ctx.dispose());

const claim = (browser: Browser, subjectId: number) =>
  callApi(browser.client, reviewCalls.claim, { subjectType: 'contract', subjectId });

describe('claiming a task from the pool', () => {
  it('gives the task to the reviewer: their name on the row, and it is under 我的待办', async () => {
    const task = pool[0]!;
    const answer = await claim(auditor, task.contractId);
    expect(answer).toMatchObject({ subjectId: task.contractId, holderName: auditorName });
    const mine = (await todo(auditor, { mine: '1' })).rows;
    expect(mine.map((row) => row.contractId)).toContain(task.contractId);
    expect(mine.every((row) => row.assigneeName === auditorName)).toBe(true);
    const row = (await todo(auditor)).rows.find((r) => r.contractId === task.contractId);
    expect(row?.assigneeName).toBe(auditorName);
  });

  it('我的待办 holds only the tasks the reviewer claimed, not the pool', async () => {
    const before = (await todo(auditor, { mine: '1' })).rows.map((row) => row.contractId);
    expect(before).not.toContain(pool[5]!.contractId);
    await claim(auditor, pool[5]!.contractId);
    const after = (await todo(auditor, { mine: '1' })).rows.map((row) => row.contractId);
    expect(after).toContain(pool[5]!.contractId);
    expect(after.length).toBe(before.length + 1);
  });

  it("claiming one's own task again answers it again", async () => {
    await claim(auditor, pool[1]!.contractId);
    await expect(claim(auditor, pool[1]!.contractId)).resolves.toMatchObject({ holderName: auditorName });
  });

  it('refuses a task another reviewer holds, naming them', async () => {
    await claim(auditor, pool[2]!.contractId);
    await expect(claim(admin, pool[2]!.contractId)).rejects.toMatchObject({
      code: 'conflict',
      message: reviewQueueMessages.heldBy(auditorName),
    });
  });

  it('refuses a reviewer of other kinds (the authority does not review filings)', async () => {
    await expect(claim(authority, pool[3]!.contractId)).rejects.toMatchObject({
      code: 'forbidden',
      message: reviewQueueMessages.notReviewer,
    });
    const row = (await todo(auditor)).rows.find((r) => r.contractId === pool[3]!.contractId);
    expect(row?.assigneeName).toBeNull();
  });

  it('refuses a party that reviews nothing, and a subject that is not under review', async () => {
    await expect(claim(owner, pool[4]!.contractId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(claim(auditor, 2_000_000)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses bad input with a Chinese message', async () => {
    await expect(
      callApi(auditor.client, reviewCalls.claim, { subjectType: 'nothing', subjectId: 1 } as never),
    ).rejects.toMatchObject({ code: 'invalid_input', message: reviewQueueMessages.subjectType });
  });
});

describe('searching and ordering the queue', () => {
  it('finds a task by its contract number or part of its name', async () => {
    const task = pool[pool.length - 1]!;
    const byNumber = (await todo(auditor, { keyword: task.contractNo })).rows;
    expect(byNumber.map((row) => row.contractId)).toEqual([task.contractId]);
    const part = task.contractName.slice(0, 4);
    const byName = (await todo(auditor, { keyword: part })).rows;
    expect(byName.map((row) => row.contractId)).toContain(task.contractId);
    expect(byName.every((row) => row.contractName.includes(part) || row.contractNo.includes(part))).toBe(
      true,
    );
    expect((await todo(auditor, { keyword: '不存在的合同名称' })).rows).toEqual([]);
  });

  it('orders by the soonest deadline when asked, oldest submission by default', async () => {
    const byDeadline = (await todo(auditor, { orderBy: 'deadline' })).rows;
    const due = byDeadline.map((row) => row.dueAt ?? '9999');
    expect(due).toEqual([...due].sort());
    const byDefault = (await todo(auditor)).rows;
    const submitted = byDefault.map((row) => row.submittedAt ?? '');
    expect(submitted).toEqual([...submitted].sort());
    expect(new Set(byDeadline.map((row) => row.contractId))).toEqual(
      new Set(byDefault.map((row) => row.contractId)),
    );
  });

  it('refuses an unknown order', async () => {
    await expect(todo(auditor, { orderBy: 'random' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: reviewQueueMessages.orderBy,
    });
  });
});

describe('the same queue on another kind (staff additions, /orgstaff/personnelReview)', () => {
  const staffTodo = (browser: Browser, input: Record<string, unknown> = {}) =>
    callApi(browser.client, staffCalls.toDoStaff, { page: 1, rows: 100, ...input } as never);

  it('the authority claims a person, finds them by name under 我的待办; an auditor may not claim', async () => {
    const open = (await staffTodo(authority)).rows.filter((row) => !row.holderName);
    const person = open[0]!;
    await expect(
      callApi(auditor.client, reviewCalls.claim, { subjectType: 'agent_staff', subjectId: person.staffId }),
    ).rejects.toMatchObject({ code: 'forbidden', message: reviewQueueMessages.notReviewer });
    const answer = await callApi(authority.client, reviewCalls.claim, {
      subjectType: 'agent_staff',
      subjectId: person.staffId,
    });
    const mine = (await staffTodo(authority, { mine: '1', keyword: person.name })).rows;
    expect(mine.map((row) => row.staffId)).toContain(person.staffId);
    expect(mine.find((row) => row.staffId === person.staffId)?.holderName).toBe(answer.holderName);
    expect(mine.every((row) => row.holderName === answer.holderName && row.name.includes(person.name))).toBe(
      true,
    );
  });
});
