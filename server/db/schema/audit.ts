import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditDecision, auditStatus, auditSubject } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';

/**
 * The audit trail of every audited subject (agency, staff, unit, change, contract filing, ...): who
 * decided what, when, with which opinion; transfers name the staff member the task went to.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    decision: smallint('decision').notNull(),
    opinion: text('opinion'),
    auditorId: integer('auditor_id').references(() => users.pkid, { onDelete: 'set null' }),
    auditorName: text('auditor_name'),
    transferToId: integer('transfer_to_id').references(() => users.pkid, { onDelete: 'set null' }),
    /** The role the decider acted in (a reviewer's reviewing role, or the applicant's). */
    roleId: text('role_id'),
    /** Audit status before and after (review decisions; null for other trails such as notices). */
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    auditedAt: timestamptz('audited_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('audit_records_subject_type_check', t.subjectType, auditSubject.values),
    checkIn('audit_records_decision_check', t.decision, auditDecision.values),
    index('audit_records_subject_idx').on(t.subjectType, t.subjectId, t.auditedAt),
    index('audit_records_auditor_id_idx').on(t.auditorId, t.auditedAt),
  ],
);

/**
 * Subjects under review (server/modules/review): one row per reviewed subject, its audit status, who
 * applied and who holds it now. `version` grows with every decision, so two reviewers deciding at once
 * cannot both win (the second one's conditional UPDATE finds nothing).
 */
export const reviewItems = pgTable(
  'review_items',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    status: smallint('status').notNull().default(0),
    /**
     * Who applied (submits, withdraws, is told about decisions); null for a subject that has no
     * account behind it (an agency entered by the authority), which only reviewers and the
     * administrator act on.
     */
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'restrict' }),
    /** The reviewer holding it (after a transfer); null = anyone of the kind's reviewers. */
    assigneeId: integer('assignee_id').references(() => users.pkid, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    /**
     * Service deadline of the pending task (server/modules/deadlines): overdue from dueAt, a reminder
     * at remindAt (one working day before), remindedAt once it was sent (at most once per submission).
     */
    dueAt: timestamptz('due_at'),
    remindAt: timestamptz('remind_at'),
    remindedAt: timestamptz('reminded_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('review_items_subject_type_check', t.subjectType, auditSubject.values),
    checkIn('review_items_status_check', t.status, auditStatus.values),
    uniqueIndex('review_items_subject_idx').on(t.subjectType, t.subjectId),
    index('review_items_pending_idx').on(t.status, t.subjectType, t.submittedAt),
    index('review_items_assignee_idx').on(t.assigneeId),
    index('review_items_remind_idx').on(t.remindAt),
  ],
);
