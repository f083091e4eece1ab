/** Who stands behind a project or an authorization: the owner's and the agency's accounts. */
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  agentStaff,
  constructionUnits,
  departments,
  projectAuthorizations,
  projectDemands,
  projects,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { roles } from '@shared/domain/roles';
import { authorizationState } from '@shared/domain/statuses';

/** Supervising roles see every project's authorizations (authority, auditor, district office). */
const supervising: readonly string[] = [roles.authority.id, roles.auditor.id, roles.district.id];
export const isProjectSupervisor = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => supervising.includes(role));

/** The account of the project's owner (its construction unit), or null. */
export async function ownerUserOf(db: Queryable, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: constructionUnits.userId })
    .from(projects)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(eq(projects.pkid, projectId));
  return row?.userId ?? null;
}

/** The construction unit the user signs in for, or null. */
export async function ownUnitOf(db: Queryable, user: SessionUser): Promise<number | null> {
  const [row] = await db
    .select({ id: constructionUnits.constructionId })
    .from(constructionUnits)
    .where(eq(constructionUnits.userId, user.pkid));
  return row?.id ?? null;
}

/** The agency the user acts for: its organization account, or a staff member's agency. */
export async function ownAgencyOf(db: Queryable, user: SessionUser): Promise<number | null> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (org) return org.id;
  const [staff] = await db
    .select({ id: agentStaff.organizationId })
    .from(agentStaff)
    .where(and(eq(agentStaff.userId, user.pkid)));
  return staff?.id ?? null;
}

/** The agency whose organization account the user is (only it answers authorizations). */
export async function agencyAccountOf(db: Queryable, user: SessionUser): Promise<number | null> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  return org?.id ?? null;
}

/** The district of the user's department (a district sub-office's), or null. */
export async function districtOfUser(db: Queryable, user: SessionUser): Promise<string | null> {
  const [row] = await db
    .select({ code: departments.districtCode })
    .from(departments)
    .where(eq(departments.pkid, user.depid));
  return row?.code ?? null;
}

/**
 * The agency whose authorization on the project was accepted (the latest, if several stages): the
 * one a certificate names and an archive case records. Null when none was.
 */
export async function acceptedAgencyOf(db: Queryable, projectId: number) {
  const [agency] = await db
    .select({
      organizationId: agentOrganizations.organizationId,
      orgName: agentOrganizations.orgName,
      userId: agentOrganizations.userId,
    })
    .from(projectAuthorizations)
    .innerJoin(
      agentOrganizations,
      eq(agentOrganizations.organizationId, projectAuthorizations.organizationId),
    )
    .where(
      and(
        eq(projectAuthorizations.projectId, projectId),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .orderBy(desc(projectAuthorizations.respondedAt), desc(projectAuthorizations.pkid))
    .limit(1);
  return agency ?? null;
}

/**
 * A demand with the two parties a rating either way concerns (the owner rates the agency, smo; the
 * agency rates the owner, con): its project, the owner's unit and account, and the agency whose
 * commission of it was accepted (null when none was). Null for an unknown demand.
 */
export async function demandParties(db: Queryable, demandId: number) {
  const [row] = await db
    .select({
      demandId: projectDemands.pkid,
      projectId: projects.pkid,
      projectName: projects.projectName,
      status: projects.status,
      constructionId: projects.constructionId,
      ownerId: constructionUnits.userId,
      organizationId: projectAuthorizations.organizationId,
      agencyUserId: agentOrganizations.userId,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(
      projectAuthorizations,
      and(
        eq(projectAuthorizations.demandId, projectDemands.pkid),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .leftJoin(agentOrganizations, eq(agentOrganizations.organizationId, projectAuthorizations.organizationId))
    .where(eq(projectDemands.pkid, demandId))
    .orderBy(desc(projectAuthorizations.authorizedAt))
    .limit(1);
  if (!row) return null;
  const { organizationId, agencyUserId, ...demand } = row;
  return {
    ...demand,
    agency: organizationId === null ? null : { organizationId, userId: agencyUserId },
  };
}
