/**
 * Selection through the HTTP app: who may call; the salt never leaves the server before the draw (every
 * call that returns a selection); the draw recomputed from its public record; a second draw and two at
 * once (one wins); direct choice of eligible agencies only; price comparison closed by the job runner
 * when the clock passes the deadline (lowest wins, a tie drawn), too few quotes (extend once, direct).
 */
import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  demandSelections,
  districts,
  messages,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projects,
  projectStageItems,
  selectionQuotes,
} from '@server/db/schema';
import { AGENCY_ORG_ID, ids } from '@server/seed/demo-context';
import { markWrites, offClock, writtenSince } from '@server/test/product-clock';
import { demoLoginNames, signedInTestApp, signInDemoBrowsers } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { drawHashInput } from '@shared/domain/selection';
import { createHallReads } from '@server/hall-reads';
import { openSelection } from './open-selection';

const env = signedInTestApp();
/** Survey items agency01 and at least three other selectable agencies all cover. */
let items: number[] = [];
let district = '';

const { as } = env;
interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  message: string;
  field?: string;
  data: T;
  rows: Record<string, unknown>[];
  total: number;
}
const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');
const json = async <T = Record<string, unknown>>(response: Response) =>
  (await response.json()) as Envelope<T>;
const post = (who: string, path: string, fields: Record<string, string | number>) =>
  as(who).fetch(`/smsend/project/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  });
const get = (who: string, path: string) => as(who).fetch(`/smsend/project/${path}`);

/** A released demand of owner01's unit (status 1) with `items`. */
async function newDemand(status = 1): Promise<number> {
  const made = await insertDemand(env.ctx.db, {
    name: '选取测试项目',
    code: 'XQ',
    districtCode: district,
    status,
    stageId: 1,
    items,
    releasedAt: env.clock.now,
    approved: false,
  });
  return made.demandId;
}

/**
 * The rule, written out here rather than read from the code under test: an agency may be offered when
 * its application is approved (audit status 2), it has no lost-credit, unqualified or blacklist flag,
 * and its business scope covers every item of the demand.
 */
const selectableRule = (org: {
  auditStatus: number;
  isLostCredit: boolean;
  isUnqualified: boolean;
  isBlacklisted: boolean;
}) => org.auditStatus === 2 && !org.isLostCredit && !org.isUnqualified && !org.isBlacklisted;

async function organizations() {
  return env.ctx.db
    .select({
      id: agentOrganizations.organizationId,
      scope: agentOrganizations.businessScope,
      auditStatus: agentOrganizations.auditStatus,
      isLostCredit: agentOrganizations.isLostCredit,
      isUnqualified: agentOrganizations.isUnqualified,
      isBlacklisted: agentOrganizations.isBlacklisted,
    })
    .from(agentOrganizations)
    .orderBy(agentOrganizations.organizationId);
}

async function eligibleIds(): Promise<number[]> {
  return (await organizations())
    .filter((org) => selectableRule(org) && items.every((i) => org.scope.includes(i)))
    .map((org) => org.id);
}

const saltOf = async (demandId: number) =>
  (await env.ctx.db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId)))[0]!.salt;

beforeAll(async () => {
  const db = env.ctx.db;
  district = (await db.select({ code: districts.districtCode }).from(districts).limit(1))[0]!.code;
  const orgs = (await organizations()).filter(selectableRule);
  const mine = orgs.find((o) => o.id === AGENCY_ORG_ID)!;
  // The item of agency01 most other agencies cover: enough candidates for a draw and three quotes.
  const best = [...mine.scope].sort(
    (a, b) => orgs.filter((o) => o.scope.includes(b)).length - orgs.filter((o) => o.scope.includes(a)).length,
  )[0]!;
  items = [best];
  expect((await eligibleIds()).length).toBeGreaterThanOrEqual(4);
});

describe('who may call', () => {
  it.each(['anonymous', ...demoLoginNames])('%s', async (who) => {
    const demandId = await newDemand();
    const owner = who === 'owner01' || who === 'admin';
    const agency = who === 'agency01' || who === 'admin';
    const signedOut = who === 'anonymous';
    expect((await get(who, 'selection/list')).status).toBe(signedOut ? 401 : owner ? 200 : 403);
    expect((await get(who, `selection/query?demandId=${demandId}`)).status).toBe(
      signedOut ? 401 : owner ? 200 : 403,
    );
    expect((await post(who, 'getAgentOrganizationByItems', { demandId })).status).toBe(
      signedOut ? 401 : owner ? 200 : 403,
    );
    expect((await get(who, 'selection/invitations')).status).toBe(
      signedOut ? 401 : agency ? (who === 'admin' ? 403 : 200) : 403,
    );
    // The public record: anyone, even signed out.
    expect((await get(who, `selection/drawRecord?demandId=${demandId}`)).status).toBe(200);
  });

  it('another owner’s demand is 404, a draft demand has no public record', async () => {
    const draft = await newDemand(0);
    expect((await get('anonymous', `selection/drawRecord?demandId=${draft}`)).status).toBe(404);
    expect((await post('owner01', 'selection/method', { demandId: draft, method: 'draw' })).status).toBe(409);
  });
});

describe('the verifiable draw', () => {
  it('publishes only the commitment before the draw, then the salt; the winner recomputes', async () => {
    const demandId = await newDemand();
    const opened = await json<{ record: { commitment: string; salt: string | null } }>(
      await post('owner01', 'selection/method', { demandId, method: 'draw' }),
    );
    expect(opened.success).toBe(true);
    const salt = await saltOf(demandId);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.data.record.commitment).toBe(sha256hex(salt));
    expect(opened.data.record.salt).toBeNull();
    // No answer that carries a selection shows the salt before the draw.
    for (const response of [
      await post('owner01', 'selection/method', { demandId, method: 'draw' }),
      await get('owner01', `selection/query?demandId=${demandId}`),
      await get('anonymous', `selection/drawRecord?demandId=${demandId}`),
      await get('owner01', 'selection/list?rows=100'),
      await get('agency01', 'selection/invitations?rows=100'),
      await post('owner01', 'getAgentOrganizationByItems', { demandId }),
      await as('owner01').fetch('/smsend/demand/demandQuery'),
    ]) {
      expect(await response.text()).not.toContain(salt);
    }
    const logs = await env.ctx.db.select().from(projectLogs);
    expect(JSON.stringify(logs)).not.toContain(salt);
    // The hall's demand detail page reads the record in-process.
    const hallRecord = await createHallReads(env.ctx).selectionRecord(demandId);
    expect(hallRecord?.commitment).toBe(sha256hex(salt));
    expect(JSON.stringify(hallRecord)).not.toContain(salt);

    const drawn = await json<{ record: Record<string, unknown> }>(
      await post('owner01', 'selection/draw', { demandId }),
    );
    expect(drawn.success).toBe(true);
    const record = (
      await json<Record<string, unknown> & { candidates: { organizationId: number }[] }>(
        await get('anonymous', `selection/drawRecord?demandId=${demandId}`),
      )
    ).data;
    expect(record.salt).toBe(salt);
    expect(sha256hex(record.salt as string)).toBe(record.commitment);
    const candidates = record.candidates.map((c) => c.organizationId);
    expect(candidates).toEqual(await eligibleIds());
    const hash = sha256hex(`${record.salt}:${demandId}:${candidates.join(',')}`);
    expect(record.hash).toBe(hash);
    expect(record.hashInput).toBe(drawHashInput(salt, demandId, candidates));
    expect(record.winnerId).toBe(candidates[Number(BigInt(`0x${hash}`) % BigInt(candidates.length))]);
    expect(record.decidedByName).toBeTruthy();
    expect(record.drawnAt).toBe(env.clock.now.toISOString());

    const again = await post('owner01', 'selection/draw', { demandId });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('该需求已抽取，不能再次抽取');
    // The winner is told.
    const winner = await env.ctx.db
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, record.winnerId as number));
    if (winner[0]?.userId) {
      const [told] = await env.ctx.db
        .select({ n: count() })
        .from(messages)
        .where(eq(messages.userId, winner[0].userId));
      expect(told!.n).toBeGreaterThan(0);
    }
  });

  it('a draw’s messages and log lines carry the product’s clock (issue 21)', async () => {
    const demandId = await newDemand();
    const mark = await markWrites(env.ctx.db);
    expect((await post('owner01', 'selection/method', { demandId, method: 'draw' })).status).toBe(200);
    expect((await post('owner01', 'selection/draw', { demandId })).status).toBe(200);
    const written = await writtenSince(env.ctx.db, mark);
    expect(written.filter((row) => row.table === 'messages').length).toBeGreaterThan(1);
    expect(written.filter((row) => row.table === 'project_logs').length).toBe(2);
    expect(offClock(written, env.clock.now)).toEqual([]);
  });

  it('two draws at once: one wins, the other is a 409', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', { demandId, method: 'draw' });
    const answers = await Promise.all([
      post('owner01', 'selection/draw', { demandId }),
      post('owner01', 'selection/draw', { demandId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('release opens the selection in its transaction (openSelection), once', async () => {
    const demandId = await newDemand();
    await env.ctx.db.transaction((tx) =>
      openSelection(tx, {
        demandId,
        method: 'draw',
        actor: { pkid: ids.owner, username: 'owner01' },
        now: new Date(),
      }),
    );
    await expect(
      env.ctx.db.transaction((tx) =>
        openSelection(tx, {
          demandId,
          method: 'direct',
          actor: { pkid: ids.owner, username: 'owner01' },
          now: new Date(),
        }),
      ),
    ).rejects.toThrow('该需求已确定选取方式');
  });
});

describe('agency figures', () => {
  it('each agency has its own pass rate and workload, the same the hall shows', async () => {
    // Work for one eligible agency other than agency01: results adopted on one demand, another pending.
    const busy = (await eligibleIds()).find((id) => id !== AGENCY_ORG_ID)!;
    const db = env.ctx.db;
    for (const state of [1, 0]) {
      const worked = await newDemand(3);
      const [demand] = await db.select().from(projectDemands).where(eq(projectDemands.pkid, worked));
      await db
        .insert(projectAuthorizations)
        .values({ projectId: demand!.projectId, demandId: worked, organizationId: busy, state });
      if (state === 1)
        await db
          .update(projectStageItems)
          .set({ resultAcceptance: 2 })
          .where(eq(projectStageItems.demandId, worked));
    }
    const demandId = await newDemand();
    await post('owner01', 'selection/method', { demandId, method: 'direct' });
    const listed = await json<
      {
        organizationId: number;
        adopted: number;
        decided: number;
        passRate: number | null;
        workload: number;
      }[]
    >(await post('owner01', 'getAgentOrganizationByItems', { demandId }));
    const hall = createHallReads(env.ctx);
    for (const agency of listed.data) {
      const detail = await hall.agencies.get(agency.organizationId);
      expect(detail?.passRate).toMatchObject({
        adopted: agency.adopted,
        decided: agency.decided,
        passRate: agency.passRate,
        workload: agency.workload,
      });
    }
    // agency01 and another agency, each counted here from the rows: items decided (采纳 2 or 退回 3)
    // under an accepted (1) authorization; authorizations pending (0) or accepted on projects 1..5.
    const counted = async (organizationId: number) => {
      const db = env.ctx.db;
      const auths = await db
        .select({ state: projectAuthorizations.state, status: projects.status })
        .from(projectAuthorizations)
        .innerJoin(projects, eq(projects.pkid, projectAuthorizations.projectId))
        .where(eq(projectAuthorizations.organizationId, organizationId));
      const items = await db
        .select({ acceptance: projectStageItems.resultAcceptance, state: projectAuthorizations.state })
        .from(projectStageItems)
        .innerJoin(projectAuthorizations, eq(projectAuthorizations.demandId, projectStageItems.demandId))
        .where(eq(projectAuthorizations.organizationId, organizationId));
      const decided = items.filter((i) => i.state === 1 && (i.acceptance === 2 || i.acceptance === 3));
      return {
        adopted: decided.filter((i) => i.acceptance === 2).length,
        decided: decided.length,
        workload: auths.filter((x) => (x.state === 0 || x.state === 1) && x.status >= 1 && x.status <= 5)
          .length,
      };
    };
    const other = listed.data.find((a) => a.organizationId === busy)!;
    expect(other).toMatchObject({ adopted: items.length, decided: items.length, passRate: 1, workload: 2 });
    for (const agency of [listed.data.find((a) => a.organizationId === AGENCY_ORG_ID)!, other])
      expect(agency).toMatchObject(await counted(agency.organizationId));
    const distinct = new Set(listed.data.map((a) => `${a.adopted}/${a.decided}/${a.workload}`));
    expect(distinct.size).toBeGreaterThan(1);
  });
});

describe('direct choice', () => {
  it('speaks of the draw only on a draw: a direct choice logs no commitment', async () => {
    const logOf = async (demandId: number) => {
      const [demand] = await env.ctx.db
        .select()
        .from(projectDemands)
        .where(eq(projectDemands.pkid, demandId));
      const rows = await env.ctx.db
        .select({ content: projectLogs.content })
        .from(projectLogs)
        .where(eq(projectLogs.projectId, demand!.projectId));
      return rows.map((row) => row.content).join('\n');
    };
    const direct = await newDemand();
    await post('owner01', 'selection/method', { demandId: direct, method: 'direct' });
    expect(await logOf(direct)).toContain('确定中介机构选取方式：直接选取');
    expect(await logOf(direct)).not.toContain('承诺值');
    const draw = await newDemand();
    await post('owner01', 'selection/method', { demandId: draw, method: 'draw' });
    expect(await logOf(draw)).toContain('随机抽取承诺值');
  });

  it('lists eligible agencies with pass rate and workload; refuses an ineligible one', async () => {
    const demandId = await newDemand();
    expect(
      (await post('owner01', 'selection/choose', { demandId, organizationId: AGENCY_ORG_ID })).status,
    ).toBe(409); // no method yet
    await post('owner01', 'selection/method', { demandId, method: 'direct' });
    const listed = await json<{ organizationId: number; passRate: number | null; workload: number }[]>(
      await post('owner01', 'getAgentOrganizationByItems', { demandId }),
    );
    expect(listed.data.map((a) => a.organizationId)).toEqual(await eligibleIds());
    expect(listed.data.every((a) => typeof a.workload === 'number')).toBe(true);
    const ineligible = (
      await env.ctx.db
        .select({ id: agentOrganizations.organizationId })
        .from(agentOrganizations)
        .where(eq(agentOrganizations.isBlacklisted, true))
    ).map((r) => r.id);
    const bad = ineligible[0] ?? 999_999;
    const refused = await post('owner01', 'selection/choose', { demandId, organizationId: bad });
    expect(refused.status).toBe(400);
    expect((await json(refused)).field).toBe('organizationId');
    expect(
      (await env.ctx.db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId)))[0]!
        .winnerId,
    ).toBeNull();
    const chosen = await json<{ record: { winnerId: number; state: string; salt: string | null } }>(
      await post('owner01', 'selection/choose', { demandId, organizationId: AGENCY_ORG_ID }),
    );
    expect(chosen.data.record).toMatchObject({ winnerId: AGENCY_ORG_ID, state: 'done', salt: null });
    // The next step: the owner's selection answer and its message lead to the 委托 of the project.
    const projectId = (
      await env.ctx.db.select().from(projectDemands).where(eq(projectDemands.pkid, demandId))
    )[0]!.projectId;
    const after = await json<{ projectId: number; authorized: boolean }>(
      await get('owner01', `selection/query?demandId=${demandId}`),
    );
    expect(after.data).toMatchObject({ projectId, authorized: false });
    const [ownerTold] = await env.ctx.db
      .select({ content: messages.messageContent })
      .from(messages)
      .where(
        and(
          eq(messages.userId, ids.owner),
          eq(messages.link, `/notdchy/DemandDetails?projectId=${projectId}`),
        ),
      );
    expect(ownerTold?.content).toMatch(/经直接选取选定测绘中介机构：.+。下一步：请委托该机构承担测绘$/);
    const [agencyTold] = await env.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, ids.agency), eq(messages.link, '/notdchy/DemandOption')));
    expect(agencyTold!.n).toBeGreaterThan(0);
    expect(
      (await post('owner01', 'selection/choose', { demandId, organizationId: AGENCY_ORG_ID })).status,
    ).toBe(409);
    expect((await post('owner01', 'selection/method', { demandId, method: 'draw' })).status).toBe(409);
  });

  it('offers no agency that is unqualified, lost its credit, is blacklisted or not approved (issue 21)', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', { demandId, method: 'direct' });
    const candidates = (await eligibleIds()).filter((id) => id !== AGENCY_ORG_ID);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    const [unqualified, lostCredit, blacklisted] = candidates as [number, number, number];
    const flag = (id: number, set: Partial<typeof agentOrganizations.$inferInsert>) =>
      env.ctx.db.update(agentOrganizations).set(set).where(eq(agentOrganizations.organizationId, id));
    // The expectation as a table: each flag on its own takes its agency out of the offer.
    const table: [number, Partial<typeof agentOrganizations.$inferInsert>][] = [
      [unqualified, { isUnqualified: true }],
      [lostCredit, { isLostCredit: true }],
      [blacklisted, { isBlacklisted: true }],
    ];
    try {
      for (const [id, set] of table) await flag(id, set);
      const offered = (
        await json<{ organizationId: number }[]>(
          await post('owner01', 'getAgentOrganizationByItems', { demandId }),
        )
      ).data.map((a) => a.organizationId);
      for (const [id, set] of table) expect(offered, JSON.stringify(set)).not.toContain(id);
      expect(offered).toContain(AGENCY_ORG_ID);
      const refused = await post('owner01', 'selection/choose', { demandId, organizationId: unqualified });
      expect(refused.status).toBe(400);
      expect((await json(refused)).field).toBe('organizationId');
    } finally {
      for (const [id] of table)
        await flag(id, { isUnqualified: false, isLostCredit: false, isBlacklisted: false });
    }
  });

  it('takes a C-graded agency by direct choice only: never into a draw or a price comparison (issue 24)', async () => {
    const [graded] = (await eligibleIds()).filter((id) => id !== AGENCY_ORG_ID);
    const grade = (creditGrade: string) =>
      env.ctx.db
        .update(agentOrganizations)
        .set({ creditGrade })
        .where(eq(agentOrganizations.organizationId, graded!));
    const selectionRow = async (demandId: number) =>
      (await env.ctx.db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId)))[0]!;
    await grade('C');
    try {
      const drawn = await newDemand();
      await post('owner01', 'selection/method', { demandId: drawn, method: 'draw' });
      expect((await post('owner01', 'selection/draw', { demandId: drawn })).status).toBe(200);
      const candidates = (await selectionRow(drawn)).candidates ?? [];
      expect(candidates.length).toBeGreaterThan(0);
      expect(candidates).not.toContain(graded);

      const compared = await newDemand();
      const opened = await post('owner01', 'selection/method', {
        demandId: compared,
        method: 'price',
        quoteDeadline: new Date(env.clock.now.getTime() + 3 * 86_400_000).toISOString(),
      });
      expect(opened.status).toBe(200);
      expect((await selectionRow(compared)).invited).not.toContain(graded);

      const direct = await newDemand();
      await post('owner01', 'selection/method', { demandId: direct, method: 'direct' });
      const offered = (
        await json<{ organizationId: number }[]>(
          await post('owner01', 'getAgentOrganizationByItems', { demandId: direct }),
        )
      ).data.map((a) => a.organizationId);
      expect(offered).toContain(graded);
      expect(
        (await post('owner01', 'selection/choose', { demandId: direct, organizationId: graded! })).status,
      ).toBe(200);
      expect((await selectionRow(direct)).winnerId).toBe(graded);
    } finally {
      await grade('B');
    }
  });

  it('a demand already authorized is not offered and refuses a method', async () => {
    const demandId = await newDemand();
    const [demand] = await env.ctx.db.select().from(projectDemands).where(eq(projectDemands.pkid, demandId));
    await env.ctx.db
      .insert(projectAuthorizations)
      .values({ projectId: demand!.projectId, demandId, organizationId: AGENCY_ORG_ID, state: 0 });
    const refused = await post('owner01', 'selection/method', { demandId, method: 'draw' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe('该需求已授权中介机构，无需再选取');
    const waiting = await newDemand();
    const listed = (await json(await get('owner01', 'selection/list?rows=100'))).rows.map((r) => r.demandId);
    expect(listed).not.toContain(demandId);
    expect(listed).toContain(waiting);
  });

  it('bad input is a 400 with the message, nothing changes', async () => {
    const demandId = await newDemand();
    const response = await post('owner01', 'selection/method', { demandId, method: 'lottery' });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('请选择选取方式');
    expect(
      await env.ctx.db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId)),
    ).toEqual([]);
  });
});

describe('price comparison', () => {
  const HOUR = 3_600_000;
  async function quoteAs(demandId: number, organizationId: number, amount: string) {
    await env.ctx.db.insert(selectionQuotes).values({ demandId, organizationId, amount, plan: '常规方案' });
  }
  /** Moves the clock (sessions lapse with it: sign in again) and runs the due jobs. */
  async function advance(ms: number) {
    env.clock.advance(ms);
    env.browsers = await signInDemoBrowsers(env.app);
  }
  const closeJob = async () =>
    (await env.ctx.services.jobs.runDue()).filter((o) => o.name === 'selection-price-close');

  it('invites, keeps quotes private, closes at the deadline with the lowest', async () => {
    await env.ctx.services.jobs.ensureScheduled();
    const demandId = await newDemand();
    const deadline = new Date(env.clock.now.getTime() + 2 * HOUR).toISOString();
    const opened = await post('owner01', 'selection/method', {
      demandId,
      method: 'price',
      quoteDeadline: deadline,
    });
    expect(opened.status).toBe(200);
    // agency01 is invited and told.
    const [told] = await env.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, ids.agency), eq(messages.link, '/notdchy/DemandOption')));
    expect(told!.n).toBeGreaterThan(0);
    const badAmount = await post('agency01', 'selection/quote', { demandId, amount: '12.345', plan: '方案' });
    expect(badAmount.status).toBe(400);
    expect((await json(badAmount)).message).toBe('请输入正确的报价金额（元，最多两位小数）');
    expect(
      (await post('agency01', 'selection/quote', { demandId, amount: '90000.00', plan: '三人两周完成' }))
        .status,
    ).toBe(200);
    const others = (await eligibleIds()).filter((id) => id !== AGENCY_ORG_ID);
    await quoteAs(demandId, others[0]!, '95000.50');
    await quoteAs(demandId, others[1]!, '120000');
    const before = await json<{ quotes: unknown; quoteCount: number }>(
      await get('owner01', `selection/query?demandId=${demandId}`),
    );
    expect(before.data.quotes).toBeNull();
    expect(before.data.quoteCount).toBe(3);
    const invitation = (await json(await get('agency01', 'selection/invitations?rows=100'))).rows.find(
      (r) => r.demandId === demandId,
    )!;
    expect(invitation).toMatchObject({ myAmount: '90000.00', open: true, won: null });
    expect(JSON.stringify(invitation)).not.toContain('95000.50');

    // Not yet due: nothing closes.
    await advance(HOUR);
    await closeJob();
    expect(
      (
        await json<{ record: { state: string } }>(
          await get('owner01', `selection/query?demandId=${demandId}`),
        )
      ).data.record.state,
    ).toBe('quoting');
    await advance(HOUR + 60_000);
    const beforeClose = await markWrites(env.ctx.db);
    const [outcome] = await closeJob();
    expect(outcome?.status).toBe('succeeded');
    // The job's messages and log lines carry the moved clock, not the database's time (issue 21).
    const closed = await writtenSince(env.ctx.db, beforeClose);
    expect(closed.some((row) => row.table === 'messages')).toBe(true);
    expect(offClock(closed, env.clock.now)).toEqual([]);
    const after = await json<{
      record: { state: string; winnerId: number; decidedByName: string };
      quotes: { amount: string }[];
    }>(await get('owner01', `selection/query?demandId=${demandId}`));
    expect(after.data.record).toMatchObject({
      state: 'done',
      winnerId: AGENCY_ORG_ID,
      decidedByName: '系统',
    });
    expect(after.data.quotes.map((q) => q.amount)).toEqual(['90000.00', '95000.50', '120000.00']);
    // One message to the owner for the outcome, leading to the 委托.
    const outcomeTold = await env.ctx.db
      .select({ content: messages.messageContent, link: messages.link })
      .from(messages)
      .where(and(eq(messages.userId, ids.owner), sql`${messages.messageContent} like '%比选报价选定%'`));
    expect(
      outcomeTold.filter(
        (m) => m.content.includes(`“选取测试项目`) && m.content.includes('最低报价 90000.00 元'),
      ),
    ).toHaveLength(1);
    expect(outcomeTold.every((m) => m.link?.startsWith('/notdchy/DemandDetails?projectId='))).toBe(true);
    const late = await post('agency01', 'selection/quote', { demandId, amount: '1.00', plan: '方案' });
    expect(late.status).toBe(409);
  });

  it('a tie at the lowest is drawn over the tied agencies with the demand’s salt', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', {
      demandId,
      method: 'price',
      quoteDeadline: new Date(env.clock.now.getTime() + HOUR).toISOString(),
    });
    const all = await eligibleIds();
    await quoteAs(demandId, all[2]!, '5000.00');
    await quoteAs(demandId, all[0]!, '5000');
    await quoteAs(demandId, all[1]!, '7000');
    await advance(HOUR);
    await closeJob();
    const record = (
      await json<Record<string, unknown> & { candidates: { organizationId: number }[] }>(
        await get('anonymous', `selection/drawRecord?demandId=${demandId}`),
      )
    ).data;
    const tied = [all[0]!, all[2]!];
    expect(record.candidates.map((c) => c.organizationId)).toEqual(tied);
    const hash = sha256hex(`${record.salt}:${demandId}:${tied.join(',')}`);
    expect(sha256hex(record.salt as string)).toBe(record.commitment);
    expect(record.winnerId).toBe(tied[Number(BigInt(`0x${hash}`) % 2n)]);
  });

  it('fewer than three quotes: the owner extends once, then switches to direct', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', {
      demandId,
      method: 'price',
      quoteDeadline: new Date(env.clock.now.getTime() + HOUR).toISOString(),
    });
    await quoteAs(demandId, AGENCY_ORG_ID, '100.00');
    expect((await post('owner01', 'selection/method', { demandId, method: 'direct' })).status).toBe(409);
    await advance(HOUR);
    await closeJob();
    const state = async () =>
      (
        await json<{ record: { state: string }; quotes: unknown[] | null }>(
          await get('owner01', `selection/query?demandId=${demandId}`),
        )
      ).data;
    expect((await state()).record.state).toBe('insufficient');
    expect((await state()).quotes).toHaveLength(1);
    const past = await post('owner01', 'selection/extend', {
      demandId,
      quoteDeadline: env.clock.now.toISOString(),
    });
    expect(past.status).toBe(400);
    const later = new Date(env.clock.now.getTime() + 24 * HOUR).toISOString();
    const extended = await post('owner01', 'selection/extend', { demandId, quoteDeadline: later });
    expect(extended.status).toBe(200);
    expect(await extended.text()).not.toContain(await saltOf(demandId));
    expect((await state()).record.state).toBe('quoting');
    await advance(25 * HOUR);
    await closeJob();
    expect((await state()).record.state).toBe('insufficient');
    const twice = await post('owner01', 'selection/extend', {
      demandId,
      quoteDeadline: new Date(env.clock.now.getTime() + HOUR).toISOString(),
    });
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe('报价截止时间只能延长一次');
    expect((await post('owner01', 'selection/method', { demandId, method: 'draw' })).status).toBe(409);
    expect((await post('owner01', 'selection/method', { demandId, method: 'direct' })).status).toBe(200);
    const chosen = await post('owner01', 'selection/choose', { demandId, organizationId: AGENCY_ORG_ID });
    expect(chosen.status).toBe(200);
  });

  it('fewer than three quotes: the owner may take the lowest; the salt stays hidden without a tie', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', {
      demandId,
      method: 'price',
      quoteDeadline: new Date(env.clock.now.getTime() + HOUR).toISOString(),
    });
    expect((await post('owner01', 'selection/acceptLowest', { demandId })).status).toBe(409);
    const all = await eligibleIds();
    await quoteAs(demandId, all[1]!, '300.10');
    await quoteAs(demandId, all[0]!, '300.01');
    await advance(HOUR);
    await closeJob();
    const answer = await post('owner01', 'selection/acceptLowest', { demandId });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(await saltOf(demandId));
    expect((JSON.parse(text) as Envelope<{ record: { winnerId: number } }>).data.record.winnerId).toBe(
      all[0],
    );
  });

  it('an agency not invited cannot quote (404)', async () => {
    const demandId = await newDemand();
    await post('owner01', 'selection/method', { demandId, method: 'direct' });
    expect((await post('agency01', 'selection/quote', { demandId, amount: '10', plan: '方案' })).status).toBe(
      404,
    );
  });
});
