/**
 * Offline projects and survey cases (issue 13, offline-and-cases slice).
 *
 * - project_offlines: projects surveyed outside the system, recorded by the agency that surveyed them
 *   with their documents, for the statistics; reviewed through the review engine (subject
 *   'project_offline'), `audit_status` mirrors the review item (docs/offline-projects.md).
 * - survey_cases (办件): the agency's survey case of an accepted authorization on a project whose
 *   contract is filed; opening one moves the project 3 → 4 (测绘中). survey_case_staff: who surveys
 *   which item of the case.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditStatus } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { agentOrganizations, agentStaff } from './parties';
import { projectAuthorizations, projectDemands, projects } from './projects';
import { districts, stages, surveyItems } from './reference';

export const projectOfflines = pgTable(
  'project_offlines',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectName: text('project_name').notNull(),
    /** The project's code on the approval platform or the contract number, as the agency has it. */
    projectNo: text('project_no'),
    /** The construction unit (free text: it may have no account here). */
    constructionName: text('construction_name').notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.districtCode),
    address: text('address'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.stageId),
    /** Survey item ids of the stage that were surveyed. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    /** The recording (surveying) agency. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    /** The day the survey was completed. */
    surveyedOn: date('surveyed_on', { mode: 'string' }).notNull(),
    remark: text('remark'),
    auditStatus: smallint('audit_status').notNull().default(0),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    auditedAt: timestamptz('audited_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('project_offlines_audit_status_check', t.auditStatus, auditStatus.values),
    check('project_offlines_items_check', sql`jsonb_array_length(${t.itemIds}) > 0`),
    index('project_offlines_organization_id_idx').on(t.organizationId, t.createdAt),
    index('project_offlines_audit_status_idx').on(t.auditStatus, t.districtCode),
  ],
);

/** The documents of an offline project (survey report, drawings, the contract copy). */
export const projectOfflineFiles = pgTable(
  'project_offline_files',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    offlineId: integer('offline_id')
      .notNull()
      .references(() => projectOfflines.pkid, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_offline_files_offline_id_idx').on(t.offlineId),
    index('project_offline_files_file_id_idx').on(t.fileId),
  ],
);

/** A survey case (办件): one per accepted authorization. */
export const surveyCases = pgTable(
  'survey_cases',
  {
    caseId: integer('case_id').primaryKey().generatedByDefaultAsIdentity(),
    caseNo: text('case_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    authorizationId: integer('authorization_id')
      .notNull()
      .references(() => projectAuthorizations.pkid, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    plannedStart: date('planned_start', { mode: 'string' }).notNull(),
    plannedEnd: date('planned_end', { mode: 'string' }).notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('survey_cases_dates_check', sql`${t.plannedEnd} >= ${t.plannedStart}`),
    uniqueIndex('survey_cases_case_no_key').on(t.caseNo),
    uniqueIndex('survey_cases_authorization_id_key').on(t.authorizationId),
    index('survey_cases_organization_id_idx').on(t.organizationId, t.createdAt),
    index('survey_cases_project_id_idx').on(t.projectId),
  ],
);

/** Who surveys which item of a case (the agency's approved staff). */
export const surveyCaseStaff = pgTable(
  'survey_case_staff',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => surveyCases.caseId, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => surveyItems.itemId),
    staffId: integer('staff_id')
      .notNull()
      .references(() => agentStaff.staffId),
  },
  (t) => [
    uniqueIndex('survey_case_staff_key').on(t.caseId, t.itemId, t.staffId),
    index('survey_case_staff_staff_id_idx').on(t.staffId),
  ],
);
