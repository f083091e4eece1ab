/**
 * Satisfaction (/constructionSatisfy/*, spec section 7): after the results are accepted, the owner
 * rates the agency that did a demand's work, once per demand; the agency's record shows the average.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  satisfactionByDemandSchema,
  satisfactionListSchema,
  satisfactionOneSchema,
  satisfactionSaveSchema,
  satisfactionSummarySchema,
} from '@shared/validation/satisfaction';
import { pagingSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

export const satisfactionRowSchema = z.object({
  tableId: id,
  projectDemandId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  organizationId: id,
  orgName: z.string(),
  constructionName: z.string(),
  /** The smo criteria version scored, and the labels as scored beside the scores. */
  criteriaVersion: z.number().int().positive(),
  scores: z.array(z.object({ label: z.string(), score: z.number().int().min(1).max(5) })),
  /** The mean of the scores, two decimals. */
  average: z.number(),
  comment: z.string().nullable(),
  createdAt: dateTime,
});
export type SatisfactionRow = z.infer<typeof satisfactionRowSchema>;

export const satisfactionSummaryOutSchema = z.object({
  organizationId: id,
  count: z.number().int().nonnegative(),
  /** Mean of the ratings' averages, two decimals; null with no rating. */
  average: z.number().nullable(),
  /** Each criterion ever scored (by label, across versions), its mean and how many ratings scored it. */
  criteria: z.array(z.object({ label: z.string(), average: z.number(), count: z.number().int() })),
});
export type SatisfactionSummary = z.infer<typeof satisfactionSummaryOutSchema>;

export const ratableDemandSchema = z.object({
  projectDemandId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  organizationId: id,
  orgName: z.string(),
  /** The rating already given, if any. */
  tableId: id.nullable(),
});
export type RatableDemand = z.infer<typeof ratableDemandSchema>;

/** Signed-in: each sees what concerns it (service.ts visibleTo); the authority's roles see all. */
const viewers = 'signed-in' as const;

export const satisfactionCalls = defineCalls('satisfaction', {
  save: {
    summary: '建设单位评价测绘单位（成果验收后，每个需求一次）',
    base: 'business',
    path: 'constructionSatisfy/save',
    method: 'POST',
    // The scores are a list: JSON keeps it one.
    encoding: 'json',
    input: satisfactionSaveSchema,
    output: satisfactionRowSchema,
    envelope: 'result',
    access: [roles.owner.id],
  },
  query: {
    summary: '满意度评价列表（建设单位看自己的，测绘单位看对自己的，主管部门看全部）',
    base: 'business',
    path: 'constructionSatisfy/query',
    method: 'POST',
    input: satisfactionListSchema,
    output: satisfactionRowSchema,
    envelope: 'page',
    access: viewers,
    paging: { page: 'page', size: 'rows' },
  },
  queryOne: {
    summary: '一条满意度评价',
    base: 'business',
    path: 'constructionSatisfy/queryOne',
    method: 'GET',
    input: satisfactionOneSchema,
    output: satisfactionRowSchema,
    envelope: 'result',
    access: viewers,
  },
  byDemand: {
    summary: '某需求的满意度评价（未评价时为空）',
    base: 'business',
    path: 'constructionSatisfy/queryConstructionSatisfyByProjectDemandId',
    method: 'GET',
    input: satisfactionByDemandSchema,
    output: satisfactionRowSchema.nullable(),
    envelope: 'result',
    access: viewers,
  },
  ratable: {
    summary: '我可以评价的需求（项目成果已验收、已有接受委托的测绘单位）',
    base: 'business',
    path: 'constructionSatisfy/ratable',
    method: 'GET',
    input: pagingSchema,
    output: ratableDemandSchema,
    envelope: 'page',
    access: [roles.owner.id],
    paging: { page: 'page', size: 'rows' },
  },
  summary: {
    summary: '测绘单位的满意度（评价次数与平均分）',
    base: 'business',
    path: 'constructionSatisfy/summary',
    method: 'GET',
    input: satisfactionSummarySchema,
    output: satisfactionSummaryOutSchema,
    envelope: 'result',
    access: 'public',
  },
});
