/**
 * The contract service (spec section 7, /contract/*; issue 14), the part that needs no new
 * authorization flow: lists and queries with their exports, one contract and its PDF, the templates
 * (versioned per stage), government procurement documents and totals, and the year's figures.
 * Drafting, confirmation and filing come with the authorization flow.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import {
  contractFilesSchema,
  contractFilterSchema,
  contractIdSchema,
  contractListSchema,
  govAttachmentSaveSchema,
  govListSchema,
  govTotalSchema,
  templateQuerySchema,
  templateSaveSchema,
  yearSchema,
} from '@shared/validation/contracts';
import { changeTransferSchema } from '@shared/validation/agencies';
import { fileIdSchema } from '@shared/validation/lists';
import {
  contractChangeDecisionSchema,
  contractChangeHistorySchema,
  contractChangeIdSchema,
  contractChangeListSchema,
  contractChangeQueueSchema,
  contractChangeSaveSchema,
  contractFlowListSchema,
  contractFlowOneSchema,
  flowStepKeys,
} from '@shared/validation/contract-changes';
import { reviewRecordSchema, reviewStateSchema } from './agencies';
import { defineCalls } from './define';
import { dateTime, id, queueFields } from './wire';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Who lists contracts they are a party to (ContractList), and the authority and auditors (all). */
export const contractListRoles = [
  ...new Set([
    ...pageRoles('contract', 'ContractList'),
    // /intermediary/contractDownList lists an agency's contracts with the same call (a district
    // office sees those in its district: contractScope).
    ...pageRoles('intermediary', 'contractDownList'),
    // /usercenter/conQueryData queries contracts for every role (each in its scope: contractScope).
    ...pageRoles('usercenter', 'conQueryData'),
    roles.authority.id,
    roles.auditor.id,
  ]),
];
/** Who opens one contract (every role; the service narrows it to the parties and the overseers). */
export const contractViewerRoles = pageRoles('contract', 'contractDetails');
/** Who queries across all contracts and exports the results: the authority and its auditors. */
export const contractOverseerRoles = [roles.authority.id, roles.auditor.id] as const;
/** Who keeps the templates. */
export const templateEditorRoles = pageRoles('contract', 'ContractTemplateList');
/** Who sees government purchases and their totals. */
export const govPurchaseRoles = pageRoles('contract', 'GovPurchase');
/** Who may add procurement documents: the parties and the overseers. */
export const govDocumentRoles = [
  roles.owner.id,
  roles.agency.id,
  roles.authority.id,
  roles.auditor.id,
] as const;

/** Amounts travel as exact decimal strings ('1234567.00'), never as floats. */
const money = z.string().describe('金额（元），两位小数的十进制字符串');

export const contractRowSchema = z.object({
  contractId: id,
  contractNo: z.string(),
  contractName: z.string(),
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  organizationId: id,
  orgName: z.string(),
  constructionId: id,
  ownerName: z.string(),
  districtName: z.string().nullable(),
  stageName: z.string().nullable(),
  amount: money.nullable(),
  status: z.number().int().describe('0 草稿，1 待确认，2 已确认，3 已备案，9 已终止'),
  auditStatus: z.number().int().describe('备案审核：0 草稿，1 待审核，2 审核通过，3 审核不通过'),
  signedOn: z.string().nullable(),
  filedAt: dateTime.nullable(),
  filingNo: z.string().nullable(),
  isGovPurchase: z.boolean(),
  createdAt: dateTime,
});
export type ContractRow = z.infer<typeof contractRowSchema>;

export const govAttachmentSchema = z.object({
  pkid: id,
  fileId: z.uuid(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  kind: z.number().int().describe('1 采购文件，2 中标（成交）通知书，3 其他材料'),
  createdAt: dateTime,
});
export type GovAttachment = z.infer<typeof govAttachmentSchema>;

export const contractDetailSchema = contractRowSchema.extend({
  items: z.array(z.string()).describe('测绘事项'),
  amountInWords: z.string().nullable().describe('金额大写'),
  template: z
    .object({ templateId: id, version: z.number().int(), title: z.string() })
    .nullable()
    .describe('起草所依据的模板版本'),
  govAttachments: z.array(govAttachmentSchema),
  /** Whether this user may add procurement documents to it. */
  canEditGov: z.boolean(),
  startOn: z.string().nullable().describe('履行开始日期'),
  endOn: z.string().nullable().describe('履行结束日期'),
  paymentTerms: z.string().nullable().describe('付款方式'),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const templateSchema = z.object({
  templateId: id,
  stageId: id,
  stageName: z.string(),
  version: z.number().int(),
  title: z.string(),
  content: z.string().describe('富文本（已清理的 HTML），占位符写作 {{name}}'),
  remark: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: dateTime,
  isCurrent: z.boolean(),
  contractCount: z.number().int().describe('依据此版本起草的合同数'),
});
export type ContractTemplate = z.infer<typeof templateSchema>;

export const organRowSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  contractCount: z.number().int(),
  filedCount: z.number().int(),
  totalAmount: money,
});
export type OrganRow = z.infer<typeof organRowSchema>;

export const govStatusRowSchema = contractRowSchema.extend({
  documentCount: z.number().int(),
  hasProcurement: z.boolean(),
  hasAward: z.boolean(),
});
export type GovStatusRow = z.infer<typeof govStatusRowSchema>;

const totalLine = z.object({ count: z.number().int(), amount: money });

export const govTotalSchemaOut = z.object({
  years: z.array(z.number().int()).describe('有政府采购合同的年份'),
  byYear: z.array(totalLine.extend({ year: z.number().int() })),
  byDistrict: z.array(totalLine.extend({ districtName: z.string() })),
  byAgency: z.array(totalLine.extend({ orgName: z.string() })),
  total: totalLine,
});
export type GovTotals = z.infer<typeof govTotalSchemaOut>;

export const yearFiguresSchema = z.object({
  year: z.number().int(),
  total: totalLine,
  filed: totalLine,
  govPurchase: totalLine,
  byMonth: z.array(totalLine.extend({ month: z.number().int() })),
  byStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
});
export type YearFigures = z.infer<typeof yearFiguresSchema>;

const listPaging = { page: 'pageIdx', size: 'pageSize' } as const;

export const contractCalls = defineCalls('contracts', {
  query: {
    summary:
      '合同列表：机构看本机构的合同，建设单位看本单位的合同，主管部门和审核人员看全部；organizationId 限定一个中介机构（机构合同下载页）',
    base: 'business',
    path: 'contract/query',
    method: 'POST',
    input: contractListSchema,
    output: contractRowSchema,
    envelope: 'page',
    access: contractListRoles,
    paging: listPaging,
  },
  queryOne: {
    summary: '合同详情（含测绘事项、金额大写、模板版本、政府采购材料）',
    base: 'business',
    path: 'contract/queryOne',
    method: ['GET', 'POST'],
    input: contractIdSchema,
    output: contractDetailSchema,
    envelope: 'object',
    access: contractViewerRoles,
  },
  document: {
    summary: '下载合同文本（PDF，由起草所依据的模板版本和合同数据生成，嵌入中文字体子集）',
    base: 'business',
    path: 'contract/document',
    method: 'GET',
    input: contractIdSchema,
    envelope: 'file',
    produces: 'application/pdf',
    access: contractViewerRoles,
  },
  complete: {
    summary: '已完成（已备案）的合同，按角色限定范围',
    base: 'business',
    path: 'contract/completeList',
    method: 'POST',
    input: contractListSchema,
    output: contractRowSchema,
    envelope: 'page',
    access: pageRoles('contract', 'contractCompleteList'),
    paging: listPaging,
  },
  contractQuery: {
    summary: '合同综合查询（主管部门、审核人员）',
    base: 'business',
    path: 'contract/contractQuery',
    method: 'POST',
    input: contractListSchema,
    output: contractRowSchema,
    envelope: 'page',
    access: contractOverseerRoles,
    paging: listPaging,
  },
  organQuery: {
    summary: '按中介机构汇总合同数量和金额',
    base: 'business',
    path: 'contract/organQuery',
    method: 'POST',
    input: contractListSchema,
    output: organRowSchema,
    envelope: 'page',
    access: contractOverseerRoles,
    paging: listPaging,
  },
  exportExcel: {
    summary: '导出合同列表（Excel，含合计行），范围同合同列表',
    base: 'business',
    path: 'contract/exportExcel',
    method: ['POST', 'GET'],
    changesState: false,
    input: contractFilterSchema,
    envelope: 'file',
    produces: xlsx,
    access: contractListRoles,
  },
  exportExcel2: {
    summary: '导出已完成（已备案）的合同（Excel，含备案编号和合计行）',
    base: 'business',
    path: 'contract/exportExcel2',
    method: ['POST', 'GET'],
    changesState: false,
    input: contractFilterSchema,
    envelope: 'file',
    produces: xlsx,
    access: pageRoles('contract', 'contractCompleteList'),
  },
  excelContractQuery: {
    summary: '导出合同综合查询结果（Excel，含合计行）',
    base: 'business',
    path: 'contract/excelContractQuery',
    method: ['POST', 'GET'],
    changesState: false,
    input: contractFilterSchema,
    envelope: 'file',
    produces: xlsx,
    access: contractOverseerRoles,
  },
  excelOrgan: {
    summary: '导出按中介机构的合同汇总（Excel，含合计行）',
    base: 'business',
    path: 'contract/excelOrgan',
    method: ['POST', 'GET'],
    changesState: false,
    input: contractFilterSchema,
    envelope: 'file',
    produces: xlsx,
    access: contractOverseerRoles,
  },
  exportFiles: {
    summary: '打包下载合同文本（zip，每份合同一个 PDF，最多 200 份）',
    base: 'business',
    path: 'contract/exportFiles',
    method: ['POST', 'GET'],
    changesState: false,
    input: contractFilesSchema,
    envelope: 'file',
    produces: 'application/zip',
    access: contractListRoles,
  },
  yearFigures: {
    summary: '某年度的合同统计：数量、金额、已备案、政府采购、按月',
    base: 'business',
    path: 'contract/ContractMessage',
    method: 'GET',
    input: yearSchema,
    output: yearFiguresSchema,
    envelope: 'object',
    access: contractOverseerRoles,
  },
  queryTemplate: {
    summary: '合同模板：各审批阶段的全部版本（最新版本在前）',
    base: 'business',
    path: 'contract/queryTemplate',
    method: ['GET', 'POST'],
    changesState: false,
    input: templateQuerySchema,
    output: z.array(templateSchema),
    envelope: 'object',
    access: contractViewerRoles,
  },
  saveContractTemplate: {
    summary: '保存合同模板：生成该阶段的新版本，旧版本保留可查',
    base: 'business',
    path: 'contract/saveContractTemplate',
    method: 'POST',
    input: templateSaveSchema,
    output: templateSchema,
    envelope: 'result',
    access: templateEditorRoles,
  },
  queryGovStatusAttachments: {
    summary: '政府采购合同及其采购材料是否齐全',
    base: 'business',
    path: 'contract/queryGovStatusAttachments',
    method: 'POST',
    input: govListSchema,
    output: govStatusRowSchema,
    envelope: 'page',
    access: govPurchaseRoles,
    paging: listPaging,
  },
  queryGovAttachments: {
    summary: '一份政府采购合同的采购材料',
    base: 'business',
    path: 'contract/queryGovAttachments',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractIdSchema,
    output: z.array(govAttachmentSchema),
    envelope: 'object',
    access: contractViewerRoles,
  },
  saveGovAttachments: {
    summary: '上传政府采购材料（采购文件、中标通知书等）',
    base: 'business',
    path: 'contract/saveGovAttachments',
    method: 'POST',
    encoding: 'multipart',
    input: govAttachmentSaveSchema,
    output: govAttachmentSchema,
    envelope: 'result',
    access: govDocumentRoles,
  },
  govFile: {
    summary: '下载政府采购材料',
    base: 'business',
    path: 'contract/govFile/download',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: contractViewerRoles,
  },
  govTotals: {
    summary: '政府采购合同汇总：按年度、区县、中介机构的数量和金额',
    base: 'business',
    path: 'contract/govPurchaseTotal',
    method: 'GET',
    input: govTotalSchema,
    output: govTotalSchemaOut,
    envelope: 'object',
    access: govPurchaseRoles,
  },
});

// ── Filing changes (备案变更) and the flow views ───────────────────────────────────────────────────
//
// The spec lists the pages (/contract/FilingCh, FilingChDone, /usercenter/ConChangeDetail,
// /contract/flowProcess, ContractListFlow, ContractListFlowOne) but no call paths for them. They are
// named here in the spec's style, under contract/…: contract/change/save, contract/change/toDoList,
// contract/change/doneList, contract/change/query, contract/change/queryOne, contract/change/approve,
// contract/change/transferTask (as transferContractTask for filings),
// and contract/flow/query, contract/flow/queryOne, contract/flow/summary.

/** Who may ask for a filing change: the contract's parties (the service checks it is theirs). */
export const contractChangeApplicantRoles = [roles.agency.id, roles.owner.id] as const;
/** Who reviews filing changes (review kind contract_change; the administrator always passes). */
export const contractChangeReviewerRoles = [roles.auditor.id] as const;
/** The reviewers' lists: the auditors' to-do and done; the authority oversees all of them. */
export const contractChangeListRoles = pageRoles('contract', 'FilingCh');

const changeFieldsOut = z.object({
  amount: money.nullable(),
  startOn: z.string().nullable(),
  endOn: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  fileId: z.uuid().nullable(),
  fileName: z.string().nullable().describe('合同文件名'),
});
export type ContractChangeFieldsOut = z.infer<typeof changeFieldsOut>;

export const contractChangeRowSchema = z.object({
  pkid: id,
  contractId: id,
  contractNo: z.string(),
  contractName: z.string(),
  orgName: z.string(),
  ownerName: z.string(),
  applicantName: z.string().nullable(),
  reason: z.string().nullable(),
  auditStatus: z.number().int().describe('0 草稿，1 待审核，2 审核通过（已生效），3 审核不通过'),
  changedFields: z.array(z.string()).describe('有变化的字段'),
  amountBefore: money.nullable(),
  amountAfter: money.nullable(),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
  decidedAs: z.string().optional().describe('已办：本人的处理结果'),
  decidedOn: dateTime.optional(),
  version: z.number().int().optional(),
  ...queueFields,
});
export type ContractChangeRow = z.infer<typeof contractChangeRowSchema>;

export const contractChangeSchema = contractChangeRowSchema.extend({
  contractStatus: z.number().int(),
  filingNo: z.string().nullable(),
  before: changeFieldsOut.describe('提出变更时的合同内容（变更前版本，始终可查）'),
  data: changeFieldsOut.describe('变更后的合同内容'),
  review: reviewStateSchema.nullable(),
  records: z.array(reviewRecordSchema),
  canEdit: z.boolean().describe('申请人可修改后重新提交'),
});
export type ContractChange = z.infer<typeof contractChangeSchema>;

const changeDecisionOut = z.object({ auditStatus: z.number().int(), version: z.number().int() });
const changePaging = { page: 'pageIdx', size: 'pageSize' } as const;

export const contractChangeCalls = defineCalls('contractChanges', {
  save: {
    summary: '合同一方对已备案合同提出备案变更（金额、履行期限、付款方式、合同文件），审核通过后生效',
    description:
      '提交变更后的完整内容和变更原因；action=save 保存草稿，action=submit（默认）提交审核。已有草稿或被退回的申请时修改该申请后重新提交；已有待审核的变更时不能再提交。审核通过前合同保持原备案内容。',
    base: 'business',
    path: 'contract/change/save',
    method: 'POST',
    encoding: 'multipart',
    input: contractChangeSaveSchema,
    output: contractChangeSchema,
    envelope: 'result',
    access: contractChangeApplicantRoles,
  },
  toDoList: {
    summary: '待审核的合同备案变更（审核人员的待办；主管部门看全部待审核的变更）',
    base: 'business',
    path: 'contract/change/toDoList',
    method: 'POST',
    input: contractChangeQueueSchema,
    output: contractChangeRowSchema,
    envelope: 'page',
    access: contractChangeListRoles,
    paging: changePaging,
  },
  doneList: {
    summary: '已办的合同备案变更（审核人员本人处理过的；主管部门看全部已审核的变更）',
    base: 'business',
    path: 'contract/change/doneList',
    method: 'POST',
    input: contractChangeListSchema,
    output: contractChangeRowSchema,
    envelope: 'page',
    access: contractChangeListRoles,
    paging: changePaging,
  },
  query: {
    summary: '一份合同的备案变更记录（最新在前），范围同合同详情',
    base: 'business',
    path: 'contract/change/query',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractChangeHistorySchema,
    output: contractChangeRowSchema,
    envelope: 'page',
    access: contractViewerRoles,
    paging: changePaging,
  },
  queryOne: {
    summary: '合同备案变更详情：变更前后对照、有变化的字段、审核状态和记录',
    base: 'business',
    path: 'contract/change/queryOne',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractChangeIdSchema,
    output: contractChangeSchema,
    envelope: 'object',
    access: pageRoles('usercenter', 'ConChangeDetail'),
  },
  approve: {
    summary: '审核合同备案变更（auditStatus 2 通过并生效，3 不通过，须填写意见）',
    base: 'business',
    path: 'contract/change/approve',
    method: 'POST',
    input: contractChangeDecisionSchema,
    output: changeDecisionOut,
    envelope: 'result',
    access: contractChangeReviewerRoles,
  },
  transferTask: {
    summary: '把合同备案变更的审核任务转办给其他审核人员（须填写原因）',
    base: 'business',
    path: 'contract/change/transferTask',
    method: 'POST',
    input: changeTransferSchema,
    output: changeDecisionOut,
    envelope: 'result',
    access: contractChangeReviewerRoles,
  },
  document: {
    summary: '下载备案变更前或变更后的合同文件',
    base: 'business',
    path: 'contract/change/file/download',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: pageRoles('usercenter', 'ConChangeDetail'),
  },
});

export const flowStepSchema = z.enum(flowStepKeys);

export const flowRowSchema = z.object({
  contractId: id,
  contractNo: z.string(),
  contractName: z.string(),
  projectName: z.string(),
  orgName: z.string(),
  ownerName: z.string(),
  amount: money.nullable(),
  status: z.number().int(),
  auditStatus: z.number().int(),
  step: flowStepSchema.describe('当前环节'),
  stepLabel: z.string(),
  holder: z.string().describe('当前环节的办理人（单位、角色或人员）'),
  since: dateTime.describe('进入当前环节的时间'),
  changeId: id.nullable().describe('未完成的备案变更'),
});
export type FlowRow = z.infer<typeof flowRowSchema>;

export const flowEventSchema = z.object({
  key: z.string().describe('事件：drafted、submitted、approved、rejected、transferred、filed、change…'),
  label: z.string(),
  at: dateTime,
  actor: z.string().nullable(),
  opinion: z.string().nullable(),
  tone: z.enum(['neutral', 'info', 'progress', 'success', 'warning', 'danger']),
  changeId: id.nullable().describe('属于哪次备案变更'),
});
export type FlowEvent = z.infer<typeof flowEventSchema>;

export const flowOneSchema = flowRowSchema.extend({
  filingNo: z.string().nullable(),
  steps: z
    .array(z.object({ key: flowStepSchema, label: z.string(), state: z.enum(['done', 'current', 'todo']) }))
    .describe('流程环节及其完成情况'),
  events: z.array(flowEventSchema).describe('时间顺序的办理记录'),
});
export type FlowOne = z.infer<typeof flowOneSchema>;

export const flowSummarySchema = z.object({
  total: z.number().int(),
  steps: z.array(
    z.object({
      key: flowStepSchema,
      label: z.string(),
      holder: z.string().describe('由谁办理'),
      count: z.number().int(),
    }),
  ),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;

export const contractFlowCalls = defineCalls('contractFlow', {
  query: {
    summary: '合同流转：可见合同的当前环节和办理人，可按环节筛选',
    base: 'business',
    path: 'contract/flow/query',
    method: 'POST',
    input: contractFlowListSchema,
    output: flowRowSchema,
    envelope: 'page',
    access: [...new Set([...pageRoles('contract', 'ContractListFlow'), ...contractOverseerRoles])],
    paging: changePaging,
  },
  queryOne: {
    summary: '一份合同的流转：各环节、当前环节和办理人、起草到备案及备案变更的办理记录',
    base: 'business',
    path: 'contract/flow/queryOne',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractFlowOneSchema,
    output: flowOneSchema,
    envelope: 'object',
    access: contractViewerRoles,
  },
  summary: {
    summary: '合同备案流程：各环节的合同数（本人可见范围）',
    base: 'business',
    path: 'contract/flow/summary',
    method: 'GET',
    input: z.object({}),
    output: flowSummarySchema,
    envelope: 'object',
    access: pageRoles('contract', 'flowProcess'),
  },
});
