/** contract/draftable: the accepted authorizations an agency may draft a contract for. */
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  constructionUnits,
  contracts,
  demandSelections,
  projectAuthorizations,
  projectDemands,
  projects,
  selectionQuotes,
  stages,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf } from '@server/modules/projects';
import type { Draftable } from '@shared/calls/contract-filing';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { itemsOf } from '../service';
import { contractOfAuthorization } from './add-contract';

/** Accepted authorizations of the user's agency that have no contract yet (contract/draftable). */
export async function listDraftable(
  db: Queryable,
  user: SessionUser,
  input: { pageIdx: number; pageSize: number; projectName?: string | undefined },
): Promise<{ rows: Draftable[]; total: number }> {
  const org = await agencyAccountOf(db, user);
  if (org === null && !user.isAdmin) return { rows: [], total: 0 };
  const a = projectAuthorizations;
  const where = and(
    eq(a.state, authorizationState.code.accepted),
    eq(projects.status, projectStatus.code.commissioned),
    org === null ? undefined : eq(a.organizationId, org),
    input.projectName ? sql`${projects.projectName} ilike ${`%${input.projectName}%`}` : undefined,
    notExists(
      db
        .select({ one: sql`1` })
        .from(contracts)
        .where(contractOfAuthorization(a)),
    ),
  );
  const rows = await db
    .select({
      authorizationId: a.pkid,
      projectId: a.projectId,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      ownerName: constructionUnits.name,
      stageName: stages.name,
      demandId: a.demandId,
      acceptedAt: a.respondedAt,
      selectionMethod: demandSelections.method,
      winningQuote: selectionQuotes.amount,
      total: sql<number>`count(*) over()::int`,
    })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(projectDemands, eq(projectDemands.pkid, a.demandId))
    .leftJoin(stages, eq(stages.stageId, projectDemands.stageId))
    .leftJoin(demandSelections, eq(demandSelections.demandId, a.demandId))
    .leftJoin(
      selectionQuotes,
      and(
        eq(selectionQuotes.demandId, a.demandId),
        eq(selectionQuotes.organizationId, a.organizationId),
        eq(demandSelections.method, 'price'),
        eq(demandSelections.winnerId, a.organizationId),
      ),
    )
    .where(where)
    .orderBy(desc(a.respondedAt), desc(a.pkid))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  const out: Draftable[] = [];
  for (const { total: _total, demandId, acceptedAt, winningQuote, ...row } of rows)
    out.push({
      ...row,
      items: await itemsOf(db, demandId),
      acceptedAt: acceptedAt?.toISOString() ?? null,
      winningQuote: row.selectionMethod === 'price' ? (winningQuote ?? null) : null,
    });
  return { rows: out, total: rows[0]?.total ?? 0 };
}
