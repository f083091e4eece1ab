/**
 * Every reviewer's to-do list, through the real app on the demo city (with projects, so contracts and
 * authorization changes are under review too): each row carries its service deadline and whether it
 * is overdue, which the console's to-do pages show (console/kit/deadline-column.tsx), and the
 * administrator's lists are not empty (the demo gives every reviewer something to do).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyCalls, agencyChangeCalls } from '@shared/contracts/agencies';
import { authChangeCalls } from '@shared/contracts/authorizations';
import { constructionCalls } from '@shared/contracts/construction';
import { contractFilingCalls } from '@shared/contracts/contract-filing';
import { contractChangeCalls } from '@shared/contracts/contracts';
import { callPath, type Contract } from '@shared/contracts/define';
import { staffCalls, staffChangeCalls } from '@shared/contracts/staff';
import { createBrowser, createIdentityTestContext, signInAs, type Browser } from '../identity/test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let admin: Browser;

beforeAll(async () => {
  env = await createIdentityTestContext({ projects: 120 });
  admin = createBrowser(env.app);
  await signInAs(admin, 'admin');
}, 180_000);
afterAll(() => env.ctx.dispose());

const todoLists = [
  agencyCalls.todo,
  agencyChangeCalls.todo,
  staffCalls.toDoStaff,
  staffChangeCalls.toDo,
  constructionCalls.todo,
  constructionCalls.toDoChange,
  authChangeCalls.todo,
  contractFilingCalls.toDo,
  contractChangeCalls.toDoList,
] as Contract[];

/** The first page of a list call, its paging fields sent as the call's contract says. */
async function firstPage(call: Contract): Promise<Response> {
  const paging = { [call.paging!.page]: '1', [call.paging!.size]: '50' };
  const [method] = call.methods;
  if (method === 'GET') return admin.fetch(callPath(call, env.ctx.config.apiBases, paging));
  return admin.fetch(callPath(call, env.ctx.config.apiBases), {
    method,
    ...(call.encoding === 'json'
      ? { body: JSON.stringify(paging), headers: { 'content-type': 'application/json' } }
      : { body: new URLSearchParams(paging) }),
  });
}

describe("reviewers' to-do lists", () => {
  it.each(todoLists)('$operationId gives each row its due date and whether it is overdue', async (call) => {
    const response = await firstPage(call);
    expect(response.status).toBe(200);
    const { rows } = (await response.json()) as { rows: { dueAt?: unknown; overdue?: unknown }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(typeof row.dueAt === 'string' || row.dueAt === null).toBe(true);
      expect(typeof row.overdue).toBe('boolean');
    }
  });
});
