/**
 * Demo evaluations (issue 24; shared/domain/evaluations.ts), written after the projects and the owners'
 * ratings, before the credit scores are first counted (so the assessments and the withdrawn ones count
 * as the rule says). It reads the seeded rows, so it is not part of the demo digest:
 *
 * - the authority's assessments (smd) of a dozen agencies for last quarter, and of four for this
 *   quarter (the others are authority01's to-do), scores spread from 1 to 5;
 * - agency01's ratings of owner01 (con) on up to three finished demands, at most half of them (the
 *   rest are agency01's to-do), and
 *   a few of other agencies about other owners;
 * - an appeal in each state, with its review item and records as the workflow writes them: agency01's
 *   appeal against last quarter's assessment and against an owner's rating, and owner01's against a
 *   con rating, all waiting for the authority; another agency's appeal upheld, and one dismissed;
 * - each assessment, and the upheld appeal's withdrawal, on the evaluated party's timeline.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { recordEvaluationOnTimeline } from '@server/modules/evaluations';
import {
  DEFAULT_CRITERIA,
  appealSubjects,
  averageScore,
  recentPeriods,
  type EvaluationKind,
} from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, authorizationState } from '@shared/domain/statuses';
import { beijingDate } from '@shared/domain/working-days';
import { AGENCY_ORG_ID, DAY, HOUR, ids, OWNER_UNIT_ID } from './demo-context';

/** Scores spread over 1–5 by position, so the demo shows every average and every sign of points. */
const scoresOf = (labels: readonly string[], seed: number) =>
  labels.map((label, index) => ({ label, score: 1 + ((seed * 7 + index * 3) % 5) }));

type AppealPlan = {
  kind: EvaluationKind;
  evaluationId: number;
  appellantId: number;
  appellantRole: string;
  at: Date;
  reason: string;
  decision?: { upheld: boolean; opinion: string; at: Date };
};

async function nameOf(t: Queryable, userId: number): Promise<string | null> {
  const [user] = await t
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.pkid, userId));
  return user?.username ?? null;
}

async function writeAppeal(t: Queryable, plan: AppealPlan): Promise<void> {
  const subjectType = appealSubjects[plan.kind];
  await t.insert(schema.evaluationAppeals).values({
    kind: plan.kind,
    evaluationId: plan.evaluationId,
    reason: plan.reason,
    appellantId: plan.appellantId,
    outcome: plan.decision ? (plan.decision.upheld ? 'upheld' : 'dismissed') : null,
    decidedAt: plan.decision?.at ?? null,
    createdAt: plan.at,
  });
  const decided = plan.decision
    ? plan.decision.upheld
      ? auditStatus.code.approved
      : auditStatus.code.rejected
    : null;
  await t.insert(schema.reviewItems).values({
    subjectType,
    subjectId: plan.evaluationId,
    status: decided ?? auditStatus.code.pending,
    applicantId: plan.appellantId,
    version: plan.decision ? 2 : 1,
    submittedAt: plan.at,
    decidedAt: plan.decision?.at ?? null,
    createdAt: plan.at,
    updatedAt: plan.decision?.at ?? plan.at,
  });
  await t.insert(schema.auditRecords).values({
    subjectType,
    subjectId: plan.evaluationId,
    decision: auditDecision.code.submitted,
    auditorId: plan.appellantId,
    auditorName: await nameOf(t, plan.appellantId),
    roleId: plan.appellantRole,
    fromStatus: auditStatus.code.draft,
    toStatus: auditStatus.code.pending,
    auditedAt: plan.at,
  });
  if (plan.decision)
    await t.insert(schema.auditRecords).values({
      subjectType,
      subjectId: plan.evaluationId,
      decision: plan.decision.upheld ? auditDecision.code.approved : auditDecision.code.rejected,
      opinion: plan.decision.opinion,
      auditorId: ids.authority,
      auditorName: await nameOf(t, ids.authority),
      roleId: roles.authority.id,
      fromStatus: auditStatus.code.pending,
      toStatus: decided,
      auditedAt: plan.decision.at,
    });
}

/** Answers how many evaluations (smd and con) it wrote. */
export async function seedDemoEvaluations(t: Queryable, now: Date): Promise<number> {
  const [thisQuarter, lastQuarter] = recentPeriods(beijingDate(now), 2) as [string, string];
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const agencies = await t
    .select({
      organizationId: schema.agentOrganizations.organizationId,
      userId: schema.agentOrganizations.userId,
    })
    .from(schema.agentOrganizations)
    .where(eq(schema.agentOrganizations.auditStatus, auditStatus.code.approved))
    .orderBy(asc(schema.agentOrganizations.organizationId))
    .limit(12);
  if (agencies.length === 0) return 0;

  const smd = DEFAULT_CRITERIA.smd;
  const assessed = await t
    .insert(schema.evaluations)
    .values([
      ...agencies.map((agency, index) => ({
        kind: 'smd',
        organizationId: agency.organizationId,
        period: lastQuarter,
        criteriaVersion: 1,
        scores: scoresOf(smd, index),
        comment: index % 3 === 0 ? '抽查成果质量总体良好，个别项目归档不及时。' : null,
        evaluatorId: ids.authority,
        // Assessed in the first days after last quarter ended (or a month ago, early in a quarter).
        createdAt: new Date(daysAgo(20).getTime() + index * HOUR),
      })),
      // This quarter's first four (not agency01: its assessment is the authority's to-do).
      ...agencies
        .filter((agency) => agency.organizationId !== AGENCY_ORG_ID)
        .slice(0, 4)
        .map((agency, index) => ({
          kind: 'smd',
          organizationId: agency.organizationId,
          period: thisQuarter,
          criteriaVersion: 1,
          scores: scoresOf(smd, index + 5),
          comment: null,
          evaluatorId: ids.authority,
          createdAt: new Date(daysAgo(3).getTime() + index * HOUR),
        })),
    ])
    .returning({
      pkid: schema.evaluations.pkid,
      organizationId: schema.evaluations.organizationId,
      period: schema.evaluations.period,
    });

  // Finished demands with their accepted agency and owner: agency01's with owner01 first.
  const finished = await t
    .select({
      demandId: schema.projectDemands.pkid,
      projectId: schema.projects.pkid,
      constructionId: schema.projects.constructionId,
      organizationId: schema.projectAuthorizations.organizationId,
      agencyUserId: schema.agentOrganizations.userId,
    })
    .from(schema.projectAuthorizations)
    .innerJoin(schema.projectDemands, eq(schema.projectDemands.pkid, schema.projectAuthorizations.demandId))
    .innerJoin(schema.projects, eq(schema.projects.pkid, schema.projectDemands.projectId))
    .innerJoin(
      schema.agentOrganizations,
      eq(schema.agentOrganizations.organizationId, schema.projectAuthorizations.organizationId),
    )
    .where(
      and(
        eq(schema.projectAuthorizations.state, authorizationState.code.accepted),
        inArray(schema.projects.status, [6, 7]),
        isNotNull(schema.agentOrganizations.userId),
      ),
    )
    .orderBy(asc(schema.projects.pkid), asc(schema.projectDemands.pkid));
  // At most half of agency01's with owner01 (three at most): the rest stay agency01's to-do.
  const ownAll = finished.filter(
    (row) => row.organizationId === AGENCY_ORG_ID && row.constructionId === OWNER_UNIT_ID,
  );
  const own = ownAll.slice(0, Math.min(3, Math.floor(ownAll.length / 2)));
  const others = finished.filter((row) => row.organizationId !== AGENCY_ORG_ID).slice(0, 5);
  const con = DEFAULT_CRITERIA.con;
  const rated =
    own.length + others.length === 0
      ? []
      : await t
          .insert(schema.evaluations)
          .values(
            [...own, ...others].map((row, index) => ({
              kind: 'con',
              organizationId: row.organizationId,
              constructionId: row.constructionId,
              projectId: row.projectId,
              demandId: row.demandId,
              criteriaVersion: 1,
              scores: scoresOf(con, index + 2),
              comment: index === 0 ? '建设单位提供的规划资料不全，补充耗时两周。' : null,
              evaluatorId: row.agencyUserId,
              createdAt: daysAgo(4 + index),
            })),
          )
          .returning({ pkid: schema.evaluations.pkid, constructionId: schema.evaluations.constructionId });

  const appeals: AppealPlan[] = [];
  const agency01Assessment = assessed.find(
    (row) => row.organizationId === AGENCY_ORG_ID && row.period === lastQuarter,
  );
  if (agency01Assessment)
    appeals.push({
      kind: 'smd',
      evaluationId: agency01Assessment.pkid,
      appellantId: ids.agency,
      appellantRole: roles.agency.id,
      at: daysAgo(18),
      reason: '本季度抽查的两个项目均按期提交成果，“按时完成”一项评分与事实不符，请予复核。',
    });
  const otherAgencies = agencies.filter(
    (agency) => agency.organizationId !== AGENCY_ORG_ID && agency.userId !== null,
  );
  for (const [index, agency] of otherAgencies.slice(0, 2).entries()) {
    const assessment = assessed.find(
      (row) => row.organizationId === agency.organizationId && row.period === lastQuarter,
    );
    if (!assessment) continue;
    appeals.push({
      kind: 'smd',
      evaluationId: assessment.pkid,
      appellantId: agency.userId!,
      appellantRole: roles.agency.id,
      at: daysAgo(19),
      reason: index === 0 ? '投诉已于季度内处理完毕并经投诉人确认，不应扣分。' : '对考核结果有异议。',
      decision:
        index === 0
          ? { upheld: true, opinion: '经核实，投诉已妥善处理，撤销本次考核。', at: daysAgo(12) }
          : { upheld: false, opinion: '申诉未提供新的事实和证据，维持考核结果。', at: daysAgo(11) },
    });
  }
  const ownRating = rated.find((row) => row.constructionId === OWNER_UNIT_ID);
  if (ownRating)
    appeals.push({
      kind: 'con',
      evaluationId: ownRating.pkid,
      appellantId: ids.owner,
      appellantRole: roles.owner.id,
      at: daysAgo(2),
      reason: '规划资料已于委托时一次性提供，补充的是测绘单位新增要求的资料。',
    });
  const [smoRating] = await t
    .select({ pkid: schema.constructionSatisfaction.pkid })
    .from(schema.constructionSatisfaction)
    .where(eq(schema.constructionSatisfaction.organizationId, AGENCY_ORG_ID))
    .orderBy(asc(schema.constructionSatisfaction.pkid))
    .limit(1);
  if (smoRating)
    appeals.push({
      kind: 'smo',
      evaluationId: smoRating.pkid,
      appellantId: ids.agency,
      appellantRole: roles.agency.id,
      at: daysAgo(1),
      reason: '工期延误系建设单位变更设计所致，“及时性”评分有失公允。',
    });
  for (const plan of appeals) await writeAppeal(t, plan);
  await writeTimelines(t, appeals);
  return assessed.length + rated.length;
}

/**
 * The assessments and the upheld appeal's withdrawal on the evaluated party's timeline, as saving and
 * deciding write them (server/modules/evaluations/timeline.ts).
 */
async function writeTimelines(t: Queryable, appeals: readonly AppealPlan[]): Promise<void> {
  const names = new Map<number, string | null>();
  const actor = async (pkid: number | null) => {
    if (pkid !== null && !names.has(pkid)) names.set(pkid, await nameOf(t, pkid));
    return { pkid, username: pkid === null ? null : (names.get(pkid) ?? null) };
  };
  const e = schema.evaluations;
  const given = await t
    .select({ pkid: e.pkid, scores: e.scores, by: e.evaluatorId, at: e.createdAt })
    .from(e)
    .where(eq(e.kind, 'smd'))
    .orderBy(asc(e.pkid));
  for (const row of given) {
    const average = averageScore(row.scores);
    await recordEvaluationOnTimeline(
      t,
      'smd',
      row.pkid,
      { type: 'evaluated', average },
      await actor(row.by),
      row.at,
    );
  }
  for (const plan of appeals)
    if (plan.decision?.upheld)
      await recordEvaluationOnTimeline(
        t,
        plan.kind,
        plan.evaluationId,
        { type: 'withdrawn', opinion: plan.decision.opinion },
        await actor(ids.authority),
        plan.decision.at,
      );
}
