/**
 * Random inspections (双随机、一公开, /evaluatemanger/organizationCheckList; docs/inspections.md): the
 * authority opens a round (candidates and inspector pool frozen, commitment published), draws it once,
 * the drawn inspectors record a result per agency, and the round's results are published under each
 * agency in the hall. The draw's public record is public from the opening (the salt from the draw).
 */
import { z } from 'zod';
import { inspectionResults, inspectionStates } from '@shared/domain/inspections';
import { pageRoles } from '@shared/domain/routes';
import {
  inspectionAgencySchema,
  inspectionCreateSchema,
  inspectionIdSchema,
  inspectionListSchema,
  inspectionRecordSchema,
} from '@shared/validation/inspections';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

/** The page's roles (admin, authority): who opens rounds and who is drawn to inspect. */
export const inspectionRoles = pageRoles('evaluatemanger', 'organizationCheckList');

const agencyRef = z.object({ organizationId: id, orgName: z.string() });
const inspectorRef = z.object({ userId: id, username: z.string() });

export const inspectionRoundRowSchema = z.object({
  id,
  name: z.string(),
  state: z.enum(inspectionStates),
  share: z.number().int().min(1).max(100).describe('抽查比例（%）'),
  inspectorsPerAgency: z.number().int().min(1).max(2),
  candidateCount: z.number().int().nonnegative(),
  inspectorCount: z.number().int().nonnegative(),
  inspecteeCount: z.number().int().nonnegative().describe('抽查家数'),
  recordedCount: z.number().int().nonnegative().describe('已录入结果的家数'),
  createdByName: z.string(),
  createdAt: dateTime,
  drawnAt: dateTime.nullable(),
  publishedAt: dateTime.nullable(),
  /** Whether the reader is one of the round's drawn inspectors. */
  isInspector: z.boolean(),
});
export type InspectionRoundRow = z.infer<typeof inspectionRoundRowSchema>;

/** A drawn agency in the public record: its inspectors, and its result once published. */
export const inspectionDrawnSchema = agencyRef.extend({
  inspectors: z.array(inspectorRef),
  result: z.enum(inspectionResults).nullable(),
  findings: z.string().nullable(),
});

/** What anyone may see of a round: the commitment and frozen lists at once, the salt from the draw. */
export const inspectionPublicSchema = z.object({
  id,
  name: z.string(),
  state: z.enum(inspectionStates),
  share: z.number().int(),
  inspectorsPerAgency: z.number().int(),
  inspecteeCount: z.number().int(),
  commitment: z.string().describe('sha256(salt)，开启轮次时公布'),
  salt: z.string().nullable().describe('抽取时公开，之前为空'),
  candidates: z.array(agencyRef).describe('候选机构，编号升序'),
  inspectors: z.array(inspectorRef).describe('检查人员名单，编号升序'),
  createdByName: z.string(),
  createdAt: dateTime,
  drawnAt: dateTime.nullable(),
  publishedAt: dateTime.nullable(),
  /** In the order drawn; null before the draw. */
  drawn: z.array(inspectionDrawnSchema).nullable(),
});
export type InspectionPublic = z.infer<typeof inspectionPublicSchema>;

export const inspectionTargetSchema = agencyRef.extend({
  targetId: id,
  drawOrder: z.number().int().nonnegative(),
  inspectors: z.array(inspectorRef),
  result: z.enum(inspectionResults).nullable(),
  findings: z.string().nullable(),
  recordedByName: z.string().nullable(),
  recordedAt: dateTime.nullable(),
  /** Whether the reader may record (or correct) this result now. */
  mayRecord: z.boolean(),
});
export type InspectionTarget = z.infer<typeof inspectionTargetSchema>;

export const inspectionTrailSchema = z.object({
  pkid: id,
  action: z.string(),
  opinion: z.string().nullable(),
  actorName: z.string().nullable(),
  at: dateTime,
});

export const inspectionDetailSchema = z.object({
  record: inspectionPublicSchema,
  targets: z.array(inspectionTargetSchema),
  mayDraw: z.boolean(),
  mayPublish: z.boolean(),
  trail: z.array(inspectionTrailSchema),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

export const inspectionAgencyResultSchema = z.object({
  roundId: id,
  roundName: z.string(),
  publishedAt: dateTime,
  result: z.enum(inspectionResults),
  findings: z.string(),
});
export type InspectionAgencyResult = z.infer<typeof inspectionAgencyResultSchema>;

export const inspectionCalls = defineCalls('inspections', {
  list: {
    summary: '检查轮次列表（管理员看全部；主管部门人员看自己开启的和被抽中检查的轮次）',
    base: 'business',
    path: 'organizationCheck/list',
    method: 'GET',
    input: inspectionListSchema,
    output: inspectionRoundRowSchema,
    envelope: 'page',
    access: inspectionRoles,
    paging: { page: 'page', size: 'rows' },
  },
  inspectors: {
    summary: '可选的检查人员（主管部门人员）',
    base: 'business',
    path: 'organizationCheck/inspectors',
    method: 'GET',
    output: z.array(inspectorRef),
    envelope: 'result',
    access: inspectionRoles,
  },
  create: {
    summary: '开启检查轮次：冻结候选机构和检查人员名单，公布承诺值',
    base: 'business',
    path: 'organizationCheck/create',
    method: 'POST',
    input: inspectionCreateSchema,
    output: inspectionRoundRowSchema,
    envelope: 'result',
    access: inspectionRoles,
  },
  detail: {
    summary: '检查轮次详情：抽取公示、检查对象及结果、操作记录',
    base: 'business',
    path: 'organizationCheck/detail',
    method: 'GET',
    input: inspectionIdSchema,
    output: inspectionDetailSchema,
    envelope: 'result',
    access: inspectionRoles,
  },
  draw: {
    summary: '抽取检查对象和检查人员（公开随机数，每个轮次一次）',
    base: 'business',
    path: 'organizationCheck/draw',
    method: 'POST',
    input: inspectionIdSchema,
    output: inspectionDetailSchema,
    envelope: 'result',
    access: inspectionRoles,
  },
  record: {
    summary: '录入检查结果（抽中检查该机构的检查人员，公开前可修改）',
    base: 'business',
    path: 'organizationCheck/record',
    method: 'POST',
    input: inspectionRecordSchema,
    output: inspectionDetailSchema,
    envelope: 'result',
    access: inspectionRoles,
  },
  publish: {
    summary: '公开检查结果（全部录入后），计入机构信用分',
    base: 'business',
    path: 'organizationCheck/publish',
    method: 'POST',
    input: inspectionIdSchema,
    output: inspectionDetailSchema,
    envelope: 'result',
    access: inspectionRoles,
  },
  exportExcel: {
    summary: '导出检查轮次的检查结果（Excel）',
    base: 'business',
    path: 'organizationCheck/exportExcel',
    method: 'GET',
    input: inspectionIdSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: inspectionRoles,
  },
  drawRecord: {
    summary: '检查轮次的抽取公示（承诺值、候选名单，抽取后公开随机数和抽中结果），任何人可复核',
    base: 'business',
    path: 'organizationCheck/drawRecord',
    method: 'GET',
    input: inspectionIdSchema,
    output: inspectionPublicSchema,
    envelope: 'result',
    access: 'public',
  },
  agencyResults: {
    summary: '机构已公开的抽查结果',
    base: 'business',
    path: 'organizationCheck/agencyResults',
    method: 'GET',
    input: inspectionAgencySchema,
    output: z.array(inspectionAgencyResultSchema),
    envelope: 'result',
    access: 'public',
  },
});
