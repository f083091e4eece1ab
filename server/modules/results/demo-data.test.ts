/**
 * The demo city's results (server/seed/demo-results.ts) give every role involved something to do:
 * agency01 and staff01 have results to upload or returned ones to fix, auditor01 a queue of projects
 * to accept whose pages open, owner01 projects to follow, the work home lists their tasks, and
 * district01 sees completed projects of its district with their certificate numbers.
 */
import { describe, expect, it } from 'vitest';
import { json, signedInTestApp } from '@server/modules/identity/test-support';

const env = signedInTestApp({
  accounts: ['agency01', 'staff01', 'auditor01', 'owner01', 'district01'],
  projects: 120,
});
const post = (who: string, path: string, body: Record<string, unknown> = {}) =>
  env.as(who).fetch(`/smsend/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (who: string, path: string, query: Record<string, string | number>) =>
  env
    .as(who)
    .fetch(
      `/smsend/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    );

describe('the demo results', { timeout: 120_000 }, () => {
  it('give the agency, its staff, the auditor and the owner non-empty lists that lead somewhere', async () => {
    const todo = await json(await post('agency01', 'projectAccept/toDoList'));
    expect(todo.total).toBeGreaterThan(0);
    expect(todo.rows.some((row: { rejected: number }) => row.rejected > 0)).toBe(true);
    expect((await json(await post('staff01', 'projectAccept/toDoList'))).total).toBeGreaterThan(0);

    const queue = await json(await post('auditor01', 'actAccept/queryBySelf'));
    expect(queue.total).toBeGreaterThan(0);
    const page = await json(
      await get('auditor01', 'actAccept/queryProjectByPkid', { pkid: queue.rows[0].projectId }),
    );
    expect(page.object.review.allowed).toContain('approve');
    expect(page.object.items.some((item: { status: number }) => item.status === 1)).toBe(true);
    expect((await json(await post('auditor01', 'actAccept/queryDoneBySelf'))).total).toBeGreaterThan(0);

    const owner = await json(await post('owner01', 'projectAccept/queryBySelf'));
    expect(owner.total).toBeGreaterThan(0);

    const home = await json(await env.as('agency01').fetch('/smsend/workbench/home'));
    const hrefs = (home.object?.todos ?? home.data?.todos ?? []).map((todo: { href: string }) => todo.href);
    expect(hrefs.some((href: string) => href.startsWith('/workflow/caseadd?projectId='))).toBe(true);
  });

  it('give district01’s sub-office completed projects with their certificate numbers', async () => {
    const list = await json(await get('district01', 'resultSubOffice/list', { status: 7, rows: 100 }));
    const numbered = list.rows.filter((row: { certificateNo: string | null }) => row.certificateNo !== null);
    expect(numbered.length).toBeGreaterThanOrEqual(2);
    for (const row of numbered) expect(row.certificateNo).toMatch(/^YZCG\d{10}$/);
  });
});
