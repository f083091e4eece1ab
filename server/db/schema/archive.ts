/**
 * The archive (spec section 7 "Archive", docs/archive.md): files stored in folders (`dirid`, a kind
 * prefix and an id: `case:12`), uploaded in chunks with simple-uploader.js's protocol. An upload in
 * progress is a row of `archive_uploads` with its chunks; the merge turns it into one `files` row and
 * one `archive_files` row in a single transaction and deletes the upload.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz, timestamps } from './columns';
import { files } from './content';

/** An upload in progress: one user, one folder, one identifier (two users never share one). */
export const archiveUploads = pgTable(
  'archive_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid, { onDelete: 'cascade' }),
    dirid: text('dirid').notNull(),
    identifier: text('identifier').notNull(),
    fileName: text('file_name').notNull(),
    /** uploadType 1 (a folder): the path inside the chosen folder; otherwise the file name. */
    relativePath: text('relative_path').notNull(),
    uploadType: smallint('upload_type').notNull(),
    describe: text('describe'),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** Last chunk received: the abandoned-chunk job removes uploads idle for a day. */
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('archive_uploads_user_dirid_identifier_key').on(t.userId, t.dirid, t.identifier),
    index('archive_uploads_updated_at_idx').on(t.updatedAt),
    check('archive_uploads_upload_type_check', sql`${t.uploadType} in (0, 1)`),
  ],
);

/** A stored chunk of an upload: its bytes through the storage interface, by key. */
export const archiveChunks = pgTable(
  'archive_chunks',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => archiveUploads.id, { onDelete: 'cascade' }),
    chunkNumber: integer('chunk_number').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkNumber] })],
);

/** A stored archive file: its content is a `files` row (sha256 there and here). */
export const archiveFiles = pgTable(
  'archive_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dirid: text('dirid').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    relativePath: text('relative_path').notNull(),
    uploadType: smallint('upload_type').notNull(),
    describe: text('describe'),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The upload's identifier: a repeated merge answers the same record. */
    identifier: text('identifier').notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('archive_files_dirid_idx').on(t.dirid, t.createdAt),
    index('archive_files_identifier_idx').on(t.createdBy, t.dirid, t.identifier),
  ],
);
