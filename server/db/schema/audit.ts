import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamptz } from './columns';

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
    auditedAt: timestamptz('audited_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('audit_records_subject_type_check', t.subjectType, auditSubject.values),
    checkIn('audit_records_decision_check', t.decision, auditDecision.values),
    index('audit_records_subject_idx').on(t.subjectType, t.subjectId, t.auditedAt),
    index('audit_records_auditor_id_idx').on(t.auditorId, t.auditedAt),
  ],
);
