/**
 * Evaluations both ways (issue 24; shared/domain/evaluations.ts, docs/evaluations.md): the authority's
 * quarterly assessment of agencies (smd), the agency's rating of the owner (con), their configurable
 * criteria, and the appeal against any evaluation (smo included: the owner's rating of the agency,
 * /constructionSatisfy), decided by the authority through the review workflow.
 */
import { z } from 'zod';
import { appealStateLabels, configurableKinds, evaluationKinds } from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import {
  appealDecisionSchema,
  appealSchema,
  conEvaluableQuerySchema,
  conSaveSchema,
  criteriaQuerySchema,
  criteriaSaveSchema,
  evaluationListSchema,
  evaluationOneSchema,
  smdCandidatesSchema,
  smdSaveSchema,
} from '@shared/validation/evaluations';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const appealStates = Object.keys(appealStateLabels) as [keyof typeof appealStateLabels];

export const criteriaSchema = z.object({
  kind: z.enum(configurableKinds),
  /** 1 with no version saved yet (the defaults). */
  version: z.number().int().positive(),
  labels: z.array(z.string()),
  createdAt: dateTime.nullable(),
  createdByName: z.string().nullable(),
});
export type Criteria = z.infer<typeof criteriaSchema>;

export const evaluationRowSchema = z.object({
  kind: z.enum(evaluationKinds),
  id,
  organizationId: id,
  orgName: z.string(),
  constructionId: id.nullable(),
  constructionName: z.string().nullable(),
  projectId: id.nullable(),
  projectName: z.string().nullable(),
  projectDemandId: id.nullable(),
  /** smd: the quarter assessed, '2026Q3'. */
  period: z.string().nullable(),
  criteriaVersion: z.number().int().positive(),
  scores: z.array(z.object({ label: z.string(), score: z.number().int().min(1).max(5) })),
  average: z.number(),
  comment: z.string().nullable(),
  evaluatorName: z.string().nullable(),
  createdAt: dateTime,
  /** null: never appealed. */
  appealState: z.enum(appealStates).nullable(),
});
export type EvaluationRow = z.infer<typeof evaluationRowSchema>;

export const evaluationDetailSchema = evaluationRowSchema.extend({
  appeal: z
    .object({
      reason: z.string(),
      appellantName: z.string(),
      createdAt: dateTime,
      state: z.enum(appealStates),
      decidedAt: dateTime.nullable(),
    })
    .nullable(),
  /** The last Beijing date an appeal may be taken. */
  appealUntil: z.string(),
  /** Whether this user may appeal it now (the evaluated party, in time, not yet appealed). */
  mayAppeal: z.boolean(),
  /** The appeal's review, for the authority's decision panel. */
  review: reviewStateSchema.nullable(),
  records: z.array(reviewRecordSchema),
});
export type EvaluationDetail = z.infer<typeof evaluationDetailSchema>;

export const smdCandidateSchema = z.object({
  period: z.string(),
  organizationId: id,
  orgName: z.string(),
  creditGrade: z.string().nullable(),
  /** The assessment of the period, once given. */
  evaluationId: id.nullable(),
});
export type SmdCandidate = z.infer<typeof smdCandidateSchema>;

export const conEvaluableSchema = z.object({
  projectDemandId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  constructionId: id,
  constructionName: z.string(),
  /** The rating already given, if any. */
  evaluationId: id.nullable(),
});
export type ConEvaluable = z.infer<typeof conEvaluableSchema>;

const authority = [roles.authority.id];

export const evaluationCalls = defineCalls('evaluations', {
  criteria: {
    summary: '某类评价的当前评价指标（版本与各项名称）',
    base: 'business',
    path: 'evaluate/criteria',
    method: 'GET',
    input: criteriaQuerySchema,
    output: criteriaSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  saveCriteria: {
    summary: '修改评价指标（保存为新版本，已有评价保留原指标）',
    base: 'business',
    path: 'evaluate/criteria/save',
    method: 'POST',
    // The scores (labels) are a list: JSON keeps it one.
    encoding: 'json',
    input: criteriaSaveSchema,
    output: criteriaSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
  smdSave: {
    summary: '主管部门考核测绘单位（每个单位每季度一次）',
    base: 'business',
    path: 'evaluate/smd/save',
    method: 'POST',
    // The scores (labels) are a list: JSON keeps it one.
    encoding: 'json',
    input: smdSaveSchema,
    output: evaluationRowSchema,
    envelope: 'result',
    access: authority,
  },
  smdCandidates: {
    summary: '某考核期可考核的测绘单位（已审核通过；尚未考核的在前）',
    base: 'business',
    path: 'evaluate/smd/candidates',
    method: 'GET',
    input: smdCandidatesSchema,
    output: smdCandidateSchema,
    envelope: 'page',
    access: authority,
    paging: { page: 'page', size: 'rows' },
  },
  conSave: {
    summary: '测绘单位评价建设单位（成果验收后，每个需求一次）',
    base: 'business',
    path: 'evaluate/con/save',
    method: 'POST',
    // The scores (labels) are a list: JSON keeps it one.
    encoding: 'json',
    input: conSaveSchema,
    output: evaluationRowSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  conEvaluable: {
    summary: '本单位可以评价建设单位的需求（项目成果已验收）',
    base: 'business',
    path: 'evaluate/con/evaluable',
    method: 'GET',
    input: conEvaluableQuerySchema,
    output: conEvaluableSchema,
    envelope: 'page',
    access: [roles.agency.id],
    paging: { page: 'page', size: 'rows' },
  },
  list: {
    summary: '评价列表（考核：所有登录用户可见；评价建设单位：当事双方与主管部门可见）',
    base: 'business',
    path: 'evaluate/list',
    method: 'POST',
    input: evaluationListSchema,
    output: evaluationRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'page', size: 'rows' },
  },
  detail: {
    summary: '一条评价：评分、申诉与审核记录',
    base: 'business',
    path: 'evaluate/detail',
    method: 'GET',
    input: evaluationOneSchema,
    output: evaluationDetailSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  appeal: {
    summary: '被评价方对评价提出申诉（每个评价一次，评价后 10 个工作日内）',
    base: 'business',
    path: 'evaluate/appeal',
    method: 'POST',
    input: appealSchema,
    output: evaluationDetailSchema,
    envelope: 'result',
    access: [roles.agency.id, roles.owner.id],
  },
  decideAppeal: {
    summary: '主管部门处理申诉（通过：申诉成立，评价撤销；不通过：维持评价）',
    base: 'business',
    path: 'evaluate/appeal/decide',
    method: 'POST',
    input: appealDecisionSchema,
    output: evaluationDetailSchema,
    envelope: 'result',
    access: authority,
  },
});
