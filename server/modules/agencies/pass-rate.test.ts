/**
 * getOrgPassRate: the approved share of decided agency applications, per organization and per
 * registration organ, with the counts; every decision counts, so a rejection lowers the rate until the
 * next approval; an agency sees only its own organization.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations, auditRecords } from '@server/db/schema';
import { signedInTestApp } from '@server/modules/identity/test-support';
import type { PassRateRow } from './pass-rate';

const env = signedInTestApp({ accounts: ['agency05', 'authority01', 'owner01'] });

type Row = PassRateRow;
const rate = async (who: string, query: string) => {
  const response = await env.as(who).fetch(`/smsend/agentorg/getOrgPassRate?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as { rows: Row[]; total: number; message: string },
  };
};

/** What the audit trail says about one organization's applications. */
async function decisionsOf(organizationId: number) {
  const rows = await env.ctx.db
    .select({ decision: auditRecords.decision })
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.subjectType, 'agent_org'),
        eq(auditRecords.subjectId, organizationId),
        inArray(auditRecords.decision, [2, 3]),
      ),
    );
  return { decided: rows.length, approved: rows.filter((row) => row.decision === 2).length };
}

describe('agency application pass rate', () => {
  it('counts every decision of each organization, grouped by registration organ too', async () => {
    const all = await rate('authority01', 'rows=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(1);
    for (const row of all.body.rows.slice(0, 5)) {
      const expected = await decisionsOf(row.organizationId as number);
      expect(row).toMatchObject({
        ...expected,
        rejected: expected.decided - expected.approved,
        organizations: 1,
      });
      expect(row.passRate).toBeCloseTo(expected.approved / expected.decided);
    }
    expect(
      all.body.rows.some((row) => row.rejected > 0),
      'the demo data has rejections',
    ).toBe(true);

    const organs = await rate('authority01', 'groupBy=organ&rows=100');
    expect(organs.body.rows.every((row) => row.organizationId === null)).toBe(true);
    const organ = organs.body.rows[0] as Row;
    const members = all.body.rows.filter((row) => row.registrationOrgan === organ.registrationOrgan);
    expect(organ.decided).toBe(members.reduce((sum, row) => sum + row.decided, 0));
    expect(organ.approved).toBe(members.reduce((sum, row) => sum + row.approved, 0));
    expect(organ.organizations).toBe(members.length);
  });

  it('narrows to a credit code and a registration organ', async () => {
    const [org] = await env.ctx.db
      .select({
        organizationId: agentOrganizations.organizationId,
        credential: agentOrganizations.credential,
        registrationOrgan: agentOrganizations.registrationOrgan,
      })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.auditStatus, 2))
      .limit(1);
    const one = await rate('authority01', `credential=${org?.credential?.toLowerCase()}`);
    expect(one.body.rows.map((row) => row.organizationId)).toEqual([org?.organizationId]);
    const organ = await rate(
      'authority01',
      `registrationOrgan=${encodeURIComponent(org?.registrationOrgan ?? '')}&rows=100`,
    );
    expect(organ.body.rows.every((row) => row.registrationOrgan === org?.registrationOrgan)).toBe(true);
  });

  it('shows an agency only its own organization; refuses owners and a bad grouping', async () => {
    const own = await rate('agency05', 'rows=100');
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(1);
    expect((await rate('owner01', '')).status).toBe(403);
    const bad = await rate('authority01', 'groupBy=year');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('分组方式不正确');
  });
});
