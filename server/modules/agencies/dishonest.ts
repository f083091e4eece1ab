/**
 * The dishonest check (失信核查): the credit flags of every agency whose legal person has the given
 * name. Today the flags live on agent_organizations; when the lost-credit, unqualified and blacklist
 * tables arrive (credit module), their rows join here, in this one function.
 */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations } from '@server/db/schema';

export interface DishonestFlag {
  flag: 'lostCredit' | 'unqualified' | 'blacklisted';
  reason: string | null;
  start: string | null;
  end: string | null;
}

export async function dishonestFlagsOfLegalPerson(db: Queryable, legalPersonName: string) {
  const o = agentOrganizations;
  const rows = await db
    .select({
      organizationId: o.organizationId,
      orgName: o.orgName,
      legalPersonName: o.legalPersonName,
      auditStatus: o.auditStatus,
      isLostCredit: o.isLostCredit,
      lostCreditReason: o.lostCreditReason,
      isUnqualified: o.isUnqualified,
      unqualifiedReason: o.unqualifiedReason,
      isBlacklisted: o.isBlacklisted,
      blacklistReason: o.blacklistReason,
      blacklistStart: o.blacklistStart,
      blacklistEnd: o.blacklistEnd,
    })
    .from(o)
    .where(eq(o.legalPersonName, legalPersonName))
    .orderBy(asc(o.organizationId));
  return rows.map((row) => {
    const flags: DishonestFlag[] = [];
    if (row.isLostCredit)
      flags.push({ flag: 'lostCredit', reason: row.lostCreditReason, start: null, end: null });
    if (row.isUnqualified)
      flags.push({ flag: 'unqualified', reason: row.unqualifiedReason, start: null, end: null });
    if (row.isBlacklisted)
      flags.push({
        flag: 'blacklisted',
        reason: row.blacklistReason,
        start: row.blacklistStart,
        end: row.blacklistEnd,
      });
    return {
      organizationId: row.organizationId,
      orgName: row.orgName,
      legalPersonName: row.legalPersonName ?? legalPersonName,
      auditStatus: row.auditStatus,
      flags,
    };
  });
}
