import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { creditEntryKinds, creditEntryStatuses } from '@shared/domain/credit';
import { creditGrades } from '@shared/domain/credit-score';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations } from './parties';

/**
 * Credit entries (信用记录): lost credit, unqualified, organization blacklist, person blacklist and the
 * red list. The agencies' flag columns (is_lost_credit, is_unqualified, is_blacklisted) and the
 * staff's is_blacklisted are derived from the active entries (server/modules/credit/flags.ts), never
 * written elsewhere. An entry is active from its start date through its end date; the job
 * `credit-expiry` marks it expired the day after.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    /** The organization of an organization entry (and of the red list). */
    organizationId: integer('organization_id').references(() => agentOrganizations.organizationId, {
      onDelete: 'cascade',
    }),
    /** A person blacklist entry names the person by ID card number: it holds across agencies. */
    personName: text('person_name'),
    idCardNo: text('id_card_no'),
    reason: text('reason').notNull(),
    /** Violation projects of an unqualified entry (agBreakPro). */
    projectIds: integer('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Evidence attachments (files.id). */
    evidenceFileIds: uuid('evidence_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null: until revoked. */
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    decidedBy: integer('decided_by').references(() => users.pkid, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at').notNull().defaultNow(),
    endedBy: integer('ended_by').references(() => users.pkid, { onDelete: 'set null' }),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason'),
    ...timestamps(),
  },
  (t) => [
    checkIn('credit_entries_kind_check', t.kind, creditEntryKinds),
    checkIn('credit_entries_status_check', t.status, creditEntryStatuses),
    check('credit_entries_period_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check(
      'credit_entries_subject_check',
      sql`(${t.kind} = 'personBlacklist' and ${t.idCardNo} is not null and ${t.personName} is not null) or (${t.kind} <> 'personBlacklist' and ${t.organizationId} is not null)`,
    ),
    index('credit_entries_organization_id_idx').on(t.organizationId),
    index('credit_entries_id_card_no_idx').on(t.idCardNo),
    index('credit_entries_kind_status_idx').on(t.kind, t.status),
    index('credit_entries_end_date_idx').on(t.endDate),
  ],
);

/**
 * Each change of an agency's credit score (server/modules/credit/score.ts): the score and grade before
 * and after, and what caused the recount (an owner's rating, an acceptance decision, a credit entry,
 * the nightly check). The agency's page lists them; the events behind the score explain each one.
 */
export const creditScoreChanges = pgTable(
  'credit_score_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId, { onDelete: 'cascade' }),
    fromScore: smallint('from_score').notNull(),
    toScore: smallint('to_score').notNull(),
    fromGrade: text('from_grade').notNull(),
    toGrade: text('to_grade').notNull(),
    cause: text('cause').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('credit_score_changes_from_grade_check', t.fromGrade, creditGrades),
    checkIn('credit_score_changes_to_grade_check', t.toGrade, creditGrades),
    index('credit_score_changes_organization_idx').on(t.organizationId, t.changedAt),
  ],
);
