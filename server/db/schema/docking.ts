import { date, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dockedFileTypeValues, dockingSources } from '@shared/domain/docking';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { projects } from './projects';

/**
 * Projects received from the provincial approval platform (server/modules/docking, docs/docking.md):
 * one row per platform project id, so importing the feed again changes nothing (or updates the row
 * when the platform changed it). An owner turns a row into a project (`projectId`); an administrator's
 * delete only hides it (`deletedAt`), so a later import does not bring it back.
 */
export const dockedProjects = pgTable(
  'docked_projects',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    /** The platform's own id of the project: the import's key. */
    platformProjectId: text('platform_project_id').notNull(),
    source: text('source').notNull(),
    projectName: text('project_name').notNull(),
    centralCode: text('central_code'),
    localCode: text('local_code'),
    districtCode: text('district_code'),
    address: text('address'),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    fundingParty: text('funding_party'),
    projectType: text('project_type'),
    /** 万元 */
    totalInvestment: doublePrecision('total_investment'),
    landArea: doublePrecision('land_area'),
    buildingArea: doublePrecision('building_area'),
    /** The construction unit as the platform names it; matched to an owner by credit code or name. */
    constructionName: text('construction_name').notNull(),
    constructionCreditCode: text('construction_credit_code'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    /** 审批文号 and date of the platform's approval. */
    approvalNo: text('approval_no'),
    approvedOn: date('approved_on', { mode: 'string' }),
    /** sha256 of the entry as last received: an unchanged entry is skipped. */
    payloadHash: text('payload_hash').notNull(),
    /** The project made from this row (or found with the same central code at import). */
    projectId: integer('project_id').references(() => projects.pkid, { onDelete: 'set null' }),
    importedBy: integer('imported_by').references(() => users.pkid, { onDelete: 'set null' }),
    importedAt: timestamptz('imported_at'),
    deletedAt: timestamptz('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    checkIn(
      'docked_projects_source_check',
      t.source,
      dockingSources.map((s) => s.value),
    ),
    uniqueIndex('docked_projects_platform_id_key').on(t.platformProjectId),
    index('docked_projects_central_code_idx').on(t.centralCode),
    index('docked_projects_credit_code_idx').on(t.constructionCreditCode),
    index('docked_projects_construction_name_idx').on(t.constructionName),
    index('docked_projects_project_id_idx').on(t.projectId),
    index('docked_projects_created_at_idx').on(t.createdAt),
  ],
);

/** A docked project's files, one per type, stored through the product's file storage. */
export const dockedProjectFiles = pgTable(
  'docked_project_files',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    dockedId: integer('docked_id')
      .notNull()
      .references(() => dockedProjects.pkid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('docked_project_files_type_check', t.type, dockedFileTypeValues),
    uniqueIndex('docked_project_files_docked_type_key').on(t.dockedId, t.type),
    index('docked_project_files_file_id_idx').on(t.fileId),
  ],
);
