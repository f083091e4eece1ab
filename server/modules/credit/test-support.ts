/** What the credit tests share. */
import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations } from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';

/** An approved demo agency without credit flags, other than agency01 (whose work other tests use). */
export async function cleanAgency(db: Queryable): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(
      and(
        eq(agentOrganizations.auditStatus, 2),
        eq(agentOrganizations.isLostCredit, false),
        eq(agentOrganizations.isUnqualified, false),
        eq(agentOrganizations.isBlacklisted, false),
        ne(agentOrganizations.organizationId, AGENCY_ORG_ID),
      ),
    )
    .orderBy(agentOrganizations.organizationId)
    .limit(1);
  return org!.id;
}
