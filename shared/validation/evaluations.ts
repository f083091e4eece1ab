/** Inputs of the evaluations (issue 24; shared/domain/evaluations.ts): criteria, smd and con, appeals. */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import {
  APPEAL_REASON_MAX,
  CRITERIA_MAX,
  CRITERION_LABEL_MAX,
  EVALUATION_COMMENT_MAX,
  PERIOD_PATTERN,
  SCORE_MAX,
  SCORE_MIN,
  configurableKinds,
  evaluationKinds,
  evaluationsTableKinds,
} from '@shared/domain/evaluations';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const evaluationMessages = {
  kind: '请选择正确的评价类型',
  id: '请提供正确的评价编号',
  organization: '请提供正确的机构编号',
  orgName: '机构名称不能超过 50 个字',
  constructionName: '建设单位名称不能超过 50 个字',
  construction: '请提供正确的建设单位编号',
  demand: '请提供正确的需求编号',
  period: '请选择考核期（如 2026 年第 3 季度）',
  futurePeriod: '考核期不能晚于本季度',
  score: `请为每项指标打分（${SCORE_MIN} 到 ${SCORE_MAX} 分）`,
  scoresCount: '评分项与当前评价指标不一致，请刷新后重新评价',
  criteriaVersion: '评价指标已更新，请刷新后重新评价',
  comment: `评价内容不能超过 ${EVALUATION_COMMENT_MAX} 个字`,
  criteriaEmpty: '请至少填写一项评价指标',
  criteriaTooMany: `评价指标不能超过 ${CRITERIA_MAX} 项`,
  criterionLong: `每项评价指标不能超过 ${CRITERION_LABEL_MAX} 个字`,
  criteriaRepeated: '评价指标不能重复',
  criteriaUnchanged: '评价指标没有变化',
  reason: '请填写申诉理由',
  reasonLong: `申诉理由不能超过 ${APPEAL_REASON_MAX} 个字`,
  version: '版本号不正确',
  verdict: '请选择审核结果',
  opinion: '审核意见不能超过 500 个字',
  // Rules the service checks.
  notFound: '没有找到该评价',
  agencyNotFound: '没有找到该测绘单位，或该单位尚未审核通过',
  duplicateSmd: '该测绘单位本考核期已考核，每个考核期只能考核一次',
  duplicateCon: '该需求已评价建设单位，每个需求只能评价一次',
  demandNotFound: '没有找到该需求',
  notFinished: '项目成果验收后才能评价建设单位',
  notYourDemand: '只有承担该需求的测绘单位可以评价建设单位',
  notAppellant: '只有被评价的一方可以对评价提出申诉',
  appealed: '该评价已申诉过，每个评价只能申诉一次',
  appealLate: (until: string) => `申诉期限已过（应在 ${until} 前提出）`,
  noAppeal: '该评价没有待处理的申诉',
  saved: '评价已提交',
  criteriaSaved: '评价指标已保存为新版本',
  appealSent: '申诉已提交，请等待主管部门处理',
  decided: '申诉已处理',
} as const;
const m = evaluationMessages;

const kindField = z.enum(evaluationKinds, m.kind);
const configurableKindField = z.enum(configurableKinds, m.kind);

const comment = z.preprocess(
  blankToUndefined,
  z.string(m.comment).trim().max(EVALUATION_COMMENT_MAX, m.comment).optional(),
);

/** The scores in the order of the criteria version named beside them. */
const scores = z
  .array(z.preprocess(blankToUndefined, wholeNumber(m.score, { min: SCORE_MIN, max: SCORE_MAX })), m.score)
  .min(1, m.score)
  .max(CRITERIA_MAX, m.scoresCount);

/** The fields of every scored save (smo's constructionSatisfy/save spreads them too). */
export const scored = {
  criteriaVersion: z.preprocess(blankToUndefined, wholeNumber(m.criteriaVersion)),
  scores,
  comment,
};

export const criteriaQuerySchema = z.object({ kind: configurableKindField });

export const criteriaSaveSchema = z.object({
  kind: configurableKindField,
  // One criterion per line as the form's text area writes them, or a list.
  labels: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : value,
    z
      .array(
        z.string(m.criterionLong).trim().min(1, m.criteriaEmpty).max(CRITERION_LABEL_MAX, m.criterionLong),
        m.criteriaEmpty,
      )
      .min(1, m.criteriaEmpty)
      .max(CRITERIA_MAX, m.criteriaTooMany)
      .refine((labels) => new Set(labels).size === labels.length, m.criteriaRepeated),
  ),
});
export type CriteriaSaveInput = z.infer<typeof criteriaSaveSchema>;

export const smdSaveSchema = z.object({
  organizationId: z.preprocess(blankToUndefined, idField(m.organization)),
  period: z.preprocess(blankToUndefined, z.string(m.period).trim().regex(PERIOD_PATTERN, m.period)),
  ...scored,
});
export type SmdSaveInput = z.infer<typeof smdSaveSchema>;

export const conSaveSchema = z.object({
  projectDemandId: z.preprocess(blankToUndefined, idField(m.demand)),
  ...scored,
});
export type ConSaveInput = z.infer<typeof conSaveSchema>;

const optionalId = (message: string) => z.preprocess(blankToUndefined, idField(message).optional());

export const evaluationListSchema = pagingSchema.extend({
  kind: z.enum(evaluationsTableKinds, m.kind),
  organizationId: optionalId(m.organization),
  constructionId: optionalId(m.construction),
  period: z.preprocess(
    blankToUndefined,
    z.string(m.period).trim().regex(PERIOD_PATTERN, m.period).optional(),
  ),
});
export type EvaluationListInput = z.infer<typeof evaluationListSchema>;

/** The agencies the authority may assess in a period (default: this quarter), or one of them. */
export const smdCandidatesSchema = pagingSchema.extend({
  period: z.preprocess(
    blankToUndefined,
    z.string(m.period).trim().regex(PERIOD_PATTERN, m.period).optional(),
  ),
  organizationId: optionalId(m.organization),
  orgName: z.preprocess(blankToUndefined, z.string(m.orgName).trim().max(50, m.orgName).optional()),
});

/** The demands whose owner the agency may rate, or one of them. */
export const conEvaluableQuerySchema = pagingSchema.extend({
  projectDemandId: optionalId(m.demand),
  constructionName: z.preprocess(
    blankToUndefined,
    z.string(m.constructionName).trim().max(50, m.constructionName).optional(),
  ),
});

export const evaluationOneSchema = z.object({
  kind: kindField,
  id: z.preprocess(blankToUndefined, idField(m.id)),
});

export const appealSchema = z.object({
  kind: kindField,
  id: z.preprocess(blankToUndefined, idField(m.id)),
  reason: z.preprocess(
    blankToUndefined,
    z.string(m.reason).trim().min(1, m.reason).max(APPEAL_REASON_MAX, m.reasonLong),
  ),
});
export type AppealInput = z.infer<typeof appealSchema>;

export const appealDecisionSchema = z.object({
  kind: kindField,
  id: z.preprocess(blankToUndefined, idField(m.id)),
  decision: z.enum(['approve', 'reject'], m.verdict),
  opinion: z.preprocess(blankToUndefined, z.string(m.opinion).trim().max(500, m.opinion).optional()),
  version: z.preprocess(blankToUndefined, wholeNumber(m.version, { min: 0 }).optional()),
});
export type AppealDecisionInput = z.infer<typeof appealDecisionSchema>;
