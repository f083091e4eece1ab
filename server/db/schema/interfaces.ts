import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps, timestamptz } from './columns';

/**
 * Data interfaces for other government systems (server/modules/interfaces, docs/interfaces.md): the
 * definitions administrators make over the fixed datasets, the consuming systems with their keys, and
 * every call they made.
 */

/** One condition of a definition, as stored (validated against the dataset when saved). */
export interface StoredCondition {
  field: string;
  operator: string;
  source: 'fixed' | 'param';
  value?: string | undefined;
  param?: string | undefined;
}

export const dataInterfaces = pgTable(
  'data_interfaces',
  {
    id: serial('id').primaryKey(),
    /** The interface's name in getQuery and in its documented path. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** A dataset id of the registry (server/modules/interfaces/datasets.ts). */
    dataset: text('dataset').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    conditions: jsonb('conditions').$type<StoredCondition[]>().notNull(),
    rowCap: integer('row_cap').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('data_interfaces_code_key').on(t.code)],
);

/**
 * A consuming system: its key is shown once when made and kept only as its SHA-256 (`keyHash`); the
 * first characters (`keyPrefix`) let an administrator tell keys apart. A revoked or expired key opens
 * nothing.
 */
export const interfaceConsumers = pgTable(
  'interface_consumers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contact: text('contact'),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** Calls allowed per minute. */
    rateLimit: integer('rate_limit').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('interface_consumers_key_hash_key').on(t.keyHash)],
);

/** Every getQuery call: who (null when the key was unknown), when, which interface, what, the outcome. */
export const interfaceAccessLog = pgTable(
  'interface_access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    consumerId: integer('consumer_id').references(() => interfaceConsumers.id, { onDelete: 'set null' }),
    interfaceId: integer('interface_id').references(() => dataInterfaces.id, { onDelete: 'set null' }),
    /** As the caller sent it (an unknown code is logged too). */
    interfaceCode: text('interface_code').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    rowCount: integer('row_count').notNull().default(0),
    status: smallint('status').notNull(),
    message: text('message'),
    durationMs: integer('duration_ms').notNull().default(0),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('interface_access_log_interface_idx').on(t.interfaceId, t.at),
    index('interface_access_log_consumer_idx').on(t.consumerId, t.at),
  ],
);
