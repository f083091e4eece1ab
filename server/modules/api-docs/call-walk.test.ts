/**
 * One walk over every declared call (shared/calls): anonymous and wrong-role callers are
 * refused with 401/403 in the spec's envelope, a malformed input gets a 400 with a Chinese message and
 * changes nothing, and no junk (NUL bytes, huge numbers, wrong types, broken bodies) gets a 5xx.
 * Answers that succeed are checked against their output schemas on the way (checkCallOutputs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { declaredCalls } from '@server/call-modules';
import type { ApiCall, HttpMethod } from '@shared/calls/define';
import { roles } from '@shared/domain/roles';
import { demoAccounts } from '@server/seed';
import {
  createBrowser,
  createIdentityTestContext,
  signInDemoBrowsers,
  type Browser,
} from '@server/modules/identity/test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let browsers: Record<string, Browser>;

beforeAll(async () => {
  env = await createIdentityTestContext();
  browsers = await signInDemoBrowsers(env.app);
});
afterAll(() => env.ctx.dispose());

const calls: ApiCall[] = declaredCalls.flatMap((domain) => Object.values(domain) as ApiCall[]);

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const isNumeric = (field: JsonSchema): boolean =>
  field.type === 'integer' || field.type === 'number' || (field.anyOf ?? []).some(isNumeric);

function inputSchema(call: ApiCall): JsonSchema {
  return z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The path with every parameter filled by `value`. */
function pathWith(call: ApiCall, value: string): string {
  const base = env.ctx.config.apiBases[call.base];
  return `${base}/${call.path.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, encodeURIComponent(value))}`;
}

/** A request for `call` carrying `fields` as its declared encoding says. */
function request(call: ApiCall, method: HttpMethod, fields: Record<string, string>, pathValue = '1') {
  const url = new URL(pathWith(call, pathValue), 'http://localhost');
  if (method === 'GET' || method === 'DELETE') {
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    return { url: url.pathname + url.search, init: { method } };
  }
  if (call.encoding === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return { url: url.pathname, init: { method, body: form } };
  }
  if (call.encoding === 'json')
    return {
      url: url.pathname,
      init: { method, body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } },
    };
  return { url: url.pathname, init: { method, body: new URLSearchParams(fields) } };
}

/** A demo account holding none of the call's roles (and not the administrator), if there is one. */
function outsider(call: ApiCall): string | undefined {
  if (!Array.isArray(call.access)) return undefined;
  const allowed = call.access as readonly string[];
  return demoAccounts.find((account) => account.role !== 'admin' && !allowed.includes(roles[account.role].id))
    ?.loginname;
}

/**
 * Who sends junk: a fresh anonymous browser for public calls (some of them end the caller's sign-on,
 * such as logout), the administrator for the rest (passes every role check, so the input is reached).
 */
function callerFor(call: ApiCall): Browser {
  return call.access === 'public' ? createBrowser(env.app) : (browsers.admin as Browser);
}

async function expectFailure(response: Response, status: number, what: string) {
  expect(response.status, what).toBe(status);
  const body = (await response.json()) as { success: boolean; message: string };
  expect(body.success, what).toBe(false);
  expect(body.message, what).toMatch(/[\u4e00-\u9fff]/);
}

/** A digest of every table: equal before and after means nothing was written. */
async function databaseDigest(): Promise<string> {
  const tables = (await env.ctx.db.execute(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  )) as { rows: { name: string }[] };
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const result = (await env.ctx.db.execute(
      sql.raw(`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${name} t`),
    )) as { rows: { digest: string | null }[] };
    parts.push(`${name}:${result.rows[0]?.digest ?? ''}`);
  }
  return parts.join('\n');
}

describe.each(calls.map((call) => [call.operationId, call] as const))('%s', (_id, call) => {
  const method = call.methods[0];

  it.runIf(call.access !== 'public')('refuses anonymous callers with 401', async () => {
    const { url, init } = request(call, method, {});
    await expectFailure(await createBrowser(env.app).fetch(url, init), 401, `${method} ${url}`);
  });

  it.runIf(outsider(call) !== undefined)('refuses a signed-in user without its roles with 403', async () => {
    const { url, init } = request(call, method, {});
    const browser = browsers[outsider(call) as string] as Browser;
    await expectFailure(await browser.fetch(url, init), 403, `${method} ${url}`);
  });

  it('answers junk without a server error', async () => {
    const properties = Object.keys(inputSchema(call).properties ?? {});
    const fieldsOf = (value: string) => Object.fromEntries(properties.map((name) => [name, value]));
    const junk = ['x\u0000y', '99999999999999999999999999', '-1', '1e400', '[]', '{"a":1}', '%00', ''];
    const caller = callerFor(call);
    for (const value of junk) {
      for (const candidate of call.methods) {
        const { url, init } = request(call, candidate, fieldsOf(value), value || '0');
        const response = await caller.fetch(url, init);
        expect(response.status, `${candidate} ${url} with ${JSON.stringify(value)}`).toBeLessThan(500);
        // An event stream stays open: having answered is enough.
        if (call.produces === 'text/event-stream') await response.body?.cancel();
        else await response.arrayBuffer();
      }
    }
    if (method !== 'GET') {
      const url = pathWith(call, '1');
      const broken = [
        {
          'content-type': 'multipart/form-data; boundary=zzz',
          body: '--zzz\r\nContent-Disposition: form-da',
        },
        { 'content-type': 'application/json', body: '{"unterminated": ' },
        { 'content-type': 'application/json', body: '[1,2,3]' },
        { 'content-type': 'application/x-www-form-urlencoded', body: '%E0%A4%A=%' },
      ];
      for (const { body, ...headers } of broken) {
        const response = await caller.fetch(url, { method, body, headers });
        expect(response.status, `${method} ${url} with ${body}`).toBeLessThan(500);
        await response.arrayBuffer();
      }
    }
  });
});

describe('malformed input', () => {
  /** Inputs that must fail: a required field left out, or a number field given letters. */
  function malformed(call: ApiCall): Record<string, string> | undefined {
    const schema = inputSchema(call);
    const properties = schema.properties ?? {};
    const required = schema.required ?? [];
    const numeric = Object.entries(properties).find(([, field]) => isNumeric(field));
    if (numeric) return { [numeric[0]]: '不是数字' };
    if (required.some((name) => !call.pathParams.includes(name))) return {};
    return undefined;
  }

  it('gets a 400 with a Chinese message from every call that takes input, and changes nothing', async () => {
    const before = await databaseDigest();
    let checked = 0;
    for (const call of calls) {
      const fields = malformed(call);
      if (!fields) continue;
      const method = call.methods[0];
      const { url, init } = request(call, method, fields, 'abc');
      await expectFailure(await callerFor(call).fetch(url, init), 400, `${method} ${url}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    expect(await databaseDigest()).toBe(before);
  });
});

/**
 * Who may call each contract call that is not open to every role, written out here (issue 21): the
 * walk above picks its outsider from the declared roles, so a call whose declaration wrongly let the
 * owner or the agency in (contract/approve, say) would still pass it. The administrator passes every
 * role check and is not listed.
 */
const contractCallRoles: Record<string, readonly string[]> = {
  'contracts.contractQuery': ['authority', 'auditor'],
  'contracts.organQuery': ['authority', 'auditor'],
  'contracts.excelContractQuery': ['authority', 'auditor'],
  'contracts.excelOrgan': ['authority', 'auditor'],
  'contracts.yearFigures': ['authority', 'auditor'],
  'contracts.saveContractTemplate': ['authority'],
  'contracts.queryGovStatusAttachments': ['authority', 'auditor'],
  'contracts.saveGovAttachments': ['owner', 'agency', 'authority', 'auditor'],
  'contracts.govTotals': ['authority', 'auditor'],
  'contractFiling.draftable': ['agency'],
  'contractFiling.add': ['agency'],
  'contractFiling.update': ['agency'],
  'contractFiling.check': ['agency', 'owner'],
  'contractFiling.remove': ['agency'],
  'contractFiling.sendCode': ['agency', 'owner'],
  'contractFiling.send': ['agency'],
  'contractFiling.confirm': ['owner'],
  'contractFiling.returnBack': ['owner'],
  'contractFiling.addRecord': ['agency'],
  'contractFiling.approve': ['auditor'],
  'contractFiling.transfer': ['auditor'],
  'contractFiling.toDo': ['authority', 'auditor'],
  'contractFiling.done': ['authority', 'auditor'],
  'contractFiling.backlog': ['agency', 'staff', 'owner'],
  'contractChanges.save': ['agency', 'owner'],
  'contractChanges.toDoList': ['authority', 'auditor'],
  'contractChanges.doneList': ['authority', 'auditor'],
  'contractChanges.approve': ['auditor'],
  'contractChanges.transferTask': ['auditor'],
  'contractFlow.query': ['agency', 'staff', 'authority', 'auditor'],
};

describe('who may call the contract calls (a table, not the declarations)', () => {
  const byOperation = new Map(calls.map((call) => [call.operationId, call]));

  it('declares exactly the roles of the table', () => {
    const roleKeyOf = new Map(Object.entries(roles).map(([key, role]) => [role.id as string, key]));
    const declared = Object.fromEntries(
      Object.keys(contractCallRoles).map((operationId) => {
        const access = byOperation.get(operationId)?.access;
        return [
          operationId,
          Array.isArray(access)
            ? (access as readonly string[])
                .map((id) => roleKeyOf.get(id))
                .filter((key) => key !== 'admin')
                .sort()
            : access,
        ];
      }),
    );
    const table = Object.fromEntries(
      Object.entries(contractCallRoles).map(([operationId, keys]) => [operationId, [...keys].sort()]),
    );
    expect(declared).toEqual(table);
  });

  it.each(Object.entries(contractCallRoles))(
    '%s refuses every other role with 403',
    async (operationId, allowed) => {
      const call = byOperation.get(operationId) as ApiCall;
      const method = call.methods[0];
      for (const account of demoAccounts) {
        if (account.role === 'admin' || allowed.includes(account.role)) continue;
        const { url, init } = request(call, method, {});
        const response = await (browsers[account.loginname] as Browser).fetch(url, init);
        expect(response.status, `${account.loginname} ${method} ${url}`).toBe(403);
        await response.arrayBuffer();
      }
    },
  );
});
