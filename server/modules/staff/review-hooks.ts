/**
 * What review decisions do to staff rows (server/modules/review/hooks.ts): a person's status is
 * mirrored into agent_staff.audit_status; an approved change request writes its copy over the person
 * and, when it touched them, replaces the attachments. Neither approval stands for a blacklisted person.
 */
import { eq } from 'drizzle-orm';
import type { ReviewItemSources } from '@server/db/review-items';
import { agentOrganizations, agentStaff, agentStaffChanges } from '@server/db/schema';
import { isPersonBlacklisted } from '@server/modules/credit';
import {
  applyOnApproval,
  changeItems,
  requireSubjectRow,
  type ChangeTable,
  type ReviewHookContext,
  type ReviewHooks,
} from '@server/modules/review';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { staffMessages } from '@shared/validation/staff';
import { attachmentsDiffer } from '@shared/domain/staff';
import { replaceStaffAttachments } from './attachments';

export const staffChanges: ChangeTable<typeof agentStaffChanges> = {
  subjectType: auditSubject.code.staffChange,
  table: agentStaffChanges,
  subjectId: agentStaffChanges.staffId,
};

/**
 * A person blacklisted after the agency applied must not become staff through the approval: the rule
 * "a blacklisted person cannot be added as staff anywhere" holds at the moment the person takes effect.
 */
async function refuseBlacklisted(hook: ReviewHookContext, idCardNo: string | null | undefined) {
  if (hook.to !== auditStatus.code.approved || !idCardNo) return;
  if (await isPersonBlacklisted(hook.tx, idCardNo, beijingDate(hook.at)))
    throw new AppError('conflict', { message: staffMessages.blacklistedApproval });
}

async function mirrorAgentStaff(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = agentStaff;
  if (hook.to === auditStatus.code.approved) {
    const [person] = await hook.tx
      .select({ idCardNo: t.idCardNo })
      .from(t)
      .where(eq(t.staffId, hook.subjectId));
    await refuseBlacklisted(hook, person?.idCardNo);
  }
  requireSubjectRow(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.staffId, hook.subjectId))
      .returning({ id: t.staffId }),
  );
}

/**
 * An approved staff change: refused when the person (with the ID card the change gives them) is
 * blacklisted (the whole decision rolls back); else its copy of the fields goes over the person, and
 * its attachments replace the person's when the change touched them.
 */
async function applyStaffChange(hook: ReviewHookContext, change: typeof agentStaffChanges.$inferSelect) {
  await refuseBlacklisted(hook, change.data.idCardNo);
  await hook.tx
    .update(agentStaff)
    .set({ ...change.data, updatedAt: hook.at })
    .where(eq(agentStaff.staffId, change.staffId));
  if (attachmentsDiffer(change.beforeFiles, change.dataFiles))
    await replaceStaffAttachments(hook.tx, change.staffId, change.dataFiles);
}

/** Staff and their change requests as review items: the agency's account applies for its staff. */
export const staffReviewItems: ReviewItemSources = {
  [auditSubject.code.agentStaff]: {
    table: agentStaff,
    join: { table: agentOrganizations, on: eq(agentOrganizations.organizationId, agentStaff.organizationId) },
    id: agentStaff.staffId,
    applicant: agentOrganizations.userId,
    // A person's row keeps no submission or decision time of its own.
    submitted: agentStaff.updatedAt,
    decided: agentStaff.updatedAt,
    name: agentStaff.name,
  },
  [auditSubject.code.staffChange]: changeItems(staffChanges),
};

export const staffReviewHooks: ReviewHooks = {
  [auditSubject.code.agentStaff]: mirrorAgentStaff,
  [auditSubject.code.staffChange]: applyOnApproval(staffChanges, applyStaffChange),
};
