/**
 * The workflow base's calls (spec section 7 "Statistics and workflow", base /smsworkflow; docs/results.md
 * "Workflow calls"): the acceptance counts for the authority and the auditors, a survey case (办件) with
 * its results, a project's location for the map and its activity (the steps with who and when). Each
 * reads through the results' ownership rules: a project the user may not see answers as it does there.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { caseIdSchema } from '@shared/validation/offline';
import { projectActInfoSchema, projectLocationSchema } from '@shared/validation/results';
import { defineCalls } from './define';
import { resultItemSchema } from './results';
import { dateTime, id } from './wire';

const R = roles;
/** A project's readers (ownership checked per project, as for its results). */
const READERS = [R.owner.id, R.agency.id, R.staff.id, R.auditor.id, R.authority.id, R.district.id];

const count = z.number().int().nonnegative();

export const achievementAuditCountSchema = z.object({
  pending: count.describe('验收中（待审核）的项目'),
  overdue: count.describe('其中已超过办理期限的'),
  approved: count.describe('已验收的项目'),
  rejected: count.describe('已退回修改的项目'),
  total: count.describe('提交过验收的项目'),
  items: z.object({
    submitted: count.describe('待审核的成果项'),
    adopted: count.describe('已采纳的成果项'),
    rejected: count.describe('已退回的成果项'),
  }),
});
export type AchievementAuditCount = z.infer<typeof achievementAuditCountSchema>;

export const caseWithResultsSchema = z.object({
  caseId: id,
  caseNo: z.string(),
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  orgName: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  createdAt: dateTime,
  staff: z.array(z.object({ itemId: id, itemName: z.string(), staffName: z.string() })),
  results: z.array(resultItemSchema),
});
export type CaseWithResults = z.infer<typeof caseWithResultsSchema>;

export const projectLocationOutSchema = z.object({
  projectId: id,
  itemId: id,
  itemName: z.string(),
  districtCode: z.string(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  lon: z.number(),
  lat: z.number(),
  geometry: z
    .object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) })
    .describe('GeoJSON 点（经度、纬度）'),
});
export type ProjectLocation = z.infer<typeof projectLocationOutSchema>;

export const activityStepSchema = z.object({
  kind: z.enum(['project', 'acceptance']).describe('project 项目流转，acceptance 成果验收'),
  content: z.string(),
  actorName: z.string().nullable(),
  at: dateTime,
});
export const projectActivitySchema = z.object({
  projectId: id,
  projectNo: z.string(),
  status: z.number().int(),
  steps: z.array(activityStepSchema).describe('已办的步骤，先后为序'),
  current: z
    .object({
      content: z.string(),
      holderName: z.string().nullable().describe('办理人；null 为尚未领取'),
      since: dateTime.nullable(),
      dueAt: dateTime.nullable(),
    })
    .nullable()
    .describe('在办的步骤（mngOrHis=1 时；历史查询为 null）'),
});
export type ProjectActivity = z.infer<typeof projectActivitySchema>;

export const workflowCalls = defineCalls('workflow', {
  achievementAuditCount: {
    summary: '成果验收统计：验收中、超期、已验收、已退回的项目数和各状态的成果项数',
    base: 'workflow',
    path: 'statistics/getAchievementAuditCount',
    method: 'GET',
    input: z.object({}),
    output: achievementAuditCountSchema,
    envelope: 'object',
    access: [R.authority.id, R.auditor.id],
  },
  caseById: {
    summary: '办件及其成果：办件编号、项目、计划日期、各测绘事项的作业人员和成果',
    base: 'workflow',
    path: 'hisCityCases/getBycaseId',
    method: 'GET',
    input: caseIdSchema,
    output: caseWithResultsSchema,
    envelope: 'object',
    access: READERS,
  },
  projectLocation: {
    summary: '项目位置（地图上的点）：经纬度、地址和所在区县；测绘事项须属于该项目',
    base: 'workflow',
    path: 'case/getZhujianProjectLocation',
    method: 'GET',
    input: projectLocationSchema,
    output: projectLocationOutSchema,
    envelope: 'object',
    access: READERS,
  },
  projectActInfo: {
    summary: '项目的办理过程：项目流转和成果验收的每一步（谁、何时），在办时另有当前步骤',
    description: 'mngOrHis=1 在办（含当前步骤），mngOrHis=2 历史（只有已办的步骤）。',
    base: 'workflow',
    path: 'mngCityCases/projectActInfo',
    method: 'POST',
    input: projectActInfoSchema,
    output: projectActivitySchema,
    envelope: 'object',
    access: READERS,
  },
});
