/**
 * The owner's rating of an agency (/constructionSatisfy/*): a 1–5 score for each smo criterion of the
 * version shown (shared/domain/evaluations.ts) and a comment, as the other evaluations' saves.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { scored } from './evaluations';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const satisfactionMessages = {
  demand: '请提供正确的需求编号',
  organization: '请提供正确的机构编号',
  id: '请提供正确的评价编号',
  notFinished: '项目成果验收后才能评价测绘单位',
  noAgency: '该需求没有已接受委托的测绘单位，不能评价',
  duplicate: '该需求已评价，每个需求只能评价一次',
  notFound: '没有找到该需求',
  ratingNotFound: '没有找到该评价',
} as const;

export const satisfactionSaveSchema = z.object({
  projectDemandId: z.preprocess(blankToUndefined, idField(satisfactionMessages.demand)),
  ...scored,
});
export type SatisfactionSaveInput = z.infer<typeof satisfactionSaveSchema>;

export const satisfactionListSchema = pagingSchema.extend({
  organizationId: z.preprocess(blankToUndefined, idField(satisfactionMessages.organization).optional()),
});

export const satisfactionByDemandSchema = z.object({
  projectDemandId: idField(satisfactionMessages.demand),
});

export const satisfactionOneSchema = z.object({ tableId: idField(satisfactionMessages.id) });

export const satisfactionSummarySchema = z.object({
  organizationId: idField(satisfactionMessages.organization),
});
