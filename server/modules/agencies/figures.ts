/**
 * An agency's figures, the one computation the hall's agency page and the owner's selection page both
 * show (issue 21: the selection page used to show every agency the city's totals):
 *
 * - pass rate: of the survey items the agency was authorized for (authorization accepted) whose results
 *   were decided, the share adopted (an item returned and not yet resubmitted counts as returned);
 * - workload (在办项目): authorizations waiting for its answer or accepted, on projects not yet accepted
 *   or ended (project status 1..5).
 */
import { and, between, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { projectAuthorizations, projects, projectStageItems } from '@server/db/schema';
import { authorizationState, resultAcceptance } from '@shared/domain/statuses';

export interface AgencyFigures {
  /** Result items adopted. */
  adopted: number;
  /** Result items decided (adopted or returned). */
  decided: number;
  /** adopted / decided, 0..1; null while nothing was decided. */
  passRate: number | null;
  /** Open authorizations on projects in progress. */
  workload: number;
}

/** The figures of each agency asked for (one entry per id, zeros for an agency with none). */
export async function agencyFigures(
  db: Queryable,
  organizationIds: readonly number[],
): Promise<Map<number, AgencyFigures>> {
  const figures = new Map<number, AgencyFigures>(
    organizationIds.map((id) => [id, { adopted: 0, decided: 0, passRate: null, workload: 0 }]),
  );
  if (organizationIds.length === 0) return figures;
  const ids = [...new Set(organizationIds)];
  const a = projectAuthorizations;
  const { adopted, rejected } = resultAcceptance.code;
  const { pending, accepted } = authorizationState.code;
  const results = await db
    .select({
      organizationId: a.organizationId,
      adopted:
        sql<number>`count(*) filter (where ${projectStageItems.resultAcceptance} = ${adopted})`.mapWith(
          Number,
        ),
      decided: count(),
    })
    .from(projectStageItems)
    .innerJoin(a, eq(a.demandId, projectStageItems.demandId))
    .where(
      and(
        inArray(a.organizationId, ids),
        eq(a.state, accepted),
        inArray(projectStageItems.resultAcceptance, [adopted, rejected]),
      ),
    )
    .groupBy(a.organizationId);
  const open = await db
    .select({ organizationId: a.organizationId, workload: count() })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .where(
      and(
        inArray(a.organizationId, ids),
        inArray(a.state, [pending, accepted]),
        between(projects.status, 1, 5),
      ),
    )
    .groupBy(a.organizationId);
  for (const row of results) {
    const entry = figures.get(row.organizationId);
    if (!entry) continue;
    entry.adopted = row.adopted;
    entry.decided = row.decided;
    entry.passRate = row.decided === 0 ? null : row.adopted / row.decided;
  }
  for (const row of open) {
    const entry = figures.get(row.organizationId);
    if (entry) entry.workload = row.workload;
  }
  return figures;
}
