/**
 * The owner's rating of the agency that did a demand's work (/constructionSatisfy). Rules:
 * - only the owner of the demand's project (its construction unit's account) rates;
 * - only once the project's results were accepted (status 6 已验收 or 7 已办结): DOMAIN.md's process
 *   ends the agency's work with the acceptance, and a rating before it would judge unfinished work;
 * - the agency rated is the one whose authorization of the demand was accepted;
 * - one rating per demand: a second is a 409 (checked, and the unique index settles a race);
 * - the scores answer the current smo criteria (the version the form showed; a stale one is a 409),
 *   and the rating keeps their labels, as the smd and con evaluations do.
 * The rating writes a project log line and tells the agency; the agency's record shows the averages.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { writeDroppingPages } from '@server/lib/page-cache';
import {
  agentOrganizations,
  constructionSatisfaction,
  constructionUnits,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projects,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { refreshCreditScores } from '@server/modules/credit';
import { scoredAgainst } from '@server/modules/evaluations';
import { sendMessage } from '@server/modules/messages';
import { demandParties } from '@server/modules/projects';
import type { RatableDemand, SatisfactionRow, SatisfactionSummary } from '@shared/calls/satisfaction';
import { averageScore, type CriterionScore } from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { satisfactionMessages as m, type SatisfactionSaveInput } from '@shared/validation/satisfaction';

const s = constructionSatisfaction;

/** Project statuses after which the owner may rate: results accepted, and the case closed. */
export const ratableStatuses = [projectStatus.code.accepted, projectStatus.code.completed] as const;

const rowColumns = {
  tableId: s.pkid,
  projectDemandId: s.demandId,
  projectId: s.projectId,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  organizationId: s.organizationId,
  orgName: agentOrganizations.orgName,
  constructionName: constructionUnits.name,
  criteriaVersion: s.criteriaVersion,
  scores: s.scores,
  comment: s.comment,
  createdAt: s.createdAt,
};

function selectRows(db: Queryable) {
  return db
    .select(rowColumns)
    .from(s)
    .innerJoin(projects, eq(projects.pkid, s.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, s.organizationId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, s.constructionId));
}

type Row = Omit<SatisfactionRow, 'createdAt' | 'average'> & { createdAt: Date };
const toWire = (row: Row): SatisfactionRow => ({
  ...row,
  average: averageScore(row.scores),
  createdAt: row.createdAt.toISOString(),
});

/** The scores as a sentence: 成果质量 5 分、及时性 4 分、服务态度 3 分. */
const scoresText = (scores: readonly CriterionScore[]) =>
  scores.map((item) => `${item.label} ${item.score} 分`).join('、');

/**
 * What a rating leaves besides its row: a line in the project's log, a message to the agency, and its
 * credit score recounted (shared/domain/credit-score.ts counts each rating).
 */
async function recordRating(
  tx: Queryable,
  user: SessionUser,
  {
    demand,
    authorization,
    scored,
    now,
  }: {
    demand: { projectId: number; projectName: string; status: number };
    authorization: { organizationId: number; userId: number | null };
    scored: readonly CriterionScore[];
    now: Date;
  },
): Promise<void> {
  const scores = scoresText(scored);
  await tx.insert(projectLogs).values({
    projectId: demand.projectId,
    statusFrom: demand.status,
    statusTo: demand.status,
    content: `建设单位评价测绘单位：${scores}`,
    actorId: user.pkid,
    actorName: user.username,
    createdAt: now,
  });
  if (authorization.userId !== null)
    await sendMessage(tx, {
      toUserId: authorization.userId,
      content: `建设单位对项目“${demand.projectName}”的测绘服务作出评价：${scores}。`,
      link: `/intermediary/orgdetail?id=${authorization.organizationId}`,
      at: now,
    });
  await refreshCreditScores(tx, {
    scope: { organizationId: authorization.organizationId },
    today: beijingDate(now),
    at: now,
    cause: `建设单位评价（项目“${demand.projectName}”）`,
  });
}

/** Which ratings a user may see: all for the authority's roles, else its unit's or its agency's. */
function visibleTo(user: SessionUser): SQL | undefined {
  const all = [roles.authority.id, roles.auditor.id, roles.district.id] as string[];
  if (user.isAdmin || user.roleIds.some((role) => all.includes(role))) return undefined;
  const mine: SQL[] = [];
  if (user.roleIds.includes(roles.owner.id))
    mine.push(
      inArray(
        s.constructionId,
        sql`(select construction_id from construction_units where user_id = ${user.pkid})`,
      ),
    );
  if (user.roleIds.includes(roles.agency.id))
    mine.push(
      inArray(
        s.organizationId,
        sql`(select organization_id from agent_organizations where user_id = ${user.pkid})`,
      ),
    );
  return mine.length === 0 ? sql`false` : sql`(${sql.join(mine, sql` or `)})`;
}

export async function saveRating(
  ctx: AppContext,
  user: SessionUser,
  input: SatisfactionSaveInput,
): Promise<SatisfactionRow> {
  const now = ctx.services.now();
  // The hall's agency page shows the averages: a new rating drops it from the page cache.
  const tableId = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const demand = await demandParties(tx, input.projectDemandId);
    // Another owner's demand answers like a missing one: its existence is not theirs to learn.
    if (!demand || demand.ownerId !== user.pkid)
      throw new AppError('not_found', { message: m.notFound, field: 'projectDemandId' });
    if (!(ratableStatuses as readonly number[]).includes(demand.status))
      throw new AppError('conflict', { message: m.notFinished });
    const authorization = demand.agency;
    if (!authorization) throw new AppError('conflict', { message: m.noAgency });
    const [existing] = await tx.select({ pkid: s.pkid }).from(s).where(eq(s.demandId, demand.demandId));
    if (existing) throw new AppError('conflict', { message: m.duplicate });
    const scored = await scoredAgainst(tx, 'smo', input);
    const [saved] = await tx
      .insert(s)
      .values({
        demandId: demand.demandId,
        projectId: demand.projectId,
        organizationId: authorization.organizationId,
        constructionId: demand.constructionId,
        ...scored,
        comment: input.comment ?? null,
        ratedBy: user.pkid,
        createdAt: now,
      })
      // Two submissions at once: the unique index lets one in; the other gets the same 409.
      .onConflictDoNothing()
      .returning({ pkid: s.pkid });
    if (!saved) throw new AppError('conflict', { message: m.duplicate });
    await recordRating(tx, user, { demand, authorization, scored: scored.scores, now });
    dropPages(['agencies']);
    return saved.pkid;
  });
  return getRating(ctx.db, user, tableId);
}

export async function getRating(db: Queryable, user: SessionUser, tableId: number): Promise<SatisfactionRow> {
  const [row] = await selectRows(db).where(and(eq(s.pkid, tableId), visibleTo(user)));
  if (!row) throw new AppError('not_found', { message: m.ratingNotFound });
  return toWire(row);
}

export async function ratingOfDemand(
  db: Queryable,
  user: SessionUser,
  demandId: number,
): Promise<SatisfactionRow | null> {
  const [row] = await selectRows(db).where(and(eq(s.demandId, demandId), visibleTo(user)));
  return row ? toWire(row) : null;
}

export async function listRatings(
  db: Queryable,
  user: SessionUser,
  input: { page: number; rows: number; organizationId?: number | undefined },
): Promise<{ rows: SatisfactionRow[]; total: number }> {
  const where = and(
    visibleTo(user),
    input.organizationId ? eq(s.organizationId, input.organizationId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(s.createdAt), desc(s.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(s).where(where),
  ]);
  return { rows: rows.map(toWire), total: total?.n ?? 0 };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The agency's record: how many ratings, the mean of their averages, and each criterion's mean by label
 * (a label the criteria dropped still shows what it got). Public, like the pass rate. An agency has
 * few ratings: they are summed here rather than unpacked from jsonb in SQL.
 */
export async function ratingSummary(db: Queryable, organizationId: number): Promise<SatisfactionSummary> {
  const rows = await db
    .select({ scores: s.scores })
    .from(s)
    .where(eq(s.organizationId, organizationId))
    .orderBy(asc(s.pkid));
  const byLabel = new Map<string, { sum: number; count: number }>();
  for (const { scores } of rows)
    for (const { label, score } of scores) {
      const entry = byLabel.get(label) ?? { sum: 0, count: 0 };
      byLabel.set(label, { sum: entry.sum + score, count: entry.count + 1 });
    }
  // Each rating's exact mean (not its two-decimal average), then their mean rounded once.
  const means = rows.map(({ scores }) => scores.reduce((sum, item) => sum + item.score, 0) / scores.length);
  return {
    organizationId,
    count: rows.length,
    average: rows.length === 0 ? null : round2(means.reduce((sum, mean) => sum + mean, 0) / rows.length),
    criteria: [...byLabel].map(([label, { sum, count }]) => ({ label, average: round2(sum / count), count })),
  };
}

/** The owner's demands it may rate (or has rated): finished projects with an accepted agency. */
export async function listRatable(
  db: Queryable,
  user: SessionUser,
  input: { page: number; rows: number },
): Promise<{ rows: RatableDemand[]; total: number }> {
  const where = and(
    eq(constructionUnits.userId, user.pkid),
    inArray(projects.status, [...ratableStatuses]),
    eq(projectAuthorizations.state, authorizationState.code.accepted),
  );
  const base = () =>
    db
      .select({
        projectDemandId: projectDemands.pkid,
        projectId: projects.pkid,
        projectName: projects.projectName,
        projectNo: projects.projectNo,
        projectStatus: projects.status,
        organizationId: agentOrganizations.organizationId,
        orgName: agentOrganizations.orgName,
        tableId: s.pkid,
      })
      .from(projectDemands)
      .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .innerJoin(projectAuthorizations, eq(projectAuthorizations.demandId, projectDemands.pkid))
      .innerJoin(
        agentOrganizations,
        eq(agentOrganizations.organizationId, projectAuthorizations.organizationId),
      )
      .leftJoin(s, eq(s.demandId, projectDemands.pkid));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      // Not yet rated first, then the newest projects.
      .orderBy(sql`${s.pkid} is not null`, desc(projects.pkid), desc(projectDemands.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db
      .select({ n: count() })
      .from(projectDemands)
      .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .innerJoin(projectAuthorizations, eq(projectAuthorizations.demandId, projectDemands.pkid))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
