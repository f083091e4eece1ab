/** The owner's rating of an agency (/constructionSatisfy/*): three scores 1–5 and a comment. */
import { z } from 'zod';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const satisfactionMessages = {
  demand: '请提供正确的需求编号',
  quality: '请为成果质量打分（1 到 5 分）',
  timeliness: '请为及时性打分（1 到 5 分）',
  service: '请为服务态度打分（1 到 5 分）',
  comment: '评价内容不能超过 500 个字',
  organization: '请提供正确的机构编号',
  id: '请提供正确的评价编号',
  notFinished: '项目成果验收后才能评价测绘单位',
  noAgency: '该需求没有已接受委托的测绘单位，不能评价',
  duplicate: '该需求已评价，每个需求只能评价一次',
  notFound: '没有找到该需求',
  ratingNotFound: '没有找到该评价',
} as const;

const score = (message: string) => wholeNumber(message, { min: 1, max: 5 });

export const satisfactionSaveSchema = z.object({
  projectDemandId: idField(satisfactionMessages.demand),
  quality: score(satisfactionMessages.quality),
  timeliness: score(satisfactionMessages.timeliness),
  service: score(satisfactionMessages.service),
  comment: z.preprocess(
    blankToUndefined,
    z.string(satisfactionMessages.comment).trim().max(500, satisfactionMessages.comment).optional(),
  ),
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
