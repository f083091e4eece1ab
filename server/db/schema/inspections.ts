import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inspectionResults, inspectionStates } from '@shared/domain/inspections';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations } from './parties';

/**
 * A random inspection round (双随机、一公开, server/modules/inspections). Opening it freezes the
 * candidates (agencies with work in progress, ids ascending) and the inspector pool (ids ascending) and
 * publishes `commitment` = sha256(salt); the salt stays secret until the draw (`drawn_at` set), which
 * happens once: every write that draws is conditional on `state = 'open'`.
 */
export const inspectionRounds = pgTable(
  'inspection_rounds',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    state: text('state').notNull().default('open'),
    /** Percent of the candidates to inspect, rounded up (at least one agency). */
    share: smallint('share').notNull(),
    inspectorsPerAgency: smallint('inspectors_per_agency').notNull(),
    commitment: text('commitment').notNull(),
    salt: text('salt').notNull(),
    candidates: integer('candidates').array().notNull(),
    inspectors: integer('inspectors').array().notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    drawnAt: timestamptz('drawn_at'),
    drawnBy: integer('drawn_by').references(() => users.pkid, { onDelete: 'set null' }),
    publishedAt: timestamptz('published_at'),
    publishedBy: integer('published_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    checkIn('inspection_rounds_state_check', t.state, inspectionStates),
    check('inspection_rounds_share_check', sql`${t.share} between 1 and 100`),
    check('inspection_rounds_per_agency_check', sql`${t.inspectorsPerAgency} in (1, 2)`),
    check('inspection_rounds_commitment_check', sql`${t.commitment} ~ '^[0-9a-f]{64}$'`),
    check('inspection_rounds_drawn_check', sql`(${t.state} = 'open') = (${t.drawnAt} is null)`),
    index('inspection_rounds_created_by_idx').on(t.createdBy),
  ],
);

/**
 * An agency drawn in a round, with its drawn inspectors and, once recorded, its result. Results are
 * public (hall, credit score) only when the round is published.
 */
export const inspectionTargets = pgTable(
  'inspection_targets',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    roundId: integer('round_id')
      .notNull()
      .references(() => inspectionRounds.pkid, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    /** Position in the draw, from 0. */
    drawOrder: smallint('draw_order').notNull(),
    inspectors: integer('inspectors').array().notNull(),
    result: text('result'),
    findings: text('findings'),
    recordedBy: integer('recorded_by').references(() => users.pkid, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    recordedAt: timestamptz('recorded_at'),
  },
  (t) => [
    checkIn('inspection_targets_result_check', t.result, inspectionResults),
    uniqueIndex('inspection_targets_round_org_key').on(t.roundId, t.organizationId),
    index('inspection_targets_organization_id_idx').on(t.organizationId),
    index('inspection_targets_inspectors_idx').using('gin', t.inspectors),
  ],
);
