/**
 * The credit score of a surveying agency (issue 24; docs/credit-score.md): one rule turns what the
 * product records about an agency into points, the points into a score and the score into a grade.
 * Every point comes from one event the agency's page can list, so a score is never a number without
 * its reasons. The server collects the events (server/modules/credit/score.ts); this file is the rule.
 */
import { creditEntryKindLabels, type CreditEntryKind } from './credit';
import { inspectionResultLabels, type InspectionResult } from './inspections';

/** The score before any event, and its bounds. */
export const CREDIT_SCORE_BASE = 80;
export const CREDIT_SCORE_MIN = 0;
export const CREDIT_SCORE_MAX = 100;

/** An owner's rating counts (the average of its criteria scores − 3) × this: from −4 to +4. */
export const RATING_POINTS_PER_STEP = 2;

/**
 * The authority's quarterly assessment (an smd evaluation, shared/domain/evaluations.ts) counts (its
 * average score − 3) × this: from −6 to +6. It weighs more than one owner's rating: it is the
 * competent authority's judgement over a whole quarter.
 */
export const ASSESSMENT_POINTS_PER_STEP = 3;

/** Each acceptance decision on the agency's results. */
export const ACCEPTANCE_POINTS = { adopted: 2, rejected: -3 } as const;

/** Each published result of a random inspection (双随机抽查, shared/domain/inspections.ts). */
export const INSPECTION_POINTS: Readonly<Record<InspectionResult, number>> = {
  qualified: 2,
  basicallyQualified: -2,
  unqualified: -10,
};

/**
 * Each to-do of the agency done after its service deadline, or still open past it
 * (shared/domain/deadlines.ts). The agency's to-do with a deadline is its answer to an authorization
 * (中介机构确认委托); an authorization the owner changed before the answer does not count.
 */
export const OVERDUE_TODO_POINTS = -2;

/** Each credit entry of the agency in force today (a person's blacklist counts for that person only). */
export const CREDIT_ENTRY_POINTS: Readonly<Record<Exclude<CreditEntryKind, 'personBlacklist'>, number>> = {
  red: 10,
  unqualified: -20,
  lostCredit: -30,
  blacklist: -60,
};

export const creditGrades = ['A', 'B', 'C', 'D'] as const;
export type CreditGrade = (typeof creditGrades)[number];

/**
 * The grade rule: where the grades begin and what a grade means for selection. Configuration
 * (docs/credit-score.md: CREDIT_GRADE_FLOORS, CREDIT_UNSELECTABLE_GRADES, CREDIT_DIRECT_CHOICE_GRADES
 * in server/config.ts); the server counts and selects with the configured rule, and the pages that
 * state it (the hall's rule page and directory, 机构评价) read the same rule from the server.
 */
export interface CreditGradeRule {
  /** The lowest score of each grade but D (everything below C), strictly decreasing, within 0–100. */
  floors: Readonly<Record<Exclude<CreditGrade, 'D'>, number>>;
  /** Grades that keep an agency out of new demands, as a credit flag does (server/modules/credit/flags.ts). */
  unselectable: readonly CreditGrade[];
  /**
   * Grades an owner may still choose directly (直接选取) but that take no part in a draw or a price
   * comparison: the competitive methods give every candidate the same chance, which a middling record
   * has not earned. Never also unselectable.
   */
  directChoiceOnly: readonly CreditGrade[];
}

/** The rule when nothing is configured: A from 90, B from 75, C from 60; D unselectable, C direct choice only. */
export const DEFAULT_CREDIT_GRADE_RULE: CreditGradeRule = {
  floors: { A: 90, B: 75, C: 60 },
  unselectable: ['D'],
  directChoiceOnly: ['C'],
};

export const creditGradeLabels: Record<CreditGrade, string> = {
  A: 'A级（优秀）',
  B: 'B级（良好）',
  C: 'C级（一般）',
  D: 'D级（较差）',
};

export const creditEventKinds = [
  'rating',
  'assessment',
  'acceptanceAdopted',
  'acceptanceRejected',
  'creditEntry',
  'inspection',
  'overdueTodo',
] as const;
export type CreditEventKind = (typeof creditEventKinds)[number];

export const creditEventKindLabels: Record<CreditEventKind, string> = {
  rating: '建设单位评价',
  assessment: '主管部门考核',
  acceptanceAdopted: '成果验收通过',
  acceptanceRejected: '成果验收退回',
  creditEntry: '信用记录',
  inspection: '双随机抽查',
  overdueTodo: '待办逾期',
};

/** One reason for points: what happened, when, and what it counts. */
export interface CreditEvent {
  kind: CreditEventKind;
  /** What it was: the project rated or judged, the credit entry and its reason. */
  subject: string;
  points: number;
  /** When it happened (ISO); a credit entry: its start. */
  at: string;
}

/** Points as shown: +3, 0, -2. */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

/**
 * An owner's rating in points: its scores' mean, around the middle score 3. The exact mean, not the
 * two-decimal average shown, so a rating scored 5, 4, 4 counts as it did with the three fixed criteria.
 */
export function ratingPoints(scores: readonly { score: number }[]): number {
  if (scores.length === 0) return 0;
  const mean = scores.reduce((sum, item) => sum + item.score, 0) / scores.length;
  return Math.round((mean - 3) * RATING_POINTS_PER_STEP);
}

/** The authority's assessment in points, from its average score (1–5). */
export function assessmentPoints(average: number): number {
  return Math.round((average - 3) * ASSESSMENT_POINTS_PER_STEP);
}

/**
 * Ratings and acceptance decisions count for this many years back: old work neither lifts nor sinks a
 * score for ever. A credit entry counts while it is in force.
 */
export const CREDIT_WINDOW_YEARS = 3;

/** The kinds of work whose points add up to at most and at least these (a busy agency is not 100 by volume alone). */
export const creditGroups = [
  'rating',
  'assessment',
  'acceptance',
  'inspection',
  'timeliness',
  'entries',
] as const;
export type CreditGroup = (typeof creditGroups)[number];

export const CREDIT_GROUP_LIMITS: Readonly<Record<CreditGroup, { min: number; max: number } | null>> = {
  rating: { min: -20, max: 10 },
  assessment: { min: -20, max: 10 },
  acceptance: { min: -20, max: 10 },
  inspection: { min: -20, max: 6 },
  timeliness: { min: -10, max: 0 },
  entries: null,
};

export const creditGroupLabels: Record<CreditGroup, string> = {
  rating: '建设单位评价',
  assessment: '主管部门考核',
  acceptance: '成果验收',
  inspection: '双随机抽查',
  timeliness: '办理时效',
  entries: '信用记录',
};

export function creditGroupOf(kind: CreditEventKind): CreditGroup {
  if (kind === 'rating') return 'rating';
  if (kind === 'assessment') return 'assessment';
  if (kind === 'creditEntry') return 'entries';
  if (kind === 'inspection') return 'inspection';
  if (kind === 'overdueTodo') return 'timeliness';
  return 'acceptance';
}

/** Each group's events: how many, their points, and what counts of them (within the group's limits). */
export function creditTotalsOf(
  events: readonly Pick<CreditEvent, 'kind' | 'points'>[],
): { group: CreditGroup; count: number; points: number; counted: number }[] {
  return creditGroups.flatMap((group) => {
    const of = events.filter((event) => creditGroupOf(event.kind) === group);
    if (of.length === 0) return [];
    const points = of.reduce((sum, event) => sum + event.points, 0);
    const limits = CREDIT_GROUP_LIMITS[group];
    const counted = limits ? Math.min(limits.max, Math.max(limits.min, points)) : points;
    return [{ group, count: of.length, points, counted }];
  });
}

/** The score of a list of events: the base plus each group's counted points, within the bounds. */
export function creditScoreOf(events: readonly Pick<CreditEvent, 'kind' | 'points'>[]): number {
  const sum = creditTotalsOf(events).reduce((total, group) => total + group.counted, CREDIT_SCORE_BASE);
  return Math.min(CREDIT_SCORE_MAX, Math.max(CREDIT_SCORE_MIN, sum));
}

/** The grade of a score under a grade rule (the configured one on the server). */
export function creditGradeOf(score: number, rule: Pick<CreditGradeRule, 'floors'>): CreditGrade {
  if (score >= rule.floors.A) return 'A';
  if (score >= rule.floors.B) return 'B';
  if (score >= rule.floors.C) return 'C';
  return 'D';
}

/**
 * The rule as people read it, one line per event with its points: the hall's rule page and 机构评价
 * both show these lines, so the rule is written once.
 */
export function creditRuleRows(): { event: string; points: string }[] {
  const step = (perStep: number) => `${signedPoints(-2 * perStep)} 到 ${signedPoints(2 * perStep)}`;
  return [
    {
      event: '建设单位对测绘服务的评价（按评价指标逐项打分，各 1 到 5 分）',
      points: `（各项平均分 − 3）× ${RATING_POINTS_PER_STEP}，四舍五入：${step(RATING_POINTS_PER_STEP)}`,
    },
    {
      event: '主管部门季度考核（各项指标 1 到 5 分）',
      points: `（平均分 − 3）× ${ASSESSMENT_POINTS_PER_STEP}，四舍五入：${step(ASSESSMENT_POINTS_PER_STEP)}`,
    },
    { event: '测绘成果验收通过', points: signedPoints(ACCEPTANCE_POINTS.adopted) },
    { event: '测绘成果验收退回修改', points: signedPoints(ACCEPTANCE_POINTS.rejected) },
    ...Object.entries(INSPECTION_POINTS).map(([result, points]) => ({
      event: `“双随机、一公开”抽查结果公开：${inspectionResultLabels[result as InspectionResult]}`,
      points: signedPoints(points),
    })),
    {
      event: '待办事项超过办理时限（确认委托逾期答复或逾期未答复）',
      points: signedPoints(OVERDUE_TODO_POINTS),
    },
    ...Object.entries(CREDIT_ENTRY_POINTS).map(([kind, points]) => ({
      event: `生效中的${creditEntryKindLabels[kind as keyof typeof CREDIT_ENTRY_POINTS]}记录`,
      points: signedPoints(points),
    })),
  ];
}

/** How the groups' limits read: "建设单位评价合计在 -20 到 +10 分之间计入" for each limited group. */
export function creditGroupLimitLines(): string[] {
  return creditGroups.flatMap((group) => {
    const limits = CREDIT_GROUP_LIMITS[group];
    return limits
      ? [`${creditGroupLabels[group]}合计在 ${limits.min} 到 ${signedPoints(limits.max)} 分之间计入`]
      : [];
  });
}
