/**
 * A construction unit's attachments and change requests (issue 12, construction units). The unit
 * itself is construction_units (parties.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { constructionAttachmentKind, type ConstructionFields } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { constructionUnits } from './parties';
import { attachmentTable } from './registration';

/** The business licence and other files of a unit's verification. */
export const constructionUnitAttachments = attachmentTable(
  'construction_unit_attachments',
  { key: 'constructionId', column: 'construction_id', references: () => constructionUnits.constructionId },
  constructionAttachmentKind.values,
);

/**
 * A change request of a verified unit (construction/update): a full copy of its fields with the edits
 * (`data`). The unit's row stays in force until a reviewer approves; the approval copies `data` over it
 * (server/modules/review/change-tables.ts). At most one open (draft or pending) request per unit.
 */
export const constructionUnitChanges = pgTable(
  'construction_unit_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'set null' }),
    /** The fields when the change was asked for (the reviewers' left column). */
    before: jsonb('before').$type<ConstructionFields>().notNull(),
    data: jsonb('data').$type<ConstructionFields>().notNull(),
    reason: text('reason'),
    auditStatus: smallint('audit_status').notNull().default(0),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('construction_unit_changes_audit_status_check', t.auditStatus, auditStatus.values),
    index('construction_unit_changes_construction_id_idx').on(t.constructionId, t.createdAt),
    uniqueIndex('construction_unit_changes_open_key')
      .on(t.constructionId)
      .where(sql`${t.auditStatus} in (0, 1)`),
  ],
);
