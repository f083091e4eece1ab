/**
 * A demand's own tables (issue 13, projects and demands): its attachments and the amendments that add
 * survey items to a released demand. The demand itself is project_demands (projects.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { auditStatus } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { projectDemands, projects } from './projects';

/** Files attached to a demand (submitFile): drawings, approvals, the scope of the survey. */
export const projectDemandFiles = pgTable(
  'project_demand_files',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_demand_files_demand_id_idx').on(t.demandId),
    index('project_demand_files_file_id_idx').on(t.fileId),
  ],
);

/**
 * Items added to a released demand (spec: one comprehensive demand per project, stage and funding
 * party). The items join the demand only when the authority approves, through the review workflow
 * (subject 'demand_amend'); until then the demand stays as released.
 */
export const projectDemandAmendments = pgTable(
  'project_demand_amendments',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    /** Survey item ids to add (none of them already in the demand when asked). */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    reason: text('reason'),
    auditStatus: smallint('audit_status').notNull().default(0),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('project_demand_amendments_audit_status_check', t.auditStatus, auditStatus.values),
    check('project_demand_amendments_items_check', sql`jsonb_array_length(${t.itemIds}) > 0`),
    index('project_demand_amendments_demand_id_idx').on(t.demandId),
    index('project_demand_amendments_audit_status_idx').on(t.auditStatus),
  ],
);
