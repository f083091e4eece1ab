import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { deadlineTaskTypes } from '@shared/domain/deadlines';
import { deadlineAfter } from '@shared/domain/working-days';
import type { Queryable } from './database';
import { projectAuthorizations, reviewItems, serviceDeadlines, workingCalendar } from './schema';

/**
 * Puts every agency, construction unit, staff member and contract filing that is not yet under review
 * into review_items (server/modules/review), with the audit status its own row carries: without an
 * item, its reviewers' to-do lists would not show it and no decision could be taken on it. The
 * applicant is the account of the unit or agency (an agency applies for its staff and files its
 * contracts), or nobody when there is no account (then only reviewers and the administrator act on
 * it). Existing items are kept. Returns the number of
 * items added.
 *
 * The demo seed runs it after loading its rows; migration 0006 runs the same statement once for
 * databases created before the review engine. A subject kind added later adds its own select here.
 */
export async function backfillReviewItems(db: Queryable): Promise<number> {
  const result = await db.execute(sql`
    insert into review_items (subject_type, subject_id, status, applicant_id, submitted_at, decided_at)
    select 'agent_org', o.organization_id, o.audit_status, o.user_id,
           case when o.audit_status <> 0 then coalesce(o.submitted_at, o.updated_at) end,
           case when o.audit_status in (2, 3) then coalesce(o.audited_at, o.updated_at) end
      from agent_organizations o
    union all
    select 'construction_unit', c.construction_id, c.audit_status, c.user_id,
           case when c.audit_status <> 0 then coalesce(c.submitted_at, c.updated_at) end,
           case when c.audit_status in (2, 3) then coalesce(c.audited_at, c.updated_at) end
      from construction_units c
    union all
    select 'agent_staff', s.staff_id, s.audit_status, o.user_id,
           case when s.audit_status <> 0 then s.updated_at end,
           case when s.audit_status in (2, 3) then s.updated_at end
      from agent_staff s
      join agent_organizations o on o.organization_id = s.organization_id
    union all
    select 'contract', k.contract_id, k.audit_status, o.user_id,
           case when k.audit_status <> 0 then k.updated_at end,
           case when k.audit_status in (2, 3) then coalesce(k.filed_at, k.updated_at) end
      from contracts k
      join agent_organizations o on o.organization_id = k.organization_id
    union all
    select 'org_change', g.pkid, g.audit_status, g.applicant_id,
           case when g.audit_status <> 0 then g.created_at end,
           case when g.audit_status in (2, 3) then g.updated_at end
      from agent_org_changes g
    union all
    select 'staff_change', h.pkid, h.audit_status, h.applicant_id,
           case when h.audit_status <> 0 then h.created_at end,
           case when h.audit_status in (2, 3) then h.updated_at end
      from agent_staff_changes h
    union all
    select 'demand_amend', a.pkid, a.audit_status, a.created_by,
           case when a.audit_status <> 0 then a.created_at end,
           case when a.audit_status in (2, 3) then a.updated_at end
      from project_demand_amendments a
    union all
    select 'auth_change', x.pkid, x.audit_status, x.applicant_id,
           case when x.audit_status <> 0 then x.created_at end,
           case when x.audit_status in (2, 3) then x.updated_at end
      from project_auth_changes x
    union all
    select 'unit_change', u.pkid, u.audit_status, u.applicant_id,
           case when u.audit_status <> 0 then u.created_at end,
           case when u.audit_status in (2, 3) then u.updated_at end
      from construction_unit_changes u
    union all
    select 'contract_change', g.pkid, g.audit_status, g.applicant_id,
           case when g.audit_status <> 0 then g.created_at end,
           case when g.audit_status in (2, 3) then g.updated_at end
      from contract_changes g
    union all
    select 'project_offline', f.pkid, f.audit_status, f.created_by,
           case when f.audit_status <> 0 then f.created_at end,
           case when f.audit_status in (2, 3) then coalesce(f.audited_at, f.updated_at) end
      from project_offlines f
    on conflict (subject_type, subject_id) do nothing
    returning pkid
  `);
  // Both drivers (PGlite, node-postgres) answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
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
  const days = await db.select().from(workingCalendar);
  const calendar = {
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.day)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  };
  const settings = new Map(
    (await db.select().from(serviceDeadlines)).map((row) => [row.taskType, row.workingDays]),
  );
  const rows = pending.flatMap((item) => {
    const type = deadlineTaskTypes.find((t) => t.value === item.subjectType);
    if (!type || !item.submittedAt) return [];
    const deadline = deadlineAfter(item.submittedAt, settings.get(type.value) ?? type.defaultDays, calendar);
    return [
      {
        pkid: item.pkid,
        due_at: deadline.dueAt.toISOString(),
        remind_at: deadline.remindAt.toISOString(),
        reminded_at: deadline.remindAt <= now ? deadline.remindAt.toISOString() : null,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db.execute(sql`
      update review_items r
         set due_at = v.due_at, remind_at = v.remind_at, reminded_at = v.reminded_at
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + 1000))}::json)
             as v(pkid int, due_at timestamptz, remind_at timestamptz, reminded_at timestamptz)
       where r.pkid = v.pkid`);
  }
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
  const days = await db.select().from(workingCalendar);
  const calendar = {
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.day)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  };
  const [setting] = await db
    .select()
    .from(serviceDeadlines)
    .where(eq(serviceDeadlines.taskType, 'authorization'));
  const workingDays =
    setting?.workingDays ?? deadlineTaskTypes.find((t) => t.value === 'authorization')?.defaultDays ?? 3;
  const rows = pending.map((item) => {
    const deadline = deadlineAfter(item.authorizedAt, workingDays, calendar);
    return {
      pkid: item.pkid,
      due_at: deadline.dueAt.toISOString(),
      remind_at: deadline.remindAt.toISOString(),
      reminded_at: deadline.remindAt <= now ? deadline.remindAt.toISOString() : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db.execute(sql`
      update project_authorizations a
         set due_at = v.due_at, remind_at = v.remind_at, reminded_at = v.reminded_at
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + 1000))}::json)
             as v(pkid int, due_at timestamptz, remind_at timestamptz, reminded_at timestamptz)
       where a.pkid = v.pkid`);
  }
  return rows.length;
}
