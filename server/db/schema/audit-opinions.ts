import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

/**
 * Audit-opinion templates (spec section 7, /auditManageInfo): reusable opinion texts offered as a
 * pick list in every approval dialog. The texts are shared by all auditors; one row per distinct text.
 */
export const auditOpinions = pgTable(
  'audit_opinions',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    content: text('content').notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('audit_opinions_content_idx').on(t.content),
    index('audit_opinions_created_at_idx').on(t.createdAt),
  ],
);
