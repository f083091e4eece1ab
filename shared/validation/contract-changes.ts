/**
 * Inputs of the filing-change and flow calls (issue 14): a party's change of a filed contract (amount,
 * schedule, payment terms, a new signed document), the reviewers' lists and decision, one contract's
 * change history and the flow lists. Messages in Chinese; amounts stay exact decimal text.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { contractAmountField, filingMessages } from './contract-filing';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';
import { fileField } from './file-field';
import { reviewQueueFields } from './review';

export const contractChangeMessages = {
  contractId: '请提供正确的合同编号',
  changeId: '请提供正确的变更编号',
  notFound: '变更申请不存在或您无权查看',
  amountRequired: '请输入变更后的合同金额',
  amountFormat: filingMessages.amountFormat,
  amountPositive: filingMessages.amountPositive,
  amountTooLarge: filingMessages.amountTooLarge,
  approvedAmountTooLarge: '变更后的合同金额不能超过 1 亿元，请退回申请',
  approvedAmountInvalid: '变更后的合同金额不正确，请退回申请',
  dateFormat: '请输入正确的日期',
  endBeforeStart: '履行结束日期不能早于开始日期',
  paymentTermsTooLong: '付款方式不能超过 500 个字',
  reasonRequired: '请填写变更原因',
  reasonTooLong: '变更原因不能超过 500 个字',
  actionInvalid: '操作类型不正确',
  notFiled: '只有已备案的合同可以申请备案变更',
  notParty: '只有合同双方可以申请备案变更',
  noChange: '变更内容与现有合同相同，请修改后再提交',
  changeOpen: '该合同已有待审核的备案变更，请等待审核结果',
  saved: '变更申请已保存',
  submitted: '变更申请已提交，请等待审核',
} as const;
const m = contractChangeMessages;

const date = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string(message)
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((value) => {
        const parsed = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
      }, message)
      .optional(),
  );

const contractId = z.preprocess(blankToUndefined, idField(m.contractId));
const changeId = z.preprocess(blankToUndefined, idField(m.changeId));

/** contract/change/save: the full set of changeable fields with the edits, why, save or submit. */
export const contractChangeSaveSchema = z
  .object({
    contractId,
    amount: z.preprocess(blankToUndefined, contractAmountField(m.amountRequired)),
    startOn: date(m.dateFormat),
    endOn: date(m.dateFormat),
    paymentTerms: z.preprocess(
      blankToUndefined,
      z.string().trim().max(500, m.paymentTermsTooLong).optional(),
    ),
    reason: z.preprocess(
      blankToUndefined,
      z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500, m.reasonTooLong),
    ),
    action: z.enum(['save', 'submit'], m.actionInvalid).default('submit'),
    /** A new signed contract document (PDF or image); the current one stays when none is sent. */
    file: fileField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.startOn && value.endOn && value.startOn > value.endOn)
      ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['endOn'] });
  });
export type ContractChangeSaveInput = z.input<typeof contractChangeSaveSchema>;

export const contractChangeIdSchema = z.object({ id: changeId });

const paging = {
  pageIdx: z.preprocess(blankToUndefined, wholeNumber('页码必须是正整数').default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    wholeNumber('每页条数必须是 1 到 100 的整数', { max: 100 }).default(10),
  ),
};

/** FilingCh / FilingChDone: the reviewer's to-do or done filing changes, filtered by contract. */
export const contractChangeListSchema = z.object({
  ...paging,
  contractNo: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, '合同编号不能超过 40 个字').optional(),
  ),
});

/** The reviewers' queue of filing changes: the number filter and the queue's 我的待办 and order. */
export const contractChangeQueueSchema = contractChangeListSchema.extend({
  mine: reviewQueueFields.mine,
  orderBy: reviewQueueFields.orderBy,
});

/** contract/change/query: one contract's filing changes, newest first. */
export const contractChangeHistorySchema = z.object({ ...paging, contractId });

/** contract/change/approve: pass (2, applies the change) or reject (3) with an opinion. */
export const contractChangeDecisionSchema = z.object({
  id: changeId,
  auditStatus: z.coerce
    .number<string | number>('请选择审核结果')
    .refine((value) => value === 2 || value === 3, '请选择审核结果'),
  opinion: z.preprocess(
    blankToUndefined,
    z.string().trim().max(REVIEW_OPINION_MAX, `审核意见不能超过 ${REVIEW_OPINION_MAX} 个字`).optional(),
  ),
  version: z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional()),
});

/** The steps a contract goes through (flow views); `changing` is a filed contract with an open change. */
export const flowStepKeys = [
  'drafting',
  'confirming',
  'submitting',
  'reviewing',
  'returned',
  'filed',
  'changing',
  'terminated',
] as const;
export type FlowStepKey = (typeof flowStepKeys)[number];

/** ContractListFlow: the visible contracts with their current step, filtered. */
export const contractFlowListSchema = z.object({
  ...paging,
  contractNo: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, '合同编号不能超过 40 个字').optional(),
  ),
  projectName: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, '项目名称不能超过 100 个字').optional(),
  ),
  step: z.preprocess(blankToUndefined, z.enum(flowStepKeys, '流程环节不正确').optional()),
});
export type ContractFlowListInput = z.infer<typeof contractFlowListSchema>;

export const contractFlowOneSchema = z.object({ contractId });
