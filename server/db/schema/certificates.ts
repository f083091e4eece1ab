/**
 * Certificates (issue 22; DOMAIN.md "Certificates"): one per completed project, issued when its results
 * are accepted. `certificate_sequences` holds the last number of each year: issuing takes the year's row
 * with an UPDATE … RETURNING inside the issuing transaction, so concurrent issuers queue on that row and
 * a rolled-back issue gives its number back (no gaps, no duplicates).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { certificateState } from '@shared/domain/certificates';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { agentOrganizations, constructionUnits } from './parties';
import { projects } from './projects';

export const certificateSequences = pgTable(
  'certificate_sequences',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('certificate_sequences_last_number_check', sql`${t.lastNumber} >= 0`)],
);

export const certificates = pgTable(
  'certificates',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    certificateNo: text('certificate_no').notNull(),
    year: integer('year').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'restrict' }),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId),
    organizationId: integer('organization_id').references(() => agentOrganizations.organizationId),
    /** Copied at issue: the certificate states what was certified then, whatever is renamed later. */
    projectName: text('project_name').notNull(),
    projectNo: text('project_no').notNull(),
    ownerName: text('owner_name').notNull(),
    agencyName: text('agency_name'),
    itemNames: jsonb('item_names').$type<string[]>().notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    issuedBy: integer('issued_by').references(() => users.pkid, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name').notNull(),
    state: smallint('state').notNull().default(1),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.pkid, { onDelete: 'set null' }),
    revokedByName: text('revoked_by_name'),
    revokeReason: text('revoke_reason'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** The PDF's sha256, shown on the public verification page. */
    sha256: text('sha256').notNull(),
    ...timestamps(),
  },
  (t) => [
    checkIn('certificates_state_check', t.state, certificateState.values),
    check('certificates_no_check', sql`${t.certificateNo} ~ '^YZCG[0-9]{10}$'`),
    check('certificates_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'certificates_revoked_check',
      sql`(${t.state} = 2) = (${t.revokedAt} is not null and ${t.revokeReason} is not null)`,
    ),
    uniqueIndex('certificates_certificate_no_key').on(t.certificateNo),
    // One certificate per project: a second issue finds it and answers it (idempotent).
    uniqueIndex('certificates_project_id_key').on(t.projectId),
    index('certificates_construction_id_idx').on(t.constructionId, t.issuedAt),
    index('certificates_organization_id_idx').on(t.organizationId, t.issuedAt),
    index('certificates_year_idx').on(t.year, t.issuedAt),
  ],
);
