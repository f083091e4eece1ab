/** The owner's released demands with their selection (the demandOption list). */
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { constructionUnits, demandSelections, projectDemands, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { OwnerDemandRow } from '@shared/calls/selection';
import type { SelectionMethod, SelectionState } from '@shared/domain/selection';
import { stageName } from '@shared/domain/stages';
import { projectStatus } from '@shared/domain/statuses';
import { authorizedAlready, itemNamesByDemand, type SelectionContext } from './demand';

/** A demand with its project, owner and selection (if any), for the list and its count. */
function withOwnerJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(demandSelections, eq(demandSelections.demandId, projectDemands.pkid));
}

/** Demands waiting for an agency (released, none authorized yet) and every one with a selection. */
export async function listOwnerDemands(
  ctx: SelectionContext,
  user: SessionUser,
  paging: { page: number; rows: number },
): Promise<{ rows: OwnerDemandRow[]; total: number }> {
  const mine = user.isAdmin ? sql`true` : eq(constructionUnits.userId, user.pkid);
  const where = and(
    mine,
    or(
      and(eq(projectDemands.status, projectStatus.code.published), sql`not ${authorizedAlready}`),
      sql`${demandSelections.demandId} is not null`,
    ),
  );
  const winner = sql<
    string | null
  >`(select org_name from agent_organizations w where w.organization_id = ${demandSelections.winnerId})`;
  const rows = await withOwnerJoins(
    ctx.db
      .select({
        demandId: projectDemands.pkid,
        projectId: projectDemands.projectId,
        authorized: sql<boolean>`${authorizedAlready}`,
        projectName: projects.projectName,
        projectNo: projects.projectNo,
        stageId: projectDemands.stageId,
        demandStatus: projectDemands.status,
        releasedAt: projectDemands.releasedAt,
        method: demandSelections.method,
        state: demandSelections.state,
        quoteDeadline: demandSelections.quoteDeadline,
        winnerName: winner,
      })
      .from(projectDemands)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(projectDemands.releasedAt), desc(projectDemands.pkid))
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows);
  const [counted] = await withOwnerJoins(ctx.db.select({ n: count() }).from(projectDemands).$dynamic()).where(
    where,
  );
  const names = await itemNamesByDemand(
    ctx.db,
    rows.map((r) => r.demandId),
  );
  return {
    rows: rows.map((r) => ({
      demandId: r.demandId,
      projectId: r.projectId,
      authorized: r.authorized,
      projectName: r.projectName,
      projectNo: r.projectNo,
      stageName: stageName(r.stageId),
      itemNames: names.get(r.demandId) ?? [],
      demandStatus: r.demandStatus,
      releasedAt: r.releasedAt?.toISOString() ?? null,
      method: (r.method as SelectionMethod | null) ?? null,
      state: (r.state as SelectionState | null) ?? null,
      quoteDeadline: r.quoteDeadline?.toISOString() ?? null,
      winnerName: r.winnerName,
    })),
    total: counted?.n ?? 0,
  };
}
