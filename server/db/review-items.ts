import { sql } from 'drizzle-orm';
import type { Queryable } from './database';

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
    on conflict (subject_type, subject_id) do nothing
    returning pkid
  `);
  // Both drivers (PGlite, node-postgres) answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
}
