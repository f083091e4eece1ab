/**
 * Random inspections through the HTTP app: opening a round publishes a commitment and the frozen
 * lists; the draw is recomputed here from the public record alone (node:crypto, written afresh, not
 * the product's code); one draw per round (409); who sees and does what (the opener draws and
 * publishes, only a drawn inspector of an agency records its result, an inspector of another round
 * sees nothing of this one); bad input is a 400 that changes nothing; publishing moves the agency's
 * credit score with an event and a change naming the round, tells the agency and shows in the hall.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  auditRecords,
  creditScoreChanges,
  inspectionRounds,
  inspectionTargets,
  messages,
  userRoles,
  users,
} from '@server/db/schema';
import { creditEventsOf } from '@server/modules/credit';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { roles } from '@shared/domain/roles';
import { inspectionWorkSource } from './work-source';
import { beijingDate } from '@shared/validation/jobs';

const extra = ['authority02', 'authority03', 'authority04'];

const env = signedInTestApp({
  projects: 300,
  accounts: ['admin', 'authority01', ...extra, 'agency01', 'auditor01'],
  prepare: async ({ ctx }) => {
    const [template] = await ctx.db.select().from(users).where(eq(users.loginname, 'authority01'));
    for (const [i, loginname] of extra.entries()) {
      const [created] = await ctx.db
        .insert(users)
        .values({
          loginname,
          username: `检查员${i + 2}`,
          loginpwd: template!.loginpwd,
          depid: template!.depid,
        })
        .returning({ pkid: users.pkid });
      await ctx.db.insert(userRoles).values({ userId: created!.pkid, roleId: roles.authority.id });
    }
  },
});
const { as } = env;
const post = (who: string, path: string, fields: Record<string, string>) =>
  as(who).fetch(`/smsend/organizationCheck/${path}`, { method: 'POST', body: new URLSearchParams(fields) });
const get = (who: string, path: string) => as(who).fetch(`/smsend/organizationCheck/${path}`);

async function userId(loginname: string) {
  const [row] = await env.ctx.db
    .select({ pkid: users.pkid })
    .from(users)
    .where(eq(users.loginname, loginname));
  return row!.pkid;
}
const roundCount = async () => (await env.ctx.db.select({ n: count() }).from(inspectionRounds))[0]!.n;
const trailCount = async () =>
  (
    await env.ctx.db
      .select({ n: count() })
      .from(auditRecords)
      .where(eq(auditRecords.subjectType, 'inspection_round'))
  )[0]!.n;

interface PublicRecord {
  id: number;
  name: string;
  state: string;
  share: number;
  inspectorsPerAgency: number;
  commitment: string;
  salt: string | null;
  candidates: { organizationId: number; orgName: string }[];
  inspectors: { userId: number; username: string }[];
  drawn: { organizationId: number; inspectors: { userId: number }[]; result: string | null }[] | null;
}

/** The draw as docs/inspections.md states it, written independently of shared/domain/inspections.ts. */
function recompute(record: PublicRecord) {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const c = record.candidates.map((x) => x.organizationId);
  const p = record.inspectors.map((x) => x.userId);
  const base = `${record.salt}:${record.id}:${c.join(',')}:${p.join(',')}`;
  const h = (j: number) => BigInt('0x' + sha(`${base}:${j}`));
  const k = Math.max(1, Math.ceil((record.share * c.length) / 100));
  const m = Math.min(record.inspectorsPerAgency, p.length);
  const left = [...c];
  const out: { organizationId: number; inspectors: number[] }[] = [];
  for (let t = 0; t < k; t++) {
    const organizationId = left.splice(Number(h(t) % BigInt(left.length)), 1)[0]!;
    const pool = [...p];
    const inspectors: number[] = [];
    for (let s = 0; s < m; s++)
      inspectors.push(pool.splice(Number(h(k + t * m + s) % BigInt(pool.length)), 1)[0]!);
    out.push({ organizationId, inspectors });
  }
  return out;
}

let roundId = 0;
let record: PublicRecord;
const roundName = '接口测试：测绘中介机构双随机抽查';

describe('opening a round', () => {
  it('refuses bad input with the field and its message, and stores nothing', async () => {
    const inspectors = [await userId('authority01'), await userId('authority02')].join(',');
    const agency = await userId('agency01');
    const before = [await roundCount(), await trailCount()];
    const cases: [Record<string, string>, string, string][] = [
      [
        { name: '', share: '10', inspectorsPerAgency: '1', inspectorIds: inspectors },
        'name',
        '请填写检查轮次名称',
      ],
      [
        { name: '甲', share: '0', inspectorsPerAgency: '1', inspectorIds: inspectors },
        'share',
        '抽查比例必须是 1% 到 100% 之间的整数',
      ],
      [
        { name: '甲', share: '101', inspectorsPerAgency: '1', inspectorIds: inspectors },
        'share',
        '抽查比例必须是 1% 到 100% 之间的整数',
      ],
      [
        { name: '甲', share: '10', inspectorsPerAgency: '3', inspectorIds: inspectors },
        'inspectorsPerAgency',
        '每家机构的检查人员数只能是 1 或 2 人',
      ],
      [
        { name: '甲', share: '10', inspectorsPerAgency: '1', inspectorIds: '' },
        'inspectorIds',
        '请至少选择一名检查人员',
      ],
      [
        {
          name: '甲',
          share: '10',
          inspectorsPerAgency: '2',
          inspectorIds: String(await userId('authority01')),
        },
        'inspectorIds',
        '每家机构安排 2 名检查人员时，请至少选择 2 名检查人员',
      ],
      [
        { name: '甲', share: '10', inspectorsPerAgency: '1', inspectorIds: `${inspectors},${agency}` },
        'inspectorIds',
        '检查人员只能从主管部门人员中选择',
      ],
      [
        { name: 'x'.repeat(101), share: '10', inspectorsPerAgency: '1', inspectorIds: inspectors },
        'name',
        '检查轮次名称不能超过 100 个字',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post('authority01', 'create', fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await json(response)).toMatchObject({ success: false, field, message });
    }
    expect([await roundCount(), await trailCount()]).toEqual(before);
  });

  it('is for the page roles only', async () => {
    expect((await get('agency01', 'list')).status).toBe(403);
    expect((await get('auditor01', 'list')).status).toBe(403);
    expect((await get('anonymous', 'list')).status).toBe(401);
  });

  it('freezes the candidates and the pool and publishes the commitment, not the salt', async () => {
    const pool = [await userId('authority03'), await userId('authority01'), await userId('authority02')];
    const response = await post('authority01', 'create', {
      name: roundName,
      share: '10',
      inspectorsPerAgency: '2',
      inspectorIds: pool.join(','),
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data).toMatchObject({ name: roundName, state: 'open', drawnAt: null });
    roundId = body.data.id;
    const open = (await json(await get('anonymous', `drawRecord?id=${roundId}`))).data as PublicRecord;
    expect(open.salt).toBeNull();
    expect(open.drawn).toBeNull();
    expect(open.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(open.inspectors.map((p) => p.userId)).toEqual([...pool].sort((a, b) => a - b));
    const ids = open.candidates.map((c) => c.organizationId);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // No answer carries the salt before the draw, the opener's detail included.
    const detail = await json(await get('authority01', `detail?id=${roundId}`));
    expect(JSON.stringify(detail)).not.toContain(
      (await env.ctx.db.select().from(inspectionRounds).where(eq(inspectionRounds.pkid, roundId)))[0]!.salt,
    );
    expect(detail.data.mayDraw).toBe(true);
  });
});

describe('the draw', () => {
  it('is refused to whom did not open the round', async () => {
    // authority04 is in no pool: the round does not exist for it.
    expect((await post('authority04', 'draw', { id: String(roundId) })).status).toBe(404);
    expect((await get('authority04', `detail?id=${roundId}`)).status).toBe(404);
  });

  it('reveals the salt and draws what anyone recomputes from the public record alone', async () => {
    const response = await post('authority01', 'draw', { id: String(roundId) });
    expect(response.status).toBe(200);
    record = (await json(await get('anonymous', `drawRecord?id=${roundId}`))).data as PublicRecord;
    expect(record.state).toBe('drawn');
    expect(createHash('sha256').update(record.salt!).digest('hex')).toBe(record.commitment);
    const expected = recompute(record);
    expect(expected.length).toBe(Math.ceil(record.candidates.length / 10));
    expect(
      record.drawn!.map((d) => ({
        organizationId: d.organizationId,
        inspectors: d.inspectors.map((p) => p.userId),
      })),
    ).toEqual(expected);
    for (const d of expected) expect(new Set(d.inspectors).size).toBe(2);
    // Results stay private until published.
    expect(record.drawn!.every((d) => d.result === null)).toBe(true);
  });

  it('happens once: a second draw is a 409 that changes nothing', async () => {
    const targets = await env.ctx.db
      .select()
      .from(inspectionTargets)
      .where(eq(inspectionTargets.roundId, roundId));
    const response = await post('authority01', 'draw', { id: String(roundId) });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe('该轮次已抽取，每个轮次只能抽取一次');
    expect(
      await env.ctx.db.select().from(inspectionTargets).where(eq(inspectionTargets.roundId, roundId)),
    ).toEqual(targets);
  });

  it('tells each drawn inspector and each drawn agency with an account', async () => {
    for (const d of record.drawn!)
      for (const p of d.inspectors) {
        const [row] = await env.ctx.db
          .select({ n: count() })
          .from(messages)
          .where(
            and(eq(messages.userId, p.userId), like(messages.messageContent, `%${roundName}%检查人员%`)),
          );
        expect(row!.n).toBe(1);
      }
  });
});

describe('who sees the round', () => {
  it('shows it to its drawn inspectors and not to an inspector of another round', async () => {
    const drawnInspectors = new Set(record.drawn!.flatMap((d) => d.inspectors.map((p) => p.userId)));
    for (const who of ['authority02', 'authority03']) {
      const rows = (await json(await get(who, 'list'))).rows as {
        id: number;
        isInspector: boolean;
        inspecteeCount: number;
        recordedCount: number;
      }[];
      const row = rows.find((r) => r.id === roundId);
      expect(row !== undefined, who).toBe(drawnInspectors.has(await userId(who)));
      if (row)
        expect(row).toMatchObject({
          isInspector: true,
          inspecteeCount: record.drawn!.length,
          recordedCount: 0,
        });
    }
    // The opener's own row: not an inspector unless drawn, the counts of the round.
    const own = (
      (await json(await get('authority01', 'list?rows=100'))).rows as {
        id: number;
        isInspector: boolean;
        inspecteeCount: number;
      }[]
    ).find((r) => r.id === roundId)!;
    expect(own).toMatchObject({
      isInspector: drawnInspectors.has(await userId('authority01')),
      inspecteeCount: record.drawn!.length,
    });
    // authority04 inspects in a round of its own (opened by the administrator) and sees only that one.
    const other = await json(
      await post('admin', 'create', {
        name: '另一轮抽查',
        share: '1',
        inspectorsPerAgency: '1',
        inspectorIds: String(await userId('authority04')),
      }),
    );
    expect((await post('admin', 'draw', { id: String(other.data.id) })).status).toBe(200);
    const seen = ((await json(await get('authority04', 'list'))).rows as { id: number }[]).map((r) => r.id);
    expect(seen).toEqual([other.data.id]);
    const target = (await json(await get('authority04', `detail?id=${other.data.id}`))).data.targets[0];
    expect(target.mayRecord).toBe(true);
    // Its inspector may not draw it again nor publish it: that is the opener's.
    expect((await post('authority04', 'publish', { id: String(other.data.id) })).status).toBe(403);
    // Nor record a result in this round.
    const mine = (await json(await get('authority01', `detail?id=${roundId}`))).data.targets[0];
    const refused = await post('authority04', 'record', {
      targetId: String(mine.targetId),
      result: 'qualified',
      findings: '抽查',
    });
    expect(refused.status).toBe(404);
    expect((await get('authority04', `detail?id=${roundId}`)).status).toBe(404);
    // The administrator sees every round.
    const all = ((await json(await get('admin', 'list?rows=100'))).rows as { id: number }[]).map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([roundId, other.data.id]));
  });
});

describe('results', () => {
  const login = new Map<number, string>();
  async function loginOf(id: number) {
    if (login.size === 0) for (const name of ['authority01', ...extra]) login.set(await userId(name), name);
    return login.get(id)!;
  }
  const inspectorOf = (target: { inspectors: { userId: number }[] }) => loginOf(target.inspectors[0]!.userId);
  const targets = async () =>
    (await json(await get('authority01', `detail?id=${roundId}`))).data.targets as {
      targetId: number;
      organizationId: number;
      inspectors: { userId: number }[];
      result: string | null;
    }[];

  it('are recorded only by an inspector of that agency, with valid input', async () => {
    // The outsider sees the round (its opener, or an inspector drawn for another agency) but was not
    // drawn for this one. The draw is random (its salt), so the pair comes from what it drew. When
    // every agency drew the opener and the same second inspector (rare), no one is both: the pool's
    // member drawn for none, who sees no round, is the outsider, answered as for others' rounds (404).
    const all = await targets();
    const seers = new Set([
      await userId('authority01'),
      ...all.flatMap((t) => t.inspectors.map((p) => p.userId)),
    ]);
    const notDrawnFor = (target: (typeof all)[number]) =>
      [...seers].find((id) => !target.inspectors.some((p) => p.userId === id));
    const first = all.find((target) => notDrawnFor(target) !== undefined) ?? all[0]!;
    const seer = notDrawnFor(first);
    const pool = await Promise.all(['authority01', 'authority02', 'authority03'].map(userId));
    const outsider = await loginOf(seer ?? pool.find((id) => !seers.has(id))!);
    const inspector = await inspectorOf(first);
    const before = await env.ctx.db
      .select()
      .from(inspectionTargets)
      .where(eq(inspectionTargets.pkid, first.targetId));
    const trail = await trailCount();
    const bad: [Record<string, string>, string][] = [
      [
        { targetId: String(first.targetId), result: 'good', findings: '甲' },
        '请选择检查结果（合格、基本合格或不合格）',
      ],
      [{ targetId: String(first.targetId), result: 'qualified', findings: ' ' }, '请填写检查情况'],
      [
        { targetId: String(first.targetId), result: 'qualified', findings: '查'.repeat(2001) },
        '检查情况不能超过 2000 个字',
      ],
    ];
    for (const [fields, message] of bad) {
      const response = await post(inspector, 'record', fields);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    const refused = await post(outsider, 'record', {
      targetId: String(first.targetId),
      result: 'qualified',
      findings: '甲',
    });
    if (seer === undefined) expect(refused.status).toBe(404);
    else {
      expect(refused.status).toBe(403);
      expect((await json(refused)).message).toBe('只有抽中检查该机构的检查人员才能录入检查结果');
    }
    expect(
      await env.ctx.db.select().from(inspectionTargets).where(eq(inspectionTargets.pkid, first.targetId)),
    ).toEqual(before);
    expect(await trailCount()).toBe(trail);
  });

  it('are published once all are in: the credit score changes with an event naming the round, the public record and the agency show them', async () => {
    const list = await targets();
    expect((await post('authority01', 'publish', { id: String(roundId) })).status).toBe(409);
    const [first, ...rest] = list;
    const organizationId = first!.organizationId;
    expect(
      (
        await post(await inspectorOf(first!), 'record', {
          targetId: String(first!.targetId),
          result: 'unqualified',
          findings: '成果资料归档不全，部分项目未按规范作业。',
        })
      ).status,
    ).toBe(200);
    for (const target of rest)
      expect(
        (
          await post(await inspectorOf(target), 'record', {
            targetId: String(target.targetId),
            result: 'qualified',
            findings: '未发现问题。',
          })
        ).status,
      ).toBe(200);
    const scoreBefore = (
      await env.ctx.db
        .select({ s: agentOrganizations.creditScore })
        .from(agentOrganizations)
        .where(eq(agentOrganizations.organizationId, organizationId))
    )[0]!.s;
    // Only the opener (or the administrator) publishes: another inspector of the round is refused.
    const other = ['authority02', 'authority03'].find((who) =>
      list.some((t) => t.inspectors.some((p) => login.get(p.userId) === who)),
    );
    if (other) {
      const refused = await post(other, 'publish', { id: String(roundId) });
      expect(refused.status).toBe(403);
      expect((await json(refused)).message).toBe('只有开启该轮次的人员或系统管理员才能进行此操作');
    }
    const listed = (
      (await json(await get('admin', 'list?rows=100'))).rows as { id: number; recordedCount: number }[]
    ).find((r) => r.id === roundId)!;
    expect(listed.recordedCount).toBe(list.length);
    const published = await post('authority01', 'publish', { id: String(roundId) });
    expect(published.status).toBe(200);
    const scoreAfter = (
      await env.ctx.db
        .select({ s: agentOrganizations.creditScore })
        .from(agentOrganizations)
        .where(eq(agentOrganizations.organizationId, organizationId))
    )[0]!.s;
    expect(scoreAfter).toBe(Math.max(0, scoreBefore - 10));
    const [change] = await env.ctx.db
      .select()
      .from(creditScoreChanges)
      .where(
        and(
          eq(creditScoreChanges.organizationId, organizationId),
          like(creditScoreChanges.cause, `%${roundName}%`),
        ),
      );
    expect(change).toMatchObject({
      fromScore: scoreBefore,
      toScore: scoreAfter,
      cause: `双随机抽查结果公开（“${roundName}”：不合格）`,
    });
    const events = (await creditEventsOf(env.ctx.db, { organizationId }, beijingDate(env.clock.now))).get(
      organizationId,
    )!;
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'inspection', points: -10, subject: `“${roundName}”：不合格` }),
    );
    const shown = (await json(await get('anonymous', `agencyResults?organizationId=${organizationId}`))).data;
    expect(shown).toContainEqual(expect.objectContaining({ roundId, result: 'unqualified' }));
    const publicRecord = (await json(await get('anonymous', `drawRecord?id=${roundId}`)))
      .data as PublicRecord;
    expect(publicRecord.drawn!.every((d) => d.result !== null)).toBe(true);
    // After publication nothing changes any more.
    expect((await post('authority01', 'publish', { id: String(roundId) })).status).toBe(409);
    const late = await post(await inspectorOf(first!), 'record', {
      targetId: String(first!.targetId),
      result: 'qualified',
      findings: '改',
    });
    expect(late.status).toBe(409);
    // The round's results as a spreadsheet, for whoever sees the round.
    const sheet = await get('authority01', `exportExcel?id=${roundId}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('spreadsheetml');
    expect((await sheet.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await get('authority04', `exportExcel?id=${roundId}`)).status).toBe(404);
    // The agency is told.
    const [agency] = await env.ctx.db
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, organizationId));
    if (agency?.userId) {
      const [told] = await env.ctx.db
        .select({ n: count() })
        .from(messages)
        .where(
          and(
            eq(messages.userId, agency.userId),
            like(messages.messageContent, `%${roundName}%检查结果已公开%`),
          ),
        );
      expect(told!.n).toBe(1);
    }
  });
});

describe('the work home', () => {
  it('shows the demo rounds to the authority and the administrator, and the open round as a to-do', async () => {
    for (const who of ['authority01', 'admin']) {
      const home = (await json(await as(who).fetch('/smsend/workbench/home'))).data as {
        counts: { group: string; label: string; count: number }[];
      };
      const open = home.counts.find((c) => c.group === '双随机抽查' && c.label === '进行中的轮次');
      expect(open?.count, who).toBeGreaterThanOrEqual(1);
    }
    const [demoOpen] = await env.ctx.db
      .select({ pkid: inspectionRounds.pkid })
      .from(inspectionRounds)
      .where(
        and(eq(inspectionRounds.state, 'open'), eq(inspectionRounds.createdBy, await userId('authority01'))),
      );
    const user = { pkid: await userId('authority01'), isAdmin: false, roleIds: [roles.authority.id] };
    const todos = await inspectionWorkSource.todos!({
      app: env.ctx,
      db: env.ctx.db,
      user: user as never,
      now: env.clock.now,
    });
    expect(todos.map((todo) => todo.key)).toContain(`inspection-draw:${demoOpen!.pkid}`);
  });
});
