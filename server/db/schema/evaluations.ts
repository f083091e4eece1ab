/**
 * Evaluations (issue 24; shared/domain/evaluations.ts, docs/evaluations.md): the configurable criteria
 * of every kind (append-only versions), their evaluations, and the appeals against any
 * evaluation (smo ones live in construction_satisfaction).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  appealOutcomes,
  configurableKinds,
  evaluationKinds,
  evaluationsTableKinds,
  type CriterionScore,
} from '@shared/domain/evaluations';
import { users } from './accounts';
import { checkIn, timestamptz } from './columns';
import { agentOrganizations, constructionUnits } from './parties';
import { projectDemands, projects } from './projects';

/** One version of a kind's criteria: the labels scored 1–5, in order. Never updated: a new version is a new row. */
export const evaluationCriteria = pgTable(
  'evaluation_criteria',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    labels: jsonb('labels').$type<string[]>().notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('evaluation_criteria_kind_check', t.kind, configurableKinds),
    uniqueIndex('evaluation_criteria_kind_version_key').on(t.kind, t.version),
  ],
);

/**
 * An smd or con evaluation. smd: the agency assessed (`organizationId`) in a quarter (`period`); con:
 * the owner's unit rated (`constructionId`) on a demand (`demandId`, `projectId`) by its agency
 * (`organizationId`). `scores` keeps the labels as scored (criteria version `criteriaVersion`).
 */
export const evaluations = pgTable(
  'evaluations',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    constructionId: integer('construction_id').references(() => constructionUnits.constructionId),
    projectId: integer('project_id').references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id').references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    period: text('period'),
    criteriaVersion: integer('criteria_version').notNull(),
    scores: jsonb('scores').$type<CriterionScore[]>().notNull(),
    comment: text('comment'),
    evaluatorId: integer('evaluator_id').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('evaluations_kind_check', t.kind, evaluationsTableKinds),
    check(
      'evaluations_shape_check',
      sql`(${t.kind} = 'smd' and ${t.period} is not null and ${t.demandId} is null)
        or (${t.kind} = 'con' and ${t.demandId} is not null and ${t.constructionId} is not null and ${t.projectId} is not null)`,
    ),
    // One per agency and quarter (smd), one per demand (con): the indexes settle two at once.
    uniqueIndex('evaluations_smd_period_key')
      .on(t.organizationId, t.period)
      .where(sql`${t.kind} = 'smd'`),
    uniqueIndex('evaluations_con_demand_key')
      .on(t.demandId)
      .where(sql`${t.kind} = 'con'`),
    index('evaluations_kind_created_idx').on(t.kind, t.createdAt),
    index('evaluations_construction_idx').on(t.constructionId),
  ],
);

/**
 * The one appeal against an evaluation of any kind (`evaluationId` is a construction_satisfaction
 * pkid for smo, an evaluations pkid otherwise). Its review item (kind `<kind>_appeal`, the evaluation
 * as subject) carries the state; `outcome` is set by the authority's decision.
 */
export const evaluationAppeals = pgTable(
  'evaluation_appeals',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    evaluationId: integer('evaluation_id').notNull(),
    reason: text('reason').notNull(),
    appellantId: integer('appellant_id')
      .notNull()
      .references(() => users.pkid),
    outcome: text('outcome'),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('evaluation_appeals_kind_check', t.kind, evaluationKinds),
    check(
      'evaluation_appeals_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in (${sql.raw(appealOutcomes.map((o) => `'${o}'`).join(', '))})`,
    ),
    uniqueIndex('evaluation_appeals_evaluation_key').on(t.kind, t.evaluationId),
  ],
);
