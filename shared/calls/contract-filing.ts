/**
 * A contract's life from an accepted authorization to filing (issue 14, spec section 7 "Contract
 * service"): the agency drafts it (add, update, checkContract, metadata/delete/{id}) and sends it to the
 * owner, who confirms it with an SMS code or returns it with a reason; the agency confirms it with its
 * own SMS code and submits the filing (addRecord); the auditors decide it through the review workflow
 * (toDoContract, approve, transferContractTask, auditInfo, doneContract). Approval gives the filing
 * number and moves the project to 3 (合同已备案).
 */
import { z } from 'zod';
import { reviewDecisionKeys, type ReviewDecisionKey } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import { contractListSchema, contractQueueSchema } from '@shared/validation/contracts';
import {
  contractAddSchema,
  contractConfirmSchema,
  contractDecisionSchema,
  contractDeleteSchema,
  contractIdOnlySchema,
  contractRecordSchema,
  contractReturnSchema,
  contractTransferSchema,
  contractUpdateSchema,
} from '@shared/validation/contract-filing';
import { contractRowSchema, contractViewerRoles } from './contracts';
import { defineCalls } from './define';
import { dateTime, deadlineFields, id } from './wire';

/** The agency drafts, edits, deletes and submits (its organization account; staff only read). */
export const drafterRoles = [roles.agency.id] as const;
/** The owner confirms or returns. */
export const confirmerRoles = [roles.owner.id] as const;
/** The filing reviewers (the kind's reviewer role; the administrator always passes). */
export const filingReviewerRoles = [roles.auditor.id] as const;
/** Who opens the filing to-do and done lists: the reviewers and the authority that oversees them. */
export const filingListRoles = pageRoles('contract', 'filingbacklogList');
/** The parties' to-do and done lists (backlogList, doneContractList). */
export const partyListRoles = pageRoles('contract', 'backlogList');
/** 已办合同申请 (usercenter/ContractDone): every role, each in its own scope. */
export const doneListRoles = pageRoles('usercenter', 'ContractDone');

const money = z.string().describe('金额（元），两位小数的十进制字符串');

export const contractProblemSchema = z.object({
  field: z.string().describe('出问题的字段（表单字段名），整体问题为 contract'),
  message: z.string(),
});
export type ContractProblem = z.infer<typeof contractProblemSchema>;

export const contractCheckSchema = z.object({
  ok: z.boolean(),
  problems: z.array(contractProblemSchema),
});
export type ContractCheck = z.infer<typeof contractCheckSchema>;

const confirmation = z
  .object({
    name: z.string().nullable(),
    at: dateTime,
  })
  // The spent SMS code is kept in the row, never sent back (issue 21).
  .nullable();

export const contractActionKeys = ['edit', 'delete', 'send', 'confirm', 'return', 'record'] as const;
export type ContractAction = (typeof contractActionKeys)[number];

export const filingReviewSchema = z.object({
  status: z.number().int(),
  version: z.number().int(),
  allowed: z
    .array(z.enum(reviewDecisionKeys as [ReviewDecisionKey, ...ReviewDecisionKey[]]))
    .describe('当前用户此刻可以执行的审核操作'),
  reviewers: z.array(z.object({ pkid: id, username: z.string() })).describe('可转办的审核人员'),
});

/** One contract application as the drafting, confirming and filing pages show it. */
export const contractApplicationSchema = contractRowSchema.extend({
  authorizationId: id.nullable(),
  items: z.array(z.string()),
  amountInWords: z.string().nullable(),
  startOn: z.string().nullable(),
  endOn: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  returnReason: z.string().nullable().describe('建设单位最近一次退回的原因（确认后清除）'),
  returnedAt: dateTime.nullable(),
  ownerConfirmation: confirmation.describe('甲方（建设单位）确认'),
  agencyConfirmation: confirmation.describe('乙方（中介机构）确认'),
  template: z.object({ templateId: id, version: z.number().int(), title: z.string() }).nullable(),
  actions: z
    .array(z.enum(contractActionKeys))
    .describe(
      '当前用户此刻可办理的事项：edit 修改，delete 删除，send 提交建设单位确认，confirm 确认，return 退回，record 提交备案',
    ),
  agencyNeedsCode: z.boolean().describe('提交备案时是否需要机构输入手机验证码'),
  review: filingReviewSchema.nullable().describe('备案审核状态；未提交过备案为 null'),
});
export type ContractApplication = z.infer<typeof contractApplicationSchema>;

export const draftableSchema = z.object({
  authorizationId: id,
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  ownerName: z.string(),
  stageName: z.string().nullable(),
  items: z.array(z.string()),
  acceptedAt: dateTime.nullable(),
  selectionMethod: z.string().nullable().describe('direct 直接选取，draw 随机抽取，price 比选报价'),
  winningQuote: money.nullable().describe('比选报价选定时的中选报价，作为合同金额'),
});
export type Draftable = z.infer<typeof draftableSchema>;

/** A row of the parties' lists: a contract, and whether the owner returned it (a draft again). */
export const partyRowSchema = contractRowSchema.extend({
  returned: z.boolean().describe('建设单位已退回、等待机构修改'),
});
export type PartyRow = z.infer<typeof partyRowSchema>;

export const filingTaskSchema = contractRowSchema.extend({
  version: z.number().int(),
  submittedAt: dateTime.nullable(),
  assigneeName: z.string().nullable(),
  decidedAs: z.string().optional(),
  decidedOn: dateTime.optional(),
  ...deadlineFields,
});
export type FilingTask = z.infer<typeof filingTaskSchema>;

export const filingRecordSchema = z.object({
  pkid: id,
  decision: z.number().int(),
  decisionLabel: z.string(),
  opinion: z.string().nullable(),
  auditorName: z.string().nullable(),
  roleId: z.string().nullable(),
  transferToName: z.string().nullable(),
  auditedAt: dateTime,
});

const decisionOut = z.object({
  auditStatus: z.number().int(),
  version: z.number().int(),
  filingNo: z.string().nullable(),
});

const listPaging = { page: 'pageIdx', size: 'pageSize' } as const;

export const contractFilingCalls = defineCalls('contractFiling', {
  draftable: {
    summary: '可起草合同的委托：本机构已接受、尚未起草合同的委托（含比选中选报价）',
    base: 'business',
    path: 'contract/draftable',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractListSchema,
    output: draftableSchema,
    envelope: 'page',
    access: drafterRoles,
    paging: listPaging,
  },
  add: {
    summary:
      '从已接受的委托起草合同：双方、项目和测绘事项取自记录，金额（比选时为中选报价）、工期和付款方式由机构填写',
    base: 'business',
    path: 'contract/add',
    method: 'POST',
    input: contractAddSchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: drafterRoles,
  },
  update: {
    summary: '修改合同草稿（仅草稿或被退回时；备案未通过后修改须重新经建设单位确认）',
    base: 'business',
    path: 'contract/update',
    method: 'POST',
    encoding: 'multipart',
    input: contractUpdateSchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: drafterRoles,
  },
  check: {
    summary: '提交前检查合同：列出全部问题（缺项、金额、日期、受托机构的信用状况）',
    base: 'business',
    path: 'contract/checkContract',
    method: 'POST',
    input: contractIdOnlySchema,
    output: contractCheckSchema,
    envelope: 'object',
    access: [...drafterRoles, ...confirmerRoles],
  },
  remove: {
    summary: '删除尚未提交的合同草稿',
    base: 'business',
    path: 'contract/metadata/delete/{id}',
    method: 'GET',
    changesState: true,
    input: contractDeleteSchema,
    output: z.object({ contractId: id }),
    envelope: 'result',
    access: drafterRoles,
  },
  queryApply: {
    summary: '合同申请详情：工期、付款方式、退回原因、双方确认记录、当前用户可办理的事项和备案审核状态',
    base: 'business',
    path: 'contract/queryApply',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractIdOnlySchema,
    output: contractApplicationSchema,
    envelope: 'object',
    access: contractViewerRoles,
  },
  sendCode: {
    summary: '向当前用户登记的手机发送合同确认验证码（短信服务，演示环境写入短信发件箱）',
    base: 'business',
    path: 'contract/sendConfirmCode',
    method: 'POST',
    input: contractIdOnlySchema,
    output: z.object({ phone: z.string().describe('打码后的手机号') }),
    envelope: 'result',
    access: [...drafterRoles, ...confirmerRoles],
  },
  send: {
    summary: '提交建设单位确认（检查无问题后，草稿 → 待确认）',
    base: 'business',
    path: 'contract/submitConfirm',
    method: 'POST',
    input: contractIdOnlySchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: drafterRoles,
  },
  confirm: {
    summary: '建设单位确认合同（须输入手机验证码；待确认 → 已确认）',
    base: 'business',
    path: 'contract/confirm',
    method: 'POST',
    input: contractConfirmSchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: confirmerRoles,
  },
  returnBack: {
    summary: '建设单位退回合同（须填写原因；待确认 → 草稿，由机构修改）',
    base: 'business',
    path: 'contract/return',
    method: 'POST',
    input: contractReturnSchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: confirmerRoles,
  },
  addRecord: {
    summary: '提交合同备案（机构输入手机验证码确认后提交审核；备案未通过的可重新提交）',
    base: 'business',
    path: 'contract/addRecord',
    method: 'POST',
    input: contractRecordSchema,
    output: contractApplicationSchema,
    envelope: 'result',
    access: drafterRoles,
  },
  approve: {
    summary: '审核合同备案（auditStatus 2 通过：生成备案编号，项目进入“合同已备案”；3 不通过，须填写意见）',
    base: 'business',
    path: 'contract/approve',
    method: 'POST',
    input: contractDecisionSchema,
    output: decisionOut,
    envelope: 'result',
    access: filingReviewerRoles,
  },
  transfer: {
    summary: '把合同备案审核任务转办给其他审核人员',
    base: 'business',
    path: 'contract/transferContractTask',
    method: 'GET',
    changesState: true,
    input: contractTransferSchema,
    output: decisionOut,
    envelope: 'result',
    access: filingReviewerRoles,
  },
  toDo: {
    summary:
      '待审核的合同备案：审核人员看自己的待办（含未分配的，mine=1 只看本人领取的），主管部门看全部待审；keyword 按合同编号或名称搜索，orderBy=deadline 按办理期限排序',
    base: 'business',
    path: 'contract/toDoContract',
    method: 'POST',
    input: contractQueueSchema,
    output: filingTaskSchema,
    envelope: 'page',
    access: filingListRoles,
    paging: listPaging,
  },
  done: {
    summary: '已办的合同备案：审核人员最近一次由本人通过、不通过或转办的，主管部门看全部已审',
    base: 'business',
    path: 'contract/doneContract',
    method: 'POST',
    input: contractListSchema,
    output: filingTaskSchema,
    envelope: 'page',
    access: filingListRoles,
    paging: listPaging,
  },
  auditInfo: {
    summary: '合同备案的审核记录（时间顺序）',
    base: 'business',
    path: 'contract/auditInfo',
    method: ['GET', 'POST'],
    changesState: false,
    input: contractIdOnlySchema,
    output: z.array(filingRecordSchema),
    envelope: 'object',
    access: contractViewerRoles,
  },
  backlog: {
    summary: '待办合同：机构待修改、待提交备案的，建设单位待确认的',
    base: 'business',
    path: 'contract/backlog',
    method: 'POST',
    input: contractListSchema,
    output: partyRowSchema,
    envelope: 'page',
    access: partyListRoles,
    paging: listPaging,
  },
  queryDoneList: {
    summary: '已办合同：机构已提交的，建设单位已确认或退回的，其他角色为范围内已备案的',
    base: 'business',
    path: 'contract/queryDoneList',
    method: 'POST',
    input: contractListSchema,
    output: partyRowSchema,
    envelope: 'page',
    access: doneListRoles,
    paging: listPaging,
  },
});
