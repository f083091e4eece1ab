/**
 * Results reporting to the provincial platform (issue 25, server/modules/reporting): one row per issued
 * certificate, written in the issuing transaction (an outbox), delivered by the `results-report` job
 * with retries and backoff. `document` is what is sent, fixed when the certificate is issued.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reportState } from '@shared/domain/reporting';
import { users } from './accounts';
import { certificates } from './certificates';
import { checkIn, timestamps, timestamptz } from './columns';
import { projects } from './projects';

export const resultsReports = pgTable(
  'results_reports',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.pkid, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    certificateNo: text('certificate_no').notNull(),
    projectName: text('project_name').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastError: text('last_error'),
    /** The provider that took it (directory, http) and what it answered (a file name, a receipt). */
    provider: text('provider'),
    receipt: text('receipt'),
    sentAt: timestamptz('sent_at'),
    /** The last administrator who sent it again by hand. */
    resentBy: integer('resent_by').references(() => users.pkid, { onDelete: 'set null' }),
    resentAt: timestamptz('resent_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('results_reports_state_check', t.state, reportState.values),
    uniqueIndex('results_reports_certificate_idx').on(t.certificateId),
    index('results_reports_due_idx').on(t.state, t.nextAttemptAt),
    index('results_reports_created_idx').on(t.createdAt),
  ],
);
