/**
 * An agency's staff (agentstaff/*): the agency adds people, the authority reviews each addition through
 * the review workflow (server/modules/review). A person on the person blacklist cannot be added.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import { reviewDecisionKeys } from '@shared/domain/review';
import { idSchema, pagingSchema } from '@shared/validation/lists';
import {
  staffAddSchema,
  staffChangeListSchema,
  staffDecisionSchema,
  staffListSchema,
  staffUpdateSchema,
} from '@shared/validation/staff';
import { staffFieldKeys } from '@shared/domain/staff';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

export const staffRowSchema = z.object({
  staffId: id,
  organizationId: id,
  orgName: z.string(),
  name: z.string(),
  idCardNo: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  certificateNo: z.string().nullable(),
  post: z.string().nullable(),
  auditStatus: z.number().int(),
  isBlacklisted: z.boolean(),
  createdAt: dateTime,
});
export type StaffRow = z.infer<typeof staffRowSchema>;

const reviewRecordSchema = z.object({
  pkid: id,
  decision: z.number().int(),
  opinion: z.string().nullable(),
  auditorName: z.string().nullable(),
  roleId: z.string().nullable(),
  transferToName: z.string().nullable(),
  auditedAt: dateTime,
});

export const staffDetailSchema = staffRowSchema.extend({
  /** Set when the agency deleted the person: kept readable from its history, gone from the lists. */
  deletedAt: dateTime.nullable(),
  /** The person's open (pending) change, if any. */
  openChangeId: id.nullable(),
  review: z
    .object({
      status: z.number().int(),
      version: z.number().int(),
      allowed: z.array(z.enum(reviewDecisionKeys as [string, ...string[]])),
    })
    .nullable(),
  records: z.array(reviewRecordSchema),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

const staffFieldsSchema = z.object({
  name: z.string(),
  idCardNo: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  certificateNo: z.string().nullable(),
  post: z.string().nullable(),
});

export const staffChangeRowSchema = z.object({
  pkid: id,
  staffId: id,
  organizationId: id,
  orgName: z.string(),
  name: z.string(),
  auditStatus: z.number().int(),
  changedFields: z.array(z.enum(staffFieldKeys as [string, ...string[]])),
  createdAt: dateTime,
  appliedAt: dateTime.nullable(),
});
export type StaffChangeRow = z.infer<typeof staffChangeRowSchema>;

export const staffChangeDetailSchema = staffChangeRowSchema.extend({
  before: staffFieldsSchema,
  data: staffFieldsSchema,
  review: z
    .object({
      status: z.number().int(),
      version: z.number().int(),
      allowed: z.array(z.enum(reviewDecisionKeys as [string, ...string[]])),
    })
    .nullable(),
  records: z.array(reviewRecordSchema),
});
export type StaffChangeDetail = z.infer<typeof staffChangeDetailSchema>;

export const staffSaveResultSchema = z.object({
  staffId: id,
  /** The change sent for review when the person was already approved; null when edited in place. */
  changeId: id.nullable(),
});

/** Who may open the staff list may call its calls; an agency sees only its own (checked in the service). */
const staffRoles = pageRoles('orgstaff', 'stafflist');
const reviewRoles = pageRoles('orgstaff', 'personnelReview');

export const staffCalls = defineCalls('staff', {
  query: {
    summary: '从业人员列表（机构只看本机构）',
    base: 'business',
    path: 'agentstaff/query',
    method: 'GET',
    input: staffListSchema,
    output: staffRowSchema,
    envelope: 'page',
    access: staffRoles,
    paging: { page: 'page', size: 'rows' },
  },
  add: {
    summary: '机构新增从业人员并提交审核',
    base: 'business',
    path: 'agentstaff/add',
    method: 'POST',
    input: staffAddSchema,
    output: staffRowSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  queryOne: {
    summary: '从业人员详情（审核状态与审核记录）',
    base: 'business',
    path: 'agentstaff/queryOne/{id}',
    method: 'GET',
    input: idSchema,
    output: staffDetailSchema,
    envelope: 'result',
    access: staffRoles,
  },
  approve: {
    summary: '审核从业人员（通过或不通过）',
    base: 'business',
    path: 'agentstaff/approve',
    method: 'POST',
    input: staffDecisionSchema,
    output: staffDetailSchema,
    envelope: 'result',
    access: reviewRoles,
  },
  update: {
    summary: '机构修改从业人员：未通过的改后重新提交审核，已通过的改动作为变更提交审核',
    base: 'business',
    path: 'agentstaff/update',
    method: 'POST',
    input: staffUpdateSchema,
    output: staffSaveResultSchema,
    envelope: 'result',
    access: [roles.agency.id],
  },
  delete: {
    summary: '机构删除从业人员（审核记录保留，可从历史查看）',
    base: 'business',
    path: 'agentstaff/delete/{id}',
    method: 'POST',
    input: idSchema,
    output: z.object({ staffId: id }),
    envelope: 'result',
    access: [roles.agency.id],
  },
  toDoStaff: {
    summary: '待审核的从业人员',
    base: 'business',
    path: 'agentstaff/toDoStaff',
    method: 'GET',
    input: pagingSchema,
    output: staffRowSchema,
    envelope: 'page',
    access: reviewRoles,
    paging: { page: 'page', size: 'rows' },
  },
});

const changeRoles = pageRoles('orgstaff', 'staffchecklist');

/** Changes of approved people (agentStaffChange/*), reviewed like agency changes. */
export const staffChangeCalls = defineCalls('staffChange', {
  query: {
    summary: '人员变更列表（机构只看本机构）',
    base: 'business',
    path: 'agentStaffChange/query',
    method: 'GET',
    input: staffChangeListSchema,
    output: staffChangeRowSchema,
    envelope: 'page',
    access: changeRoles,
    paging: { page: 'page', size: 'rows' },
  },
  queryOne: {
    summary: '人员变更详情：变更前后两份信息、改动的字段与审核记录',
    base: 'business',
    path: 'agentStaffChange/queryOne/{id}',
    method: 'GET',
    input: idSchema,
    output: staffChangeDetailSchema,
    envelope: 'result',
    access: changeRoles,
  },
  approve: {
    summary: '审核人员变更（通过即生效，不通过则保持原信息）',
    base: 'business',
    path: 'agentStaffChange/approve',
    method: 'POST',
    input: staffDecisionSchema,
    output: staffChangeDetailSchema,
    envelope: 'result',
    access: reviewRoles,
  },
  toDo: {
    summary: '待审核的人员变更',
    base: 'business',
    path: 'agentStaffChange/toDo',
    method: 'GET',
    input: pagingSchema,
    output: staffChangeRowSchema,
    envelope: 'page',
    access: reviewRoles,
    paging: { page: 'page', size: 'rows' },
  },
});
