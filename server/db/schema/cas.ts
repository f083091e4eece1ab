import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ssoTickets } from './identity';

/**
 * CAS Protocol 3.0 for other systems (server/modules/cas, docs/cas.md): the services allowed to get
 * tickets, who received one (for single logout) and the logout messages still to deliver.
 */

/** Services registered by administrators in the console (files of CAS_SERVICE_REGISTRY are in memory). */
export const casServices = pgTable('cas_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A regular expression the whole service URL must match (Apereo's `serviceId`). */
  serviceId: text('service_id').notNull(),
  /** Attribute names released at /p3/serviceValidate (shared/validation/cas.ts, casAttributeNames). */
  attributes: text('attributes').array().notNull().default([]),
  /** Where single logout is POSTed; null: to the service URL the ticket was issued for. */
  logoutUrl: text('logout_url'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A registered service that validated a ticket of a ticket-granting ticket: it gets a logout request
 * when that ticket ends. The service ticket is kept in the clear because it is the SessionIndex the
 * service knows; it is spent (validated) before it is written here, so it opens nothing.
 */
export const casServiceSessions = pgTable(
  'cas_service_sessions',
  {
    id: serial('id').primaryKey(),
    tgtHash: text('tgt_hash')
      .notNull()
      .references(() => ssoTickets.idHash, { onDelete: 'cascade' }),
    serviceTicket: text('service_ticket').notNull(),
    logoutUrl: text('logout_url').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('cas_service_sessions_tgt_hash_idx').on(t.tgtHash)],
);

/** Single-logout messages to deliver (an outbox: durable, retried, never blocking the logout). */
export const casLogoutOutbox = pgTable(
  'cas_logout_outbox',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    /** The SAML LogoutRequest, POSTed as the form field `logoutRequest`. */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [index('cas_logout_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
);
