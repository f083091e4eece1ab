/** The agencies an owner may select for its demand, with pass rate and workload (getAgentOrganizationByItems). */
import { asc } from 'drizzle-orm';
import { agentOrganizations } from '@server/db/schema';
import { agencyFigures } from '@server/modules/agencies';
import type { SessionUser } from '@server/modules/identity';
import type { EligibleAgency } from '@shared/calls/selection';
import { ownDemand, type SelectionContext } from './demand';
import { eligibleCondition, itemIdsOf } from './eligibility';

/** Eligible agencies of the owner's demand, each with its own figures (the hall shows the same). */
export async function listEligibleAgencies(
  ctx: SelectionContext,
  user: SessionUser,
  demandId: number,
): Promise<EligibleAgency[]> {
  await ownDemand(ctx.db, user, demandId);
  const itemIds = await itemIdsOf(ctx.db, demandId);
  const o = agentOrganizations;
  const rows = await ctx.db
    .select({
      organizationId: o.organizationId,
      orgName: o.orgName,
      qualificationGrade: o.qualificationGrade,
    })
    .from(o)
    .where(eligibleCondition(itemIds))
    .orderBy(asc(o.organizationId));
  const figures = await agencyFigures(
    ctx.db,
    rows.map((row) => row.organizationId),
  );
  return rows.map((row) => {
    const { adopted, decided, passRate, workload } = figures.get(row.organizationId) ?? {
      adopted: 0,
      decided: 0,
      passRate: null,
      workload: 0,
    };
    return { ...row, adopted, decided, passRate, workload };
  });
}
