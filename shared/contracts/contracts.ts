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
import { fileIdSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

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
