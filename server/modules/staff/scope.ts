/** Who sees which staff: the one rule every staff read and file download asks. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { roles } from '@shared/domain/roles';
import { auditStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { staffMessages } from '@shared/validation/staff';

/** The authority, auditors and district offices see every agency's staff; an agency its own only. */
const overseers: readonly string[] = [roles.authority.id, roles.auditor.id, roles.district.id];
export const isManager = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => overseers.includes(role));

/** A person's own fields (StaffFields) as columns. */
export const staffFieldColumns = {
  name: agentStaff.name,
  idCardNo: agentStaff.idCardNo,
  phone: agentStaff.phone,
  title: agentStaff.title,
  certificateNo: agentStaff.certificateNo,
  post: agentStaff.post,
};

/** The organization of an agency account; 403 when the account has none. */
export async function ownOrganizationId(db: Queryable, user: SessionUser): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) throw new AppError('forbidden', { message: '您的账号尚未登记测绘中介机构' });
  return org.id;
}

/**
 * The organization of an agency account whose own application is approved: only such an agency may
 * submit people for review (issue 21). 403 for an account with no organization or one not approved.
 */
export async function approvedOrganizationId(db: Queryable, user: SessionUser): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId, auditStatus: agentOrganizations.auditStatus })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) throw new AppError('forbidden', { message: '您的账号尚未登记测绘中介机构' });
  if (org.auditStatus !== auditStatus.code.approved)
    throw new AppError('forbidden', { message: staffMessages.agencyNotApproved });
  return org.id;
}

/**
 * The authority sees everyone; an agency its own staff; a staff account only the person it belongs to
 * (it has no agency of its own: agent_organizations.user_id is the agency account).
 */
export async function canSeePerson(
  db: Queryable,
  user: SessionUser,
  organizationId: number,
  staffId: number,
): Promise<boolean> {
  if (isManager(user)) return true;
  if (user.roleIds.includes(roles.agency.id)) {
    const own = await ownOrganizationId(db, user).catch(() => null);
    if (own === organizationId) return true;
  }
  const [self] = await db
    .select({ id: agentStaff.staffId })
    .from(agentStaff)
    .where(and(eq(agentStaff.staffId, staffId), eq(agentStaff.userId, user.pkid)));
  return self !== undefined;
}

/**
 * The agency's own live person with its fields, state, account and organization (404 for another
 * agency's, a deleted one, or none).
 */
export async function ownLivePerson(db: Queryable, user: SessionUser, staffId: number) {
  const organizationId = await ownOrganizationId(db, user);
  const [row] = await db
    .select({
      staffId: agentStaff.staffId,
      auditStatus: agentStaff.auditStatus,
      ...staffFieldColumns,
      userId: agentStaff.userId,
    })
    .from(agentStaff)
    .where(
      and(
        eq(agentStaff.staffId, staffId),
        eq(agentStaff.organizationId, organizationId),
        isNull(agentStaff.deletedAt),
      ),
    );
  if (!row) throw new AppError('not_found', { message: '没有这名人员' });
  return { ...row, organizationId };
}
