/**
 * The oversight hub (中枢清单, spec section 2 /omphalos; issue 25): the authority's view of where the
 * city's process is stuck. Every open review task (which project, which step, who holds it, since when,
 * its deadline, overdue or not) and the tasks sent back for rework (rejected filings, results, returned
 * contracts) with the reason and how often. The district sub-office sees its district's only.
 */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import { oversightOpenSchema, oversightReturnedSchema } from '@shared/validation/oversight';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const READERS = pageRoles('omphalos', 'governorOmphalosList');
const RF_READERS = pageRoles('omphalos', 'governorOmphalosListRF');

const taskFields = {
  pkid: id.describe('审核事项编号'),
  subjectType: z.string().describe('办理环节（审核事项类型）'),
  stepName: z.string(),
  subjectId: id,
  /** The subject as the reviewers' to-dos call it (its number or name), else its id. */
  subjectName: z.string(),
  projectId: id.nullable(),
  projectName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  applicantName: z.string().nullable(),
  /** The page where the task is (the reviewers' page of the subject). */
  href: z.string(),
};

export const oversightOpenRowSchema = z.object({
  ...taskFields,
  holderName: z.string().nullable().describe('领取或被转办的审核人员（未领取为空）'),
  submittedAt: dateTime.nullable().describe('提交时间（待办开始）'),
  dueAt: dateTime.nullable().describe('办理期限（此时刻起超期）'),
  overdue: z.boolean(),
});
export type OversightOpenRow = z.infer<typeof oversightOpenRowSchema>;

export const oversightReturnedRowSchema = z.object({
  ...taskFields,
  rejectedAt: dateTime.describe('退回时间'),
  rejectedBy: z.string().nullable(),
  reason: z.string().nullable().describe('退回原因（审核意见）'),
  times: z.number().int().positive().describe('被退回次数'),
});
export type OversightReturnedRow = z.infer<typeof oversightReturnedRowSchema>;

export const oversightHolderSchema = z.object({ pkid: id, username: z.string(), tasks: z.number().int() });

export const oversightCalls = defineCalls('oversight', {
  openTasks: {
    summary: '中枢清单：全市待办审核事项（项目、环节、办理人、开始时间、期限、是否超期），按期限排序',
    base: 'business',
    path: 'omphalos/openTasks',
    method: 'GET',
    input: oversightOpenSchema,
    output: oversightOpenRowSchema,
    envelope: 'page',
    access: READERS,
    paging: { page: 'page', size: 'rows' },
  },
  holders: {
    summary: '中枢清单：当前持有待办的审核人员（办理人筛选项）',
    base: 'business',
    path: 'omphalos/holders',
    method: 'GET',
    output: z.array(oversightHolderSchema),
    envelope: 'object',
    access: READERS,
  },
  returnedTasks: {
    summary: '中枢反馈清单：被退回待整改的事项（备案、成果、合同等），含退回原因和退回次数',
    base: 'business',
    path: 'omphalos/returnedTasks',
    method: 'GET',
    input: oversightReturnedSchema,
    output: oversightReturnedRowSchema,
    envelope: 'page',
    access: RF_READERS,
    paging: { page: 'page', size: 'rows' },
  },
});
