/**
 * The review engine: every legal decision and its record, every illegal one (409, nothing changed),
 * missing opinions and bad transfer targets (400), who may decide (403), two reviewers at once (one
 * wins), to-do and done lists, the timeline, and the messages each decision sends. Runs on PGlite and,
 * in the postgres project, on a PostgreSQL server with real parallel connections.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditRecords, messages, reviewItems, userRoles, users } from '@server/db/schema';
import { seedDemo } from '@server/db/seed';
import {
  createTicketGrantingTicket,
  openSession,
  resolveSessionToken,
  type SessionUser,
} from '@server/modules/identity/sessions';
import { hashId } from '@server/modules/identity/tokens';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { reviewMessages } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject } from '@shared/domain/statuses';
import { reviewKind, reviewKindTypes } from './kinds';
import { matchRoute } from '@shared/domain/routes';
import {
  decide,
  getReviewItem,
  listDone,
  listReviewRecords,
  listTodo,
  openReview,
  reviewersOf,
} from './service';

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
  ctx = await createTestContext();
  await seedDemo(ctx.db, { projects: 0, storeFile: (bytes) => ctx.storage.write(bytes) });
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
let nextSubject = 1000;
/** A fresh agency subject of agency01, as a draft. */
async function draft() {
  const subjectId = nextSubject++;
  await openReview(ctx.db, { subjectType: agentOrg, subjectId, applicantId: agency.pkid });
  return subjectId;
}
const decideOn = (
  actor: SessionUser,
  subjectId: number,
  decision: Parameters<typeof decide>[2]['decision'],
  extra = {},
) => decide(ctx.db, actor, { subjectType: agentOrg, subjectId, decision, ...extra });

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

/** Runs `action`, expects it to fail with `status`, and checks the item and its records did not change. */
async function refused(subjectId: number, status: number, action: () => Promise<unknown>, message?: string) {
  const before = await getReviewItem(ctx.db, agentOrg, subjectId);
  const recordsBefore = (await records(subjectId)).length;
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught as { status?: number; message?: string },
  );
  expect(error?.status).toBe(status);
  if (message) expect(error?.message).toBe(message);
  expect(await getReviewItem(ctx.db, agentOrg, subjectId)).toEqual(before);
  expect(await records(subjectId)).toHaveLength(recordsBefore);
}

describe('the kinds', () => {
  it('link every reviewed subject to a page of the route table', () => {
    expect(reviewKindTypes.length).toBeGreaterThanOrEqual(8);
    for (const type of reviewKindTypes) {
      const path = reviewKind(type)!.detailPath(7);
      expect(matchRoute(path.split('?')[0]!), `${type} → ${path}`).toBeDefined();
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
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'reject', { opinion: '  ' }),
      reviewMessages.opinionRequired,
    );
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'transfer', { transferToId: secondAuthority.pkid }),
      reviewMessages.reasonRequired,
    );
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'transfer', { opinion: '转' }),
      reviewMessages.transferTargetRequired,
    );
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'transfer', { opinion: '转', transferToId: auditor.pkid }),
      reviewMessages.transferTargetInvalid,
    );
    await refused(
      id,
      400,
      () => decideOn(authority, id, 'transfer', { opinion: '转', transferToId: authority.pkid }),
      reviewMessages.transferToSelf,
    );
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
      decide(ctx.db, authority, { subjectType: auditSubject.code.notice, subjectId: 1, decision: 'approve' }),
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
    expect(todo.rows[0]).toMatchObject({
      subjectLabel: '中介机构',
      statusLabel: '待审核',
      applicantName: expect.any(String),
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
