/**
 * The one place that says what a credit entry means for an agency and a person.
 *
 * An entry is in force on a day when it is active and the day is within [start, end] (Beijing calendar
 * days). The agencies' flag columns and the staff's is_blacklisted are derived from the entries in
 * force (`syncCreditFlags`), so the hall directory and every list read plain columns; they change only
 * here: when an entry is added or ended (credit service) and each day through the job credit-expiry.
 */
import { and, eq, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, creditEntries } from '@server/db/schema';
import { creditEntryKindLabels, type CreditEntryKind } from '@shared/domain/credit';
import { writeDroppingPages } from '@server/lib/page-cache';
import { beijingDate } from '@shared/validation/jobs';
import { creditGradeRule } from './grade-rule';
import { refreshCreditScores } from './score';
import { recordCreditDecision } from './timeline';

/** SQL: the entry `e` (a table alias of credit_entries) is in force on `today`. */
function inForce(e: string, today: string): SQL {
  return sql`${sql.raw(e)}.status = 'active' and ${sql.raw(e)}.start_date <= ${today}::date and (${sql.raw(e)}.end_date is null or ${sql.raw(e)}.end_date >= ${today}::date)`;
}

/**
 * SQL condition on agent_organizations: the agency may be chosen for a new demand (approved, no
 * lost-credit, unqualified or blacklist flag, and a credit grade that selects: not an unselectable
 * grade of the configured rule, by default D). `competitive` (a draw or a price comparison) also
 * leaves out the grades an owner may only choose directly (by default C). The demands module uses
 * this, and only this.
 */
export function agencySelectableCondition({ competitive = false } = {}): SQL {
  const o = agentOrganizations;
  const rule = creditGradeRule();
  const excluded = [...rule.unselectable, ...(competitive ? rule.directChoiceOnly : [])];
  return and(
    eq(o.auditStatus, 2),
    eq(o.isLostCredit, false),
    eq(o.isUnqualified, false),
    eq(o.isBlacklisted, false),
    excluded.length > 0 ? notInArray(o.creditGrade, excluded) : undefined,
  ) as SQL;
}

/** Whether an agency may be chosen for a new demand (see agencySelectableCondition). */
export async function isAgencySelectable(db: Queryable, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ organizationId: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(and(eq(agentOrganizations.organizationId, organizationId), agencySelectableCondition()));
  return row !== undefined;
}

/** Whether a person (by ID card number) is on the person blacklist on `today`. */
export async function isPersonBlacklisted(db: Queryable, idCardNo: string, today: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from credit_entries e where e.kind = 'personBlacklist' and upper(e.id_card_no) = upper(${idCardNo}) and ${inForce('e', today)} limit 1`,
  );
  return rowsOf(result).length > 0;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]) ?? [];
}

/**
 * Recomputes the flags (and the reason and period shown with them) of every agency and staff member
 * whose flags differ from the entries in force on `today`. Returns how many agencies changed (their
 * hall pages must be dropped) and how many staff.
 */
export async function syncCreditFlags(
  db: Queryable,
  today: string,
): Promise<{ agencies: number; staff: number }> {
  const latest = (kind: string, column: string) =>
    sql`(select e.${sql.raw(column)} from credit_entries e where e.organization_id = o.organization_id and e.kind = ${kind} and ${inForce('e', today)} order by e.start_date desc, e.pkid desc limit 1)`;
  const agencies = await db.execute(sql`
    with wanted as (
      select o.organization_id,
        ${latest('lostCredit', 'reason')} as lost_reason,
        ${latest('unqualified', 'reason')} as unqualified_reason,
        ${latest('blacklist', 'reason')} as blacklist_reason,
        ${latest('blacklist', 'start_date')} as blacklist_start,
        ${latest('blacklist', 'end_date')} as blacklist_end,
        exists (select 1 from credit_entries e where e.organization_id = o.organization_id and e.kind = 'blacklist' and ${inForce('e', today)}) as blacklisted
      from agent_organizations o
      where o.is_lost_credit or o.is_unqualified or o.is_blacklisted
        or exists (select 1 from credit_entries e where e.organization_id = o.organization_id)
    )
    update agent_organizations o set
      is_lost_credit = w.lost_reason is not null,
      lost_credit_reason = w.lost_reason,
      is_unqualified = w.unqualified_reason is not null,
      unqualified_reason = w.unqualified_reason,
      is_blacklisted = w.blacklisted,
      blacklist_reason = w.blacklist_reason,
      blacklist_start = w.blacklist_start,
      blacklist_end = w.blacklist_end,
      updated_at = now()
    from wanted w
    where o.organization_id = w.organization_id and (
      o.is_lost_credit <> (w.lost_reason is not null) or o.is_unqualified <> (w.unqualified_reason is not null)
      or o.is_blacklisted <> w.blacklisted
      or o.lost_credit_reason is distinct from w.lost_reason
      or o.unqualified_reason is distinct from w.unqualified_reason
      or o.blacklist_reason is distinct from w.blacklist_reason
      or o.blacklist_start is distinct from w.blacklist_start
      or o.blacklist_end is distinct from w.blacklist_end)
    returning o.organization_id`);
  const personLatest = (column: string) =>
    sql`(select e.${sql.raw(column)} from credit_entries e where e.kind = 'personBlacklist' and upper(e.id_card_no) = upper(s.id_card_no) and ${inForce('e', today)} order by e.start_date desc, e.pkid desc limit 1)`;
  const staff = await db.execute(sql`
    with wanted as (
      select s.staff_id, ${personLatest('reason')} as reason, ${personLatest('start_date')} as start_date,
        ${personLatest('end_date')} as end_date
      from agent_staff s
      where s.is_blacklisted
        or exists (select 1 from credit_entries e where e.kind = 'personBlacklist' and upper(e.id_card_no) = upper(s.id_card_no))
    )
    update agent_staff s set
      is_blacklisted = w.reason is not null,
      blacklist_reason = w.reason,
      blacklist_start = w.start_date,
      blacklist_end = w.end_date,
      updated_at = now()
    from wanted w
    where s.staff_id = w.staff_id and (s.is_blacklisted <> (w.reason is not null)
      or s.blacklist_reason is distinct from w.reason
      or s.blacklist_start is distinct from w.start_date
      or s.blacklist_end is distinct from w.end_date)
    returning s.staff_id`);
  return { agencies: rowsOf(agencies).length, staff: rowsOf(staff).length };
}

/**
 * The job credit-expiry: entries whose end date has passed become `expired`, then every flag is
 * brought in line with the entries in force today (which also raises flags of entries starting
 * today). Repeatable: a second run on the same day changes nothing.
 */
export async function expireCreditEntries(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  now: Date,
): Promise<string> {
  const today = beijingDate(now);
  const { expired, flags } = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const rows = await tx
      .update(creditEntries)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(creditEntries.status, 'active'), lt(creditEntries.endDate, today)))
      .returning({
        pkid: creditEntries.pkid,
        kind: creditEntries.kind,
        organizationId: creditEntries.organizationId,
        personName: creditEntries.personName,
        idCardNo: creditEntries.idCardNo,
        reason: creditEntries.reason,
        startDate: creditEntries.startDate,
        endDate: creditEntries.endDate,
      });
    const changed = await syncCreditFlags(tx, today);
    // Each expiry is a decision of the job: in the subject's timeline, and the agency is told.
    for (const entry of rows)
      await recordCreditDecision(
        tx,
        { ...entry, kind: entry.kind as CreditEntryKind },
        { type: 'expired' },
        null,
        now,
      );
    // An entry in force no longer: its agency's score is recounted (the nightly credit-score job
    // would find it too, but a change is recorded with its cause when it happens).
    let scores = 0;
    for (const entry of rows)
      if (entry.organizationId !== null)
        scores += (
          await refreshCreditScores(tx, {
            scope: { organizationId: entry.organizationId },
            today,
            at: now,
            cause: `${creditEntryKindLabels[entry.kind as CreditEntryKind]}记录到期`,
          })
        ).length;
    if (changed.agencies > 0 || scores > 0) dropPages(['agencies', 'statistics']);
    return { expired: rows.length, flags: changed };
  });
  return `${expired} 条信用记录到期；${flags.agencies} 家机构、${flags.staff} 名人员的标记已更新`;
}
