/**
 * Survey results (issue 22, DOMAIN.md "The second half of the process"): the result catalogue of each
 * survey item (versioned, never edited in place), the catalogue a project's demand was fixed to when its
 * agency was authorized, and the project's result items (one per catalogue entry) with their files.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { resultAcceptance } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { projectDemands, projects } from './projects';
import { surveyItems } from './reference';

/**
 * One version of a survey item's result catalogue. Saving the catalogue adds the next version, so a
 * project fixed to version n keeps exactly the entries it was given.
 */
export const resultCatalogueVersions = pgTable(
  'result_catalogue_versions',
  {
    versionId: integer('version_id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => surveyItems.itemId),
    version: integer('version').notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('result_catalogue_versions_version_check', sql`${t.version} >= 1`),
    uniqueIndex('result_catalogue_versions_item_version_key').on(t.itemId, t.version),
  ],
);

/** A result file a catalogue version asks for. */
export const resultCatalogueEntries = pgTable(
  'result_catalogue_entries',
  {
    entryId: integer('entry_id').primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => resultCatalogueVersions.versionId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Accepted extensions, lower case without dots (['pdf', 'dwg']). */
    formats: text('formats').array().notNull(),
    required: boolean('required').notNull().default(true),
    /** The largest file accepted, in bytes. */
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    check('result_catalogue_entries_max_size_check', sql`${t.maxSize} > 0`),
    index('result_catalogue_entries_version_id_idx').on(t.versionId, t.orderIndex),
  ],
);

/** The catalogue version each item of a demand was fixed to (at the agency's authorization). */
export const demandResultCatalogues = pgTable(
  'demand_result_catalogues',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => surveyItems.itemId),
    versionId: integer('version_id')
      .notNull()
      .references(() => resultCatalogueVersions.versionId),
    fixedAt: timestamptz('fixed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('demand_result_catalogues_demand_item_key').on(t.demandId, t.itemId)],
);

/**
 * A project's result for one catalogue entry: its acceptance state (resultAcceptance: 0 未提交 →
 * 1 submitted → 2 adopted | 3 rejected with an opinion → 1 resubmitted …), description, who and when.
 */
export const projectResults = pgTable(
  'project_results',
  {
    resultId: integer('result_id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => surveyItems.itemId),
    entryId: integer('entry_id')
      .notNull()
      .references(() => resultCatalogueEntries.entryId),
    status: integer('status').notNull().default(0),
    description: text('description'),
    /** The auditor's opinion of the last rejection (kept until the item is adopted). */
    opinion: text('opinion'),
    submittedBy: integer('submitted_by').references(() => users.pkid, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at'),
    decidedBy: integer('decided_by').references(() => users.pkid, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    /**
     * The acceptance round the item was last submitted in (0 = never): each submission of the
     * project's results is the next round (one more than the project's highest), so which items the
     * pending acceptance judges does not depend on the clock (two events in one millisecond, a clock
     * set back).
     */
    round: integer('round').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    checkIn('project_results_status_check', t.status, resultAcceptance.values),
    uniqueIndex('project_results_demand_entry_key').on(t.demandId, t.entryId),
    index('project_results_project_id_idx').on(t.projectId),
  ],
);

/** The stored files of a result item (ids in `files`). */
export const projectResultFiles = pgTable(
  'project_result_files',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    resultId: integer('result_id')
      .notNull()
      .references(() => projectResults.resultId, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** An auditor's file on the item (acceptApproveMedia) rather than the agency's result. */
    byAuditor: boolean('by_auditor').notNull().default(false),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_result_files_result_file_key').on(t.resultId, t.fileId),
    index('project_result_files_file_id_idx').on(t.fileId),
  ],
);
