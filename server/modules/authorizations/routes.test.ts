/**
 * Authorizations and authorization changes through the HTTP app: the owner authorizes an eligible
 * agency (an ineligible one is refused and nothing changes), the agency accepts (project 1 → 2, logged)
 * or declines with a reason (the owner may authorize another), two accepts at once end with one,
 * ownership answers 404, and a change reviewed by the authority moves the demand to the new agency,
 * tells both agencies and keeps both in the project log. An answer after the deadline, or none by it,
 * is an overdue to-do in the agency's credit score.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  creditScoreChanges,
  districts,
  messages,
  projectAuthChanges,
  projectAuthorizations,
  projectLogs,
  projects,
} from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { checkCreditScores, creditEventsOf } from '@server/modules/credit';
import { OVERDUE_TODO_POINTS } from '@shared/domain/credit-score';
import { surveyItems } from '@shared/domain/stages';
import { beijingDate } from '@shared/domain/working-days';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'agency05', 'owner02'] });
/** agency05's organization: approved, a second eligible agency with an account. */
let otherOrg: { organizationId: number; userId: number; scope: number[] };
let sharedItems: number[];
let districtCode: string;

beforeAll(async () => {
  const db = env.ctx.db;
  const [mine] = await db
    .select({ scope: agentOrganizations.businessScope })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
  const [other] = await db
    .select({
      organizationId: agentOrganizations.organizationId,
      userId: agentOrganizations.userId,
      scope: agentOrganizations.businessScope,
    })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, 14));
  otherOrg = other as typeof otherOrg;
  sharedItems = (mine?.scope ?? []).filter((item) => otherOrg.scope.includes(item)).slice(0, 2);
  const [district] = await db.select({ code: districts.districtCode }).from(districts).limit(1);
  districtCode = district!.code;
});

const { as } = env;
interface Envelope {
  success: boolean;
  message: string;
  data: Record<string, unknown>;
  object: unknown;
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const post = (who: string, path: string, fields: Record<string, string>) =>
  as(who).fetch(`/smsend/${path}`, { method: 'POST', body: new URLSearchParams(fields) });
const get = (who: string, path: string, query: Record<string, string> = {}) =>
  as(who).fetch(`/smsend/${path}?${new URLSearchParams(query).toString()}`);

/** A released project of owner01 with one demand of the given items. */
const releasedProject = (items = sharedItems) =>
  insertDemand(env.ctx.db, {
    name: '委托测试项目',
    code: 'WT',
    districtCode,
    stageId: Math.floor((items[0] ?? 401) / 100),
    items,
  });

const projectStatusOf = async (projectId: number) =>
  (await env.ctx.db.select({ s: projects.status }).from(projects).where(eq(projects.pkid, projectId)))[0]?.s;
const offersOf = (projectId: number) =>
  env.ctx.db
    .select()
    .from(projectAuthorizations)
    .where(eq(projectAuthorizations.projectId, projectId))
    .orderBy(asc(projectAuthorizations.pkid));
const logsOf = (projectId: number) =>
  env.ctx.db
    .select()
    .from(projectLogs)
    .where(eq(projectLogs.projectId, projectId))
    .orderBy(asc(projectLogs.pkid));

async function authorize(projectId: number, organizationId = AGENCY_ORG_ID) {
  return post('owner01', 'project/authorizationProjectDemand', {
    projectId: String(projectId),
    organizationId: String(organizationId),
  });
}

describe('authorizing after a selection', () => {
  it('while the selection is undecided, refuses every agency and offers none', async () => {
    const { projectId, demandId } = await releasedProject();
    const method = await post('owner01', 'project/selection/method', {
      demandId: String(demandId),
      method: 'draw',
    });
    expect(method.status).toBe(200);
    const refused = await authorize(projectId);
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(
      '该需求的中介机构选取尚未完成，请先在“选取中介”中确定中选机构',
    );
    expect(await offersOf(projectId)).toEqual([]);
    const candidates = await json(
      await get('owner01', 'project/authorization/candidates', { projectId: String(projectId) }),
    );
    expect(candidates.object).toEqual([]);
  });

  it('authorizes only the winner of a decided selection', async () => {
    const { projectId, demandId } = await releasedProject();
    await post('owner01', 'project/selection/method', { demandId: String(demandId), method: 'direct' });
    const chosen = await post('owner01', 'project/selection/choose', {
      demandId: String(demandId),
      organizationId: String(otherOrg.organizationId),
    });
    expect(chosen.status).toBe(200);
    const other = await authorize(projectId, AGENCY_ORG_ID);
    expect(other.status).toBe(409);
    expect((await json(other)).message).toBe('只能授权该需求选取结果中的中选机构');
    const candidates = await json(
      await get('owner01', 'project/authorization/candidates', { projectId: String(projectId) }),
    );
    expect((candidates.object as { organizationId: number }[]).map((c) => c.organizationId)).toEqual([
      otherOrg.organizationId,
    ]);
    expect((await authorize(projectId, otherOrg.organizationId)).status).toBe(200);
  });
});

describe('authorizing an agency', () => {
  it('offers the demand to an eligible agency, messages it and logs it', async () => {
    expect(sharedItems.length).toBeGreaterThan(0);
    const { projectId } = await releasedProject();
    const response = await authorize(projectId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.message).toBe('委托成功，等待中介机构答复');
    expect(body.data.state).toBe(0);
    const id = body.data.authorizationId as number;
    const candidates = await json(
      await get('owner01', 'project/authorization/candidates', { projectId: String(projectId) }),
    );
    const offered = (candidates.object as { organizationId: number }[]).map((c) => c.organizationId);
    expect(offered).toContain(otherOrg.organizationId);
    expect(offered).not.toContain(AGENCY_ORG_ID);
    const todo = await json(await get('agency01', 'project/authorization/toDoList'));
    expect(todo.rows.map((r) => r.authorizationId)).toContain(id);
    const inbox = await env.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, 3), eq(messages.link, `/notdchy/Detials?id=${id}`)));
    expect(inbox).toHaveLength(1);
    const logs = await logsOf(projectId);
    expect(logs.at(-1)).toMatchObject({ statusFrom: 1, statusTo: 1, actorName: expect.any(String) });
    expect(logs.at(-1)?.content).toMatch(/^委托.+承担测绘，等待机构答复$/);
    // A second offer while one is pending is refused.
    const again = await authorize(projectId, otherOrg.organizationId);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(
      '该需求已委托中介机构，等待答复或已接受；如需更换请申请授权变更',
    );
  });

  it('refuses an agency whose scope does not cover every item, and changes nothing', async () => {
    const outside = surveyItems.map((item) => item.id).find((item) => !otherOrg.scope.includes(item));
    expect(outside).toBeDefined();
    const { projectId } = await releasedProject([outside as number]);
    const response = await authorize(projectId, otherOrg.organizationId);
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe(
      '所选中介机构不符合条件（须审核通过、业务范围覆盖全部测绘事项且无失信、不合格或黑名单记录）',
    );
    expect(await offersOf(projectId)).toHaveLength(0);
  });

  it('refuses a flagged agency', async () => {
    const { projectId } = await releasedProject();
    await env.ctx.db
      .update(agentOrganizations)
      .set({ isLostCredit: true })
      .where(eq(agentOrganizations.organizationId, otherOrg.organizationId));
    try {
      expect((await authorize(projectId, otherOrg.organizationId)).status).toBe(409);
      expect(await offersOf(projectId)).toHaveLength(0);
    } finally {
      await env.ctx.db
        .update(agentOrganizations)
        .set({ isLostCredit: false })
        .where(eq(agentOrganizations.organizationId, otherOrg.organizationId));
    }
  });

  it("answers 404 for another owner's project and a 400 for a missing agency", async () => {
    const { projectId } = await releasedProject();
    const foreign = await post('owner02', 'project/authorizationProjectDemand', {
      projectId: String(projectId),
      organizationId: String(AGENCY_ORG_ID),
    });
    expect([403, 404]).toContain(foreign.status);
    const missing = await post('owner01', 'project/authorizationProjectDemand', {
      projectId: String(projectId),
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe('请选择中介机构');
    expect(await offersOf(projectId)).toHaveLength(0);
  });
});

describe('the agency answers', () => {
  it('accepts: the project moves to 已委托 through moveProject and the owner is told', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    const accepted = await post('agency01', 'project/authorization/accept', { id: String(id) });
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).data).toMatchObject({ state: 1, projectStatus: 2 });
    expect(await projectStatusOf(projectId)).toBe(2);
    expect((await logsOf(projectId)).at(-1)).toMatchObject({ statusFrom: 1, statusTo: 2 });
    const done = await json(await get('agency01', 'project/authorization/doneList'));
    expect(done.rows.map((r) => r.authorizationId)).toContain(id);
    const inbox = await env.ctx.db.select().from(messages).where(eq(messages.userId, 2));
    expect(inbox.some((msg) => msg.messageContent.includes('已接受项目“委托测试项目'))).toBe(true);
  });

  it('two accepts at once: exactly one wins, one log line', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    const answers = await Promise.all([
      post('agency01', 'project/authorization/accept', { id: String(id) }),
      post('agency01', 'project/authorization/accept', { id: String(id) }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409) as Response;
    expect((await json(loser)).message).toBe('该委托已答复，不能重复操作');
    expect((await logsOf(projectId)).filter((l) => l.statusTo === 2)).toHaveLength(1);
  });

  it('declines with a reason; the owner may then authorize another agency', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    const noReason = await post('agency01', 'project/authorization/decline', { id: String(id) });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请填写拒绝原因');
    const declined = await post('agency01', 'project/authorization/decline', {
      id: String(id),
      reason: '业务饱和，无法按期承接',
    });
    expect(declined.status).toBe(200);
    expect((await json(declined)).data).toMatchObject({ state: 2, reason: '业务饱和，无法按期承接' });
    expect(await projectStatusOf(projectId)).toBe(1);
    expect((await logsOf(projectId)).at(-1)?.content).toContain('拒绝委托：业务饱和，无法按期承接');
    const next = await authorize(projectId, otherOrg.organizationId);
    expect(next.status).toBe(200);
  });

  it('only the agency offered sees and answers it (404 otherwise)', async () => {
    const { projectId, projectNo } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    expect((await post('agency05', 'project/authorization/accept', { id: String(id) })).status).toBe(404);
    expect((await get('agency05', 'project/authorization/queryOne', { id: String(id) })).status).toBe(404);
    expect((await get('owner02', 'project/authorization/queryOne', { id: String(id) })).status).toBe(404);
    expect(
      (await get('owner02', 'project/getProjectDemandAuthorization', { projectId: String(projectId) }))
        .status,
    ).toBe(404);
    expect((await get('owner01', 'project/authorization/queryOne', { id: String(id) })).status).toBe(200);
    expect((await get('authority01', 'project/authorization/queryOne', { id: String(id) })).status).toBe(200);
    const refs = await json(
      await get('owner01', 'project/getProjectOrganizationRefsByProjectNo', { projectNo }),
    );
    expect((refs.object as { organizationId: number }[]).map((r) => r.organizationId)).toEqual([
      AGENCY_ORG_ID,
    ]);
    expect((await offersOf(projectId))[0]?.state).toBe(0);
  });
});

describe('authorization changes', () => {
  it('reviewed and approved: the demand moves to the new agency, both told, both in the log', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    await post('agency01', 'project/authorization/accept', { id: String(id) });

    const changeable = await json(await get('owner01', 'project/queryChange', { rows: '100' }));
    expect(changeable.rows.map((r) => r.projectId)).toContain(projectId);
    const noReason = await post('owner01', 'authchange/add', {
      projectId: String(projectId),
      organizationId: String(otherOrg.organizationId),
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请填写变更原因');
    const same = await post('owner01', 'authchange/add', {
      projectId: String(projectId),
      organizationId: String(AGENCY_ORG_ID),
      reason: '进度滞后',
    });
    expect(same.status).toBe(400);

    const added = await post('owner01', 'authchange/add', {
      projectId: String(projectId),
      organizationId: String(otherOrg.organizationId),
      reason: '原机构进度严重滞后',
    });
    expect(added.status).toBe(200);
    const change = (await json(added)).data;
    expect(change).toMatchObject({ auditStatus: 1, fromOrganizationId: AGENCY_ORG_ID });
    const changeId = change.pkid as number;
    const check = await json(
      await get('owner01', 'authchange/ifProjectDemandAuthChange', { projectId: String(projectId) }),
    );
    expect(check.object).toMatchObject({ canChange: false, openChangeId: changeId });

    const todo = await json(await get('authority01', 'authchange/toDoList', { rows: '100' }));
    expect(todo.rows.map((r) => r.pkid)).toContain(changeId);
    expect((await get('owner02', 'authchange/queryOne', { id: String(changeId) })).status).toBe(404);

    const noOpinion = await post('authority01', 'authchange/check', {
      id: String(changeId),
      auditStatus: '3',
    });
    expect(noOpinion.status).toBe(400);
    const approved = await post('authority01', 'authchange/check', {
      id: String(changeId),
      auditStatus: '2',
      opinion: '同意变更',
    });
    expect(approved.status).toBe(200);

    const offers = await offersOf(projectId);
    expect(offers.map((o) => [o.organizationId, o.state])).toEqual([
      [AGENCY_ORG_ID, 3],
      [otherOrg.organizationId, 0],
    ]);
    const [row] = await env.ctx.db
      .select()
      .from(projectAuthChanges)
      .where(eq(projectAuthChanges.pkid, changeId));
    expect(row).toMatchObject({ auditStatus: 2, newAuthorizationId: offers[1]!.pkid });
    const toldOld = await env.ctx.db.select().from(messages).where(eq(messages.userId, 3));
    expect(toldOld.some((msg) => msg.messageContent.includes('贵机构的委托已终止'))).toBe(true);
    const toldNew = await env.ctx.db.select().from(messages).where(eq(messages.userId, otherOrg.userId));
    expect(toldNew.some((msg) => msg.link === `/notdchy/Detials?id=${offers[1]!.pkid}`)).toBe(true);
    const logText = (await logsOf(projectId)).map((l) => l.content).join('\n');
    expect(logText).toContain('申请授权变更');
    expect(logText).toContain('授权变更审核通过');

    // The new agency accepts: the project is already 已委托, so the answer is a log line, no move.
    const newTodo = await json(await get('agency05', 'project/authorization/toDoList'));
    expect(newTodo.rows.map((r) => r.authorizationId)).toContain(offers[1]!.pkid);
    expect(
      (await post('agency05', 'project/authorization/accept', { id: String(offers[1]!.pkid) })).status,
    ).toBe(200);
    expect(await projectStatusOf(projectId)).toBe(2);
    const done = await json(await get('authority01', 'authchange/doneProjectDemandAuthChange'));
    expect(done.rows.map((r) => r.pkid)).toContain(changeId);
    // An approved change cannot be deleted.
    expect(
      (await as('owner01').fetch(`/smsend/authchange/delete/${changeId}`, { method: 'DELETE' })).status,
    ).toBe(409);
  });

  it('rejected: nothing moves; the owner may delete it', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    const added = await json(
      await post('owner01', 'authchange/add', {
        projectId: String(projectId),
        organizationId: String(otherOrg.organizationId),
        reason: '希望更换',
      }),
    );
    const changeId = added.data.pkid as number;
    const again = await post('owner01', 'authchange/add', {
      projectId: String(projectId),
      organizationId: String(otherOrg.organizationId),
      reason: '再次申请',
    });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('该需求已有待审核的授权变更');
    const rejected = await post('authority01', 'authchange/check', {
      id: String(changeId),
      auditStatus: '3',
      opinion: '理由不充分',
    });
    expect(rejected.status).toBe(200);
    expect((await offersOf(projectId)).map((o) => [o.pkid, o.state])).toEqual([[id, 0]]);
    const removed = await as('owner01').fetch(`/smsend/authchange/delete/${changeId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(
      await env.ctx.db.select().from(projectAuthChanges).where(eq(projectAuthChanges.pkid, changeId)),
    ).toHaveLength(0);
  });
});

describe('the project log calls of the spec (issue 21)', () => {
  it('getAuthChangeProjectLogs and getConstructionAuthChangeProjectLogs answer a change with its records', async () => {
    const { projectId } = await releasedProject();
    const id = (await json(await authorize(projectId))).data.authorizationId as number;
    await post('agency01', 'project/authorization/accept', { id: String(id) });
    const changeId = (
      await json(
        await post('owner01', 'authchange/add', {
          projectId: String(projectId),
          organizationId: String(otherOrg.organizationId),
          reason: '进度滞后，申请更换',
        }),
      )
    ).data.pkid as number;
    await post('authority01', 'authchange/check', {
      id: String(changeId),
      auditStatus: '3',
      opinion: '理由不足',
    });

    const one = await get('owner01', 'project/log/getAuthChangeProjectLogs', {
      authChangeId: String(changeId),
    });
    expect(one.status).toBe(200);
    const records = (await json(one)).object as { decisionLabel: string; opinion: string | null }[];
    expect(records.map((r) => r.decisionLabel)).toEqual(['提交审核', '审核不通过']);
    expect(records[1]?.opinion).toBe('理由不足');

    const all = await get('owner01', 'project/log/getConstructionAuthChangeProjectLogs', {
      projectid: String(projectId),
    });
    expect(all.status).toBe(200);
    const changes = (await json(all)).object as { pkid: number; reason: string; records: unknown[] }[];
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ pkid: changeId, reason: '进度滞后，申请更换' });
    expect(changes[0]?.records).toHaveLength(2);

    // Another owner sees neither; a bad id is a 400.
    expect(
      (await get('owner02', 'project/log/getAuthChangeProjectLogs', { authChangeId: String(changeId) }))
        .status,
    ).toBe(404);
    const foreign = await json(
      await get('owner02', 'project/log/getConstructionAuthChangeProjectLogs', {
        projectid: String(projectId),
      }),
    );
    expect(foreign.object).toEqual([]);
    expect(
      (await get('owner01', 'project/log/getAuthChangeProjectLogs', { authChangeId: '0x10' })).status,
    ).toBe(400);
  });
});

describe('the service deadline of an authorization to-do', () => {
  it('gives the offer a due date in working days, reminds the agency once the day before, and marks it overdue', async () => {
    const { projectId } = await releasedProject();
    const response = await authorize(projectId);
    expect(response.status).toBe(200);
    const id = (await json(response)).data.authorizationId as number;
    const [offer] = await env.ctx.db
      .select()
      .from(projectAuthorizations)
      .where(eq(projectAuthorizations.pkid, id));
    // Three working days by default ('authorization' in shared/domain/deadlines.ts): due after the offer,
    // reminded before it is due, not reminded yet.
    expect(offer?.dueAt).toBeInstanceOf(Date);
    expect(offer!.dueAt!.getTime() - offer!.authorizedAt.getTime()).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(offer!.remindAt!.getTime()).toBeLessThan(offer!.dueAt!.getTime());
    expect(offer?.remindedAt).toBeNull();

    const todo = await json(await get('agency01', 'project/authorization/toDoList', { rows: '100' }));
    const row = todo.rows.find((r) => r.authorizationId === id);
    expect(row).toMatchObject({ dueAt: offer!.dueAt!.toISOString(), overdue: false });

    // The reminder job (deadline-reminders) at the reminder moment: one message to the agency, once.
    const { sendDueAuthorizationReminders: sendDueReminders } = await import('./reminders');
    const reminders = () =>
      env.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, 3), eq(messages.link, `/notdchy/Detials?id=${id}`)));
    const before = (await reminders()).length;
    // Not a moment early (other to-dos of the demo may be reminded then: only this offer's messages count).
    await sendDueReminders(env.ctx, new Date(offer!.remindAt!.getTime() - 1));
    expect(await reminders()).toHaveLength(before);
    await sendDueReminders(env.ctx, offer!.remindAt!);
    await sendDueReminders(env.ctx, offer!.remindAt!);
    const after = await reminders();
    expect(after).toHaveLength(before + 1);
    const reminder = after.filter((m) => m.messageContent.startsWith('办理时限提醒'));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]?.messageContent).toMatch(/^办理时限提醒：项目“委托测试项目\d+”的委托待您确认/);

    // Past its deadline the to-do is overdue in the agency's list.
    await env.ctx.db
      .update(projectAuthorizations)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(projectAuthorizations.pkid, id));
    const late = await json(await get('agency01', 'project/authorization/toDoList', { rows: '100' }));
    expect(late.rows.find((r) => r.authorizationId === id)).toMatchObject({ overdue: true });
  });
});

describe('an overdue authorization to-do in the agency’s credit score (issue 24)', () => {
  const org = () => otherOrg.organizationId;
  const scoreOf = async () =>
    (
      await env.ctx.db
        .select({ score: agentOrganizations.creditScore })
        .from(agentOrganizations)
        .where(eq(agentOrganizations.organizationId, org()))
    )[0]!.score;
  const overdueEvents = async () =>
    (
      (await creditEventsOf(env.ctx.db, { organizationId: org() }, beijingDate(env.clock.now))).get(org()) ??
      []
    ).filter((event) => event.kind === 'overdueTodo');
  const latestChange = async () =>
    (
      await env.ctx.db
        .select()
        .from(creditScoreChanges)
        .where(eq(creditScoreChanges.organizationId, org()))
        .orderBy(desc(creditScoreChanges.pkid))
        .limit(1)
    )[0];
  const offer = async () => {
    const { projectId } = await releasedProject();
    const response = await authorize(projectId, org());
    expect(response.status).toBe(200);
    return (await json(response)).data.authorizationId as number;
  };
  const dueAtOf = (id: number, dueAt: Date) =>
    env.ctx.db.update(projectAuthorizations).set({ dueAt }).where(eq(projectAuthorizations.pkid, id));

  beforeAll(async () => {
    // agency05's demo to-dos are left without deadlines, so only this test's answers move its score.
    await env.ctx.db
      .update(projectAuthorizations)
      .set({ dueAt: null })
      .where(eq(projectAuthorizations.organizationId, org()));
    await checkCreditScores(env.ctx, env.clock.now);
  });

  it('counts an answer after the deadline at once, with its cause; an answer in time not at all', async () => {
    const inTime = await offer();
    const answered = await post('agency05', 'project/authorization/decline', {
      id: String(inTime),
      reason: '业务饱和',
    });
    expect(answered.status).toBe(200);
    expect(await overdueEvents()).toEqual([]);

    const before = await scoreOf();
    const late = await offer();
    await dueAtOf(late, new Date(env.clock.now.getTime() - 60_000));
    const accepted = await post('agency05', 'project/authorization/accept', { id: String(late) });
    expect(accepted.status).toBe(200);
    const [event] = await overdueEvents();
    expect(event).toMatchObject({ points: OVERDUE_TODO_POINTS });
    expect(event?.subject).toMatch(
      /^项目“委托测试项目\d+”的委托确认：办理期限至 \d{4}-\d{2}-\d{2}，\d{4}-\d{2}-\d{2} 才答复$/,
    );
    expect(await scoreOf()).toBe(before + OVERDUE_TODO_POINTS);
    const change = await latestChange();
    expect(change).toMatchObject({ fromScore: before, toScore: before + OVERDUE_TODO_POINTS });
    expect(change?.cause).toMatch(/^委托确认逾期答复（项目“委托测试项目\d+”）$/);
  });

  it('counts an unanswered one from the day after its deadline, at the nightly check', async () => {
    const open = await offer();
    const unanswered = async () =>
      (await overdueEvents()).filter((event) => event.subject.endsWith('逾期未答复'));
    // Due at the end of today: not overdue yet on today's count.
    const todayBegan = new Date(`${beijingDate(env.clock.now)}T00:00:00+08:00`);
    await dueAtOf(open, new Date(todayBegan.getTime() + 86_400_000));
    expect(await unanswered()).toEqual([]);
    // Due when today began: yesterday was its last day, and today's check counts it.
    await dueAtOf(open, todayBegan);
    const [event] = await unanswered();
    expect(event?.subject).toMatch(
      /^项目“委托测试项目\d+”的委托确认：办理期限至 \d{4}-\d{2}-\d{2}，逾期未答复$/,
    );
    const score = await scoreOf();
    await checkCreditScores(env.ctx, env.clock.now);
    expect(await scoreOf()).toBe(score + OVERDUE_TODO_POINTS);
    expect(await latestChange()).toMatchObject({ toScore: score + OVERDUE_TODO_POINTS, cause: '每日核对' });
  });
});
