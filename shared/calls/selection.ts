/**
 * Selecting a demand's agency (issue 13): eligible agencies (getAgentOrganizationByItems, the spec's
 * call), the method, direct choice, the verifiable draw and its public record, price comparison.
 * Calls the spec does not name follow its /project/ naming.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { selectionMethods, selectionStates } from '@shared/domain/selection';
import {
  chooseSchema,
  demandRefSchema,
  extendSchema,
  quoteSchema,
  selectionListSchema,
  setMethodSchema,
} from '@shared/validation/selection';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const OWNER = [roles.owner.id];
const AGENCY = [roles.agency.id];
const money = z.string().describe('金额（元），两位小数的十进制字符串');

export const eligibleAgencySchema = z.object({
  organizationId: id,
  orgName: z.string(),
  qualificationGrade: z.number().int().nullable(),
  /** Result items adopted / decided (adopted or returned); null while none decided. */
  adopted: z.number().int(),
  decided: z.number().int(),
  passRate: z.number().min(0).max(1).nullable(),
  /** Open authorizations: waiting for an answer, or accepted on a project not yet accepted. */
  workload: z.number().int(),
});
export type EligibleAgency = z.infer<typeof eligibleAgencySchema>;

/** What anyone may see of a selection; salt, candidates and hash appear only once drawn. */
export const publicSelectionSchema = z.object({
  demandId: id,
  method: z.enum(selectionMethods),
  state: z.enum(selectionStates),
  /** sha256hex(salt), published when the method was chosen. */
  commitment: z.string(),
  salt: z.string().nullable(),
  /** The frozen candidates in draw order (ids ascending). */
  candidates: z.array(z.object({ organizationId: id, orgName: z.string() })).nullable(),
  /** salt + ':' + demandId + ':' + candidate ids joined by ',' */
  hashInput: z.string().nullable(),
  hash: z.string().nullable(),
  drawnAt: dateTime.nullable(),
  winnerId: id.nullable(),
  winnerName: z.string().nullable(),
  decidedAt: dateTime.nullable(),
  /** Who pressed the button (系统 when the closing job decided). */
  decidedByName: z.string().nullable(),
  quoteDeadline: dateTime.nullable(),
});
export type PublicSelection = z.infer<typeof publicSelectionSchema>;

export const quoteRowSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  amount: money,
  plan: z.string(),
  quotedAt: dateTime,
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;

export const ownerSelectionSchema = z.object({
  demandId: id,
  projectId: id,
  /** An authorization of the demand waits for the agency's answer or was accepted (委托 done). */
  authorized: z.boolean(),
  projectName: z.string(),
  projectNo: z.string(),
  demandStatus: z.number().int(),
  allowedMethods: z.array(z.enum(selectionMethods)),
  record: publicSelectionSchema.nullable(),
  invitedCount: z.number().int(),
  /** How many quotes arrived (the quotes themselves only after closing). */
  quoteCount: z.number().int(),
  deadlineExtended: z.boolean(),
  quotes: z.array(quoteRowSchema).nullable(),
});
export type OwnerSelection = z.infer<typeof ownerSelectionSchema>;

export const ownerDemandRowSchema = z.object({
  demandId: id,
  projectId: id,
  /** An authorization of the demand waits for the agency's answer or was accepted (委托 done). */
  authorized: z.boolean(),
  projectName: z.string(),
  projectNo: z.string(),
  stageName: z.string(),
  itemNames: z.array(z.string()),
  demandStatus: z.number().int(),
  releasedAt: dateTime.nullable(),
  method: z.enum(selectionMethods).nullable(),
  state: z.enum(selectionStates).nullable(),
  quoteDeadline: dateTime.nullable(),
  winnerName: z.string().nullable(),
});
export type OwnerDemandRow = z.infer<typeof ownerDemandRowSchema>;

export const invitationRowSchema = z.object({
  demandId: id,
  projectName: z.string(),
  projectNo: z.string(),
  stageName: z.string(),
  itemNames: z.array(z.string()),
  state: z.enum(selectionStates),
  quoteDeadline: dateTime.nullable(),
  /** Quoting is open now (before the deadline). */
  open: z.boolean(),
  myAmount: money.nullable(),
  myPlan: z.string().nullable(),
  quotedAt: dateTime.nullable(),
  /** After closing: whether this agency won; null before. */
  won: z.boolean().nullable(),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

const ownerAction = <S extends z.ZodType>(summary: string, path: string, input: S) =>
  ({
    summary,
    base: 'business',
    path,
    method: 'POST',
    input,
    output: ownerSelectionSchema,
    envelope: 'result',
    access: OWNER,
  }) as const;

export const selectionCalls = defineCalls('selection', {
  getAgentOrganizationByItems: {
    summary: '符合需求条件的中介机构（审核通过、业务范围覆盖全部事项、无信用限制），含成果通过率和在办项目数',
    base: 'business',
    path: 'project/getAgentOrganizationByItems',
    method: 'POST',
    input: demandRefSchema,
    output: z.array(eligibleAgencySchema),
    envelope: 'result',
    access: OWNER,
  },
  ownerList: {
    summary: '本单位已发布需求及其中介选取情况',
    base: 'business',
    path: 'project/selection/list',
    method: 'GET',
    input: selectionListSchema,
    output: ownerDemandRowSchema,
    envelope: 'page',
    access: OWNER,
    paging: { page: 'page', size: 'rows' },
  },
  ownerSelection: {
    summary: '需求的中介选取详情（建设单位：报价截止后可见全部报价）',
    base: 'business',
    path: 'project/selection/query',
    method: 'GET',
    input: demandRefSchema,
    output: ownerSelectionSchema,
    envelope: 'result',
    access: OWNER,
  },
  drawRecord: {
    summary: '需求的中介选取公示记录（承诺值；抽取后公开随机数、候选名单、中选机构，任何人可复核）',
    base: 'business',
    path: 'project/selection/drawRecord',
    method: 'GET',
    input: demandRefSchema,
    output: publicSelectionSchema.nullable(),
    envelope: 'result',
    access: 'public',
  },
  setMethod: ownerAction('选择或更改中介选取方式', 'project/selection/method', setMethodSchema),
  choose: ownerAction('直接选取中介机构', 'project/selection/choose', chooseSchema),
  draw: ownerAction('随机抽取中介机构（每个需求只能抽取一次）', 'project/selection/draw', demandRefSchema),
  extend: ownerAction('报价不足三家时延长报价截止时间（一次）', 'project/selection/extend', extendSchema),
  acceptLowest: ownerAction(
    '报价不足三家时按最低报价确定中选机构',
    'project/selection/acceptLowest',
    demandRefSchema,
  ),
  invitations: {
    summary: '本机构收到的比选报价邀请及本机构的报价',
    base: 'business',
    path: 'project/selection/invitations',
    method: 'GET',
    input: selectionListSchema,
    output: invitationRowSchema,
    envelope: 'page',
    access: AGENCY,
    paging: { page: 'page', size: 'rows' },
  },
  quote: {
    summary: '中介机构报价（截止前可修改；截止前其他单位不可见）',
    base: 'business',
    path: 'project/selection/quote',
    method: 'POST',
    input: quoteSchema,
    output: quoteRowSchema,
    envelope: 'result',
    access: AGENCY,
  },
});
