/** Inputs of the selection calls (shared/calls/selection.ts), with their Chinese messages. */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { MONEY_PATTERN, selectionMethods } from '@shared/domain/selection';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const selectionMessages = {
  demandId: '请提供正确的需求编号',
  organizationId: '请选择中介机构',
  method: '请选择选取方式',
  amount: '请输入正确的报价金额（元，最多两位小数）',
  amountPositive: '报价金额必须大于 0',
  planRequired: '请填写服务方案',
  planTooLong: '服务方案不能超过 500 个字',
  deadline: '请填写正确的报价截止时间',
} as const;

const demandId = idField(selectionMessages.demandId);
const date = z.coerce.date(selectionMessages.deadline).refine((d) => !Number.isNaN(d.getTime()), {
  message: selectionMessages.deadline,
});
const deadline = z.preprocess(blankToUndefined, date);
// Optional inside the preprocess: an empty form field becomes undefined, then counts as not given.
const optionalDeadline = z.preprocess(blankToUndefined, date.optional());

export const demandRefSchema = z.object({ demandId });

export const setMethodSchema = z.object({
  demandId,
  method: z.enum(selectionMethods, selectionMessages.method),
  /** Price comparison only: when quoting ends (default: DEFAULT_QUOTE_DAYS from now). */
  quoteDeadline: optionalDeadline,
});
export type SetMethodInput = z.infer<typeof setMethodSchema>;

/**
 * Releasing a demand may name its selection method at once, so the draw's commitment is published
 * with the release (issue 13); left blank, the owner chooses it later on demandOption.
 */
export const demandReleaseSchema = setMethodSchema.extend({
  method: z.preprocess(blankToUndefined, setMethodSchema.shape.method.optional()),
});
export type DemandReleaseInput = z.infer<typeof demandReleaseSchema>;

export const chooseSchema = z.object({
  demandId,
  organizationId: idField(selectionMessages.organizationId),
});

export const extendSchema = z.object({ demandId, quoteDeadline: deadline });

export const quoteSchema = z.object({
  demandId,
  amount: z
    .string(selectionMessages.amount)
    .trim()
    .regex(MONEY_PATTERN, selectionMessages.amount)
    .refine((value) => Number(value) > 0, selectionMessages.amountPositive),
  plan: z
    .string(selectionMessages.planRequired)
    .trim()
    .min(1, selectionMessages.planRequired)
    .max(500, selectionMessages.planTooLong),
});
export type QuoteInput = z.infer<typeof quoteSchema>;

export const selectionListSchema = pagingSchema;
