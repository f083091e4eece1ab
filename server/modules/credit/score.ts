/**
 * Agencies' credit scores (issue 24; the rule: shared/domain/credit-score.ts, docs/credit-score.md).
 * The score is never stored apart from its reasons: the events are read from what the product records
 * (owners' ratings, acceptance decisions on the agency's results, credit entries in force), the rule
 * turns them into a score and a grade, and the stored columns on agent_organizations follow. Each
 * change is a row of credit_score_changes with its cause. Recounted after every event that may move a
 * score (a rating, an acceptance decision, a credit entry added, ended or expired) and each night by
 * the job credit-score, which also catches what time alone changes (an entry starting or ending).
 */
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lte,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { containsPattern } from '@server/db/contains-pattern';
import { notifyPageCache, writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/lib/session-user';
import type { CreditScoreRecord, CreditScoreRow } from '@shared/calls/credit';
import {
  agentOrganizations,
  auditRecords,
  constructionSatisfaction,
  creditEntries,
  creditScoreChanges,
  evaluationAppeals,
  evaluations,
  inspectionRounds,
  inspectionTargets,
  projectAuthorizations,
  projects,
} from '@server/db/schema';
import { creditEntryKindLabels, type CreditEntryKind } from '@shared/domain/credit';
import { averageScore, periodLabel, type EvaluationKind } from '@shared/domain/evaluations';
import { inspectionResultLabels, type InspectionResult } from '@shared/domain/inspections';
import {
  ACCEPTANCE_POINTS,
  CREDIT_ENTRY_POINTS,
  INSPECTION_POINTS,
  OVERDUE_TODO_POINTS,
  CREDIT_WINDOW_YEARS,
  assessmentPoints,
  creditGradeOf,
  creditScoreOf,
  ratingPoints,
  type CreditEvent,
  type CreditGrade,
} from '@shared/domain/credit-score';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject, authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { formatDate } from '@shared/format';
import type { CreditScoreListInput } from '@shared/validation/credit';
import { beijingDate } from '@shared/validation/jobs';
import { creditGradeRule } from './grade-rule';

/** Which agencies: one, or every one. */
type Scope = { organizationId: number } | 'all';

const only = (column: Parameters<typeof eq>[0], scope: Scope): SQL | undefined =>
  scope === 'all' ? undefined : eq(column, scope.organizationId);

/** An evaluation withdrawn by an upheld appeal counts no more (shared/domain/evaluations.ts). */
const notWithdrawn = (kind: EvaluationKind, evaluationId: AnyColumn): SQL =>
  sql`not exists (select 1 from ${evaluationAppeals} where ${evaluationAppeals.kind} = ${kind}
    and ${evaluationAppeals.evaluationId} = ${evaluationId} and ${evaluationAppeals.outcome} = 'upheld')`;

/** An agency's event as the rule counts it, at the moment `at`. */
const agencyEvent = (
  organizationId: number,
  { at, ...event }: Omit<CreditEvent, 'at'> & { at: Date },
): [number, CreditEvent] => [organizationId, { ...event, at: at.toISOString() }];

/** Owners' ratings of the agencies (constructionSatisfy), each in points. */
async function ratingEvents(db: Queryable, scope: Scope): Promise<[number, CreditEvent][]> {
  const s = constructionSatisfaction;
  const rows = await db
    .select({
      organizationId: s.organizationId,
      scores: s.scores,
      at: s.createdAt,
      projectName: projects.projectName,
    })
    .from(s)
    .innerJoin(projects, eq(projects.pkid, s.projectId))
    .where(and(only(s.organizationId, scope), notWithdrawn('smo', s.pkid)));
  return rows.map((row) =>
    agencyEvent(row.organizationId, {
      kind: 'rating',
      subject: `项目“${row.projectName}”：${row.scores.map((item) => `${item.label} ${item.score}`).join('、')} 分`,
      points: ratingPoints(row.scores),
      at: row.at,
    }),
  );
}

/** The authority's quarterly assessments (smd evaluations), each in points from its average score. */
async function assessmentEvents(db: Queryable, scope: Scope): Promise<[number, CreditEvent][]> {
  const e = evaluations;
  const rows = await db
    .select({ organizationId: e.organizationId, period: e.period, scores: e.scores, at: e.createdAt })
    .from(e)
    .where(and(eq(e.kind, 'smd'), only(e.organizationId, scope), notWithdrawn('smd', e.pkid)));
  return rows.map((row) => {
    const average = averageScore(row.scores);
    return agencyEvent(row.organizationId, {
      kind: 'assessment',
      subject: `${periodLabel(row.period ?? '')}考核：平均 ${average} 分`,
      points: assessmentPoints(average),
      at: row.at,
    });
  });
}

/**
 * Acceptance decisions (review subject `result`, one per project and round): they count for the agency
 * whose accepted commission the project's results are.
 */
async function acceptanceEvents(db: Queryable, scope: Scope): Promise<[number, CreditEvent][]> {
  const r = auditRecords;
  const rows = await db
    .selectDistinct({
      pkid: r.pkid,
      organizationId: projectAuthorizations.organizationId,
      decision: r.decision,
      at: r.auditedAt,
      projectName: projects.projectName,
    })
    .from(r)
    .innerJoin(projects, eq(projects.pkid, r.subjectId))
    .innerJoin(
      projectAuthorizations,
      and(
        eq(projectAuthorizations.projectId, projects.pkid),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .where(
      and(
        eq(r.subjectType, auditSubject.code.result),
        inArray(r.decision, [auditDecision.code.approved, auditDecision.code.rejected]),
        only(projectAuthorizations.organizationId, scope),
      ),
    );
  return rows.map((row) => {
    const adopted = row.decision === auditDecision.code.approved;
    return agencyEvent(row.organizationId, {
      kind: adopted ? 'acceptanceAdopted' : 'acceptanceRejected',
      subject: `项目“${row.projectName}”`,
      points: adopted ? ACCEPTANCE_POINTS.adopted : ACCEPTANCE_POINTS.rejected,
      at: row.at,
    });
  });
}

/** The agencies' credit entries in force on `today` (a Beijing calendar day). */
async function entryEvents(db: Queryable, scope: Scope, today: string): Promise<[number, CreditEvent][]> {
  const e = creditEntries;
  const rows = await db
    .select({ organizationId: e.organizationId, kind: e.kind, reason: e.reason, startDate: e.startDate })
    .from(e)
    .where(
      and(
        ne(e.kind, 'personBlacklist'),
        eq(e.status, 'active'),
        lte(e.startDate, today),
        or(isNull(e.endDate), gte(e.endDate, today)),
        only(e.organizationId, scope),
      ),
    );
  return rows.flatMap((row): [number, CreditEvent][] => {
    if (row.organizationId === null) return [];
    const kind = row.kind as Exclude<CreditEntryKind, 'personBlacklist'>;
    return [
      agencyEvent(row.organizationId, {
        kind: 'creditEntry',
        subject: `${creditEntryKindLabels[kind]}：${row.reason}`,
        points: CREDIT_ENTRY_POINTS[kind],
        at: new Date(`${row.startDate}T00:00:00+08:00`),
      }),
    ];
  });
}

/** Published results of random inspections (双随机抽查, server/modules/inspections), at publication. */
async function inspectionEvents(db: Queryable, scope: Scope): Promise<[number, CreditEvent][]> {
  const t = inspectionTargets;
  const rows = await db
    .select({
      organizationId: t.organizationId,
      result: t.result,
      roundName: inspectionRounds.name,
      at: inspectionRounds.publishedAt,
    })
    .from(t)
    .innerJoin(inspectionRounds, eq(inspectionRounds.pkid, t.roundId))
    .where(and(eq(inspectionRounds.state, 'published'), only(t.organizationId, scope)));
  return rows.flatMap((row): [number, CreditEvent][] => {
    if (row.result === null || row.at === null) return [];
    const result = row.result as InspectionResult;
    return [
      agencyEvent(row.organizationId, {
        kind: 'inspection',
        subject: `“${row.roundName}”：${inspectionResultLabels[result]}`,
        points: INSPECTION_POINTS[result],
        at: row.at,
      }),
    ];
  });
}

/**
 * The agency's overdue to-dos (OVERDUE_TODO_POINTS): authorizations answered after their deadline, and
 * those still unanswered when `today` began (so a day's recounts agree, and the nightly check counts
 * the deadlines that passed the day before). An authorization changed by the owner before the answer
 * does not count: the agency was not the one to act on it any more.
 */
async function overdueEvents(db: Queryable, scope: Scope, today: string): Promise<[number, CreditEvent][]> {
  const a = projectAuthorizations;
  const todayBegan = new Date(`${today}T00:00:00+08:00`);
  const { pending, accepted, declined } = authorizationState.code;
  const rows = await db
    .select({
      organizationId: a.organizationId,
      dueAt: a.dueAt,
      respondedAt: a.respondedAt,
      projectName: projects.projectName,
    })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .where(
      and(
        only(a.organizationId, scope),
        or(
          and(inArray(a.state, [accepted, declined]), gte(a.respondedAt, a.dueAt)),
          and(eq(a.state, pending), lte(a.dueAt, todayBegan)),
        ),
      ),
    );
  return rows.flatMap((row): [number, CreditEvent][] => {
    if (row.dueAt === null) return [];
    // The last day allowed: the day before the deadline's moment (a deadline ends a working day).
    const lastDay = formatDate(new Date(row.dueAt.getTime() - 1));
    const answer = row.respondedAt ? `${formatDate(row.respondedAt)} 才答复` : '逾期未答复';
    return [
      agencyEvent(row.organizationId, {
        kind: 'overdueTodo',
        subject: `项目“${row.projectName}”的委托确认：办理期限至 ${lastDay}，${answer}`,
        points: OVERDUE_TODO_POINTS,
        at: row.dueAt,
      }),
    ];
  });
}

/**
 * Every event of the agencies in `scope` on `today` (a Beijing calendar day), by agency, oldest
 * first: what the rule counts, each with its points.
 */
export async function creditEventsOf(
  db: Queryable,
  scope: Scope,
  today: string,
): Promise<Map<number, CreditEvent[]>> {
  // Work counts within the window (CREDIT_WINDOW_YEARS back from today); entries while in force.
  const windowStart = new Date(`${today}T00:00:00+08:00`);
  windowStart.setUTCFullYear(windowStart.getUTCFullYear() - CREDIT_WINDOW_YEARS);
  const recent = ([, event]: [number, CreditEvent]) => event.at >= windowStart.toISOString();
  const all = [
    ...(await ratingEvents(db, scope)).filter(recent),
    ...(await assessmentEvents(db, scope)).filter(recent),
    ...(await acceptanceEvents(db, scope)).filter(recent),
    ...(await inspectionEvents(db, scope)).filter(recent),
    ...(await overdueEvents(db, scope, today)).filter(recent),
    ...(await entryEvents(db, scope, today)),
  ];
  const events = new Map<number, CreditEvent[]>();
  for (const [organizationId, event] of all) {
    const list = events.get(organizationId);
    if (list) list.push(event);
    else events.set(organizationId, [event]);
  }
  for (const list of events.values()) list.sort((a, b) => a.at.localeCompare(b.at));
  return events;
}

export interface ScoreChange {
  organizationId: number;
  fromScore: number;
  toScore: number;
  fromGrade: CreditGrade;
  toGrade: CreditGrade;
}

/**
 * Recounts the scores of the agencies in `scope` from their events and stores those that changed,
 * each with a row of credit_score_changes naming `cause`. Answers the changes. Repeatable: a second
 * recount with nothing new changes nothing.
 */
export async function refreshCreditScores(
  db: Queryable,
  { scope, today, at, cause }: { scope: Scope; today: string; at: Date; cause: string },
): Promise<ScoreChange[]> {
  const events = await creditEventsOf(db, scope, today);
  const o = agentOrganizations;
  const stored = await db
    .select({ organizationId: o.organizationId, score: o.creditScore, grade: o.creditGrade })
    .from(o)
    .where(only(o.organizationId, scope));
  const changes: ScoreChange[] = [];
  // Graded by the configured rule (./grade-rule.ts): when it changes, the next recount regrades.
  const rule = creditGradeRule();
  for (const row of stored) {
    const toScore = creditScoreOf(events.get(row.organizationId) ?? []);
    const toGrade = creditGradeOf(toScore, rule);
    if (toScore === row.score && toGrade === row.grade) continue;
    changes.push({
      organizationId: row.organizationId,
      fromScore: row.score,
      toScore,
      fromGrade: row.grade as CreditGrade,
      toGrade,
    });
  }
  for (const change of changes)
    await db
      .update(o)
      .set({ creditScore: change.toScore, creditGrade: change.toGrade })
      .where(eq(o.organizationId, change.organizationId));
  if (changes.length > 0) {
    await db
      .insert(creditScoreChanges)
      .values(changes.map((change) => ({ ...change, cause, changedAt: at })));
    // The hall directory shows the grade: its pages go on every instance when this commits.
    await notifyPageCache(db, ['agencies']);
  }
  return changes;
}

/**
 * The job credit-score: every agency's score recounted and regraded. Events are recounted when they
 * happen, so this finds only what time alone changed (an entry starting today), what was written
 * behind the product's back, and the grades a newly configured grade rule gives (CREDIT_GRADE_FLOORS:
 * every agency whose grade differs under the rule in force). Repeatable: a second run changes nothing.
 */
export async function checkCreditScores(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  now: Date,
): Promise<string> {
  const changes = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const found = await refreshCreditScores(tx, {
      scope: 'all',
      today: beijingDate(now),
      at: now,
      cause: '每日核对',
    });
    // The hall directory shows the grade.
    if (found.length > 0) dropPages(['agencies']);
    return found;
  });
  return `${changes.length} 家机构的信用分已更新`;
}

/**
 * An agency's score with its reasons (jn_credit/score). An agency's account reads its own agency (and
 * is refused another's); the other roles name the agency.
 */
export async function creditScoreRecord(
  db: Queryable,
  user: SessionUser,
  organizationId: number | undefined,
  today: string,
): Promise<CreditScoreRecord> {
  const o = agentOrganizations;
  let id = organizationId;
  if (user.roleIds.includes(roles.agency.id) && !user.isAdmin) {
    const [own] = await db.select({ id: o.organizationId }).from(o).where(eq(o.userId, user.pkid));
    if (!own) throw new AppError('not_found', { message: '没有找到本机构的信息' });
    if (id !== undefined && id !== own.id)
      throw new AppError('forbidden', { message: '只能查看本机构的信用评价' });
    id = own.id;
  }
  if (id === undefined)
    throw new AppError('invalid_input', { message: '请选择机构', field: 'organizationId' });
  const [agency] = await db
    .select({ orgName: o.orgName, score: o.creditScore, grade: o.creditGrade })
    .from(o)
    .where(eq(o.organizationId, id));
  if (!agency) throw new AppError('not_found', { message: '没有找到该机构', field: 'organizationId' });
  const c = creditScoreChanges;
  const changes = await db
    .select({
      fromScore: c.fromScore,
      toScore: c.toScore,
      fromGrade: c.fromGrade,
      toGrade: c.toGrade,
      cause: c.cause,
      changedAt: c.changedAt,
    })
    .from(c)
    .where(eq(c.organizationId, id))
    .orderBy(asc(c.changedAt), asc(c.pkid));
  return {
    organizationId: id,
    orgName: agency.orgName,
    score: agency.score,
    grade: agency.grade as CreditGrade,
    events: (await creditEventsOf(db, { organizationId: id }, today)).get(id) ?? [],
    changes: changes.map((change) => ({
      ...change,
      fromGrade: change.fromGrade as CreditGrade,
      toGrade: change.toGrade as CreditGrade,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

/** Approved agencies by score, lowest first (jn_credit/scoreList). */
export async function listCreditScores(
  db: Queryable,
  input: CreditScoreListInput,
): Promise<{ rows: CreditScoreRow[]; total: number }> {
  const o = agentOrganizations;
  const where = and(
    eq(o.auditStatus, auditStatus.code.approved),
    input.grade ? eq(o.creditGrade, input.grade) : undefined,
    input.orgName ? like(o.orgName, containsPattern(input.orgName)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        organizationId: o.organizationId,
        orgName: o.orgName,
        score: o.creditScore,
        grade: o.creditGrade,
      })
      .from(o)
      .where(where)
      .orderBy(asc(o.creditScore), asc(o.orgName), asc(o.organizationId))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, grade: row.grade as CreditGrade })), total: total?.n ?? 0 };
}
