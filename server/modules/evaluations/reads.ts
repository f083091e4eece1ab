/**
 * Reading evaluations: who sees which (smd: every signed-in user, it is the authority's published
 * judgement; smo and con: their two parties and the supervisors), the list of a kind, and one
 * evaluation of any kind with its appeal, the appeal's review and its records.
 */
import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionSatisfaction,
  constructionUnits,
  evaluationAppeals,
  evaluations,
  projects,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { loadCalendar } from '@server/modules/deadlines';
import { listReviewRecords, reviewStateOrNull } from '@server/modules/review';
import type { EvaluationDetail, EvaluationRow } from '@shared/calls/evaluations';
import {
  APPEAL_WORKING_DAYS,
  appealSubjects,
  averageScore,
  type AppealState,
  type EvaluationKind,
} from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { beijingDate, nthWorkingDayAfter } from '@shared/domain/working-days';
import { AppError } from '@shared/errors/app-error';
import { evaluationMessages as m, type EvaluationListInput } from '@shared/validation/evaluations';

const supervisors: readonly string[] = [roles.authority.id, roles.auditor.id, roles.district.id];

export const isSupervisor = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => supervisors.includes(role));

/** The agency and the unit a user's account registered (at most one each). */
export const ownAgencies = (user: SessionUser) =>
  sql`(select organization_id from agent_organizations where user_id = ${user.pkid})`;
export const ownUnits = (user: SessionUser) =>
  sql`(select construction_id from construction_units where user_id = ${user.pkid})`;

/** An evaluation between an agency and an owner (smo, con): its two parties and the supervisors see it. */
function partiesSee(user: SessionUser, organizationId: AnyColumn, constructionId: AnyColumn) {
  if (isSupervisor(user)) return undefined;
  return sql`(${organizationId} in ${ownAgencies(user)} or ${constructionId} in ${ownUnits(user)})`;
}

function visibleTo(user: SessionUser, kind: 'smd' | 'con'): SQL | undefined {
  return kind === 'smd'
    ? undefined
    : partiesSee(user, evaluations.organizationId, evaluations.constructionId);
}

const appealState = (kind: EvaluationKind | AnyColumn, evaluationId: AnyColumn) =>
  sql<AppealState | null>`(select coalesce(${evaluationAppeals.outcome}, 'pending') from ${evaluationAppeals}
    where ${evaluationAppeals.kind} = ${kind} and ${evaluationAppeals.evaluationId} = ${evaluationId})`;

const e = evaluations;
const evaluator = users;

function selectEvaluations(db: Queryable) {
  return db
    .select({
      kind: e.kind,
      id: e.pkid,
      organizationId: e.organizationId,
      orgName: agentOrganizations.orgName,
      constructionId: e.constructionId,
      constructionName: constructionUnits.name,
      projectId: e.projectId,
      projectName: projects.projectName,
      projectDemandId: e.demandId,
      period: e.period,
      criteriaVersion: e.criteriaVersion,
      scores: e.scores,
      comment: e.comment,
      evaluatorName: evaluator.username,
      createdAt: e.createdAt,
      appealState: appealState(e.kind, e.pkid),
    })
    .from(e)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, e.organizationId))
    .leftJoin(constructionUnits, eq(constructionUnits.constructionId, e.constructionId))
    .leftJoin(projects, eq(projects.pkid, e.projectId))
    .leftJoin(evaluator, eq(evaluator.pkid, e.evaluatorId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectEvaluations>['where']>>[number];

const toRow = (row: Selected): EvaluationRow => ({
  ...row,
  kind: row.kind as 'smd' | 'con',
  average: averageScore(row.scores),
  createdAt: row.createdAt.toISOString(),
});

export async function listEvaluations(
  db: Queryable,
  user: SessionUser,
  input: EvaluationListInput,
): Promise<{ rows: EvaluationRow[]; total: number }> {
  const where = and(
    eq(e.kind, input.kind),
    visibleTo(user, input.kind),
    input.organizationId ? eq(e.organizationId, input.organizationId) : undefined,
    input.constructionId ? eq(e.constructionId, input.constructionId) : undefined,
    input.period ? eq(e.period, input.period) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectEvaluations(db)
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(e).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** One smd or con evaluation the user sees; 404 otherwise (another party's is not theirs to learn of). */
export async function evaluationRow(
  db: Queryable,
  user: SessionUser,
  kind: 'smd' | 'con',
  id: number,
): Promise<EvaluationRow> {
  const [row] = await selectEvaluations(db).where(
    and(eq(e.pkid, id), eq(e.kind, kind), visibleTo(user, kind)),
  );
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return toRow(row);
}

/** An owner's rating (smo, construction_satisfaction) read as an evaluation. */
async function smoRow(db: Queryable, user: SessionUser, id: number): Promise<EvaluationRow> {
  const s = constructionSatisfaction;
  const [row] = await db
    .select({
      id: s.pkid,
      organizationId: s.organizationId,
      orgName: agentOrganizations.orgName,
      constructionId: s.constructionId,
      constructionName: constructionUnits.name,
      projectId: s.projectId,
      projectName: projects.projectName,
      projectDemandId: s.demandId,
      criteriaVersion: s.criteriaVersion,
      scores: s.scores,
      comment: s.comment,
      evaluatorName: evaluator.username,
      createdAt: s.createdAt,
      appealState: appealState('smo', s.pkid),
    })
    .from(s)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, s.organizationId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, s.constructionId))
    .innerJoin(projects, eq(projects.pkid, s.projectId))
    .leftJoin(evaluator, eq(evaluator.pkid, s.ratedBy))
    .where(and(eq(s.pkid, id), partiesSee(user, s.organizationId, s.constructionId)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return {
    ...row,
    kind: 'smo',
    period: null,
    average: averageScore(row.scores),
    createdAt: row.createdAt.toISOString(),
  };
}

export function anyEvaluation(db: Queryable, user: SessionUser, kind: EvaluationKind, id: number) {
  return kind === 'smo' ? smoRow(db, user, id) : evaluationRow(db, user, kind, id);
}

/**
 * Whether `user` is the evaluated party: the agency's account for smo and smd, the owner's unit's
 * account for con.
 */
export async function isEvaluatedParty(
  db: Queryable,
  user: SessionUser,
  row: EvaluationRow,
): Promise<boolean> {
  const [found] =
    row.kind === 'con'
      ? await db
          .select({ one: constructionUnits.constructionId })
          .from(constructionUnits)
          .where(
            and(
              eq(constructionUnits.constructionId, row.constructionId!),
              eq(constructionUnits.userId, user.pkid),
            ),
          )
      : await db
          .select({ one: agentOrganizations.organizationId })
          .from(agentOrganizations)
          .where(
            and(
              eq(agentOrganizations.organizationId, row.organizationId),
              eq(agentOrganizations.userId, user.pkid),
            ),
          );
  return found !== undefined;
}

/** The last Beijing date an appeal against `row` may be taken. */
export async function appealUntil(db: Queryable, row: EvaluationRow): Promise<string> {
  return nthWorkingDayAfter(new Date(row.createdAt), APPEAL_WORKING_DAYS, await loadCalendar(db));
}

export async function evaluationDetail(
  db: Queryable,
  user: SessionUser,
  kind: EvaluationKind,
  id: number,
  now: Date,
): Promise<EvaluationDetail> {
  const row = await anyEvaluation(db, user, kind, id);
  const a = evaluationAppeals;
  const [appeal] = await db
    .select({
      reason: a.reason,
      appellantName: users.username,
      createdAt: a.createdAt,
      outcome: a.outcome,
      decidedAt: a.decidedAt,
    })
    .from(a)
    .innerJoin(users, eq(users.pkid, a.appellantId))
    .where(and(eq(a.kind, kind), eq(a.evaluationId, id)));
  const until = await appealUntil(db, row);
  const subject = appealSubjects[kind];
  return {
    ...row,
    appeal: appeal
      ? {
          reason: appeal.reason,
          appellantName: appeal.appellantName,
          createdAt: appeal.createdAt.toISOString(),
          state: (appeal.outcome ?? 'pending') as AppealState,
          decidedAt: appeal.decidedAt?.toISOString() ?? null,
        }
      : null,
    appealUntil: until,
    mayAppeal: !appeal && beijingDate(now) <= until && (await isEvaluatedParty(db, user, row)),
    review: await reviewStateOrNull(db, user, subject, id),
    records: (await listReviewRecords(db, subject, id)).map((record) => ({
      pkid: record.pkid,
      decision: record.decision,
      decisionLabel: record.decisionLabel,
      opinion: record.opinion,
      auditorName: record.auditorName,
      roleId: record.roleId,
      transferToName: record.transferToName,
      auditedAt: record.auditedAt.toISOString(),
    })),
  };
}
