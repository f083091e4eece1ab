/**
 * Result sharing (issue 22; shared/domain/sharing.ts): applications of result-sharing departments for
 * an accepted project's results, and every download of a result file made under one.
 */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { shareStatus } from '@shared/domain/sharing';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { projects } from './projects';

/**
 * One application: the project, the applicant (a 成果共享单位 account), its purpose and its state
 * (shareStatus, mirrored from its review items). `validUntil` is set when the authority approves.
 */
export const shareApplications = pgTable(
  'share_applications',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.pkid),
    purpose: text('purpose').notNull(),
    status: integer('status').notNull().default(0),
    submittedAt: timestamptz('submitted_at'),
    approvedAt: timestamptz('approved_at'),
    validUntil: timestamptz('valid_until'),
    ...timestamps(),
  },
  (t) => [
    checkIn('share_applications_status_check', t.status, shareStatus.values),
    index('share_applications_project_id_idx').on(t.projectId),
    index('share_applications_applicant_id_idx').on(t.applicantId),
  ],
);

/** A download of a result file under an application: who, when, which file. */
export const shareDownloads = pgTable(
  'share_downloads',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => shareApplications.pkid, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid),
    downloadedAt: timestamptz('downloaded_at').notNull().defaultNow(),
  },
  (t) => [
    index('share_downloads_application_id_idx').on(t.applicationId, t.downloadedAt),
    index('share_downloads_user_id_idx').on(t.userId),
  ],
);
