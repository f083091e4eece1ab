/**
 * The review engine: every legal decision and its record, every illegal one (409, nothing changed),
 * missing opinions and bad transfer targets (400), who may decide (403), two reviewers at once (one
 * wins), to-do and done lists, the timeline, and the messages each decision sends. Runs on PGlite and,
 * in the postgres project, on a PostgreSQL server with real parallel connections.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  agentOrganizations,
  agentStaff,
  auditRecords,
  constructionUnits,
  contracts,
  districts,
  messages,
  projects,
  reviewItems,
  userRoles,
  users,
} from '@server/db/schema';
import { backfillReviewItems } from '@server/db/review-items';
import { reviewItemSources } from '@server/review-hooks';
import {
  createTicketGrantingTicket,
  openSession,
  resolveSessionToken,
  type SessionUser,
} from '@server/modules/identity/sessions';
import { hashId } from '@server/modules/identity/tokens';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { REVIEW_OPINION_MAX, reviewMessages } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject } from '@shared/domain/statuses';
import { reviewKind, reviewKindTypes, reviewLink } from '@shared/domain/review-kinds';
import { canOpen, matchRoute } from '@shared/domain/routes';
import {
  decide,
  decideIn,
  getReviewItem,
  getReviewState,
  listDone,
  listReviewRecords,
  listTodo,
  openReview,
  reviewersOf,
  reviewStateOrNull,
} from '.';

let ctx: TestContext;
let admin: SessionUser;
let owner: SessionUser;
let agency: SessionUser;
let authority: SessionUser;
let secondAuthority: SessionUser;
let auditor: SessionUser;

async function signedIn(pkid: number): Promise<SessionUser> {
  const tgt = await createTicketGrantingTicket(ctx, pkid);
  const token = await openSession(ctx, undefined, { tgtHash: hashId(tgt), userId: pkid });
  const user = await resolveSessionToken(ctx, token ?? undefined);
  if (!user) throw new Error(`no session for ${pkid}`);
  return user;
}

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { demoProjects: 0 });
  // A second reviewer of the authority, to transfer to and to race with.
  const [second] = await ctx.db
    .insert(users)
    .values({
      loginname: 'authority02',
      username: '审核员乙',
      loginpwd: 'x',
      depid: 5,
      userstate: 1,
      userlevel: 3,
    })
    .returning({ pkid: users.pkid });
  await ctx.db.insert(userRoles).values({ userId: second!.pkid, roleId: roles.authority.id });
  const [last] = await ctx.db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .orderBy(desc(agentOrganizations.organizationId))
    .limit(1);
  firstTestAgency = (last?.id ?? 0) + 1;
  const signed = await Promise.all([1, 2, 3, 5, second!.pkid, 6].map((pkid) => signedIn(pkid)));
  [admin, owner, agency, authority, secondAuthority, auditor] = signed as [
    SessionUser,
    SessionUser,
    SessionUser,
    SessionUser,
    SessionUser,
    SessionUser,
  ];
}, 120_000);
afterAll(() => ctx.dispose());

const agentOrg = auditSubject.code.agentOrg;
let nextSubject = 1;
/** Agencies with ids from here on were made by these tests; below are the demo's. */
let firstTestAgency = 0;
/** A fresh agency (its own row, whose audit_status the engine mirrors) applied for by agency01, as a draft. */
async function draft() {
  const [row] = await ctx.db
    .insert(agentOrganizations)
    .values({ orgName: `审核测试机构${nextSubject++}` })
    .returning({ id: agentOrganizations.organizationId });
  const subjectId = row!.id;
  await openReview(ctx.db, { subjectType: agentOrg, subjectId, applicantId: agency.pkid });
  return subjectId;
}

async function agencyRow(subjectId: number) {
  const [row] = await ctx.db
    .select({
      auditStatus: agentOrganizations.auditStatus,
      submittedAt: agentOrganizations.submittedAt,
      auditedAt: agentOrganizations.auditedAt,
    })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, subjectId));
  return row!;
}
const decideOn = (
  actor: SessionUser,
  subjectId: number,
  decision: Parameters<typeof decide>[2]['decision'],
  extra = {},
) => decide(ctx, actor, { subjectType: agentOrg, subjectId, decision, ...extra });

async function records(subjectId: number) {
  return ctx.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.subjectType, agentOrg), eq(auditRecords.subjectId, subjectId)))
    .orderBy(auditRecords.pkid);
}

async function messagesTo(userId: number) {
  return ctx.db
    .select({ content: messages.messageContent, link: messages.link })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.messageId));
}

const messageCount = async () => (await ctx.db.select({ id: messages.messageId }).from(messages)).length;

/**
 * Runs `action`, expects it to fail with `status`, and checks that nothing changed: the item, its
 * records, the agency's own row, and the messages.
 */
async function refused(subjectId: number, status: number, action: () => Promise<unknown>, message?: string) {
  const before = await getReviewItem(ctx.db, agentOrg, subjectId);
  const recordsBefore = (await records(subjectId)).length;
  const rowBefore = await agencyRow(subjectId);
  const messagesBefore = await messageCount();
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught as { status?: number; message?: string },
  );
  expect(error?.status).toBe(status);
  if (message) expect(error?.message).toBe(message);
  expect(await getReviewItem(ctx.db, agentOrg, subjectId)).toEqual(before);
  expect(await records(subjectId)).toHaveLength(recordsBefore);
  expect(await agencyRow(subjectId)).toEqual(rowBefore);
  expect(await messageCount()).toBe(messagesBefore);
}

describe('the kinds', () => {
  it('link every reviewed subject to a page of the route table', () => {
    expect(reviewKindTypes.length).toBeGreaterThanOrEqual(8);
    for (const type of reviewKindTypes) {
      const path = reviewKind(type)!.detailPath(7);
      expect(matchRoute(path.split('?')[0]!), `${type} → ${path}`).toBeDefined();
    }
  });

  it('send reviewers to a page their role may open', () => {
    for (const type of reviewKindTypes) {
      const path = reviewLink(type, 7, 'reviewer').split('?')[0]!;
      const route = matchRoute(path);
      const opens = reviewKind(type)!.reviewerRoles.every((role) => route && canOpen(route, [role]));
      expect(opens, `${type} → ${path}`).toBe(true);
    }
  });

  it('are reviewed by the holders of their roles and the administrator', async () => {
    const reviewers = await reviewersOf(ctx.db, agentOrg);
    expect(reviewers).toEqual(expect.arrayContaining([admin.pkid, authority.pkid, secondAuthority.pkid]));
    expect(reviewers).not.toContain(auditor.pkid);
    expect(await reviewersOf(ctx.db, auditSubject.code.contract)).toContain(auditor.pkid);
  });
});

describe('legal decisions', () => {
  it('submit → reject with an opinion → resubmit → approve, each with its record and messages', async () => {
    const id = await draft();
    expect((await getReviewItem(ctx.db, agentOrg, id)).status).toBe(auditStatus.code.draft);

    const submitted = await decideOn(agency, id, 'submit');
    expect(submitted.status).toBe(auditStatus.code.pending);
    expect(submitted.submittedAt).toBeInstanceOf(Date);
    expect((await messagesTo(authority.pkid))[0]).toEqual({
      content: '有新的中介机构待审核',
      link: `/intermediary/orgManageDetail?id=${id}`,
    });

    const rejected = await decideOn(authority, id, 'reject', { opinion: '营业执照不清晰' });
    expect(rejected.status).toBe(auditStatus.code.rejected);
    expect((await messagesTo(agency.pkid))[0]?.content).toBe(
      '您提交的中介机构审核不通过，意见：营业执照不清晰',
    );

    expect((await decideOn(agency, id, 'submit')).status).toBe(auditStatus.code.pending);
    const approved = await decideOn(secondAuthority, id, 'approve', { opinion: '材料齐全' });
    expect(approved.status).toBe(auditStatus.code.approved);
    expect(approved.decidedAt).toBeInstanceOf(Date);
    expect((await messagesTo(agency.pkid))[0]?.content).toBe('您提交的中介机构已审核通过，意见：材料齐全');

    const trail = await records(id);
    expect(trail.map((r) => [r.decision, r.fromStatus, r.toStatus, r.auditorId, r.roleId])).toEqual([
      [auditDecision.code.submitted, 0, 1, agency.pkid, roles.agency.id],
      [auditDecision.code.rejected, 1, 3, authority.pkid, roles.authority.id],
      [auditDecision.code.submitted, 3, 1, agency.pkid, roles.agency.id],
      [auditDecision.code.approved, 1, 2, secondAuthority.pkid, roles.authority.id],
    ]);
    expect(trail[1]?.opinion).toBe('营业执照不清晰');

    const timeline = await listReviewRecords(ctx.db, agentOrg, id);
    expect(timeline.map((r) => r.decisionLabel)).toEqual(['提交审核', '审核不通过', '提交审核', '审核通过']);
  });

  it('withdraw takes a pending application back to draft, by the applicant', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    const withdrawn = await decideOn(agency, id, 'withdraw');
    expect(withdrawn.status).toBe(auditStatus.code.draft);
    expect((await records(id)).at(-1)).toMatchObject({
      decision: auditDecision.code.withdrawn,
      fromStatus: 1,
      toStatus: 0,
    });
  });

  it('transfer hands the task to another reviewer with the reason, who then alone may decide', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    const moved = await decideOn(authority, id, 'transfer', {
      opinion: '请乙复核',
      transferToId: secondAuthority.pkid,
    });
    expect(moved.status).toBe(auditStatus.code.pending);
    expect(moved.assigneeId).toBe(secondAuthority.pkid);
    expect((await records(id)).at(-1)).toMatchObject({
      decision: auditDecision.code.transferred,
      opinion: '请乙复核',
      transferToId: secondAuthority.pkid,
    });
    expect((await messagesTo(secondAuthority.pkid))[0]).toEqual({
      content: '有中介机构转办给您审核，意见：请乙复核',
      link: `/intermediary/orgManageDetail?id=${id}`,
    });
    const todoOfFirst = await listTodo(ctx.db, authority, { page: 1, rows: 100 });
    expect(todoOfFirst.rows.map((row) => row.subjectId)).not.toContain(id);
    const todoOfSecond = await listTodo(ctx.db, secondAuthority, { page: 1, rows: 100 });
    expect(todoOfSecond.rows.map((row) => row.subjectId)).toContain(id);
    await refused(id, 403, () => decideOn(authority, id, 'approve'), reviewMessages.notAssignee);
    expect((await decideOn(secondAuthority, id, 'approve')).status).toBe(auditStatus.code.approved);
    const timeline = await listReviewRecords(ctx.db, agentOrg, id);
    expect(timeline.find((r) => r.decisionLabel === '转办')?.transferToName).toBe('审核员乙');
  });
});

describe('refusals change nothing', () => {
  it('illegal transitions answer 409 with the state in the message', async () => {
    const id = await draft();
    for (const decision of ['approve', 'reject', 'transfer', 'withdraw'] as const) {
      const actor = decision === 'withdraw' ? agency : authority;
      await refused(id, 409, () =>
        decideOn(actor, id, decision, { opinion: '意见', transferToId: secondAuthority.pkid }),
      );
    }
    await decideOn(agency, id, 'submit');
    await refused(id, 409, () => decideOn(agency, id, 'submit'), '当前状态（待审核）不能执行此操作');
    await decideOn(authority, id, 'approve');
    for (const decision of ['submit', 'approve', 'reject', 'transfer', 'withdraw'] as const) {
      const actor = decision === 'submit' || decision === 'withdraw' ? agency : authority;
      await refused(id, 409, () =>
        decideOn(actor, id, decision, { opinion: '意见', transferToId: secondAuthority.pkid }),
      );
    }
  });

  it('reject needs an opinion and transfer a reason and a reviewer of the kind', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    const cases: [Parameters<typeof decideOn>[2], Parameters<typeof decideOn>[3], string][] = [
      ['reject', { opinion: '  ' }, reviewMessages.opinionRequired],
      ['transfer', { transferToId: secondAuthority.pkid }, reviewMessages.reasonRequired],
      ['transfer', { opinion: '转' }, reviewMessages.transferTargetRequired],
      ['transfer', { opinion: '转', transferToId: auditor.pkid }, reviewMessages.transferTargetInvalid],
      ['transfer', { opinion: '转', transferToId: authority.pkid }, reviewMessages.transferToSelf],
    ];
    for (const [decision, extra, message] of cases)
      await refused(id, 400, () => decideOn(authority, id, decision, extra), message);
  });

  it('only the applicant submits and withdraws; only reviewers of the kind decide', async () => {
    const id = await draft();
    await refused(id, 403, () => decideOn(owner, id, 'submit'), reviewMessages.notApplicant);
    await decideOn(agency, id, 'submit');
    await refused(id, 403, () => decideOn(owner, id, 'withdraw'), reviewMessages.notApplicant);
    await refused(id, 403, () => decideOn(auditor, id, 'approve'), reviewMessages.notReviewer);
    await refused(id, 403, () => decideOn(agency, id, 'approve'), reviewMessages.notReviewer);
  });

  it('a subject that is not under review is a 404, one that is never reviewed a 400', async () => {
    await expect(decideOn(authority, 999_999, 'approve')).rejects.toMatchObject({ status: 404 });
    await expect(
      decide(ctx, authority, { subjectType: auditSubject.code.notice, subjectId: 1, decision: 'approve' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('two reviewers at once', () => {
  it('exactly one decision wins, the other gets 409, and one record is written', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await draft();
      await decideOn(agency, id, 'submit');
      const outcomes = await Promise.allSettled([
        decideOn(authority, id, 'approve'),
        decideOn(secondAuthority, id, 'reject', { opinion: '不符合要求' }),
      ]);
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
      const decisions = (await records(id)).filter((r) => r.decision !== auditDecision.code.submitted);
      expect(decisions).toHaveLength(1);
      const item = await getReviewItem(ctx.db, agentOrg, id);
      expect(item.status).toBe(decisions[0]?.toStatus);
    }
  });
});

describe('what one may decide now', () => {
  it('follows the table, the applicant, the pool and the holder', async () => {
    const id = await draft();
    const allowed = async (user: SessionUser) => (await getReviewState(ctx.db, user, agentOrg, id)).allowed;
    expect(await allowed(agency)).toEqual(['submit']);
    expect(await allowed(authority)).toEqual([]);
    await decideOn(agency, id, 'submit');
    expect(await allowed(agency)).toEqual(['withdraw']);
    expect(await allowed(authority)).toEqual(['approve', 'reject', 'transfer']);
    expect(await allowed(auditor)).toEqual([]);
    expect(await allowed(owner)).toEqual([]);
    await decideOn(authority, id, 'transfer', { opinion: '请乙办理', transferToId: secondAuthority.pkid });
    expect(await allowed(authority)).toEqual([]);
    expect(await allowed(secondAuthority)).toEqual(['approve', 'reject', 'transfer']);
    // The administrator may take over a transferred task, and withdraw for the applicant.
    expect(await allowed(admin)).toEqual(['approve', 'reject', 'transfer', 'withdraw']);
    const state = await getReviewState(ctx.db, secondAuthority, agentOrg, id);
    expect(state.item).toEqual(await getReviewItem(ctx.db, agentOrg, id));
    await decideOn(secondAuthority, id, 'approve');
    expect(await allowed(admin)).toEqual([]);
    expect(await allowed(agency)).toEqual([]);
    await expect(getReviewState(ctx.db, authority, agentOrg, 999_999)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the transfer targets a detail page offers', () => {
  it('are the reviewers of the kind a transfer may go to: not the holder, not the applicant', async () => {
    const id = await draft();
    const targets = async (user: SessionUser) =>
      (await reviewStateOrNull(ctx.db, user, agentOrg, id))?.reviewers.map((reviewer) => reviewer.pkid);
    expect(await targets(authority)).toEqual([]);
    await decideOn(agency, id, 'submit');
    const offered = await targets(authority);
    expect(offered).toContain(secondAuthority.pkid);
    expect(offered).not.toContain(authority.pkid);
    expect(offered).not.toContain(agency.pkid);
    await decideOn(authority, id, 'transfer', { opinion: '请乙办理', transferToId: secondAuthority.pkid });
    // The administrator may take the task over from its holder, and hand it to anyone but the holder.
    const fromAdmin = await targets(admin);
    expect(fromAdmin).toContain(authority.pkid);
    expect(fromAdmin).not.toContain(secondAuthority.pkid);
    expect(await reviewStateOrNull(ctx.db, authority, agentOrg, 999_999)).toBeNull();
  });
});

describe('a decision on a stale view', () => {
  it('is refused with 409 when the item changed since the decider read it', async () => {
    const id = await draft();
    const seen = await decideOn(agency, id, 'submit');
    await decideOn(authority, id, 'transfer', { opinion: '请乙办理', transferToId: secondAuthority.pkid });
    // Still pending, so the state allows it; only the version tells that it moved meanwhile.
    await refused(
      id,
      409,
      () => decideOn(secondAuthority, id, 'approve', { version: seen.version }),
      reviewMessages.taken,
    );
    const current = await getReviewItem(ctx.db, agentOrg, id);
    expect((await decideOn(secondAuthority, id, 'approve', { version: current.version })).status).toBe(
      auditStatus.code.approved,
    );
  });
});

describe('to-do and done', () => {
  beforeEach(async () => {
    await ctx.db.delete(reviewItems).where(inArray(reviewItems.subjectType, [auditSubject.code.contract]));
  });

  it('lists pending items of the kinds a reviewer reviews, oldest first, and what they decided', async () => {
    const ids = [await draft(), await draft(), await draft()];
    for (const id of ids) await decideOn(agency, id, 'submit');
    const todo = await listTodo(ctx.db, authority, { subjectType: agentOrg, page: 1, rows: 100 });
    const positions = ids.map((id) => todo.rows.findIndex((row) => row.subjectId === id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(todo.rows[positions[0]!]).toMatchObject({
      subjectLabel: '中介机构',
      statusLabel: '待审核',
      applicantName: agency.username,
      detailPath: `/intermediary/orgManageDetail?id=${ids[0]}`,
    });
    expect((await listTodo(ctx.db, auditor, { subjectType: agentOrg, page: 1, rows: 100 })).total).toBe(0);

    await decideOn(authority, ids[0]!, 'approve');
    await decideOn(authority, ids[1]!, 'reject', { opinion: '不全' });
    const after = await listTodo(ctx.db, authority, { subjectType: agentOrg, page: 1, rows: 100 });
    expect(after.total).toBe(todo.total - 2);
    const done = await listDone(ctx.db, authority, { subjectType: agentOrg, page: 1, rows: 2 });
    expect(done.rows.map((row) => [row.subjectId, row.decidedAs])).toEqual([
      [ids[1], '审核不通过'],
      [ids[0], '审核通过'],
    ]);
    expect(done.total).toBeGreaterThanOrEqual(2);
  });
});

describe("the subject's own status", () => {
  it("follows every decision into the agency's row, with the submission and audit times", async () => {
    const id = await draft();
    expect(await agencyRow(id)).toEqual({ auditStatus: 0, submittedAt: null, auditedAt: null });
    const submitted = await decideOn(agency, id, 'submit');
    expect(await agencyRow(id)).toEqual({
      auditStatus: auditStatus.code.pending,
      submittedAt: submitted.submittedAt,
      auditedAt: null,
    });
    const rejected = await decideOn(authority, id, 'reject', { opinion: '资质证书过期' });
    expect(await agencyRow(id)).toMatchObject({
      auditStatus: auditStatus.code.rejected,
      auditedAt: rejected.decidedAt,
    });
    await decideOn(agency, id, 'submit');
    await decideOn(agency, id, 'withdraw');
    expect((await agencyRow(id)).auditStatus).toBe(auditStatus.code.draft);
    await decideOn(agency, id, 'submit');
    await decideOn(authority, id, 'transfer', { opinion: '请乙办理', transferToId: secondAuthority.pkid });
    expect((await agencyRow(id)).auditStatus).toBe(auditStatus.code.pending);
    await decideOn(secondAuthority, id, 'approve');
    expect((await agencyRow(id)).auditStatus).toBe(auditStatus.code.approved);
  });

  it('follows into staff, construction units and contract filings', async () => {
    const [staff] = await ctx.db.select({ id: agentStaff.staffId }).from(agentStaff).limit(1);
    const [unit] = await ctx.db
      .select({ id: constructionUnits.constructionId })
      .from(constructionUnits)
      .limit(1);
    const [org] = await ctx.db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .limit(1);
    const [district] = await ctx.db.select({ code: districts.districtCode }).from(districts).limit(1);
    const [project] = await ctx.db
      .insert(projects)
      .values({
        projectName: '审核测试项目',
        projectNo: 'RV-1',
        constructionId: unit!.id,
        districtCode: district!.code,
        // Commissioned: approving the contract's filing moves the project on to 3 (合同已备案).
        status: 2,
      })
      .returning({ id: projects.pkid });
    const [contract] = await ctx.db
      .insert(contracts)
      .values({
        contractNo: 'RV-HT-1',
        contractName: '审核测试合同',
        projectId: project!.id,
        organizationId: org!.id,
        constructionId: unit!.id,
      })
      .returning({ id: contracts.contractId });
    const cases = [
      {
        type: auditSubject.code.agentStaff,
        id: staff!.id,
        reviewer: authority,
        table: agentStaff,
        key: agentStaff.staffId,
      },
      {
        type: auditSubject.code.constructionUnit,
        id: unit!.id,
        reviewer: authority,
        table: constructionUnits,
        key: constructionUnits.constructionId,
      },
      {
        type: auditSubject.code.contract,
        id: contract!.id,
        reviewer: auditor,
        table: contracts,
        key: contracts.contractId,
      },
    ] as const;
    for (const { type, id, reviewer, table, key } of cases) {
      await ctx.db
        .delete(reviewItems)
        .where(and(eq(reviewItems.subjectType, type), eq(reviewItems.subjectId, id)));
      await openReview(ctx.db, { subjectType: type, subjectId: id, applicantId: owner.pkid });
      const statusOf = async () =>
        (await ctx.db.select({ status: table.auditStatus }).from(table).where(eq(key, id)))[0]?.status;
      await decide(ctx, owner, { subjectType: type, subjectId: id, decision: 'submit' });
      expect(await statusOf(), type).toBe(auditStatus.code.pending);
      await decide(ctx, reviewer, { subjectType: type, subjectId: id, decision: 'approve' });
      expect(await statusOf(), type).toBe(auditStatus.code.approved);
    }
  });

  it('a decision on a subject whose row is gone is refused and leaves nothing behind', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    const before = await getReviewItem(ctx.db, agentOrg, id);
    const recordsBefore = (await records(id)).length;
    const messagesBefore = await messageCount();
    await ctx.db.delete(agentOrganizations).where(eq(agentOrganizations.organizationId, id));
    await expect(decideOn(authority, id, 'approve')).rejects.toMatchObject({ status: 404 });
    expect(await getReviewItem(ctx.db, agentOrg, id)).toEqual(before);
    expect(await records(id)).toHaveLength(recordsBefore);
    expect(await messageCount()).toBe(messagesBefore);
  });
});

describe('who reviews: one pool, read from the database', () => {
  it('a reviewer whose role was taken away can no longer decide, see the to-do or take a transfer', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    const hasIt = async (user: SessionUser) =>
      (await listTodo(ctx.db, user, { subjectType: agentOrg, page: 1, rows: 1000 })).rows.some(
        (row) => row.subjectId === id,
      );
    expect(await hasIt(secondAuthority)).toBe(true);
    // The session object still lists the role (a cached session); the pool reads the database.
    await ctx.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, secondAuthority.pkid), eq(userRoles.roleId, roles.authority.id)));
    try {
      expect(secondAuthority.roleIds).toContain(roles.authority.id);
      expect(await reviewersOf(ctx.db, agentOrg)).not.toContain(secondAuthority.pkid);
      expect(await hasIt(secondAuthority)).toBe(false);
      await refused(id, 403, () => decideOn(secondAuthority, id, 'approve'), reviewMessages.notReviewer);
      await refused(
        id,
        400,
        () => decideOn(authority, id, 'transfer', { opinion: '转', transferToId: secondAuthority.pkid }),
        reviewMessages.transferTargetInvalid,
      );
    } finally {
      await ctx.db.insert(userRoles).values({ userId: secondAuthority.pkid, roleId: roles.authority.id });
    }
    expect(await hasIt(secondAuthority)).toBe(true);
  });

  it('nobody decides on their own application, the administrator included', async () => {
    const [row] = await ctx.db
      .insert(agentOrganizations)
      .values({ orgName: '管理员申请的机构' })
      .returning({ id: agentOrganizations.organizationId });
    const id = row!.id;
    await openReview(ctx.db, { subjectType: agentOrg, subjectId: id, applicantId: admin.pkid });
    await decide(ctx, admin, { subjectType: agentOrg, subjectId: id, decision: 'submit' });
    const own = decide(ctx, admin, { subjectType: agentOrg, subjectId: id, decision: 'approve' });
    await expect(own).rejects.toMatchObject({ status: 403, message: reviewMessages.ownApplication });
    const todo = await listTodo(ctx.db, admin, { subjectType: agentOrg, page: 1, rows: 1000 });
    expect(todo.rows.map((task) => task.subjectId)).not.toContain(id);
    expect((await getReviewItem(ctx.db, agentOrg, id)).status).toBe(auditStatus.code.pending);
    expect(
      (await decide(ctx, authority, { subjectType: agentOrg, subjectId: id, decision: 'approve' })).status,
    ).toBe(auditStatus.code.approved);
  });
});

describe('messages', () => {
  it('tell the applicant about every decision and the next reviewers about submissions and transfers', async () => {
    const id = await draft();
    const link = `/intermediary/orgManageDetail?id=${id}`;
    const countFor = async (userId: number) =>
      (await messagesTo(userId)).filter((message) => message.link === link).length;
    const pool = await reviewersOf(ctx.db, agentOrg);
    expect(pool.length).toBeGreaterThanOrEqual(3);

    await decideOn(agency, id, 'submit');
    expect((await messagesTo(agency.pkid))[0]).toEqual({
      content: '您的中介机构申请已提交，请等待审核',
      link,
    });
    for (const reviewer of pool) expect(await countFor(reviewer), `reviewer ${reviewer}`).toBe(1);
    expect(await countFor(auditor.pkid)).toBe(0);

    await decideOn(authority, id, 'transfer', { opinion: '请乙办理', transferToId: secondAuthority.pkid });
    expect((await messagesTo(agency.pkid))[0]?.content).toBe('您提交的中介机构已转交其他审核人员办理');
    expect(await countFor(secondAuthority.pkid)).toBe(2);
    expect(await countFor(authority.pkid)).toBe(1);

    await decideOn(agency, id, 'withdraw');
    expect((await messagesTo(agency.pkid))[0]?.content).toBe('您的中介机构申请已撤回');
    expect((await messagesTo(secondAuthority.pkid))[0]).toEqual({
      content: '中介机构的申请人已撤回申请',
      link,
    });

    await decideOn(agency, id, 'submit');
    await decideOn(authority, id, 'approve');
    expect((await messagesTo(agency.pkid))[0]?.content).toBe('您提交的中介机构已审核通过');
    expect(await countFor(agency.pkid)).toBe(5);
  });
});

describe('input limits and composing', () => {
  it('refuses an opinion longer than the templates allow', async () => {
    const id = await draft();
    await decideOn(agency, id, 'submit');
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'reject', { opinion: '长'.repeat(REVIEW_OPINION_MAX + 1) }),
      reviewMessages.opinionTooLong,
    );
    const fits = await decideOn(authority, id, 'reject', { opinion: '长'.repeat(REVIEW_OPINION_MAX) });
    expect(fits.status).toBe(auditStatus.code.rejected);
  });

  it("decideIn joins the caller's transaction: the domain change and the decision stand or fall together", async () => {
    const id = await draft();
    const rename = async (name: string, fail: boolean) =>
      ctx.db.transaction(async (tx) => {
        await tx
          .update(agentOrganizations)
          .set({ orgName: name })
          .where(eq(agentOrganizations.organizationId, id));
        await decideIn(ctx, tx, agency, { subjectType: agentOrg, subjectId: id, decision: 'submit' });
        if (fail) throw new Error('the caller failed after deciding');
      });
    await expect(rename('改名失败', true)).rejects.toThrow('the caller failed');
    expect((await getReviewItem(ctx.db, agentOrg, id)).status).toBe(auditStatus.code.draft);
    expect(await records(id)).toHaveLength(0);
    await rename('改名成功', false);
    expect((await getReviewItem(ctx.db, agentOrg, id)).status).toBe(auditStatus.code.pending);
    const [org] = await ctx.db
      .select({ name: agentOrganizations.orgName })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, id));
    expect(org?.name).toBe('改名成功');
  });
});

describe('subjects that existed before the engine', () => {
  it('are under review with the status of their own row, so reviewers see and decide them', async () => {
    const orgs = await ctx.db
      .select({
        id: agentOrganizations.organizationId,
        status: agentOrganizations.auditStatus,
        userId: agentOrganizations.userId,
      })
      .from(agentOrganizations)
      .where(lt(agentOrganizations.organizationId, firstTestAgency));
    expect(orgs.length).toBeGreaterThan(5);
    // Most demo agencies have no account: under review all the same, with no applicant.
    expect(orgs.some((org) => org.userId === null)).toBe(true);
    const items = await ctx.db
      .select({ id: reviewItems.subjectId, status: reviewItems.status, applicantId: reviewItems.applicantId })
      .from(reviewItems)
      .where(eq(reviewItems.subjectType, agentOrg));
    for (const org of orgs)
      expect(items.find((item) => item.id === org.id)).toEqual({
        id: org.id,
        status: org.status,
        applicantId: org.userId,
      });
    for (const type of [auditSubject.code.agentStaff, auditSubject.code.constructionUnit]) {
      const [some] = await ctx.db
        .select({ n: count() })
        .from(reviewItems)
        .where(eq(reviewItems.subjectType, type));
      expect(some?.n, type).toBeGreaterThan(0);
    }
    expect(await backfillReviewItems(ctx.db, reviewItemSources)).toBe(0);

    const pending = orgs.find((org) => org.status === auditStatus.code.pending && org.userId === null);
    expect(pending).toBeDefined();
    await expect(decideOn(agency, pending!.id, 'withdraw')).rejects.toMatchObject({
      status: 403,
      message: reviewMessages.notApplicant,
    });
    const todo = await listTodo(ctx.db, authority, { subjectType: agentOrg, page: 1, rows: 1000 });
    expect(todo.rows.map((task) => task.subjectId)).toContain(pending!.id);
    await decideOn(authority, pending!.id, 'approve', { opinion: '同意' });
    expect((await agencyRow(pending!.id)).auditStatus).toBe(auditStatus.code.approved);
  });
});
