/**
 * A construction unit's attachments (issue 12, construction units). The unit itself is
 * construction_units (parties.ts).
 */
import { index, integer, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { checkIn, timestamptz } from './columns';
import { files } from './content';
import { constructionUnits } from './parties';

/** The business licence and other files of a unit's verification. */
export const constructionUnitAttachments = pgTable(
  'construction_unit_attachments',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('construction_unit_attachments_kind_check', t.kind, constructionAttachmentKind.values),
    index('construction_unit_attachments_construction_id_idx').on(t.constructionId, t.kind),
    index('construction_unit_attachments_file_id_idx').on(t.fileId),
  ],
);
