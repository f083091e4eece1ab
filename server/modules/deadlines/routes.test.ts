/**
 * Service deadlines through the real app: a submission gets its due date from the settings and the
 * holiday calendar, the reminder job sends one reminder per task even with two runners on the same
 * database (time moved by the clock, never by sleeping), lists mark overdue tasks, and the settings
 * and calendar are the administrator's.
 */
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, reviewItems, serviceDeadlines, workingCalendar } from '@server/db/schema';
import { createJobRunner } from '@server/modules/jobs/runner';
import { productJobs } from '@server/jobs';
import {
  createTicketGrantingTicket,
  openSession,
  resolveSessionToken,
  type SessionUser,
} from '@server/modules/identity/sessions';
import { hashId } from '@server/modules/identity/tokens';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { reviewKindTypes, reviewLink } from '@shared/domain/review-kinds';
import { decide, listTodo } from '@server/modules/review';
import type { AuditSubject } from '@shared/domain/statuses';
import { DEADLINE_REMINDER_JOB, reviewTaskType } from './service';

const env = signedInTestApp();
const { as } = env;
const post = (who: string, path: string, fields: Record<string, string>) =>
  as(who).fetch(path, { method: 'POST', body: new URLSearchParams(fields) });

async function signedIn(pkid: number): Promise<SessionUser> {
  const tgt = await createTicketGrantingTicket(env.ctx, pkid);
  const token = await openSession(env.ctx, undefined, { tgtHash: hashId(tgt), userId: pkid });
  const user = await resolveSessionToken(env.ctx, token ?? undefined);
  if (!user) throw new Error(`no session for ${pkid}`);
  return user;
}

/** A pending item with an applicant, withdrawn and submitted again so its deadline is fresh. */
async function resubmitted() {
  const [item] = await env.ctx.db
    .select()
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.status, 1),
        isNotNull(reviewItems.applicantId),
        eq(reviewItems.subjectType, 'agent_org'),
      ),
    )
    .limit(1);
  if (!item?.applicantId) throw new Error('the demo data has no pending agency application');
  const applicant = await signedIn(item.applicantId);
  const subject = { subjectType: item.subjectType as AuditSubject, subjectId: item.subjectId };
  await decide(env.ctx, applicant, { ...subject, decision: 'withdraw' });
  await decide(env.ctx, applicant, { ...subject, decision: 'submit' });
  const [after] = await env.ctx.db.select().from(reviewItems).where(eq(reviewItems.pkid, item.pkid));
  return after!;
}

describe('deadlines on review to-dos', () => {
  it('gives each submission a due date in working days of its type, and one reminder the day before', async () => {
    await post('admin', '/task/monitor/deadline/edit', { taskType: 'agent_org', workingDays: '2' });
    const item = await resubmitted();
    expect(item.dueAt).not.toBeNull();
    expect(item.remindAt).not.toBeNull();
    expect(item.remindedAt).toBeNull();
    expect(item.dueAt!.getTime()).toBeGreaterThan(item.submittedAt!.getTime());
    // One working day before the due day: the reminder's Beijing day is before the last day of the
    // deadline (the due day), and it is a working day (no weekend in this calendar's seeded holidays).
    const beijingDay = (moment: Date) =>
      new Date(moment.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const dueDay = beijingDay(new Date(item.dueAt!.getTime() - 1));
    expect(
      beijingDay(item.remindAt!) < dueDay || item.remindAt!.getTime() === item.submittedAt!.getTime(),
    ).toBe(true);
    const reminders = () =>
      env.ctx.db
        .select()
        .from(messages)
        .where(
          and(
            like(messages.messageContent, '办理时限提醒%'),
            eq(messages.link, reviewLink('agent_org', item.subjectId, 'reviewer')),
          ),
        );
    const before = (await reminders()).length;
    const start = env.clock.now;

    // Two instances of the product on one database; the clock moved to the reminder moment.
    const reminderJob = productJobs.filter((job) => job.name === DEADLINE_REMINDER_JOB);
    const first = createJobRunner(env.ctx, reminderJob, { pollMs: 1000 });
    const second = createJobRunner(env.ctx, reminderJob, { pollMs: 1000 });
    env.clock.now = new Date(item.remindAt!.getTime() - 60_000);
    await first.ensureScheduled();
    await first.runDue();
    await second.runDue();
    expect((await reminders()).length).toBe(before); // not yet
    env.clock.now = new Date(item.remindAt!.getTime() + 16 * 60_000);
    const outcomes = (await Promise.all([first.runDue(), second.runDue()])).flat();
    expect(outcomes).toHaveLength(1);
    const sent = (await reminders()).length - before;
    expect(sent).toBeGreaterThan(0);
    // Sent at the product's clock (moved here), not the machine's.
    const sentAt = env.clock.now.getTime();
    for (const message of (await reminders()).slice(before)) expect(message.addTime.getTime()).toBe(sentAt);
    // The job is due again later: the task is not reminded twice.
    env.clock.now = new Date(env.clock.now.getTime() + 60 * 60_000);
    await Promise.all([first.runDue(), second.runDue()]);
    expect((await reminders()).length - before).toBe(sent);
    const [after] = await env.ctx.db.select().from(reviewItems).where(eq(reviewItems.pkid, item.pkid));
    expect(after?.remindedAt).not.toBeNull();
    env.clock.now = start; // the other tests' sessions live on the start time
  });

  it('marks a pending task overdue in the to-do list after its due date', async () => {
    const item = await resubmitted();
    const reviewer = await signedIn(1);
    const find = async () =>
      (await listTodo(env.ctx.db, reviewer, { subjectType: 'agent_org', page: 1, rows: 1000 })).rows.find(
        (row) => row.pkid === item.pkid,
      );
    expect(await find()).toMatchObject({ overdue: false });
    await env.ctx.db
      .update(reviewItems)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(reviewItems.pkid, item.pkid));
    expect(await find()).toMatchObject({ overdue: true });
  });
});

describe('deadline settings and the calendar', () => {
  it.each(['anonymous', ...demoLoginNames])(
    '%s may read and edit them only as the administrator',
    async (who) => {
      const expected = who === 'anonymous' ? 401 : who === 'admin' ? 200 : 403;
      expect((await as(who).fetch('/task/monitor/deadline/list')).status).toBe(expected);
      expect((await as(who).fetch('/task/monitor/calendar/list?year=2026')).status).toBe(expected);
    },
  );

  it('lists every task type with its days, and the seeded holidays of the demo year', async () => {
    const list = (await (await as('admin').fetch('/task/monitor/deadline/list')).json()) as {
      data: { taskType: string; workingDays: number; label: string }[];
    };
    expect(list.data.find((row) => row.taskType === 'authorization')).toMatchObject({
      label: '中介机构确认委托',
    });
    const calendar = (await (await as('admin').fetch('/task/monitor/calendar/list?year=2026')).json()) as {
      data: { day: string; kind: string; name: string }[];
    };
    expect(calendar.data).toContainEqual({ day: '2026-10-01', kind: 'holiday', name: '国庆节' });
    expect(calendar.data).toContainEqual({ day: '2026-02-28', kind: 'workday', name: '春节调休' });
  });

  it('has a deadline for the to-do of every reviewed subject', () => {
    expect(reviewKindTypes.filter((type) => reviewTaskType(type) === null)).toEqual([]);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = await env.ctx.db.select().from(serviceDeadlines);
    const tooMany = await post('admin', '/task/monitor/deadline/edit', {
      taskType: 'contract',
      workingDays: '61',
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('办理时限应为 1 到 60 个工作日');
    const badType = await post('admin', '/task/monitor/deadline/edit', {
      taskType: 'nothing',
      workingDays: '3',
    });
    expect(badType.status).toBe(400);
    expect(await env.ctx.db.select().from(serviceDeadlines)).toEqual(before);
    const badDay = await post('admin', '/task/monitor/calendar/save', {
      day: '2026-02-30',
      kind: 'holiday',
      name: '假',
    });
    expect(badDay.status).toBe(400);
    expect(await badDay.text()).toContain('请输入正确的日期');
  });

  it('adds and removes a calendar day, and the deadline follows it', async () => {
    const saved = await post('admin', '/task/monitor/calendar/save', {
      day: '2026-03-03',
      kind: 'holiday',
      name: '测试假日',
    });
    expect(saved.status).toBe(200);
    const rows = await env.ctx.db.select().from(workingCalendar).where(eq(workingCalendar.day, '2026-03-03'));
    expect(rows).toHaveLength(1);
    const { dueAt } = await import('./service');
    // Monday 2 March + 1 working day: Tuesday is a holiday now, so Wednesday.
    expect((await dueAt(env.ctx.db, 'contract', new Date('2026-03-02T02:00:00Z'))).dueDate).toBe(
      '2026-03-10',
    );
    await post('admin', '/task/monitor/deadline/edit', { taskType: 'contract', workingDays: '1' });
    expect((await dueAt(env.ctx.db, 'contract', new Date('2026-03-02T02:00:00Z'))).dueDate).toBe(
      '2026-03-04',
    );
    expect((await post('admin', '/task/monitor/calendar/delete', { day: '2026-03-03' })).status).toBe(200);
    expect((await dueAt(env.ctx.db, 'contract', new Date('2026-03-02T02:00:00Z'))).dueDate).toBe(
      '2026-03-03',
    );
    expect((await post('admin', '/task/monitor/calendar/delete', { day: '2026-03-03' })).status).toBe(404);
  });
});
