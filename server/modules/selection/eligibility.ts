/**
 * Who may be authorized for a demand, in one function: authorizing, and approving an authorization
 * change, both ask it. An agency is eligible when it is selectable (approved, no lost-credit,
 * unqualified or blacklist flag: credit/flags.ts) and its business scope covers every survey item of
 * the demand. When a selection (direct, draw, price) exists for the demand, the winner rule joins here.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  demandSelections,
  projectAuthorizations,
  projectStageItems,
} from '@server/db/schema';
import { agencySelectableCondition } from '@server/modules/credit';
import { authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { authorizationMessages as m } from '@shared/validation/authorizations';

export interface EligibleAgency {
  organizationId: number;
  orgName: string;
  userId: number | null;
}

/**
 * SQL on agent_organizations: selectable and its business scope holds every one of `itemIds`. The one
 * definition: selection (candidates, the draw's frozen list, quotes) and authorization both use it.
 * `competitive`: for a draw or a price comparison, which leave out the direct-choice-only grades.
 */
export function eligibleCondition(itemIds: number[], { competitive = false } = {}): SQL {
  return and(
    agencySelectableCondition({ competitive }),
    sql`${agentOrganizations.businessScope} @> ${`{${itemIds.join(',')}}`}::integer[]`,
  ) as SQL;
}

/** The demand's survey items, ascending. */
export async function itemIdsOf(db: Queryable, demandId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(projectStageItems.itemId));
  return rows.map((row) => row.itemId);
}

/** The agencies that may be authorized for the demand, by name. */
export async function eligibleAgencies(db: Queryable, demandId: number): Promise<EligibleAgency[]> {
  const items = await itemIdsOf(db, demandId);
  if (items.length === 0) return [];
  const o = agentOrganizations;
  return db
    .select({ organizationId: o.organizationId, orgName: o.orgName, userId: o.userId })
    .from(o)
    .where(eligibleCondition(items))
    .orderBy(asc(o.orgName), asc(o.organizationId));
}

/** The agency when it may be authorized for the demand; otherwise 404 (unknown) or 409 (not eligible). */
export async function assertAgencyEligible(
  db: Queryable,
  demandId: number,
  organizationId: number,
): Promise<EligibleAgency> {
  const o = agentOrganizations;
  const [org] = await db.select({ id: o.organizationId }).from(o).where(eq(o.organizationId, organizationId));
  if (!org) throw new AppError('not_found', { message: m.agencyNotFound, field: 'organizationId' });
  const items = await itemIdsOf(db, demandId);
  const [eligible] =
    items.length === 0
      ? []
      : await db
          .select({ organizationId: o.organizationId, orgName: o.orgName, userId: o.userId })
          .from(o)
          .where(and(eq(o.organizationId, organizationId), eligibleCondition(items)));
  if (!eligible) throw new AppError('conflict', { message: m.notEligible, field: 'organizationId' });
  return eligible;
}

/**
 * When the demand has a selection (direct, draw, price), only its winner may be authorized: refused
 * while the selection is undecided (409) and for any other agency (409). Once the winner declined an
 * offer for the demand, the owner may authorize another eligible agency (the rule lifts).
 */
export async function selectionAllows(
  db: Queryable,
  demandId: number,
  organizationId: number,
): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const [selection] = await db
    .select({ state: demandSelections.state, winnerId: demandSelections.winnerId })
    .from(demandSelections)
    .where(eq(demandSelections.demandId, demandId));
  if (!selection) return { allowed: true };
  if (selection.winnerId === organizationId) return { allowed: true };
  if (selection.winnerId === null) return { allowed: false, message: m.selectionUndecided };
  const [declined] = await db
    .select({ pkid: projectAuthorizations.pkid })
    .from(projectAuthorizations)
    .where(
      and(
        eq(projectAuthorizations.demandId, demandId),
        eq(projectAuthorizations.organizationId, selection.winnerId),
        eq(projectAuthorizations.state, authorizationState.code.declined),
      ),
    );
  return declined ? { allowed: true } : { allowed: false, message: m.notSelectionWinner };
}

/** selectionAllows as a check: 409 with its message. */
export async function assertSelectionAllows(db: Queryable, demandId: number, organizationId: number) {
  const verdict = await selectionAllows(db, demandId, organizationId);
  if (!verdict.allowed) throw new AppError('conflict', { message: verdict.message, field: 'organizationId' });
}
