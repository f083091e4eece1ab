/**
 * What review decisions do to an agency's rows (server/modules/review/hooks.ts): an application's
 * status is mirrored into agent_organizations.audit_status (the hall and the lists read it), as every
 * registration's (server/modules/review/registration.ts); an approved change request writes its copy
 * over the agency and, when it touched them, replaces the attachments.
 */
import { eq } from 'drizzle-orm';
import { agentOrgAttachments, agentOrgChanges, agentOrganizations } from '@server/db/schema';
import { registrantReview, type ChangeTable, type ReviewHookContext } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import { attachmentsDiffer } from '@shared/domain/staff';
import { agencyRegistration } from './registration';

export const orgChanges: ChangeTable<typeof agentOrgChanges> = {
  subjectType: auditSubject.code.orgChange,
  table: agentOrgChanges,
  subjectId: agentOrgChanges.organizationId,
};

/**
 * An approved agency change writes its copy of the fields over the agency and, when it touched them,
 * replaces the attachments (older changes carry empty sets).
 */
async function applyOrgChange(hook: ReviewHookContext, change: typeof agentOrgChanges.$inferSelect) {
  const orgId = change.organizationId;
  await hook.tx
    .update(agentOrganizations)
    .set({ ...change.data, updatedAt: hook.at })
    .where(eq(agentOrganizations.organizationId, orgId));
  if (!attachmentsDiffer(change.beforeFiles, change.dataFiles)) return;
  await hook.tx.delete(agentOrgAttachments).where(eq(agentOrgAttachments.organizationId, orgId));
  if (change.dataFiles.length > 0)
    await hook.tx
      .insert(agentOrgAttachments)
      .values(change.dataFiles.map(({ kind, fileId }) => ({ organizationId: orgId, kind, fileId })));
}

/** Agencies and their change requests as review items (server/db/review-items.ts) and review hooks. */
export const { items: agencyReviewItems, hooks: agencyReviewHooks } = registrantReview(
  agencyRegistration,
  agentOrganizations.orgName,
  orgChanges,
  applyOrgChange,
);
