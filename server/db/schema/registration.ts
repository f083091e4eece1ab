/**
 * The table shape of a registration under review (server/modules/review/registration.ts): a registrant
 * (an agency, a construction unit) is one row of its own table, kept by the account that registered
 * it, carrying the review's status and times, and its files are rows of an attachments table. Every
 * registrant table spreads the same columns and constraints, and every attachments table is built by
 * `attachmentTable`, so the review helper can rely on the names.
 *
 * ```ts
 * export const sharingDepartments = pgTable(
 *   'sharing_departments',
 *   {
 *     departmentId: integer('department_id').primaryKey().generatedByDefaultAsIdentity(),
 *     ...registrationColumns(),
 *     name: text('name').notNull(),
 *     ...timestamps(),
 *   },
 *   (t) => [...registrationConstraints('sharing_departments', t)],
 * );
 * export const sharingDepartmentAttachments = attachmentTable(
 *   'sharing_department_attachments',
 *   { key: 'departmentId', column: 'department_id', references: () => sharingDepartments.departmentId },
 *   sharingAttachmentKind.values,
 * );
 * ```
 */
import {
  index,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumn,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { auditStatus } from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamptz } from './columns';
import { files } from './content';

/**
 * The account that registered it (one registrant per account), the review's status mirrored from
 * review_items, and when it was last submitted and decided.
 */
export const registrationColumns = () => ({
  userId: integer('user_id').references(() => users.pkid, { onDelete: 'set null' }),
  auditStatus: smallint('audit_status').notNull().default(0),
  submittedAt: timestamptz('submitted_at'),
  auditedAt: timestamptz('audited_at'),
});

/** The status CHECK, one registrant per account, and the index of the review lists' filter. */
export const registrationConstraints = (
  table: string,
  t: { userId: AnyPgColumn; auditStatus: AnyPgColumn },
) => [
  checkIn(`${table}_audit_status_check`, t.auditStatus, auditStatus.values),
  uniqueIndex(`${table}_user_id_key`).on(t.userId),
  index(`${table}_audit_status_idx`).on(t.auditStatus),
];

/** A registrant table as the review helper sees it: its own columns plus `registrationColumns`. */
export type RegistrantTable = PgTable &
  Record<'userId' | 'auditStatus' | 'submittedAt' | 'auditedAt' | 'createdAt' | 'updatedAt', PgColumn>;

/**
 * The files of a subject: one row per file with its kind (a status table's value, checked), deleted
 * with the subject. `owner` names the subject's key: its property, its column and what it references.
 */
export function attachmentTable<K extends string>(
  table: string,
  owner: { key: K; column: string; references: () => AnyPgColumn },
  kinds: readonly number[],
) {
  const ownerId = integer(owner.column).notNull().references(owner.references, { onDelete: 'cascade' });
  const ownerColumn = { [owner.key]: ownerId } as Record<K, typeof ownerId>;
  return pgTable(
    table,
    {
      pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
      ...ownerColumn,
      kind: smallint('kind').notNull(),
      fileId: uuid('file_id')
        .notNull()
        .references(() => files.id),
      createdAt: timestamptz('created_at').notNull().defaultNow(),
    },
    (t) => [
      checkIn(`${table}_kind_check`, t.kind, kinds),
      index(`${table}_${owner.column}_idx`).on(t[owner.key], t.kind),
      index(`${table}_file_id_idx`).on(t.fileId),
    ],
  );
}
