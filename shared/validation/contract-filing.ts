/**
 * Inputs of a contract's life from an accepted authorization to filing (issue 14, spec section 7
 * "Contract service": add, update, checkContract, metadata/delete/{id}, the owner's confirmation,
 * addRecord, approve, transferContractTask). A draft may be saved incomplete (checkContract lists what
 * is missing), but what is given must be well formed: an amount with at most two decimals, positive and
 * not absurd, dates that exist, the end not before the start.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { toCents } from '@shared/money';
import { PHONE_CODE_LENGTH } from './identity';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

/** The largest amount a survey contract may carry: anything above is a typing mistake. */
export const CONTRACT_AMOUNT_MAX = '100000000.00';

export const filingMessages = {
  authorizationId: '请选择已接受的委托',
  authorizationNotFound: '委托不存在或您无权起草合同',
  authorizationNotAccepted: '只有已接受的委托才能起草合同',
  contractExists: '该委托已起草合同，请在合同申请中继续编辑',
  contractId: '请提供正确的合同编号',
  notFound: '合同不存在或您无权查看',
  contractNameRequired: '请输入合同名称',
  contractNameTooLong: '合同名称不能超过 100 个字',
  amountRequired: '请输入合同金额',
  amountFormat: '合同金额应为最多两位小数的数字',
  amountPositive: '合同金额必须大于 0',
  amountTooLarge: '合同金额不能超过 1 亿元，请核对',
  startRequired: '请选择测绘开始日期',
  endRequired: '请选择测绘结束日期',
  dateFormat: '请输入正确的日期（年-月-日）',
  endBeforeStart: '结束日期不能早于开始日期',
  paymentRequired: '请输入付款方式',
  paymentTooLong: '付款方式不能超过 500 个字',
  notEditable: '合同已提交，当前状态不能修改',
  notDeletable: '只能删除尚未提交的合同草稿',
  notAgency: '只有受托中介机构可以办理此合同',
  notOwner: '只有委托方（建设单位）可以确认此合同',
  notAwaiting: '合同当前不是待确认状态',
  notConfirmed: '合同须经建设单位确认后才能提交备案',
  alreadySubmitted: '合同备案已提交，请等待审核',
  alreadyFiled: '合同已备案，不能修改',
  hasProblems: '合同还有未完善的内容，请先检查并修改',
  reasonRequired: '请输入退回原因',
  reasonTooLong: '退回原因不能超过 500 个字',
  smsRequired: '请输入手机验证码',
  smsFormat: '手机验证码为 6 位数字',
  noPhone: '您的账号没有登记手机号，请先在个人信息中填写',
  creditFlagged: (orgName: string, flags: string) => `受托机构“${orgName}”已被列入${flags}，不能签订合同`,
  partyMissing: '委托方或受托方信息不完整',
} as const;

const text = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

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

/** Exact cents of a decimal text of any length ('5000000000.00'), or null when it is not one. */
function centsOf(value: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/**
 * The one amount rule of a contract, for drafting and for filing changes (issue 21): a decimal with at
 * most two decimals, above 0 and at most CONTRACT_AMOUNT_MAX (1 亿元), kept as text. A long number is
 * told it is too large (not "必须大于 0"): its cents are counted whatever the number of digits.
 */
export function contractAmountField(requiredMessage: string = filingMessages.amountFormat) {
  return z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(40, filingMessages.amountTooLarge)
    .regex(/^-?\d+(\.\d{1,2})?$/, filingMessages.amountFormat)
    .refine((value) => {
      const cents = centsOf(value);
      return cents === null || cents > 0n;
    }, filingMessages.amountPositive)
    .refine((value) => {
      const cents = centsOf(value);
      return cents === null || cents <= (toCents(CONTRACT_AMOUNT_MAX) ?? 0n);
    }, filingMessages.amountTooLarge);
}

/** A draft's amount: optional while drafting, else {@link contractAmountField}. */
const amount = z.preprocess(blankToUndefined, contractAmountField().optional());

const contractId = z.preprocess(blankToUndefined, idField(filingMessages.contractId));

/** What the agency enters on a draft (all optional while drafting; checkContract requires them). */
const draftFields = {
  contractName: text(100, filingMessages.contractNameTooLong),
  amount,
  startOn: date(filingMessages.dateFormat),
  endOn: date(filingMessages.dateFormat),
  paymentTerms: text(500, filingMessages.paymentTooLong),
};

function checkSchedule(
  value: { startOn?: string | undefined; endOn?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.startOn && value.endOn && value.endOn < value.startOn)
    ctx.addIssue({ code: 'custom', message: filingMessages.endBeforeStart, path: ['endOn'] });
}

export const contractAddSchema = z
  .object({
    authorizationId: z.preprocess(blankToUndefined, idField(filingMessages.authorizationId)),
    ...draftFields,
  })
  .superRefine(checkSchedule);
export type ContractAddInput = z.infer<typeof contractAddSchema>;

export const contractUpdateSchema = z.object({ contractId, ...draftFields }).superRefine(checkSchedule);
export type ContractUpdateInput = z.infer<typeof contractUpdateSchema>;

export const contractIdOnlySchema = z.object({ contractId });
/** metadata/delete/{id} */
export const contractDeleteSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(filingMessages.contractId)),
});

const smsCode = z.preprocess(
  blankToUndefined,
  z
    .string(filingMessages.smsRequired)
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), filingMessages.smsFormat),
);

/** The owner's confirmation (or the agency's, when it submits the filing): the SMS code it received. */
export const contractConfirmSchema = z.object({ contractId, smsCode });
export type ContractConfirmInput = z.infer<typeof contractConfirmSchema>;

/** The owner returns the draft to the agency with a reason. */
export const contractReturnSchema = z.object({
  contractId,
  reason: z.preprocess(
    blankToUndefined,
    z
      .string(filingMessages.reasonRequired)
      .trim()
      .min(1, filingMessages.reasonRequired)
      .max(REVIEW_OPINION_MAX, filingMessages.reasonTooLong),
  ),
});

/**
 * addRecord: submit (or resubmit) the filing. The agency's SMS code is required the first time it
 * confirms this text; a resubmission after a rejection of the unchanged text keeps that confirmation.
 */
export const contractRecordSchema = z.object({
  contractId,
  smsCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), filingMessages.smsFormat)
      .optional(),
  ),
});

const reviewVersion = z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional());

/** approve: pass (2) or reject (3, opinion required) the filing. */
export const contractDecisionSchema = z.object({
  contractId,
  auditStatus: z.coerce
    .number<string | number>('请选择审核结果')
    .refine((value) => value === 2 || value === 3, '请选择审核结果'),
  opinion: text(REVIEW_OPINION_MAX, '审核意见不能超过500个字'),
  version: reviewVersion,
});

/** transferContractTask?contractId&askReason&transferStaffId */
export const contractTransferSchema = z.object({
  contractId,
  askReason: z.preprocess(
    blankToUndefined,
    z
      .string('请输入转办原因')
      .trim()
      .min(1, '请输入转办原因')
      .max(REVIEW_OPINION_MAX, '转办原因不能超过500个字'),
  ),
  transferStaffId: z.preprocess(blankToUndefined, idField('请选择转办人员')),
  version: reviewVersion,
});
