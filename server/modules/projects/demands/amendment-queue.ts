/**
 * The authority's queue of demand amendments (project/demand/amendment/toDoList): each pending
 * amendment as its demand's row with the amendment's id, its deadline and holder, through the review
 * engine's to-do (subject 'demand_amend'), searched by the project's name or number.
 */
import { eq, inArray } from 'drizzle-orm';
import { containsAny } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { projectDemandAmendments, projectDemands, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { queueRowsOf, type QueueInput, type ReviewSubjects } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import { selectDemands, withItems } from './demand-rows';

const a = projectDemandAmendments;

type DemandRowOf = Awaited<ReturnType<typeof withItems>>[number];

/** Amendments as the queue shows them: the demand's row and the amendment's id. */
const amendmentSubjects: ReviewSubjects<DemandRowOf & { amendmentId: number }> = {
  subjectType: auditSubject.code.demandAmend,
  rowsOf: async (db, ids) => {
    const amendments = await db
      .select({ amendmentId: a.pkid, demandId: a.demandId })
      .from(a)
      .where(inArray(a.pkid, ids));
    if (amendments.length === 0) return [];
    const demands = await withItems(
      db,
      await selectDemands(db).where(
        inArray(
          projectDemands.pkid,
          amendments.map((row) => row.demandId),
        ),
      ),
    );
    const byDemand = new Map(demands.map((row) => [row.demandId, row]));
    return amendments.flatMap(({ amendmentId, demandId }) => {
      const demand = byDemand.get(demandId);
      return demand ? [{ ...demand, amendmentId }] : [];
    });
  },
  idOf: (row) => row.amendmentId,
  // The queue's search: the project's name or number.
  search: (db, keyword) =>
    db
      .select({ id: a.pkid })
      .from(a)
      .innerJoin(projects, eq(projects.pkid, a.projectId))
      .where(containsAny(keyword, projects.projectName, projects.projectNo)),
};

/** amendment/toDoList: the authority's pending amendments, oldest submission first. */
export async function listAmendmentTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, amendmentSubjects, query, (row) => row);
}
