/**
 * The demo contracts' application details (issue 14), filled in after the projects are loaded, in the
 * seed's transaction and before the review items are backfilled: each contract is linked to the accepted
 * authorization it came from; contracts past drafting get a survey schedule and payment terms; confirmed
 * ones the owner's confirmation (who, when, the SMS code), submitted ones the agency's too; drafts keep
 * only a start date, so checkContract has something to list. So that every role's lists lead somewhere,
 * agency01 gets one draft returned by the owner with a reason, and owner01 (unit 1) one contract
 * waiting for its confirmation. Derived with SQL from the loaded rows: nothing is drawn from the
 * random streams, so the demo digest is unchanged.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { AGENCY_ORG_ID, OWNER_UNIT_ID } from './demo-context';

const PAYMENT_TERMS = '合同签订后 7 日内支付合同金额的 30%；成果提交并通过验收后 15 日内支付余款。';
const RETURN_REASON = '付款方式与招标文件约定不一致，请按约定修改后重新提交。';

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

export async function seedDemoContractLife(t: Queryable, now: Date): Promise<number> {
  // The accepted authorization each contract was drafted from (the newest for its demand and agency).
  await t.execute(sql`
    update contracts k set authorization_id = x.pkid
      from (select distinct on (k2.contract_id) k2.contract_id, a.pkid
              from contracts k2
              join project_authorizations a
                on a.demand_id = k2.demand_id and a.organization_id = k2.organization_id and a.state = 1
             order by k2.contract_id, a.pkid desc) x
     where k.contract_id = x.contract_id and k.authorization_id is null`);
  // owner01: one contract waiting for its confirmation (its first draft, or else one confirmed but not
  // yet submitted for filing, is sent to it).
  let touched = 0;
  const [waiting] = rowsOf(
    await t.execute(
      sql`select 1 from contracts where construction_id = ${OWNER_UNIT_ID} and status = 1 limit 1`,
    ),
  );
  if (!waiting) {
    const [draft] = rowsOf(
      await t.execute(sql`
        select contract_id from contracts
         where construction_id = ${OWNER_UNIT_ID} and (status = 0 or (status = 2 and audit_status in (0, 3)))
         order by status, contract_id limit 1`),
    );
    if (draft) {
      await t.execute(sql`
        update contracts set status = 1, audit_status = 0, signed_on = null
         where contract_id = ${draft.contract_id as number}`);
      touched += 1;
    }
  }
  // Schedule and payment terms: a week after drafting, two to four months long.
  await t.execute(sql`
    update contracts set
      start_on = ((created_at at time zone 'Asia/Shanghai')::date + 7),
      end_on = case when status = 0 then null
                    else ((created_at at time zone 'Asia/Shanghai')::date + 67 + (contract_id % 60)) end,
      payment_terms = case when status = 0 then null else ${PAYMENT_TERMS} end,
      created_by = (select o.user_id from agent_organizations o where o.organization_id = contracts.organization_id)`);
  // The owner's confirmation of every contract past it; the agency's of every one submitted for filing.
  // The codes are what each confirmer typed: six digits, derived from the id.
  await t.execute(sql`
    update contracts k set
      owner_confirmed_by = u.user_id,
      owner_confirmed_name = coalesce(usr.username, u.name),
      owner_confirmed_at = coalesce(k.signed_on::timestamp at time zone 'Asia/Shanghai' + interval '10 hours', k.updated_at),
      owner_sms_code = lpad(((k.contract_id * 7919 + 1234) % 1000000)::text, 6, '0'),
      signed_on = coalesce(k.signed_on, (k.updated_at at time zone 'Asia/Shanghai')::date)
      from construction_units u left join users usr on usr.pkid = u.user_id
     where u.construction_id = k.construction_id and k.status in (2, 3, 9)`);
  await t.execute(sql`
    update contracts k set
      agency_confirmed_by = o.user_id,
      agency_confirmed_name = coalesce(usr.username, o.org_name),
      agency_confirmed_at = k.owner_confirmed_at + interval '1 hour',
      agency_sms_code = lpad(((k.contract_id * 4111 + 567) % 1000000)::text, 6, '0')
      from agent_organizations o left join users usr on usr.pkid = o.user_id
     where o.organization_id = k.organization_id and k.owner_confirmed_at is not null and k.audit_status <> 0`);
  // agency01: its newest draft (owner01's if it has one) was returned by the owner with a reason.
  const [returned] = rowsOf(
    await t.execute(sql`
      select contract_id from contracts
       where organization_id = ${AGENCY_ORG_ID} and status = 0
       order by (construction_id = ${OWNER_UNIT_ID}) desc, contract_id desc limit 1`),
  );
  if (returned) {
    const returnedAt = new Date(now.getTime() - 26 * 3_600_000);
    await t.execute(sql`
      update contracts k set
        end_on = k.start_on + 75, payment_terms = '成果提交后一次性支付。',
        return_reason = ${RETURN_REASON}, returned_at = ${returnedAt.toISOString()}::timestamptz,
        returned_by = (select u.user_id from construction_units u where u.construction_id = k.construction_id),
        updated_at = ${returnedAt.toISOString()}::timestamptz
       where k.contract_id = ${returned.contract_id as number}`);
    touched += 1;
  }
  return touched;
}
