/**
 * An agency's staff (agentstaff/*): the agency adds people, the authority reviews each addition through
 * the review workflow (server/modules/review). A person on the person blacklist cannot be added.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { pageRoles } from '@shared/domain/routes';
import { reviewDecisionKeys } from '@shared/domain/review';
import { idSchema, pagingSchema } from '@shared/validation/lists';
import { staffAddSchema, staffDecisionSchema, staffListSchema } from '@shared/validation/staff';
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

export const staffDetailSchema = staffRowSchema.extend({
  review: z
    .object({
      status: z.number().int(),
      version: z.number().int(),
      allowed: z.array(z.enum(reviewDecisionKeys as [string, ...string[]])),
    })
    .nullable(),
  records: z.array(
    z.object({
      pkid: id,
      decision: z.number().int(),
      opinion: z.string().nullable(),
      auditorName: z.string().nullable(),
      roleId: z.string().nullable(),
      transferToName: z.string().nullable(),
      auditedAt: dateTime,
    }),
  ),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

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
