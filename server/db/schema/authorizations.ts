import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { auditStatus } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations } from './parties';
import { projectAuthorizations, projectDemands, projects } from './projects';

/**
 * An owner's request to replace the agency of a demand (spec: /authchange/*; DOMAIN.md audit status).
 * Reviewed through the review engine (subject auth_change); its hook applies an approval: the old
 * authorization becomes 3 (已变更) and a new pending one is offered to `toOrganizationId`, who accepts
 * or declines it like any authorization. Both agencies stay on the row, so the logs keep both.
 */
export const projectAuthChanges = pgTable(
  'project_auth_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    /** The authorization being replaced (pending or accepted when asked). */
    authorizationId: integer('authorization_id')
      .notNull()
      .references(() => projectAuthorizations.pkid, { onDelete: 'cascade' }),
    fromOrganizationId: integer('from_organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    toOrganizationId: integer('to_organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    reason: text('reason').notNull(),
    auditStatus: smallint('audit_status').notNull().default(0),
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'set null' }),
    /** The authorization offered to the new agency when the change was approved. */
    newAuthorizationId: integer('new_authorization_id').references(() => projectAuthorizations.pkid, {
      onDelete: 'set null',
    }),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('project_auth_changes_audit_status_check', t.auditStatus, auditStatus.values),
    index('project_auth_changes_project_id_idx').on(t.projectId),
    index('project_auth_changes_demand_id_idx').on(t.demandId, t.auditStatus),
    index('project_auth_changes_applicant_id_idx').on(t.applicantId),
  ],
);
