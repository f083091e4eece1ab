/**
 * Evaluations both ways (issue 24; docs/evaluations.md). Three kinds, each scored 1–5 on criteria:
 *
 * - `smo`: the owner rates the agency of a demand after acceptance (/constructionSatisfy, its own
 *   table construction_satisfaction);
 * - `smd`: the competent authority's periodic assessment of an agency, one per agency and quarter;
 * - `con`: the agency rates the owner of a demand after acceptance (the other direction), one per demand.
 *
 * The criteria of every kind are configuration: an administrator's edit appends a version, and each
 * evaluation keeps the labels it was scored on, so an old one reads as it was given. The evaluated
 * party may appeal an evaluation once, within APPEAL_WORKING_DAYS; the authority decides the appeal
 * through the review workflow (one review kind per evaluation kind, the evaluation's id as subject).
 * An upheld appeal withdraws the evaluation: it no longer counts anywhere (the credit score included).
 */
import { auditSubject, type AuditSubject } from './statuses';

export const evaluationKinds = ['smo', 'smd', 'con'] as const;
export type EvaluationKind = (typeof evaluationKinds)[number];

/** The kinds whose criteria are configurable: all three, one mechanism (server/modules/evaluations/criteria.ts). */
export const configurableKinds = evaluationKinds;
export type ConfigurableKind = (typeof configurableKinds)[number];

/** The kinds kept in the evaluations table and listed by evaluate/list (smo has construction_satisfaction). */
export const evaluationsTableKinds = ['smd', 'con'] as const satisfies readonly EvaluationKind[];
export type EvaluationsTableKind = (typeof evaluationsTableKinds)[number];

export const evaluationKindLabels: Record<EvaluationKind, string> = {
  smo: '建设单位评价测绘单位',
  smd: '主管部门考核测绘单位',
  con: '测绘单位评价建设单位',
};

/** The list page of each kind; `?id=` opens one evaluation there (its detail, appeal and decision). */
export const evaluationListPaths: Record<EvaluationKind, string> = {
  smo: '/evaluatemanger/smoEvaluteList',
  smd: '/evaluatemanger/smdEvaluteList',
  con: '/evaluatemanger/conEvaluteList',
};

export const evaluationPath = (kind: EvaluationKind, id: number) => `${evaluationListPaths[kind]}?id=${id}`;

/** The review kind of an appeal against an evaluation of each kind. */
export const appealSubjects: Record<EvaluationKind, AuditSubject> = {
  smo: auditSubject.code.smoAppeal,
  smd: auditSubject.code.smdAppeal,
  con: auditSubject.code.conAppeal,
};

/** The criteria before an administrator sets any: version 1 of each kind (smo's were its three fixed columns). */
export const DEFAULT_CRITERIA: Readonly<Record<ConfigurableKind, readonly string[]>> = {
  smo: ['成果质量', '及时性', '服务态度'],
  smd: ['成果质量抽查', '按时完成', '投诉处理', '人员与设备', '档案管理'],
  con: ['配合程度', '按时付款', '资料提供'],
};

/** Bounds of a criteria list: how many criteria, and how long a label. */
export const CRITERIA_MAX = 10;
export const CRITERION_LABEL_MAX = 20;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const EVALUATION_COMMENT_MAX = 500;
export const APPEAL_REASON_MAX = 1000;

/** An appeal is taken within this many working days after the evaluation. */
export const APPEAL_WORKING_DAYS = 10;

/** One scored criterion as an evaluation keeps it. */
export interface CriterionScore {
  label: string;
  score: number;
}

/** The mean of the scores, two decimals. */
export function averageScore(scores: readonly { score: number }[]): number {
  if (scores.length === 0) return 0;
  return Math.round((scores.reduce((sum, item) => sum + item.score, 0) / scores.length) * 100) / 100;
}

/** The appeal's outcome once the authority decided (null while pending). */
export const appealOutcomes = ['upheld', 'dismissed'] as const;
export type AppealOutcome = (typeof appealOutcomes)[number];

export const appealStateLabels = {
  pending: '申诉处理中',
  upheld: '申诉成立（评价已撤销）',
  dismissed: '申诉不成立',
} as const;
export type AppealState = keyof typeof appealStateLabels;

// ── smd periods ────────────────────────────────────────────────────────────────────────────────

/** An assessment period: a quarter, '2026Q3'. */
export const PERIOD_PATTERN = /^(\d{4})Q([1-4])$/;

/** The quarter of a Beijing date 'YYYY-MM-DD'. */
export function periodOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}Q${Math.floor((month - 1) / 3) + 1}`;
}

export function periodLabel(period: string): string {
  const match = PERIOD_PATTERN.exec(period);
  return match ? `${match[1]}年第${match[2]}季度` : period;
}

/** The quarters up to the one of `today`, newest first (the form's choices). */
export function recentPeriods(today: string, count = 8): string[] {
  let year = Number(today.slice(0, 4));
  let quarter = Number(periodOf(today).slice(5));
  const periods: string[] = [];
  for (let i = 0; i < count; i++) {
    periods.push(`${year}Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return periods;
}
