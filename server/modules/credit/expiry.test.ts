/**
 * The job credit-expiry on the demo data: the seed's flags agree with its entries, an entry past its
 * end date expires and its agency's flag drops (with the hall pages), an entry starting later raises
 * its flag on its start day, and a second run the same day changes nothing. Time moves through the
 * context's clock.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentOrganizations, agentStaff, auditRecords, creditEntries, messages } from '@server/db/schema';
import { seedDemo } from '@server/seed';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { beijingDate } from '@shared/validation/jobs';
import { isAgencySelectable, isPersonBlacklisted, syncCreditFlags } from './flags';

const DAY = 24 * 60 * 60 * 1000;
const clock = { now: new Date('2026-06-01T02:00:00Z') };
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock.now });
  await seedDemo(ctx.db, { projects: 0, now: clock.now, storeFile: (bytes) => ctx.storage.write(bytes) });
}, 120_000);
afterAll(() => ctx.dispose());

const entry = async (pkid: number) =>
  (await ctx.db.select().from(creditEntries).where(eq(creditEntries.pkid, pkid)))[0];
const org = async (id: number) =>
  (await ctx.db.select().from(agentOrganizations).where(eq(agentOrganizations.organizationId, id)))[0];

describe('credit-expiry', () => {
  /** The due jobs run; this file's job's outcome (the runner has other jobs, due at the same times). */
  const runCreditExpiry = async () =>
    (await ctx.services.jobs.runDue()).filter((outcome) => outcome.name === 'credit-expiry');

  it('finds the demo flags in line with the demo entries', async () => {
    expect(await syncCreditFlags(ctx.db, beijingDate(clock.now))).toEqual({ agencies: 0, staff: 0 });
  });

  it('expires the entry whose end date has passed, once', async () => {
    const [lapsed] = await ctx.db
      .select()
      .from(creditEntries)
      .where(
        and(
          eq(creditEntries.status, 'active'),
          eq(creditEntries.endDate, beijingDate(new Date(clock.now.getTime() - DAY))),
        ),
      );
    expect(lapsed).toBeDefined();
    await ctx.services.jobs.ensureScheduled(); // what start() does first in main.ts
    expect(await runCreditExpiry()).toEqual([
      {
        name: 'credit-expiry',
        status: 'succeeded',
        message: '1 条信用记录到期；0 家机构、0 名人员的标记已更新',
      },
    ]);
    expect((await entry(lapsed!.pkid))?.status).toBe('expired');
    expect(await runCreditExpiry()).toEqual([]);
  });

  it('drops a blacklist flag the day after its end date, and the hall pages with it', async () => {
    const [blacklist] = await ctx.db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.kind, 'blacklist'), eq(creditEntries.status, 'active')))
      .orderBy(creditEntries.endDate)
      .limit(1);
    const organizationId = blacklist!.organizationId!;
    expect((await org(organizationId))?.isBlacklisted).toBe(true);
    expect(await isAgencySelectable(ctx.db, organizationId)).toBe(false);
    // The day of the end date: still in force.
    clock.now = new Date(`${blacklist!.endDate}T01:00:00+08:00`);
    await ctx.services.jobs.runDue();
    expect((await org(organizationId))?.isBlacklisted).toBe(true);
    // Past 00:05 the next day the job runs, the entry expires and the flag drops.
    clock.now = new Date(new Date(`${blacklist!.endDate}T00:10:00+08:00`).getTime() + DAY);
    const invalidate = vi.spyOn(ctx.pageCache, 'invalidate');
    const [outcome] = await runCreditExpiry();
    expect(outcome?.status).toBe('succeeded');
    expect((await entry(blacklist!.pkid))?.status).toBe('expired');
    const after = await org(organizationId);
    expect(after).toMatchObject({ isBlacklisted: false, blacklistReason: null, blacklistEnd: null });
    expect(invalidate).toHaveBeenCalledWith(expect.arrayContaining(['agencies']));
    invalidate.mockRestore();
    // The expiry is a decision of the job: in the agency's timeline, and the agency is told.
    const [record] = await ctx.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectType, 'agent_org'), eq(auditRecords.subjectId, organizationId)))
      .orderBy(desc(auditRecords.pkid))
      .limit(1);
    expect(record).toMatchObject({
      decision: 11,
      auditorId: null,
      auditorName: '系统（到期自动失效）',
      opinion: `机构黑名单记录到期（${blacklist!.startDate} 至 ${blacklist!.endDate}），自动失效`,
    });
    if (after?.userId) {
      const [told] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.userId, after.userId))
        .orderBy(desc(messages.messageId))
        .limit(1);
      expect(told?.messageContent).toBe(`贵机构的机构黑名单记录已于 ${blacklist!.endDate} 到期，自动失效。`);
    }
    if (!after?.isLostCredit && !after?.isUnqualified)
      expect(await isAgencySelectable(ctx.db, organizationId)).toBe(true);
  });

  it('raises a flag on the start day of an entry decided in advance, for the agency and the person', async () => {
    const [staff] = await ctx.db
      .select()
      .from(agentStaff)
      .where(eq(agentStaff.isBlacklisted, false))
      .limit(1);
    const today = beijingDate(clock.now);
    const tomorrow = beijingDate(new Date(clock.now.getTime() + DAY));
    await ctx.db.insert(creditEntries).values({
      kind: 'personBlacklist',
      organizationId: staff!.organizationId,
      personName: staff!.name,
      idCardNo: staff!.idCardNo!,
      reason: '出借执业证书',
      startDate: tomorrow,
      endDate: null,
    });
    expect(await isPersonBlacklisted(ctx.db, staff!.idCardNo!, today)).toBe(false);
    expect(await isPersonBlacklisted(ctx.db, staff!.idCardNo!.toLowerCase(), tomorrow)).toBe(true);
    clock.now = new Date(clock.now.getTime() + DAY);
    const [outcome] = await runCreditExpiry();
    expect(outcome?.message).toContain('1 名人员');
    const [after] = await ctx.db.select().from(agentStaff).where(eq(agentStaff.staffId, staff!.staffId));
    expect(after).toMatchObject({
      isBlacklisted: true,
      blacklistReason: '出借执业证书',
      blacklistStart: tomorrow,
    });
  });
});
