ALTER TABLE "review_items" ALTER COLUMN "applicant_id" DROP NOT NULL;--> statement-breakpoint
-- Review engine backfill (server/db/review-items.ts backfillReviewItems, frozen here): subjects that
-- existed before the engine get their review item with the audit status of their own row.
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
on conflict (subject_type, subject_id) do nothing;
