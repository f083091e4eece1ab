/** The agency's quote invitations (project/selection/invitations). */
import { and, arrayContains, count, desc, eq } from 'drizzle-orm';
import { demandSelections, projectDemands, projects, selectionQuotes } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { InvitationRow } from '@shared/calls/selection';
import type { SelectionState } from '@shared/domain/selection';
import { stageName } from '@shared/domain/stages';
import { itemNamesByDemand, type SelectionContext } from './demand';
import { ownAgencyId } from './quotes';

/** The agency's quote invitations, with its own quote (never another agency's). */
export async function listInvitations(
  ctx: SelectionContext,
  user: SessionUser,
  paging: { page: number; rows: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const organizationId = await ownAgencyId(ctx.db, user);
  const where = and(
    eq(demandSelections.method, 'price'),
    arrayContains(demandSelections.invited, [organizationId]),
  );
  const rows = await ctx.db
    .select({
      selection: demandSelections,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      stageId: projectDemands.stageId,
      quote: selectionQuotes,
    })
    .from(demandSelections)
    .innerJoin(projectDemands, eq(projectDemands.pkid, demandSelections.demandId))
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .leftJoin(
      selectionQuotes,
      and(
        eq(selectionQuotes.demandId, demandSelections.demandId),
        eq(selectionQuotes.organizationId, organizationId),
      ),
    )
    .where(where)
    .orderBy(desc(demandSelections.quoteDeadline), desc(demandSelections.demandId))
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows);
  const [counted] = await ctx.db.select({ n: count() }).from(demandSelections).where(where);
  const names = await itemNamesByDemand(
    ctx.db,
    rows.map((r) => r.selection.demandId),
  );
  const now = ctx.services.now();
  return {
    rows: rows.map((r) => ({
      demandId: r.selection.demandId,
      projectName: r.projectName,
      projectNo: r.projectNo,
      stageName: stageName(r.stageId),
      itemNames: names.get(r.selection.demandId) ?? [],
      state: r.selection.state as SelectionState,
      quoteDeadline: r.selection.quoteDeadline?.toISOString() ?? null,
      open:
        r.selection.state === 'quoting' &&
        r.selection.quoteDeadline !== null &&
        r.selection.quoteDeadline > now,
      myAmount: r.quote?.amount ?? null,
      myPlan: r.quote?.plan ?? null,
      quotedAt: r.quote?.updatedAt.toISOString() ?? null,
      won: r.selection.winnerId === null ? null : r.selection.winnerId === organizationId,
    })),
    total: counted?.n ?? 0,
  };
}
