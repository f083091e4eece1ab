/**
 * Giving an evaluation: the authority's quarterly assessment of an agency (smd) and the agency's rating
 * of the owner of a finished demand (con). One per agency and quarter, one per demand: checked first
 * for a clear message, and the unique indexes settle two submissions at once. Each tells the evaluated
 * party; an assessment, the authority's act, also goes on the agency's timeline (./timeline.ts) and
 * recounts its credit score (docs/credit-score.md).
 */
import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  evaluations,
  projectAuthorizations,
  projectDemands,
  projects,
} from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { refreshCreditScores } from '@server/modules/credit';
import { sendMessage } from '@server/modules/messages';
import { agencyAccountOf, demandParties } from '@server/modules/projects';
import type { ConEvaluable, EvaluationRow, SmdCandidate } from '@shared/calls/evaluations';
import { averageScore, evaluationPath, periodLabel, periodOf } from '@shared/domain/evaluations';
import { auditStatus, authorizationState, projectStatus } from '@shared/domain/statuses';
import { beijingDate } from '@shared/domain/working-days';
import { AppError } from '@shared/errors/app-error';
import {
  evaluationMessages as m,
  type ConSaveInput,
  type SmdSaveInput,
} from '@shared/validation/evaluations';
import { scoredAgainst } from './criteria';
import { evaluationRow, ownAgencies } from './reads';
import { recordEvaluationOnTimeline } from './timeline';

/** Project statuses after which the agency may rate the owner: results accepted, and the case closed. */
const finishedStatuses = [projectStatus.code.accepted, projectStatus.code.completed];

export async function saveSmd(
  ctx: AppContext,
  user: SessionUser,
  input: SmdSaveInput,
): Promise<EvaluationRow> {
  const now = ctx.services.now();
  if (input.period > periodOf(beijingDate(now)))
    throw new AppError('invalid_input', { message: m.futurePeriod, field: 'period' });
  const id = await ctx.db.transaction(async (tx) => {
    const [agency] = await tx
      .select({ orgName: agentOrganizations.orgName, userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(
        and(
          eq(agentOrganizations.organizationId, input.organizationId),
          eq(agentOrganizations.auditStatus, auditStatus.code.approved),
        ),
      );
    if (!agency) throw new AppError('not_found', { message: m.agencyNotFound, field: 'organizationId' });
    const scored = await scoredAgainst(tx, 'smd', input);
    const [saved] = await tx
      .insert(evaluations)
      .values({
        kind: 'smd',
        organizationId: input.organizationId,
        period: input.period,
        ...scored,
        comment: input.comment ?? null,
        evaluatorId: user.pkid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ pkid: evaluations.pkid });
    if (!saved) throw new AppError('conflict', { message: m.duplicateSmd });
    const label = periodLabel(input.period);
    const average = averageScore(scored.scores);
    await recordEvaluationOnTimeline(tx, 'smd', saved.pkid, { type: 'evaluated', average }, user, now);
    if (agency.userId !== null)
      await sendMessage(tx, {
        toUserId: agency.userId,
        content: `主管部门对本单位${label}的考核结果：平均 ${average} 分。如有异议，可在 10 个工作日内申诉。`,
        link: evaluationPath('smd', saved.pkid),
        at: now,
      });
    await refreshCreditScores(tx, {
      scope: { organizationId: input.organizationId },
      today: beijingDate(now),
      at: now,
      cause: `主管部门考核（${label}）`,
    });
    return saved.pkid;
  });
  return evaluationRow(ctx.db, user, 'smd', id);
}

export async function saveCon(
  ctx: AppContext,
  user: SessionUser,
  input: ConSaveInput,
): Promise<EvaluationRow> {
  const now = ctx.services.now();
  const id = await ctx.db.transaction(async (tx) => {
    const demand = await demandParties(tx, input.projectDemandId);
    if (!demand) throw new AppError('not_found', { message: m.demandNotFound, field: 'projectDemandId' });
    // Only the agency whose commission of the demand was accepted rates its owner.
    const commission = demand.agency;
    if (!commission || commission.organizationId !== (await agencyAccountOf(tx, user)))
      throw new AppError('forbidden', { message: m.notYourDemand });
    if (!(finishedStatuses as number[]).includes(demand.status))
      throw new AppError('conflict', { message: m.notFinished });
    const scored = await scoredAgainst(tx, 'con', input);
    const [saved] = await tx
      .insert(evaluations)
      .values({
        kind: 'con',
        organizationId: commission.organizationId,
        constructionId: demand.constructionId,
        projectId: demand.projectId,
        demandId: demand.demandId,
        ...scored,
        comment: input.comment ?? null,
        evaluatorId: user.pkid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ pkid: evaluations.pkid });
    if (!saved) throw new AppError('conflict', { message: m.duplicateCon });
    if (demand.ownerId !== null)
      await sendMessage(tx, {
        toUserId: demand.ownerId,
        content: `测绘单位对项目“${demand.projectName}”中贵单位的配合情况作出评价：平均 ${averageScore(scored.scores)} 分。如有异议，可在 10 个工作日内申诉。`,
        link: evaluationPath('con', saved.pkid),
        at: now,
      });
    return saved.pkid;
  });
  return evaluationRow(ctx.db, user, 'con', id);
}

/** The approved agencies with, for the period, their assessment if given; not yet assessed first. */
export async function listSmdCandidates(
  db: Queryable,
  input: {
    period?: string | undefined;
    organizationId?: number | undefined;
    orgName?: string | undefined;
    page: number;
    rows: number;
  },
  now: Date,
): Promise<{ rows: SmdCandidate[]; total: number }> {
  const o = agentOrganizations;
  const period = input.period ?? periodOf(beijingDate(now));
  const approved = and(
    eq(o.auditStatus, auditStatus.code.approved),
    input.organizationId ? eq(o.organizationId, input.organizationId) : undefined,
    input.orgName ? like(o.orgName, containsPattern(input.orgName)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        period: sql<string>`${period}`,
        organizationId: o.organizationId,
        orgName: o.orgName,
        creditGrade: o.creditGrade,
        evaluationId: evaluations.pkid,
      })
      .from(o)
      .leftJoin(
        evaluations,
        and(
          eq(evaluations.organizationId, o.organizationId),
          eq(evaluations.kind, 'smd'),
          eq(evaluations.period, period),
        ),
      )
      .where(approved)
      .orderBy(sql`${evaluations.pkid} is not null`, asc(o.orgName), asc(o.organizationId))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(o).where(approved),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The demands of the user's agency whose owner it may rate (or has rated): accepted commissions of finished projects. */
export async function listConEvaluable(
  db: Queryable,
  user: SessionUser,
  input: {
    projectDemandId?: number | undefined;
    constructionName?: string | undefined;
    page: number;
    rows: number;
  },
): Promise<{ rows: ConEvaluable[]; total: number }> {
  const where = and(
    input.projectDemandId ? eq(projectDemands.pkid, input.projectDemandId) : undefined,
    input.constructionName
      ? like(constructionUnits.name, containsPattern(input.constructionName))
      : undefined,
    inArray(projectAuthorizations.organizationId, ownAgencies(user)),
    eq(projectAuthorizations.state, authorizationState.code.accepted),
    inArray(projects.status, finishedStatuses),
  );
  const from = () =>
    db
      .select({
        projectDemandId: projectDemands.pkid,
        projectId: projects.pkid,
        projectName: projects.projectName,
        projectNo: projects.projectNo,
        constructionId: constructionUnits.constructionId,
        constructionName: constructionUnits.name,
        evaluationId: evaluations.pkid,
      })
      .from(projectAuthorizations)
      .innerJoin(projectDemands, eq(projectDemands.pkid, projectAuthorizations.demandId))
      .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .leftJoin(evaluations, and(eq(evaluations.kind, 'con'), eq(evaluations.demandId, projectDemands.pkid)));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      // Not yet rated first, then the newest projects.
      .orderBy(sql`${evaluations.pkid} is not null`, desc(projects.pkid), desc(projectDemands.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db
      .select({ n: count() })
      .from(projectAuthorizations)
      .innerJoin(projectDemands, eq(projectDemands.pkid, projectAuthorizations.demandId))
      .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
