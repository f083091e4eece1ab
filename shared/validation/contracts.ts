/**
 * Inputs of the contract calls (issue 14, spec section 7 "Contract service"): lists and queries (only
 * the filters given are applied: empty form fields count as not given), templates, government
 * procurement documents and the statistics year.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { contractStatus, auditStatus } from '@shared/domain/statuses';
import { govAttachmentKind } from '@shared/domain/contracts';
import { stages } from '@shared/domain/stages';
import { idField, idList, wholeNumber } from './numbers';
import { blankToUndefined } from './text';
import { reviewQueueFields } from './review';
import { fileField } from './file-field';
import { toCents } from '@shared/money';

export const contractMessages = {
  contractId: '请提供正确的合同编号',
  notFound: '合同不存在或您无权查看',
  stage: '请选择合同模板所属的审批阶段',
  titleRequired: '请输入模板名称',
  titleTooLong: '模板名称不能超过 100 个字',
  contentRequired: '请输入模板内容',
  contentTooLong: '模板内容过长，请精简后再保存',
  remarkTooLong: '修订说明不能超过 200 个字',
  staleTemplate: '该模板已有更新的版本，请刷新后在最新版本上修改',
  unknownPlaceholder: (names: readonly string[]) => `模板中有未知的占位符：${names.join('、')}`,
  year: '请选择正确的年份',
  notGovPurchase: '该合同不是政府采购合同',
  kind: '请选择材料类型',
  fileRequired: '请选择要上传的文件',
  noDocuments: '没有符合条件的合同',
  tooManyDocuments: (max: number) => `一次最多打包 ${max} 份合同，请缩小查询范围`,
  amountRange: '金额下限不能大于上限',
  dateRange: '开始日期不能晚于结束日期',
  noTemplate: '该合同没有可用的合同模板，请先维护模板',
} as const;

/** The most contract documents one exportFiles zip holds (each is rendered on the fly). */
export const EXPORT_FILES_MAX = 200;
export const TEMPLATE_CONTENT_MAX = 100_000;

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

const optionalCode = <T extends number>(values: readonly T[], message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number(message)
      .refine((value) => (values as readonly number[]).includes(value), message)
      .optional(),
  );

const optionalDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)
      .optional(),
  );

/** A non-negative amount in yuan with at most two decimals, as text (kept exact). */
const optionalAmount = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, message)
      .optional(),
  );

const contractId = z.preprocess(blankToUndefined, idField(contractMessages.contractId));

/** Filters shared by the lists, queries and their exports. */
const filterFields = {
  contractNo: optionalText(40, '合同编号不能超过 40 个字'),
  contractName: optionalText(100, '合同名称不能超过 100 个字'),
  projectName: optionalText(100, '项目名称不能超过 100 个字'),
  projectNo: optionalText(40, '项目编号不能超过 40 个字'),
  orgName: optionalText(100, '中介机构名称不能超过 100 个字'),
  /** One agency's contracts (/intermediary/contractDownList); the caller's scope still applies. */
  organizationId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的机构编号').optional()),
  ownerName: optionalText(100, '建设单位名称不能超过 100 个字'),
  status: optionalCode(contractStatus.values, '合同状态不正确'),
  auditStatus: optionalCode(auditStatus.values, '备案状态不正确'),
  stageId: optionalCode(
    stages.map((stage) => stage.id),
    '审批阶段不正确',
  ),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{6,11}$/, '区县代码不正确')
      .optional(),
  ),
  govPurchase: z.preprocess(blankToUndefined, z.enum(['0', '1'], '政府采购筛选不正确').optional()),
  signedFrom: optionalDate('签订日期不正确'),
  signedTo: optionalDate('签订日期不正确'),
  amountMin: optionalAmount('金额应为不超过两位小数的非负数'),
  amountMax: optionalAmount('金额应为不超过两位小数的非负数'),
  year: z.preprocess(
    blankToUndefined,
    wholeNumber(contractMessages.year, { min: 2000, max: 2100 }).optional(),
  ),
};

interface Ranges {
  signedFrom?: string | undefined;
  signedTo?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
}

/** From before to, minimum below maximum (amounts compared exactly, in cents). */
function checkRanges(filters: Ranges, ctx: z.RefinementCtx) {
  if (filters.signedFrom && filters.signedTo && filters.signedFrom > filters.signedTo)
    ctx.addIssue({ code: 'custom', message: contractMessages.dateRange, path: ['signedTo'] });
  const min = toCents(filters.amountMin);
  const max = toCents(filters.amountMax);
  if (min !== null && max !== null && min > max)
    ctx.addIssue({ code: 'custom', message: contractMessages.amountRange, path: ['amountMax'] });
}

export const contractFilterSchema = z.object(filterFields).superRefine(checkRanges);
export type ContractFilters = z.infer<typeof contractFilterSchema>;

/** Spec section 3: the contract list pages with pageIdx and pageSize. */
const contractPaging = z.object({
  pageIdx: z.preprocess(blankToUndefined, wholeNumber('页码必须是正整数').default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    wholeNumber('每页条数必须是 1 到 100 的整数', { max: 100 }).default(10),
  ),
});

export const contractListSchema = contractPaging.extend(filterFields).superRefine(checkRanges);
export type ContractListInput = z.infer<typeof contractListSchema>;

/** The reviewers' filing queue: the list's filters and the queue's (keyword, mine, sort). */
export const contractQueueSchema = contractPaging
  .extend({ ...filterFields, ...reviewQueueFields })
  .superRefine(checkRanges);
export type ContractQueueInput = z.infer<typeof contractQueueSchema>;

export const contractIdSchema = z.object({ contractId });

/** exportFiles: the chosen contracts (comma-separated ids), or else every contract the filters find. */
export const contractFilesSchema = z
  .object({
    ...filterFields,
    contractIds: z.preprocess(
      blankToUndefined,
      idList(contractMessages.contractId, {
        max: EXPORT_FILES_MAX,
        tooMany: contractMessages.tooManyDocuments(EXPORT_FILES_MAX),
      }).optional(),
    ),
  })
  .superRefine(checkRanges);

export const templateQuerySchema = z.object({
  stageId: optionalCode(
    stages.map((stage) => stage.id),
    contractMessages.stage,
  ),
});

export const templateSaveSchema = z.object({
  stageId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(contractMessages.stage)
      .refine((value) => stages.some((stage) => stage.id === value), contractMessages.stage),
  ),
  title: z
    .string(contractMessages.titleRequired)
    .trim()
    .min(1, contractMessages.titleRequired)
    .max(100, contractMessages.titleTooLong),
  content: z
    .string(contractMessages.contentRequired)
    .max(TEMPLATE_CONTENT_MAX, contractMessages.contentTooLong)
    .refine((html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', contractMessages.contentRequired),
  remark: optionalText(200, contractMessages.remarkTooLong),
  /** The version the editor started from (0 for a category without a template): a newer one is a 409. */
  baseVersion: z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 })),
});
export type TemplateSaveInput = z.infer<typeof templateSaveSchema>;

export const govAttachmentSaveSchema = z.object({
  contractId,
  kind: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(contractMessages.kind)
      .refine((value) => govAttachmentKind.has(value), contractMessages.kind),
  ),
  file: fileField,
});

export const govListSchema = contractListSchema;

export const yearSchema = z.object({
  yearName: z.preprocess(blankToUndefined, wholeNumber(contractMessages.year, { min: 2000, max: 2100 })),
});

export const govTotalSchema = z.object({
  year: z.preprocess(
    blankToUndefined,
    wholeNumber(contractMessages.year, { min: 2000, max: 2100 }).optional(),
  ),
});
