import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { selectionMethods, selectionStates } from '@shared/domain/selection';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations } from './parties';
import { projectDemands } from './projects';

/**
 * How a released demand's agency is selected (server/modules/selection): one row per demand. The salt
 * is secret until a draw reveals it (`drawn_at` set); only its sha256 (`commitment`) is public before.
 * `candidates` are frozen at the draw (ids ascending; for a price tie, the tied agencies), `invited`
 * when quoting opens. A winner is written once: `winner_id is null` is the condition of every write
 * that sets it, so of two presses at once one wins.
 */
export const demandSelections = pgTable(
  'demand_selections',
  {
    demandId: integer('demand_id')
      .primaryKey()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    state: text('state').notNull(),
    commitment: text('commitment').notNull(),
    salt: text('salt').notNull(),
    invited: integer('invited').array(),
    quoteDeadline: timestamptz('quote_deadline'),
    deadlineExtended: boolean('deadline_extended').notNull().default(false),
    candidates: integer('candidates').array(),
    drawnAt: timestamptz('drawn_at'),
    winnerId: integer('winner_id').references(() => agentOrganizations.organizationId),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.pkid, { onDelete: 'set null' }),
    /** Who pressed (or 系统 for the closing job): kept as text, the public record names them. */
    decidedByName: text('decided_by_name'),
    openedBy: integer('opened_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    checkIn('demand_selections_method_check', t.method, selectionMethods),
    checkIn('demand_selections_state_check', t.state, selectionStates),
    check('demand_selections_commitment_check', sql`${t.commitment} ~ '^[0-9a-f]{64}$'`),
    check('demand_selections_winner_check', sql`(${t.state} = 'done') = (${t.winnerId} is not null)`),
    index('demand_selections_quoting_idx').on(t.state, t.quoteDeadline),
  ],
);

/** A quote of an invited agency in a price comparison; private to the agency until closing. */
export const selectionQuotes = pgTable(
  'selection_quotes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => demandSelections.demandId, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    /** 元 */
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    plan: text('plan').notNull(),
    quotedBy: integer('quoted_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('selection_quotes_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('selection_quotes_demand_org_key').on(t.demandId, t.organizationId),
    index('selection_quotes_organization_id_idx').on(t.organizationId),
  ],
);
