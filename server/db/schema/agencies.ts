/**
 * The agency application's own tables (issue 12, agency half): its attachments, its change requests
 * and who reviews each kind of subject (/audituser). The agency itself is agent_organizations
 * (parties.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditStatus } from '@shared/domain/statuses';
import { agencyAttachmentKind, auditUserKind, type AgencyFields } from '@shared/domain/agencies';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations, agentStaff } from './parties';
import { attachmentTable } from './registration';
import { staffAttachmentKind, type AttachmentRef } from '@shared/domain/staff';

/** The business licence, qualification certificate and other files of an agency's application. */
export const agentOrgAttachments = attachmentTable(
  'agent_org_attachments',
  { key: 'organizationId', column: 'organization_id', references: () => agentOrganizations.organizationId },
  agencyAttachmentKind.values,
);

/** A person's ID card copy, certificate and other files (shown to reviewers, replaced by changes). */
export const agentStaffAttachments = attachmentTable(
  'agent_staff_attachments',
  { key: 'staffId', column: 'staff_id', references: () => agentStaff.staffId },
  staffAttachmentKind.values,
);

/**
 * A change request of an approved agency: a full copy of its fields with the edits (`data`). The
 * agency's row stays in force until a reviewer approves; the approval copies `data` over it. At most
 * one open (draft or pending) request per agency.
 */
export const agentOrgChanges = pgTable(
  'agent_org_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'set null' }),
    /** The fields before the change, as they were when it was asked for (the reviewers' left column). */
    before: jsonb('before').$type<AgencyFields>().notNull(),
    data: jsonb('data').$type<AgencyFields>().notNull(),
    /**
     * The agency's attachments when the change was asked for, and the set the change puts in force
     * (the same as before when the change does not touch them). Approval replaces the attachments.
     */
    beforeFiles: jsonb('before_files').$type<AttachmentRef[]>().notNull().default([]),
    dataFiles: jsonb('data_files').$type<AttachmentRef[]>().notNull().default([]),
    reason: text('reason'),
    auditStatus: smallint('audit_status').notNull().default(0),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('agent_org_changes_audit_status_check', t.auditStatus, auditStatus.values),
    index('agent_org_changes_organization_id_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('agent_org_changes_open_key')
      .on(t.organizationId)
      .where(sql`${t.auditStatus} in (0, 1)`),
  ],
);

/** Who reviews which kind of subject (/audituser): none assigned = every holder of the reviewing role. */
export const auditUsers = pgTable(
  'audit_users',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('audit_users_kind_check', t.kind, auditUserKind.values),
    uniqueIndex('audit_users_kind_user_key').on(t.kind, t.userId),
  ],
);
