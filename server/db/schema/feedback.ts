import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { feedbackCategoryValues, feedbackStateValues } from '@shared/domain/feedback';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';

/**
 * Feedback (意见反馈, issue 24): from a signed-in user (userId) or an anonymous visitor of the hall
 * (contact, and the hash of the lookup code shown to them once: the code itself is never stored).
 */
export const feedback = pgTable(
  'feedback',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    userId: integer('user_id').references(() => users.pkid, { onDelete: 'set null' }),
    contact: text('contact'),
    lookupHash: text('lookup_hash'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('open'),
    reply: text('reply'),
    repliedBy: integer('replied_by').references(() => users.pkid, { onDelete: 'set null' }),
    repliedAt: timestamptz('replied_at'),
    closedBy: integer('closed_by').references(() => users.pkid, { onDelete: 'set null' }),
    closedAt: timestamptz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('feedback_state_check', t.state, feedbackStateValues),
    checkIn('feedback_category_check', t.category, feedbackCategoryValues),
    uniqueIndex('feedback_lookup_key').on(t.lookupHash),
    index('feedback_user_idx').on(t.userId),
    index('feedback_state_idx').on(t.state, t.createdAt),
  ],
);
