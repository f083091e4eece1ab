/**
 * Data interfaces through the HTTP app: an administrator defines interfaces and consumer keys; a
 * consuming system calls getQuery with its key. Every operator is run against every field type and
 * its rows compared with the same condition evaluated here over a direct query of the table; the
 * operators a type refuses, classified fields, unknown fields, operators and parameters, missing and
 * mistyped values, bad keys and the rate limit each get their message; injection attempts in values
 * and names change nothing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  contracts,
  dataInterfaces,
  interfaceAccessLog,
  interfaceConsumers,
  projectDemands,
  projects,
} from '@server/db/schema';
import { createApp } from '@server/app';
import { listenForDataChanges } from '@server/data-changes';
import { createBrowser, json, signInAs, signedInTestApp } from '@server/modules/identity/test-support';
import { withServices } from '@server/services';
import { hashKey } from './consumers';
import { beijingDate } from '@shared/domain/working-days';

const env = signedInTestApp({ accounts: ['admin', 'authority01'], projects: 40 });

interface ProjectFact {
  projectId: number;
  projectName: string;
  totalInvestment: number | null;
  createdOn: string;
  status: number;
}
let facts: ProjectFact[];
let key: string;

const saveJson = (path: string, body: unknown, who = 'admin') =>
  env.as(who).fetch(`/smsend/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function define(body: Record<string, unknown>) {
  const response = await saveJson('saveInterface', {
    name: '测试接口',
    dataset: 'projects',
    fields: ['projectId', 'projectName'],
    rowCap: 10000,
    ...body,
  });
  const envelope = await json(response);
  return { status: response.status, ...envelope };
}

/** getQuery as a consuming system: no cookie, the key in X-Api-Key. */
function call(params: Record<string, string>, withKey: string | null = key, via: 'body' | 'path' = 'body') {
  const headers: Record<string, string> = withKey ? { 'X-Api-Key': withKey } : {};
  const { interfaceCode, ...rest } = params;
  const path = via === 'path' ? `/smsend/api/getQuery/${interfaceCode}` : '/smsend/api/getQuery';
  const body = new URLSearchParams(via === 'path' ? rest : params);
  return env.app.request(path, { method: 'POST', headers, body });
}

/** Every row of an interface with these parameters, page after page. */
async function allIds(code: string, params: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await call({ interfaceCode: code, pageNum: String(page), pageSize: '100', ...params });
    const body = await json(response);
    expect(response.status, body.message).toBe(200);
    ids.push(...body.data.rows.map((row: { projectId: number }) => row.projectId));
    if (body.data.rows.length < 100) return ids;
  }
}

async function newConsumer(fields: Record<string, string> = {}) {
  const response = await env.as('admin').fetch('/smsend/api/saveConsumer', {
    method: 'POST',
    body: new URLSearchParams({
      name: '不动产登记系统',
      // A year after the test clock's today, whenever the suite runs.
      expiresOn: beijingDate(new Date(env.clock.now.getTime() + 365 * 24 * 3600_000)),
      rateLimit: '10000',
      ...fields,
    }),
  });
  const body = await json(response);
  expect(response.status, body.message).toBe(200);
  return body.data as { id: number; key: string; keyPrefix: string };
}

beforeAll(async () => {
  facts = await env.ctx.db
    .select({
      projectId: projects.pkid,
      projectName: projects.projectName,
      totalInvestment: projects.totalInvestment,
      createdOn: sql<string>`to_char(${projects.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
      status: projects.status,
    })
    .from(projects)
    .orderBy(projects.pkid);
  expect(facts.length).toBeGreaterThan(20);
  key = (await newConsumer()).key;
});

type Check = {
  field: keyof ProjectFact;
  operator: string;
  value: string;
  expect: (f: ProjectFact) => boolean;
};

function cases(): Check[] {
  const sample = facts[3]!;
  const word = sample.projectName.slice(0, 2);
  const tail = sample.projectName.slice(-2);
  const amounts = facts.map((f) => f.totalInvestment).filter((n): n is number => n !== null);
  const amount = amounts[Math.floor(amounts.length / 2)]!;
  const days = [...new Set(facts.map((f) => f.createdOn))].sort();
  const day = days[Math.floor(days.length / 2)]!;
  const inv = (f: ProjectFact) => f.totalInvestment;
  return [
    {
      field: 'projectName',
      operator: 'eq',
      value: sample.projectName,
      expect: (f) => f.projectName === sample.projectName,
    },
    {
      field: 'projectName',
      operator: 'fuzzy',
      value: `${tail} ${word}`,
      expect: (f) => f.projectName.includes(word) && f.projectName.includes(tail),
    },
    { field: 'projectName', operator: 'include', value: word, expect: (f) => f.projectName.includes(word) },
    {
      field: 'projectName',
      operator: 'notInclude',
      value: word,
      expect: (f) => !f.projectName.includes(word),
    },
    {
      field: 'totalInvestment',
      operator: 'gt',
      value: String(amount),
      expect: (f) => inv(f) !== null && inv(f)! > amount,
    },
    {
      field: 'totalInvestment',
      operator: 'ge',
      value: String(amount),
      expect: (f) => inv(f) !== null && inv(f)! >= amount,
    },
    {
      field: 'totalInvestment',
      operator: 'lt',
      value: String(amount),
      expect: (f) => inv(f) !== null && inv(f)! < amount,
    },
    {
      field: 'totalInvestment',
      operator: 'le',
      value: String(amount),
      expect: (f) => inv(f) !== null && inv(f)! <= amount,
    },
    { field: 'totalInvestment', operator: 'eq', value: String(amount), expect: (f) => inv(f) === amount },
    {
      field: 'totalInvestment',
      operator: 'include',
      value: `${amounts[0]},${amounts[1]}`,
      expect: (f) => inv(f) === amounts[0] || inv(f) === amounts[1],
    },
    {
      field: 'totalInvestment',
      operator: 'notInclude',
      value: `${amounts[0]}，${amounts[1]}`,
      expect: (f) => inv(f) !== amounts[0] && inv(f) !== amounts[1],
    },
    { field: 'createdOn', operator: 'gt', value: day, expect: (f) => f.createdOn > day },
    { field: 'createdOn', operator: 'ge', value: day, expect: (f) => f.createdOn >= day },
    { field: 'createdOn', operator: 'lt', value: day, expect: (f) => f.createdOn < day },
    { field: 'createdOn', operator: 'le', value: day, expect: (f) => f.createdOn <= day },
    { field: 'createdOn', operator: 'eq', value: day, expect: (f) => f.createdOn === day },
    {
      field: 'createdOn',
      operator: 'include',
      value: `${days[0]},${day}`,
      expect: (f) => [days[0], day].includes(f.createdOn),
    },
    { field: 'createdOn', operator: 'notInclude', value: day, expect: (f) => f.createdOn !== day },
    {
      field: 'status',
      operator: 'eq',
      value: String(sample.status),
      expect: (f) => f.status === sample.status,
    },
    { field: 'status', operator: 'include', value: '1,2,3', expect: (f) => [1, 2, 3].includes(f.status) },
    { field: 'status', operator: 'notInclude', value: '0,9', expect: (f) => ![0, 9].includes(f.status) },
  ];
}

describe('every operator on every field type', () => {
  it('answers the rows a direct query of the same data gives, as a parameter and as a fixed value', async () => {
    let n = 0;
    for (const check of cases()) {
      n += 1;
      const expected = facts.filter(check.expect).map((f) => f.projectId);
      const byParam = await define({
        code: `op${n}p`,
        conditions: [{ field: check.field, operator: check.operator, source: 'param', param: 'v' }],
      });
      expect(byParam.status, byParam.message).toBe(200);
      const got = await allIds(`op${n}p`, { v: check.value });
      expect(got, `${check.field} ${check.operator} ${check.value}`).toEqual(expected);
      const fixed = await define({
        code: `op${n}f`,
        conditions: [{ field: check.field, operator: check.operator, source: 'fixed', value: check.value }],
      });
      expect(fixed.status, fixed.message).toBe(200);
      expect(await allIds(`op${n}f`, {})).toEqual(expected);
    }
    // The comparisons are not all trivially empty or full.
    const sizes = cases().map((c) => facts.filter(c.expect).length);
    expect(sizes.some((size) => size > 0 && size < facts.length)).toBe(true);
  });

  it('refuses an operator the field type does not take, naming the ones it does', async () => {
    const refused = [
      ['projectName', 'gt', '文本'],
      ['projectName', 'le', '文本'],
      ['totalInvestment', 'fuzzy', '数值'],
      ['createdOn', 'fuzzy', '日期'],
      ['status', 'gt', '代码'],
      ['status', 'fuzzy', '代码'],
    ] as const;
    for (const [field, operator, type] of refused) {
      const answer = await define({
        code: `bad${field}${operator}`,
        conditions: [{ field, operator, source: 'param', param: 'v' }],
      });
      expect(answer.status).toBe(400);
      expect(answer.message).toContain(type);
      expect(answer.message).toContain('不能使用比较方式');
    }
  });

  it('returns the values typed: numbers, dates as YYYY-MM-DD, codes, text', async () => {
    await define({
      code: 'typed',
      fields: ['projectId', 'projectName', 'totalInvestment', 'createdOn', 'status'],
      conditions: [],
    });
    const body = await json(await call({ interfaceCode: 'typed', pageSize: '5' }));
    const first = facts[0]!;
    expect(body.data.rows[0]).toEqual({
      projectId: first.projectId,
      projectName: first.projectName,
      totalInvestment: first.totalInvestment,
      createdOn: first.createdOn,
      status: first.status,
    });
    expect(body.data.total).toBe(facts.length);
  });
});

describe('the other datasets', () => {
  it('answers as many rows as their tables hold, through the path form as well', async () => {
    const tables = [
      ['demands', 'demandId', projectDemands],
      ['agencies', 'organizationId', agentOrganizations],
      ['contracts', 'contractId', contracts],
    ] as const;
    for (const [dataset, field, table] of tables) {
      const saved = await define({ code: `all-${dataset}`, dataset, fields: [field], conditions: [] });
      expect(saved.status, saved.message).toBe(200);
      const [{ n }] = (await env.ctx.db.select({ n: count() }).from(table)) as [{ n: number }];
      const body = await json(await call({ interfaceCode: `all-${dataset}`, pageSize: '1' }, key, 'path'));
      expect(body.data.total, dataset).toBe(Math.min(n, 10000));
    }
  });
});

describe('paging and the row cap', () => {
  it('stops at the cap and says so', async () => {
    await define({ code: 'capped', rowCap: 7, conditions: [] });
    const first = await json(await call({ interfaceCode: 'capped', pageNum: '1', pageSize: '5' }));
    expect(first.data).toMatchObject({ total: 7, capped: true });
    expect(first.data.rows).toHaveLength(5);
    const second = await json(await call({ interfaceCode: 'capped', pageNum: '2', pageSize: '5' }));
    expect(second.data.rows).toHaveLength(2);
    const third = await json(await call({ interfaceCode: 'capped', pageNum: '3', pageSize: '5' }));
    expect(third.data.rows).toHaveLength(0);
    const tooBig = await call({ interfaceCode: 'capped', pageSize: '101' });
    expect(tooBig.status).toBe(400);
  });
});

describe('classified fields', () => {
  it('are refused as result fields and as conditions', async () => {
    const asField = await define({ code: 'phones', fields: ['projectName', 'contactPhone'] });
    expect(asField.status).toBe(400);
    expect(asField.message).toBe('字段「联系电话」（contactPhone）为涉密字段，不能开放');
    const asCondition = await define({
      code: 'phones2',
      conditions: [{ field: 'contactName', operator: 'eq', source: 'param', param: 'who' }],
    });
    expect(asCondition.status).toBe(400);
    expect(asCondition.message).toContain('涉密字段');
  });

  it('are listed as classified in the catalogue', async () => {
    const body = await json(await env.as('admin').fetch('/smsend/api/datasets'));
    const fields = body.data.find((d: { id: string }) => d.id === 'projects').fields;
    expect(fields.find((f: { name: string }) => f.name === 'contactPhone')).toMatchObject({
      classified: true,
    });
    expect(fields.find((f: { name: string }) => f.name === 'projectName')).toMatchObject({
      classified: false,
    });
  });
});

describe('bad input', () => {
  beforeAll(async () => {
    await define({
      code: 'byParams',
      conditions: [
        { field: 'totalInvestment', operator: 'ge', source: 'param', param: 'minInvestment' },
        { field: 'createdOn', operator: 'ge', source: 'param', param: 'since' },
        { field: 'status', operator: 'include', source: 'param', param: 'states' },
      ],
    });
  });
  const good = {
    interfaceCode: 'byParams',
    minInvestment: '0',
    since: '2000-01-01',
    states: '0,1,2,3,4,5,6,7,9',
  };

  it('answers the rows when every parameter is right', async () => {
    const response = await call(good);
    expect(response.status).toBe(200);
  });

  it('names an unknown field, operator or dataset when saving', async () => {
    const field = await define({ code: 'x1', fields: ['nope'] });
    expect([field.status, field.message]).toEqual([400, '数据集「项目」没有字段「nope」']);
    const operator = await define({
      code: 'x2',
      conditions: [{ field: 'status', operator: 'between', source: 'param', param: 'v' }],
    });
    expect(operator.status).toBe(400);
    expect(operator.message).toContain('比较方式不正确');
    const dataset = await define({ code: 'x3', dataset: 'users' });
    expect([dataset.status, dataset.message]).toEqual([400, '数据集「users」不存在']);
    const fixed = await define({
      code: 'x4',
      conditions: [{ field: 'createdOn', operator: 'eq', source: 'fixed', value: '2026-02-30' }],
    });
    expect(fixed.status).toBe(400);
    expect(fixed.message).toContain('须为日期');
  });

  it('names a missing, unknown or mistyped parameter', async () => {
    const { since: _since, ...missing } = good;
    const absent = await call(missing);
    expect([absent.status, (await json(absent)).message]).toEqual([400, '缺少参数：since（登记日期）']);
    const unknown = await call({ ...good, district: '370102' });
    expect([unknown.status, (await json(unknown)).message]).toEqual([
      400,
      '未知参数：district（本接口的参数：minInvestment、since、states）',
    ]);
    const number = await json(await call({ ...good, minInvestment: '一百' }));
    expect(number.message).toBe(
      '参数 minInvestment（总投资（万元））须为数值（如 12 或 12.5），收到「一百」',
    );
    const date = await json(await call({ ...good, since: '2026/01/01' }));
    expect(date.message).toContain('须为日期（YYYY-MM-DD）');
    const code = await json(await call({ ...good, states: '1,8' }));
    expect(code.message).toContain('须为以下代码之一');
    expect(code.field).toBe('states');
  });

  it('answers 404 for an unknown or disabled interface', async () => {
    const unknown = await call({ interfaceCode: 'nothing' });
    expect([unknown.status, (await json(unknown)).message]).toEqual([404, '接口「nothing」不存在或已停用']);
    const saved = await define({ code: 'soonOff', conditions: [] });
    await env.as('admin').fetch('/smsend/api/enableInterface', {
      method: 'POST',
      body: new URLSearchParams({ id: String(saved.data.id), enabled: 'false' }),
    });
    expect((await call({ interfaceCode: 'soonOff' })).status).toBe(404);
  });
});

describe('injection attempts', () => {
  it('change nothing: values are bound, names are whitelisted', async () => {
    const before = await env.ctx.db.select({ n: count() }).from(projects);
    await define({
      code: 'names',
      conditions: [{ field: 'projectName', operator: 'include', source: 'param', param: 'q' }],
    });
    for (const q of ["' or '1'='1", "'; drop table projects; --", '%', '_', '\\', ') or (1=1']) {
      const body = await json(await call({ interfaceCode: 'names', q }));
      expect(body.data.rows.length, q).toBe(facts.filter((f) => f.projectName.includes(q)).length);
    }
    const eqAll = await define({
      code: 'eqs',
      conditions: [{ field: 'projectName', operator: 'eq', source: 'param', param: 'q' }],
    });
    expect(eqAll.status).toBe(200);
    expect((await json(await call({ interfaceCode: 'eqs', q: "x' or 1=1 --" }))).data.rows).toEqual([]);
    const badField = await define({ code: 'inj1', fields: ['projectName; drop table projects'] });
    expect(badField.status).toBe(400);
    const badCondition = await define({
      code: 'inj2',
      conditions: [{ field: 'status) or (1=1', operator: 'eq', source: 'param', param: 'v' }],
    });
    expect(badCondition.status).toBe(400);
    const badParam = await define({
      code: 'inj3',
      conditions: [{ field: 'status', operator: 'eq', source: 'param', param: "v'; --" }],
    });
    expect(badParam.status).toBe(400);
    const unknownName = await call({ interfaceCode: 'names', q: 'a', "q'; drop table projects; --": '1' });
    expect(unknownName.status).toBe(400);
    const badCode = await call({ interfaceCode: "names' or '1'='1" });
    expect(badCode.status).toBe(400);
    expect(await env.ctx.db.select({ n: count() }).from(projects)).toEqual(before);
  });
});

describe('consumer keys', () => {
  it('keeps only the hash of a key, shown once', async () => {
    const made = await newConsumer({ name: '规划审批系统' });
    expect(made.key).toMatch(/^dx_[A-Za-z0-9_-]{32}$/);
    const [row] = await env.ctx.db
      .select()
      .from(interfaceConsumers)
      .where(eq(interfaceConsumers.id, made.id));
    expect(row!.keyHash).toBe(hashKey(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);
    const listed = await json(await env.as('admin').fetch('/smsend/api/consumers?page=1&rows=50'));
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(listed.rows.find((r: { id: number }) => r.id === made.id)).toMatchObject({
      keyPrefix: made.key.slice(0, 9),
      state: 'active',
    });
  });

  it('keeps the key’s consumer and the definition in memory until a change, which takes effect at once', async () => {
    await define({ code: 'kept', conditions: [] });
    const consumer = await newConsumer();
    // An instance that hears the tables' changes, so it keeps what getQuery looks up.
    const { services: _ours, dispose: _dispose, ...shared } = env.ctx;
    const instance = withServices({ ...shared }, { now: env.ctx.services.now });
    const stopListening = await listenForDataChanges(env.ctx.listen, instance);
    try {
      const app = createApp(instance);
      const ask = () =>
        app.request('/smsend/api/getQuery', {
          method: 'POST',
          headers: { 'X-Api-Key': consumer.key },
          body: new URLSearchParams({ interfaceCode: 'kept' }),
        });
      expect((await ask()).status).toBe(200);
      // The consumer, the definition and the page.
      expect(instance.services.results.size).toBe(3);
      // Another writer (another instance, a database console) disables the interface: refused at once.
      await env.ctx.db.update(dataInterfaces).set({ enabled: false }).where(eq(dataInterfaces.code, 'kept'));
      await env.ctx.notificationsDelivered();
      const disabled = await ask();
      expect([disabled.status, (await json(disabled)).message]).toEqual([404, '接口「kept」不存在或已停用']);
      await env.ctx.db.update(dataInterfaces).set({ enabled: true }).where(eq(dataInterfaces.code, 'kept'));
      await env.ctx.notificationsDelivered();
      expect((await ask()).status).toBe(200);
      // Revoked through this instance: the next call is refused.
      const admin = createBrowser(app);
      await signInAs(admin, 'admin');
      const revoking = await admin.fetch('/smsend/api/revokeConsumer', {
        method: 'POST',
        body: new URLSearchParams({ id: String(consumer.id) }),
      });
      expect(revoking.status).toBe(200);
      const revoked = await ask();
      expect([revoked.status, (await json(revoked)).message]).toEqual([
        401,
        '接口密钥已被吊销，请向管理员申请新的密钥',
      ]);
    } finally {
      await stopListening();
    }
  });

  it('refuses a missing, unknown, revoked or expired key', async () => {
    await define({ code: 'keys', conditions: [] });
    const none = await call({ interfaceCode: 'keys' }, null);
    expect([none.status, (await json(none)).message]).toEqual([
      401,
      '缺少接口密钥：请在请求头 X-Api-Key 中提供接入系统的密钥',
    ]);
    const wrong = await call({ interfaceCode: 'keys' }, 'dx_nothing');
    expect([wrong.status, (await json(wrong)).message]).toEqual([401, '接口密钥无效，请向管理员核实']);

    const revoked = await newConsumer();
    expect((await call({ interfaceCode: 'keys' }, revoked.key)).status).toBe(200);
    await env.as('admin').fetch('/smsend/api/revokeConsumer', {
      method: 'POST',
      body: new URLSearchParams({ id: String(revoked.id) }),
    });
    const afterRevoke = await call({ interfaceCode: 'keys' }, revoked.key);
    expect([afterRevoke.status, (await json(afterRevoke)).message]).toEqual([
      401,
      '接口密钥已被吊销，请向管理员申请新的密钥',
    ]);

    // Expires at the end of the test clock's tomorrow: two days on, it has expired.
    const tomorrow = beijingDate(new Date(env.clock.now.getTime() + 24 * 3600_000));
    const expiring = await newConsumer({ expiresOn: tomorrow });
    // Bearer works as well as X-Api-Key.
    const bearer = await env.app.request('/smsend/api/getQuery', {
      method: 'POST',
      headers: { authorization: `Bearer ${expiring.key}` },
      body: new URLSearchParams({ interfaceCode: 'keys' }),
    });
    expect(bearer.status).toBe(200);
    env.clock.advance(2 * 24 * 3600_000);
    try {
      const expired = await call({ interfaceCode: 'keys' }, expiring.key);
      expect([expired.status, (await json(expired)).message]).toEqual([
        401,
        `接口密钥已于 ${tomorrow} 过期，请向管理员申请新的密钥`,
      ]);
    } finally {
      env.clock.advance(-2 * 24 * 3600_000);
    }
  });

  it('refuses a key whose expiry is already past', async () => {
    const response = await env.as('admin').fetch('/smsend/api/saveConsumer', {
      method: 'POST',
      body: new URLSearchParams({ name: '过期系统', expiresOn: '2026-01-01' }),
    });
    expect(response.status).toBe(400);
  });

  it('stops a caller over its rate limit with 429 until the next minute', async () => {
    await define({ code: 'limited', conditions: [] });
    const slow = await newConsumer({ rateLimit: '3' });
    for (let i = 0; i < 3; i++) expect((await call({ interfaceCode: 'limited' }, slow.key)).status).toBe(200);
    const over = await call({ interfaceCode: 'limited' }, slow.key);
    expect(over.status).toBe(429);
    expect((await json(over)).message).toMatch(/^调用过于频繁：本系统每分钟最多调用 3 次，请 \d+ 秒后再试$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another consumer is not held back.
    expect((await call({ interfaceCode: 'limited' })).status).toBe(200);
    env.clock.advance(60_000);
    expect((await call({ interfaceCode: 'limited' }, slow.key)).status).toBe(200);
  });
});

describe('the access log', () => {
  it('records who, which interface, the parameters, the rows and the outcome', async () => {
    const saved = await define({
      code: 'logged',
      conditions: [{ field: 'status', operator: 'include', source: 'param', param: 'states' }],
    });
    await call({ interfaceCode: 'logged', states: '0,1,2,3,4,5,6,7,9', pageSize: '3' });
    await call({ interfaceCode: 'logged', states: 'x' });
    const body = await json(
      await env.as('admin').fetch(`/smsend/api/accessLog?interfaceId=${saved.data.id}&page=1&rows=10`),
    );
    expect(body.total).toBe(2);
    expect(body.rows[1]).toMatchObject({
      consumerName: '不动产登记系统',
      interfaceCode: 'logged',
      params: { interfaceCode: 'logged', states: '0,1,2,3,4,5,6,7,9', pageSize: 3, pageNum: 1 },
      rowCount: 3,
      status: 200,
      message: null,
    });
    expect(body.rows[0]).toMatchObject({ status: 400, rowCount: 0 });
    // Lines are written after their answers: read straight from the table once they are.
    await env.ctx.services.interfaceAccessLog.flush();
    const [{ n }] = (await env.ctx.db
      .select({ n: count() })
      .from(interfaceAccessLog)
      .where(eq(interfaceAccessLog.status, 401))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

describe('administration', () => {
  it('is the administrator’s: others get 403', async () => {
    const response = await saveJson(
      'saveInterface',
      { code: 'mine', name: '我的', dataset: 'projects', fields: ['projectName'] },
      'authority01',
    );
    expect(response.status).toBe(403);
  });

  it('updates, refuses a taken code, and deletes keeping the log', async () => {
    const a = await define({ code: 'first', conditions: [] });
    await define({ code: 'second', conditions: [] });
    const taken = await saveJson('updateInterface', { ...a.data, code: 'second' });
    expect([taken.status, (await json(taken)).message]).toEqual([409, '接口编码已被使用，请换一个']);
    const renamed = await saveJson('updateInterface', {
      ...a.data,
      name: '改名后的接口',
      fields: ['projectNo'],
    });
    expect((await json(renamed)).data).toMatchObject({ name: '改名后的接口', fields: ['projectNo'] });
    await call({ interfaceCode: 'first' });
    const removed = await env.as('admin').fetch('/smsend/api/deleteInterface', {
      method: 'POST',
      body: new URLSearchParams({ id: String(a.data.id) }),
    });
    expect(removed.status).toBe(200);
    expect((await call({ interfaceCode: 'first' })).status).toBe(404);
    await env.ctx.services.interfaceAccessLog.flush();
    const [{ n }] = (await env.ctx.db
      .select({ n: count() })
      .from(interfaceAccessLog)
      .where(eq(interfaceAccessLog.interfaceCode, 'first'))) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('describes each enabled interface in the OpenAPI document, parameters and result fields', async () => {
    await define({
      code: 'documented',
      name: '按状态查询项目',
      fields: ['projectName', 'totalInvestment', 'status'],
      conditions: [{ field: 'status', operator: 'eq', source: 'param', param: 'state' }],
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the fields it asserts on
    type Loose = any;
    const document = (await (await env.app.request('/api-docs/openapi.json')).json()) as {
      paths: Record<string, { post: Loose }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const item = document.paths['/smsend/api/getQuery/documented']!.post;
    expect(item.summary).toBe('按状态查询项目');
    const body = item.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['state']);
    expect(body.properties.state).toMatchObject({ type: 'integer', enum: [0, 1, 2, 3, 4, 5, 6, 7, 9] });
    const rows = item.responses['200'].content['application/json'].schema.properties.data.properties.rows;
    expect(Object.keys(rows.items.properties)).toEqual(['projectName', 'totalInvestment', 'status']);
    expect(rows.items.properties.totalInvestment.type).toEqual(['number', 'null']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'X-Api-Key' });
    expect(document.paths['/smsend/api/getQuery/soonOff']).toBeUndefined();
    const detail = await json(
      await env
        .as('admin')
        .fetch(
          `/smsend/api/getInterface?id=${(await json(await env.as('admin').fetch('/smsend/api/queryInterface', { method: 'POST', body: new URLSearchParams({ name: 'documented' }) }))).rows[0].id}`,
        ),
    );
    expect(detail.data.sampleCall).toContain('X-Api-Key: <密钥>');
    expect(detail.data.sampleCall).toContain('state=0');
  });
});

describe('the demo data', () => {
  it('has interfaces over three datasets, a revoked consumer and an access log with real row counts', async () => {
    const list = await json(
      await env.as('admin').fetch('/smsend/api/queryInterface', {
        method: 'POST',
        body: new URLSearchParams({ rows: '100' }),
      }),
    );
    const demo = list.rows.filter((row: { code: string }) =>
      ['projectsByDistrict', 'filedContracts', 'agencyDirectory'].includes(row.code),
    );
    expect(demo.map((row: { dataset: string }) => row.dataset).sort()).toEqual([
      'agencies',
      'contracts',
      'projects',
    ]);
    const consumers = await json(await env.as('admin').fetch('/smsend/api/consumers?rows=100'));
    expect(consumers.rows.map((row: { state: string }) => row.state)).toContain('revoked');
    const log = await json(await env.as('admin').fetch('/smsend/api/accessLog?rows=100'));
    const statuses = new Set(log.rows.map((row: { status: number }) => row.status));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401]));
    expect(
      log.rows.some((row: { status: number; rowCount: number }) => row.status === 200 && row.rowCount > 0),
    ).toBe(true);
  });
});
