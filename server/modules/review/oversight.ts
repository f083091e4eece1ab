/**
 * The oversight hub (中枢清单, /omphalos; issue 25): the city's review tasks as the authority follows
 * them, read from the review workflow's own rows, not from each domain. The open list is every pending
 * review item (the same rows as every reviewer's to-do, lists.ts), whoever holds it, soonest deadline
 * first; the sent-back list is every item whose last decision rejected it and that its applicant has
 * not resubmitted yet, with the reason (the rejection's opinion) and how often it was sent back.
 *
 * The project (and so the district) of a task comes from its kind's `project` (the item sources the
 * root hands in, server/review-hooks.ts): one union joined once. A district sub-office sees only tasks
 * of projects in its district; the authority and the administrator see all.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { reviewSubjectNames, reviewSubjectProjects, type ReviewItemSources } from '@server/db/review-items';
import { departments } from '@server/db/schema';
import { deadlineView } from '@server/modules/deadlines';
import type { SessionUser } from '@server/modules/identity';
import type { OversightOpenRow, OversightReturnedRow } from '@shared/calls/oversight';
import { reviewLink } from '@shared/domain/review-kinds';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject, type AuditSubject } from '@shared/domain/statuses';
import {
  OVERSIGHT_POOL,
  type OversightOpenQuery,
  type OversightReturnedQuery,
} from '@shared/validation/oversight';

type OpenTask = Omit<OversightOpenRow, 'submittedAt' | 'dueAt'> & {
  submittedAt: Date | null;
  dueAt: Date | null;
};
type ReturnedTask = Omit<OversightReturnedRow, 'rejectedAt'> & { rejectedAt: Date };

const citywide: readonly string[] = [roles.authority.id];

/**
 * The district a user's view is limited to: undefined for the whole city (administrator, authority),
 * the sub-office's district code, or null when the user has no district (sees nothing).
 */
export async function oversightDistrict(
  db: Queryable,
  user: SessionUser,
): Promise<string | null | undefined> {
  if (user.isAdmin || user.roleIds.some((role) => citywide.includes(role))) return undefined;
  const [department] = await db
    .select({ code: departments.districtCode })
    .from(departments)
    .where(eq(departments.pkid, user.depid));
  return department?.code ?? null;
}

/** The rows answered by either driver (PGlite, node-postgres): { rows }. */
async function select<R>(db: Queryable, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

interface TaskBase {
  pkid: number;
  subject_type: AuditSubject;
  subject_id: number;
  project_id: number | null;
  project_name: string | null;
  district_code: string | null;
  district_name: string | null;
  applicant_name: string | null;
}

/** The tables every list reads: items, their project and district, their applicant. */
function fromItems(db: Queryable, sources: ReviewItemSources): SQL {
  return sql`review_items ri
    left join (${reviewSubjectProjects(db, sources)}) as link (subject_type, subject_id, project_id)
      on link.subject_type = ri.subject_type and link.subject_id = ri.subject_id
    left join projects p on p.pkid = link.project_id
    left join districts d on d.district_code = p.district_code
    left join users applicant on applicant.pkid = ri.applicant_id`;
}

const baseColumns = sql`ri.pkid, ri.subject_type, ri.subject_id, p.pkid as project_id,
  p.project_name, p.district_code, d.district_name, applicant.username as applicant_name`;

/** The filters both lists share, and the user's district. */
function commonWhere(
  query: { districtCode?: string | undefined; subjectType?: AuditSubject | undefined },
  district: string | undefined,
): SQL[] {
  const parts: SQL[] = [];
  if (district !== undefined) parts.push(sql`p.district_code = ${district}`);
  if (query.districtCode) parts.push(sql`p.district_code = ${query.districtCode}`);
  if (query.subjectType) parts.push(sql`ri.subject_type = ${query.subjectType}`);
  return parts;
}

const whereOf = (parts: SQL[]) => sql.join(parts, sql` and `);

async function withNames<T extends TaskBase>(
  db: Queryable,
  sources: ReviewItemSources,
  rows: T[],
): Promise<(T & { name: string })[]> {
  const names = await reviewSubjectNames(
    db,
    sources,
    rows.map((row) => ({ subjectType: row.subject_type, subjectId: row.subject_id })),
  );
  return rows.map((row) => ({
    ...row,
    name:
      names.get(`${row.subject_type}:${row.subject_id}`) ??
      `${auditSubject.label(row.subject_type)}（编号 ${row.subject_id}）`,
  }));
}

function taskOf(row: TaskBase & { name: string }) {
  return {
    pkid: row.pkid,
    subjectType: row.subject_type,
    stepName: `${auditSubject.label(row.subject_type)}审核`,
    subjectId: row.subject_id,
    subjectName: row.name,
    projectId: row.project_id,
    projectName: row.project_name,
    districtCode: row.district_code,
    districtName: row.district_name,
    applicantName: row.applicant_name,
    href: reviewLink(row.subject_type, row.subject_id, 'reviewer'),
  };
}

const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * Every open review task in the city (or the sub-office's district): soonest deadline first (none
 * last), then oldest submission; filtered by district, step, holder (a reviewer, or `pool`) and overdue.
 */
export async function listOpenTasks(
  db: Queryable,
  sources: ReviewItemSources,
  user: SessionUser,
  query: OversightOpenQuery,
  now: Date,
): Promise<{ rows: OpenTask[]; total: number }> {
  const district = await oversightDistrict(db, user);
  if (district === null) return { rows: [], total: 0 };
  const parts = [sql`ri.status = ${auditStatus.code.pending}`, ...commonWhere(query, district)];
  if (query.holder === OVERSIGHT_POOL) parts.push(sql`ri.assignee_id is null`);
  else if (query.holder !== undefined) parts.push(sql`ri.assignee_id = ${query.holder}`);
  if (query.overdue === '1') parts.push(sql`ri.due_at <= ${now.toISOString()}`);
  if (query.overdue === '0') parts.push(sql`(ri.due_at is null or ri.due_at > ${now.toISOString()})`);
  const from = fromItems(db, sources);
  const where = whereOf(parts);
  type Row = TaskBase & {
    holder_name: string | null;
    submitted_at: Date | string | null;
    due_at: Date | string | null;
  };
  const [rows, [total]] = await Promise.all([
    select<Row>(
      db,
      sql`select ${baseColumns}, holder.username as holder_name, ri.submitted_at, ri.due_at
        from ${from} left join users holder on holder.pkid = ri.assignee_id
       where ${where}
       order by ri.due_at asc nulls last, ri.submitted_at asc nulls last, ri.pkid asc
       limit ${query.rows} offset ${(query.page - 1) * query.rows}`,
    ),
    select<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  const named = await withNames(db, sources, rows);
  return {
    rows: named.map((row) => {
      const dueAt = toDate(row.due_at);
      return {
        ...taskOf(row),
        holderName: row.holder_name,
        submittedAt: toDate(row.submitted_at),
        dueAt,
        overdue: deadlineView(dueAt, now).overdue,
      };
    }),
    total: total?.n ?? 0,
  };
}

/** The reviewers holding open tasks (in the user's view), for the holder filter. */
export async function openTaskHolders(
  db: Queryable,
  sources: ReviewItemSources,
  user: SessionUser,
): Promise<{ pkid: number; username: string; tasks: number }[]> {
  const district = await oversightDistrict(db, user);
  if (district === null) return [];
  const parts = [sql`ri.status = ${auditStatus.code.pending}`, ...commonWhere({}, district)];
  return select(
    db,
    sql`select holder.pkid, holder.username, count(*)::int as tasks
      from ${fromItems(db, sources)} join users holder on holder.pkid = ri.assignee_id
     where ${whereOf(parts)}
     group by holder.pkid, holder.username
     order by holder.username`,
  );
}

/**
 * The tasks sent back for rework: items rejected and not resubmitted (rejected filings, results,
 * returned contracts, …), newest rejection first, each with the last rejection's reason and who
 * decided it, and how many times the subject was rejected in all.
 */
export async function listReturnedTasks(
  db: Queryable,
  sources: ReviewItemSources,
  user: SessionUser,
  query: OversightReturnedQuery,
): Promise<{ rows: ReturnedTask[]; total: number }> {
  const district = await oversightDistrict(db, user);
  if (district === null) return { rows: [], total: 0 };
  const rejected = auditDecision.code.rejected;
  const parts = [sql`ri.status = ${auditStatus.code.rejected}`, ...commonWhere(query, district)];
  const from = sql`${fromItems(db, sources)}
    left join lateral (
      select ar.opinion, ar.auditor_name, ar.audited_at,
             count(*) over ()::int as times
        from audit_records ar
       where ar.subject_type = ri.subject_type and ar.subject_id = ri.subject_id
         and ar.decision = ${rejected}
       order by ar.audited_at desc, ar.pkid desc
       limit 1
    ) last on true`;
  const where = whereOf(parts);
  type Row = TaskBase & {
    opinion: string | null;
    auditor_name: string | null;
    rejected_at: Date | string | null;
    decided_at: Date | string | null;
    times: number | null;
  };
  const [rows, [total]] = await Promise.all([
    select<Row>(
      db,
      sql`select ${baseColumns}, last.opinion, last.auditor_name, last.audited_at as rejected_at,
              ri.decided_at, last.times
        from ${from}
       where ${where}
       order by coalesce(last.audited_at, ri.decided_at) desc nulls last, ri.pkid desc
       limit ${query.rows} offset ${(query.page - 1) * query.rows}`,
    ),
    select<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  const named = await withNames(db, sources, rows);
  return {
    rows: named.map((row) => ({
      ...taskOf(row),
      rejectedAt: toDate(row.rejected_at) ?? toDate(row.decided_at) ?? new Date(0),
      rejectedBy: row.auditor_name,
      reason: row.opinion,
      times: Math.max(row.times ?? 0, 1),
    })),
    total: total?.n ?? 0,
  };
}
