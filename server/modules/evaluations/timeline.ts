/**
 * The authority's acts on evaluations, on the evaluated party's timeline (issue 24: "everything is on
 * the subject's timeline"): an assessment (smd) given, and any evaluation withdrawn by an upheld appeal,
 * are written to the audit timeline of the party it is about: the agency for smo and smd, the owner's
 * unit for con. These are the same audit_records the party's detail page shows with its review and
 * credit decisions, so there is no second timeline.
 *
 * The ratings the parties give each other (smo, con) are not written there: a busy agency has hundreds,
 * which would bury its review decisions. Each is on the agency's credit record (机构评价, one event with
 * its points) or the owner's ratings list, in a message to the rated party, and in the project's log.
 * The appeal has its own trail besides (the review engine's, on the evaluation's page).
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { auditRecords, constructionSatisfaction, evaluations, projects } from '@server/db/schema';
import { evaluationKindLabels, periodLabel, type EvaluationKind } from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditSubject } from '@shared/domain/statuses';

/** Whom an evaluation is about, and its occasion: the project rated, or the quarter assessed. */
export interface EvaluatedParty {
  subjectType: typeof auditSubject.code.agentOrg | typeof auditSubject.code.constructionUnit;
  subjectId: number;
  occasion: string;
}

export async function evaluatedParty(
  tx: Queryable,
  kind: EvaluationKind,
  id: number,
): Promise<EvaluatedParty | null> {
  if (kind === 'smo') {
    const s = constructionSatisfaction;
    const [row] = await tx
      .select({ organizationId: s.organizationId, projectName: projects.projectName })
      .from(s)
      .innerJoin(projects, eq(projects.pkid, s.projectId))
      .where(eq(s.pkid, id));
    return row
      ? {
          subjectType: auditSubject.code.agentOrg,
          subjectId: row.organizationId,
          occasion: `项目“${row.projectName}”`,
        }
      : null;
  }
  const e = evaluations;
  const [row] = await tx
    .select({
      organizationId: e.organizationId,
      constructionId: e.constructionId,
      period: e.period,
      projectName: projects.projectName,
    })
    .from(e)
    .leftJoin(projects, eq(projects.pkid, e.projectId))
    .where(eq(e.pkid, id));
  if (!row) return null;
  if (kind === 'smd')
    return {
      subjectType: auditSubject.code.agentOrg,
      subjectId: row.organizationId,
      occasion: periodLabel(row.period ?? ''),
    };
  return row.constructionId === null
    ? null
    : {
        subjectType: auditSubject.code.constructionUnit,
        subjectId: row.constructionId,
        occasion: `项目“${row.projectName ?? ''}”`,
      };
}

/** The role each kind's evaluator acts in; a withdrawal is the authority's decision on the appeal. */
const evaluatorRole: Record<EvaluationKind, string> = {
  smo: roles.owner.id,
  smd: roles.authority.id,
  con: roles.agency.id,
};

type TimelineEvent = { type: 'evaluated'; average: number } | { type: 'withdrawn'; opinion: string | null };

/** Writes the event to the evaluated party's timeline, in the caller's transaction. */
export async function recordEvaluationOnTimeline(
  tx: Queryable,
  kind: EvaluationKind,
  id: number,
  event: TimelineEvent,
  actor: { pkid: number | null; username: string | null },
  at: Date,
): Promise<void> {
  const party = await evaluatedParty(tx, kind, id);
  if (!party) throw new Error(`evaluation ${kind} ${id} has no evaluated party`);
  const what = `${evaluationKindLabels[kind]}（${party.occasion}）`;
  await tx.insert(auditRecords).values({
    subjectType: party.subjectType,
    subjectId: party.subjectId,
    decision:
      event.type === 'evaluated' ? auditDecision.code.evaluated : auditDecision.code.evaluationWithdrawn,
    opinion:
      event.type === 'evaluated'
        ? `${what}：平均 ${event.average} 分`
        : `${what}经申诉撤销${event.opinion ? `：${event.opinion}` : ''}`,
    auditorId: actor.pkid,
    auditorName: actor.username,
    roleId: event.type === 'evaluated' ? evaluatorRole[kind] : roles.authority.id,
    auditedAt: at,
  });
}
