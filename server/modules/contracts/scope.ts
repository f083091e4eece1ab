/**
 * Which contracts a user may see (issue 14, DOMAIN.md roles): an agency and its staff the contracts of
 * their organization, an owner those of its unit, a district office those of projects in its district,
 * the authority, auditors and administrators all of them; a result-sharing department the filed ones;
 * anyone else none. A user holding several
 * roles sees the union. Everything that reads contracts goes through `contractScope`, so a row outside
 * it answers 404 exactly like a missing one.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  agentStaff,
  constructionUnits,
  contracts,
  departments,
  projects,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { roles } from '@shared/domain/roles';
import { contractStatus } from '@shared/domain/statuses';

const overseers: readonly string[] = [roles.authority.id, roles.auditor.id];

/** Sees every contract: administrators, the authority and auditors. */
export const seesAll = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => overseers.includes(role));

/** The condition limiting contracts (joined with projects) to what `user` may see; undefined = all. */
export async function contractScope(db: Queryable, user: SessionUser): Promise<SQL | undefined> {
  if (seesAll(user)) return undefined;
  const has = (role: string) => user.roleIds.includes(role);
  const parts: SQL[] = [];
  if (has(roles.agency.id)) {
    const orgs = await db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.userId, user.pkid));
    if (orgs.length > 0)
      parts.push(
        inArray(
          contracts.organizationId,
          orgs.map((org) => org.id),
        ),
      );
  }
  if (has(roles.staff.id)) {
    const [staff] = await db
      .select({ id: agentStaff.organizationId })
      .from(agentStaff)
      .where(eq(agentStaff.userId, user.pkid));
    if (staff) parts.push(eq(contracts.organizationId, staff.id));
  }
  if (has(roles.owner.id)) {
    const [unit] = await db
      .select({ id: constructionUnits.constructionId })
      .from(constructionUnits)
      .where(eq(constructionUnits.userId, user.pkid));
    if (unit) parts.push(eq(contracts.constructionId, unit.id));
  }
  if (has(roles.district.id)) {
    const [department] = await db
      .select({ code: departments.districtCode })
      .from(departments)
      .where(eq(departments.pkid, user.depid));
    if (department?.code) parts.push(eq(projects.districtCode, department.code));
  }
  // Result-sharing departments look filed contracts up (a filing is a public record of the authority).
  if (has(roles.sharing.id)) parts.push(eq(contracts.status, contractStatus.code.filed));
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0] : or(...parts);
}
