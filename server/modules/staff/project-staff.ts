/**
 * agentstaff/queryStaffByProjectId: the people of the agency authorized on a project (its accepted
 * authorization), for the owner, that agency (and its staff) and the supervising roles. Anyone else
 * gets the same 404 as for a project that does not exist, so the call reveals nothing.
 */
import { and, asc, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, projectAuthorizations, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { isProjectSupervisor, ownAgencyOf, ownUnitOf } from '@server/modules/projects';
import { auditStatus, authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';

const notFound = () => new AppError('not_found', { message: '项目不存在' });

export async function staffByProject(
  db: Queryable,
  user: SessionUser,
  input: { projectId: number; queryType: number },
) {
  const [project] = await db
    .select({ constructionId: projects.constructionId })
    .from(projects)
    .where(eq(projects.pkid, input.projectId));
  if (!project) throw notFound();
  // The newest accepted authorization is the one in force (an authorization change revokes the old).
  const [authorized] = await db
    .select({ organizationId: projectAuthorizations.organizationId })
    .from(projectAuthorizations)
    .where(
      and(
        eq(projectAuthorizations.projectId, input.projectId),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .orderBy(desc(projectAuthorizations.authorizedAt), desc(projectAuthorizations.pkid))
    .limit(1);
  if (!isProjectSupervisor(user)) {
    const owns = (await ownUnitOf(db, user)) === project.constructionId;
    const agency = await ownAgencyOf(db, user);
    const isAuthorized = agency !== null && agency === authorized?.organizationId;
    if (!owns && !isAuthorized) throw notFound();
  }
  if (!authorized) return [];
  const where: SQL[] = [
    eq(agentStaff.organizationId, authorized.organizationId),
    isNull(agentStaff.deletedAt),
  ];
  if (input.queryType === 1) where.push(eq(agentStaff.auditStatus, auditStatus.code.approved));
  if (input.queryType === 2) where.push(isNotNull(agentStaff.userId));
  const rows = await db
    .select({
      staffId: agentStaff.staffId,
      organizationId: agentStaff.organizationId,
      orgName: agentOrganizations.orgName,
      name: agentStaff.name,
      phone: agentStaff.phone,
      title: agentStaff.title,
      certificateNo: agentStaff.certificateNo,
      post: agentStaff.post,
      auditStatus: agentStaff.auditStatus,
      userId: agentStaff.userId,
    })
    .from(agentStaff)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
    .where(and(...where))
    .orderBy(asc(agentStaff.name), asc(agentStaff.staffId))
    .limit(500);
  return rows.map(({ userId, ...row }) => ({ ...row, hasAccount: userId !== null }));
}
