import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDayKinds } from '@shared/domain/deadlines';
import type { CriterionScore } from '@shared/domain/evaluations';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { agentOrganizations, constructionUnits } from './parties';
import { projectDemands, projects } from './projects';

/**
 * Service deadlines (server/modules/deadlines): working days allowed per task type
 * (shared/domain/deadlines.ts). A type without a row uses its default.
 */
export const serviceDeadlines = pgTable(
  'service_deadlines',
  {
    taskType: text('task_type').primaryKey(),
    workingDays: smallint('working_days').notNull(),
    updatedBy: integer('updated_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [check('service_deadlines_working_days_check', sql`${t.workingDays} between 1 and 60`)],
);

/**
 * The working-day calendar's exceptions: public holidays on weekdays and make-up working days (调休)
 * on weekends. Every other Monday to Friday is a working day.
 */
export const workingCalendar = pgTable(
  'working_calendar',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [
    checkIn(
      'working_calendar_kind_check',
      t.kind,
      calendarDayKinds.map((k) => k.value),
    ),
  ],
);

/**
 * The owner's rating of the agency that did a demand's work (/constructionSatisfy): one per demand.
 * `scores` keeps the labels as scored, each 1 to 5 (smo criteria version `criteriaVersion`, as the
 * evaluations table; migration 0039 moved the three former fixed columns into it as version 1).
 */
export const constructionSatisfaction = pgTable(
  'construction_satisfaction',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId),
    criteriaVersion: integer('criteria_version').notNull(),
    scores: jsonb('scores').$type<CriterionScore[]>().notNull(),
    comment: text('comment'),
    ratedBy: integer('rated_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('construction_satisfaction_demand_key').on(t.demandId),
    index('construction_satisfaction_organization_idx').on(t.organizationId),
  ],
);
