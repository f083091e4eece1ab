import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { departments, users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';

/**
 * Stored files' metadata. The bytes live in the storage (filesystem or S3) under `storageKey`; rows
 * elsewhere reference files by id.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('files_size_check', sql`${t.size} >= 0`),
    check('files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index('files_sha256_idx').on(t.sha256),
    index('files_storage_key_idx').on(t.storageKey),
  ],
);

/** Notices and update logs (spec: noticeTitle, noticeTime, noticeContent (HTML), noticeType). */
export const notices = pgTable(
  'notices',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    noticeTitle: text('notice_title').notNull(),
    noticeType: smallint('notice_type').notNull().default(0),
    state: smallint('state').notNull().default(0),
    noticeTime: timestamptz('notice_time').notNull().defaultNow(),
    noticeContent: text('notice_content').notNull().default(''),
    deptId: integer('dept_id').references(() => departments.pkid, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    checkIn('notices_state_check', t.state, noticeState.values),
    checkIn('notices_notice_type_check', t.noticeType, noticeType.values),
    index('notices_state_type_time_idx').on(t.state, t.noticeType, t.noticeTime),
    index('notices_notice_time_idx').on(t.noticeTime),
    index('notices_notice_title_idx').on(t.noticeTitle),
  ],
);

export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.pkid, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    index('notice_attachments_notice_id_idx').on(t.noticeId, t.orderIndex),
    index('notice_attachments_file_id_idx').on(t.fileId),
  ],
);

/** The public service download list (/downLoad/servicelist): one row per offered file. */
export const downloads = pgTable(
  'downloads',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    orderIndex: integer('order_index').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('downloads_order_index_idx').on(t.orderIndex), index('downloads_file_id_idx').on(t.fileId)],
);
