/**
 * The review engine's own calls (server/modules/review): claiming a task from a reviewers' pool (领取).
 * Each queue's list stays its domain's call, with the engine's queue fields (shared/validation/review.ts).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { reviewClaimSchema } from '@shared/validation/review';
import { defineCalls } from './define';
import { id } from './wire';

/** Who reviews anything: the authority, the auditors and the administrator (the pool narrows it). */
export const reviewerRoles = [roles.admin.id, roles.authority.id, roles.auditor.id];

export const reviewClaimSchemaOut = z.object({
  subjectType: z.string(),
  subjectId: id,
  holderId: id,
  holderName: z.string().describe('领取人姓名'),
});

export const reviewCalls = defineCalls('review', {
  claim: {
    summary: '领取审核任务：未分配的待审核事项由本人办理（只有该类事项的审核人员可以领取）',
    base: 'business',
    path: 'review/claim',
    method: 'POST',
    input: reviewClaimSchema,
    output: reviewClaimSchemaOut,
    envelope: 'result',
    access: reviewerRoles,
  },
});
