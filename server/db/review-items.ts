import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { deadlineTaskTypes } from '@shared/domain/deadlines';
import type { AuditSubject } from '@shared/domain/statuses';
import { deadlineAfter } from '@shared/domain/working-days';
import type { Queryable } from './database';
import { projectAuthorizations, reviewItems, serviceDeadlines, workingCalendar } from './schema';

/**
 * How a reviewed kind's own rows read as review items, declared by its domain beside its review hooks
 * (server/review-hooks.ts lists them all): the table, whose audit status the item takes (with the one
 * join its applicant may need), the subject's id, the account behind it (null: only reviewers and the
 * administrator act on it), and when it was submitted and decided, each a column or an expression. The
 * times count only where the status says there was one (not a draft; approved or rejected).
 */
export interface ReviewItemSource {
  table: PgTable & { auditStatus: AnyPgColumn };
  join?: { table: PgTable; on: SQL };
  id: AnyPgColumn;
  applicant: AnyPgColumn;
  submitted: AnyPgColumn | SQL;
  decided: AnyPgColumn | SQL;
  /** How a reviewer's to-do calls the subject (its number or name); without one it names the id. */
  name?: AnyPgColumn | SQL;
  /** The project the subject belongs to (its id), for the oversight hub's project and district. */
  project?: AnyPgColumn | SQL;
}

export type ReviewItemSources = Partial<Record<AuditSubject, ReviewItemSource>>;

/** One kind's rows as the columns of review_items, in their order. */
function itemsOf(db: Queryable, type: string, source: ReviewItemSource): SQL {
  const rows = db
    .select({
      id: source.id,
      status: source.table.auditStatus,
      applicant: source.applicant,
      submitted: source.submitted,
      decided: source.decided,
    })
    .from(source.table)
    .$dynamic();
  const joined = source.join ? rows.innerJoin(source.join.table, source.join.on) : rows;
  return sql`select ${type}::text, s.subject_id, s.status, s.applicant_id,
           case when s.status <> 0 then s.submitted_at end,
           case when s.status in (2, 3) then s.decided_at end
      from ${joined} as s (subject_id, status, applicant_id, submitted_at, decided_at)`;
}

/**
 * Puts every subject of the given kinds that is not yet under review into review_items
 * (server/modules/review), with the audit status its own row carries: without an item, its reviewers'
 * to-do lists would not show it and no decision could be taken on it. Existing items are kept. Returns
 * the number of items added.
 *
 * The demo seed runs it after loading its rows, with every kind's source (server/review-hooks.ts);
 * migration 0006 ran the same statement once for databases created before the review engine.
 */
export async function backfillReviewItems(db: Queryable, sources: ReviewItemSources): Promise<number> {
  const selects = Object.entries(sources).flatMap(([type, source]) =>
    source ? [itemsOf(db, type, source)] : [],
  );
  if (selects.length === 0) return 0;
  const result = await db.execute(sql`
    insert into review_items (subject_type, subject_id, status, applicant_id, submitted_at, decided_at)
    ${sql.join(selects, sql` union all `)}
    on conflict (subject_type, subject_id) do nothing
    returning pkid
  `);
  // Both drivers (PGlite, node-postgres) answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * What the reviewers' to-dos call these subjects (`name` of their kinds' sources), keyed
 * `subjectType:subjectId`; a kind without a name, or a subject that is gone, is missing.
 */
export async function reviewSubjectNames(
  db: Queryable,
  sources: ReviewItemSources,
  subjects: readonly { subjectType: string; subjectId: number }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsByType = Map.groupBy(subjects, (subject) => subject.subjectType);
  for (const [type, ofType] of idsByType) {
    const source = sources[type as AuditSubject];
    if (!source?.name) continue;
    const rows = db
      .select({ id: source.id, name: sql<string | null>`${source.name}` })
      .from(source.table)
      .$dynamic();
    const joined = source.join ? rows.innerJoin(source.join.table, source.join.on) : rows;
    const found = await joined.where(
      inArray(
        source.id,
        ofType.map((subject) => subject.subjectId),
      ),
    );
    for (const row of found) if (row.name) names.set(`${type}:${row.id as number}`, row.name);
  }
  return names;
}

/**
 * Every subject of the kinds that declare a `project`, with that project's id: one query (a union of
 * the kinds' selects) with the columns (subject_type, subject_id, project_id), to join review_items to.
 * A kind without a project gives none (an empty set when no kind declares one).
 */
export function reviewSubjectProjects(db: Queryable, sources: ReviewItemSources): SQL {
  const selects = Object.entries(sources).flatMap(([type, source]) => {
    if (!source?.project) return [];
    const rows = db
      .select({ id: source.id, project: sql<number | null>`${source.project}` })
      .from(source.table)
      .$dynamic();
    const joined = source.join ? rows.innerJoin(source.join.table, source.join.on) : rows;
    return [sql`select ${type}::text, s.id, s.project from ${joined} as s (id, project)`];
  });
  if (selects.length === 0) return sql`select null::text, null::int, null::int where false`;
  return sql.join(selects, sql` union all `);
}

async function workingCalendarOf(db: Queryable) {
  const days = await db.select().from(workingCalendar);
  return {
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.day)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  };
}

interface DeadlineRow {
  pkid: number;
  due_at: string;
  remind_at: string;
  reminded_at: string | null;
}

/** A task's deadline as written; a reminder moment already past counts as sent then. */
function deadlineRow(pkid: number, deadline: { dueAt: Date; remindAt: Date }, now: Date): DeadlineRow {
  return {
    pkid,
    due_at: deadline.dueAt.toISOString(),
    remind_at: deadline.remindAt.toISOString(),
    reminded_at: deadline.remindAt <= now ? deadline.remindAt.toISOString() : null,
  };
}

/** Writes the deadlines onto the rows of `table` (by pkid), a thousand at a time. */
async function writeDeadlines(
  db: Queryable,
  table: 'review_items' | 'project_authorizations',
  rows: readonly DeadlineRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.execute(sql`
      update ${sql.identifier(table)} t
         set due_at = v.due_at, remind_at = v.remind_at, reminded_at = v.reminded_at
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + 1000))}::json)
             as v(pkid int, due_at timestamptz, remind_at timestamptz, reminded_at timestamptz)
       where t.pkid = v.pkid`);
  }
}

/**
 * Gives every pending item without a deadline the one its submission would have had (default working
 * days of its kind, the calendar's holidays skipped), so the demo's to-do lists show due dates and some
 * overdue tasks. Items whose reminder moment is already past count as reminded then: a first start does
 * not send a reminder for every old task at once. Returns the number of items armed.
 */
export async function armReviewDeadlines(db: Queryable, now: Date): Promise<number> {
  const pending = await db
    .select({
      pkid: reviewItems.pkid,
      subjectType: reviewItems.subjectType,
      submittedAt: reviewItems.submittedAt,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.status, 1), isNull(reviewItems.dueAt), isNotNull(reviewItems.submittedAt)));
  if (pending.length === 0) return 0;
  const calendar = await workingCalendarOf(db);
  const settings = new Map(
    (await db.select().from(serviceDeadlines)).map((row) => [row.taskType, row.workingDays]),
  );
  const rows = pending.flatMap((item) => {
    const type = deadlineTaskTypes.find((t) => t.value === item.subjectType);
    if (!type || !item.submittedAt) return [];
    const deadline = deadlineAfter(item.submittedAt, settings.get(type.value) ?? type.defaultDays, calendar);
    return [deadlineRow(item.pkid, deadline, now)];
  });
  await writeDeadlines(db, 'review_items', rows);
  return rows.length;
}

/**
 * The same for the agencies' authorization to-dos (docs/deadlines.md): every pending offer without a
 * deadline gets the 'authorization' deadline from the moment it was offered.
 */
export async function armAuthorizationDeadlines(db: Queryable, now: Date): Promise<number> {
  const pending = await db
    .select({ pkid: projectAuthorizations.pkid, authorizedAt: projectAuthorizations.authorizedAt })
    .from(projectAuthorizations)
    .where(and(eq(projectAuthorizations.state, 0), isNull(projectAuthorizations.dueAt)));
  if (pending.length === 0) return 0;
  const calendar = await workingCalendarOf(db);
  const [setting] = await db
    .select()
    .from(serviceDeadlines)
    .where(eq(serviceDeadlines.taskType, 'authorization'));
  const workingDays =
    setting?.workingDays ?? deadlineTaskTypes.find((t) => t.value === 'authorization')?.defaultDays ?? 3;
  const rows = pending.map((item) => {
    return deadlineRow(item.pkid, deadlineAfter(item.authorizedAt, workingDays, calendar), now);
  });
  await writeDeadlines(db, 'project_authorizations', rows);
  return rows.length;
}
