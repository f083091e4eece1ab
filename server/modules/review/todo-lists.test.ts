/**
 * Every reviewer's to-do list, through the real app on the demo city (with projects, so contracts and
 * authorization changes are under review too): each row carries its service deadline and whether it
 * is overdue, which the console's to-do pages show (console/kit/deadline-column.tsx), and the
 * administrator's lists are not empty (the demo gives every reviewer something to do).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@shared/api/call';
import { agencyCalls, agencyChangeCalls } from '@shared/calls/agencies';
import { authChangeCalls } from '@shared/calls/authorizations';
import { constructionCalls } from '@shared/calls/construction';
import { contractFilingCalls } from '@shared/calls/contract-filing';
import { contractChangeCalls } from '@shared/calls/contracts';
import type { ApiCall } from '@shared/calls/define';
import { staffCalls, staffChangeCalls } from '@shared/calls/staff';
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
] as ApiCall[];

describe("reviewers' to-do lists", () => {
  it.each(todoLists)('$operationId gives each row its due date and whether it is overdue', async (call) => {
    // callApi sends the call as its contract says and rejects any answer but a success.
    const { rows } = (await callApi(admin.client, call, {
      [call.paging!.page]: 1,
      [call.paging!.size]: 50,
    } as never)) as { rows: { dueAt?: unknown; overdue?: unknown }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(typeof row.dueAt === 'string' || row.dueAt === null).toBe(true);
      expect(typeof row.overdue).toBe('boolean');
    }
  });
});
