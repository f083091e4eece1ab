/**
 * The user service behind /uc (spec section 7): the signed-in user, profiles, registration, the
 * module tree, department members. A user reads and changes only their own record unless an
 * administrator; no answer ever carries a password hash (rows are mapped field by field).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { departmentIds } from '@server/db/departments';
import { departments, modules, roleModules, userRoles, users } from '@server/db/schema';
import { hashPassword } from '@server/lib/password';
import { md5Hex } from '@shared/auth/md5';
import type { CurrentUser, ModuleNode } from '@shared/auth/user';
import { roles } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import {
  identityMessages,
  isReservedDisplayName,
  userTypes,
  type RegisterRequest,
  type UserUpdateRequest,
} from '@shared/validation/identity';
import { checkPhoneCode } from '../sms/service';
import { announceSessionChange } from '../session-cache';
import { endOtherTickets, userProfileColumns, type SessionUser } from '../sessions';

/** Registration defaults (spec section 6, DOMAIN.md). */
export const registrationDefaults = { userlevel: 3, userstate: 1, accredit: 0, submanager: 0 } as const;

const publicColumns = {
  pkid: users.pkid,
  ...userProfileColumns,
  descinfo: users.descinfo,
  userlevel: users.userlevel,
  userstate: users.userstate,
  accredit: users.accredit,
  submanager: users.submanager,
};

export type PublicUser = CurrentUser & { descinfo: string | null; accredit: number; submanager: number };

async function rolesOf(ctx: AppContext, userIds: number[]): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (userIds.length === 0) return found;
  const rows = await ctx.db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.roleId));
  for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row.roleId]);
  return found;
}

async function selectUsers(ctx: AppContext, where: ReturnType<typeof eq>): Promise<PublicUser[]> {
  const rows = await ctx.db
    .select(publicColumns)
    .from(users)
    .leftJoin(departments, eq(users.depid, departments.pkid))
    .where(where)
    .orderBy(asc(users.pkid));
  const roleMap = await rolesOf(
    ctx,
    rows.map((row) => row.pkid),
  );
  return rows.map((row) => ({ ...row, roleid: (roleMap.get(row.pkid) ?? []).join(',') }));
}

export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    pkid: user.pkid,
    loginname: user.loginname,
    username: user.username,
    depid: user.depid,
    depname: user.depname,
    userphone: user.userphone,
    useremail: user.useremail,
    userlevel: user.userlevel,
    roleid: user.roleIds.join(','),
    userstate: user.userstate,
  };
}

function assertSelfOrAdmin(actor: SessionUser, userId: number): void {
  if (!actor.isAdmin && actor.pkid !== userId) throw new AppError('forbidden');
}

export async function readUser(ctx: AppContext, actor: SessionUser, userId: number): Promise<PublicUser> {
  assertSelfOrAdmin(actor, userId);
  const [user] = await selectUsers(ctx, eq(users.pkid, userId));
  if (!user) throw new AppError('not_found', { message: '用户不存在' });
  return user;
}

export async function updateUser(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
  input: UserUpdateRequest,
): Promise<PublicUser> {
  assertSelfOrAdmin(actor, userId);
  const current = await readUser(ctx, actor, userId);
  if (
    input.username !== undefined &&
    input.username !== current.username &&
    !actor.isAdmin &&
    isReservedDisplayName(input.username)
  ) {
    throw new AppError('invalid_input', { message: identityMessages.displayNameReserved, field: 'username' });
  }
  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.username !== undefined) values.username = input.username;
  if (input.userphone !== undefined) values.userphone = input.userphone || null;
  if (input.useremail !== undefined) values.useremail = input.useremail || null;
  if (input.descinfo !== undefined) values.descinfo = input.descinfo || null;
  if (input.loginpwd !== undefined) values.loginpwd = await hashPassword(md5Hex(input.loginpwd));
  await ctx.db.update(users).set(values).where(eq(users.pkid, userId));
  // Sessions carry the name, phone and e-mail: the next call reads them again.
  await announceSessionChange(ctx, [{ user: userId }]);
  // A new password ends the account's other sign-ons (keeping the one that changed it).
  if (input.loginpwd !== undefined) {
    await endOtherTickets(ctx, userId, actor.pkid === userId ? actor.tgtHash : null);
  }
  return readUser(ctx, actor, userId);
}

/**
 * Ends every sign-on of a user (administrators): all ticket-granting tickets and the sessions opened
 * from them; the services that validated their tickets get single logout.
 */
export async function endUserSignOn(ctx: AppContext, actor: SessionUser, userId: number): Promise<void> {
  // The own sign-on ends with logout; here an administrator would lock themselves out by mistake.
  if (actor.pkid === userId) {
    throw new AppError('invalid_input', { message: identityMessages.ownSignOnNotEnded, field: 'id' });
  }
  const [user] = await ctx.db.select({ pkid: users.pkid }).from(users).where(eq(users.pkid, userId));
  if (!user) throw new AppError('not_found', { message: '用户不存在' });
  await endOtherTickets(ctx, userId, null);
}

export async function isLoginnameTaken(ctx: AppContext, loginname: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ pkid: users.pkid })
    .from(users)
    .where(eq(users.loginname, loginname))
    .limit(1);
  return row !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Registers an agency (usertype 1) or owner (2) account after checking the phone code. */
export async function registerUser(ctx: AppContext, input: RegisterRequest): Promise<number> {
  await assertLoginnameFree(ctx, input.loginname);
  await checkPhoneCode(ctx, input.userphone, input.phoneverify);
  return createAccount(ctx, {
    loginname: input.loginname,
    username: input.username,
    // The stored hash is of the MD5 hex, which is what sign-on presents (spec section 7).
    loginpwd: await hashPassword(md5Hex(input.loginpwd)),
    userphone: input.userphone,
    useremail: input.useremail || null,
    usertype: input.usertype,
  });
}

/** Creates an account for an external (provincial) login name; it signs on only through that platform. */
export async function createExternalUser(
  ctx: AppContext,
  input: { loginname: string; username: string; userphone: string; usertype: number },
): Promise<number> {
  await assertLoginnameFree(ctx, input.loginname);
  // '!' is no hash of any password: the account cannot sign in with one.
  return createAccount(ctx, { ...input, loginpwd: '!', useremail: null });
}

async function assertLoginnameFree(ctx: AppContext, loginname: string): Promise<void> {
  if (await isLoginnameTaken(ctx, loginname)) {
    throw new AppError('conflict', { message: identityMessages.usernameTaken, field: 'loginname' });
  }
}

/**
 * The account and its role (agency or construction owner, by usertype) in one transaction, with the
 * registration defaults. A login name taken meanwhile by another request is the same conflict.
 */
async function createAccount(
  ctx: AppContext,
  account: {
    loginname: string;
    username: string;
    loginpwd: string;
    userphone: string;
    useremail: string | null;
    usertype: number;
  },
): Promise<number> {
  const isAgency = account.usertype === userTypes.agency;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          loginname: account.loginname,
          username: account.username,
          loginpwd: account.loginpwd,
          depid: isAgency ? departmentIds.agency : departmentIds.construction,
          userphone: account.userphone,
          useremail: account.useremail,
          ...registrationDefaults,
        })
        .returning({ pkid: users.pkid });
      if (!created) throw new AppError('internal');
      await tx
        .insert(userRoles)
        .values({ userId: created.pkid, roleId: isAgency ? roles.agency.id : roles.owner.id });
      return created.pkid;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', { message: identityMessages.usernameTaken, field: 'loginname' });
    }
    throw error;
  }
}

export async function userIdByLoginname(ctx: AppContext, loginname: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ pkid: users.pkid })
    .from(users)
    .where(and(eq(users.loginname, loginname), eq(users.userstate, 1)))
    .limit(1);
  return row?.pkid ?? null;
}

/**
 * Members of a department: administrators any, others their own. Phone numbers and e-mail addresses
 * only for administrators: a member sees who the others are, not how to reach them privately.
 */
export async function listDepartmentUsers(
  ctx: AppContext,
  actor: SessionUser,
  depid: number,
): Promise<PublicUser[]> {
  if (!actor.isAdmin && actor.depid !== depid) throw new AppError('forbidden');
  const members = await selectUsers(ctx, eq(users.depid, depid));
  return actor.isAdmin ? members : members.map((member) => ({ ...member, userphone: null, useremail: null }));
}

/** The department and its direct children (administrators any, others their own department's). */
export async function childDepartments(ctx: AppContext, actor: SessionUser, deptId: number) {
  if (!actor.isAdmin && actor.depid !== deptId) throw new AppError('forbidden');
  return ctx.db
    .select({
      pkid: departments.pkid,
      name: departments.name,
      kind: departments.kind,
      parentId: departments.parentId,
    })
    .from(departments)
    .where(eq(departments.parentId, deptId))
    .orderBy(asc(departments.orderIndex), asc(departments.pkid));
}

/**
 * The two-level module tree of a user's roles (spec section 3): first-level groups with their
 * permitted pages, each level by orderindex. A group shows when one of its pages is permitted.
 */
export async function moduleTree(ctx: AppContext, actor: SessionUser, userId: number): Promise<ModuleNode[]> {
  assertSelfOrAdmin(actor, userId);
  const roleIds = actor.pkid === userId ? actor.roleIds : ((await rolesOf(ctx, [userId])).get(userId) ?? []);
  if (roleIds.length === 0) return [];
  const permitted = await ctx.db
    .selectDistinct({
      pkid: modules.pkid,
      name: modules.name,
      href: modules.href,
      css: modules.css,
      type: modules.type,
      orderindex: modules.orderindex,
      parentId: modules.parentId,
      appMetaId: modules.appMetaId,
    })
    .from(modules)
    .innerJoin(roleModules, eq(roleModules.moduleId, modules.pkid))
    .where(inArray(roleModules.roleId, roleIds));
  const pages = permitted.filter((row) => row.parentId !== null);
  const parentIds = [...new Set(pages.map((row) => row.parentId as number))];
  const parents =
    parentIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(modules)
          .where(and(inArray(modules.pkid, parentIds), ne(modules.type, 1)));
  const byOrder = (a: { orderindex: number; pkid: number }, b: { orderindex: number; pkid: number }) =>
    a.orderindex - b.orderindex || a.pkid - b.pkid;
  return parents.sort(byOrder).map((parent) => ({
    pkid: parent.pkid,
    name: parent.name,
    href: parent.href,
    css: parent.css,
    type: parent.type,
    orderindex: parent.orderindex,
    appMetaId: parent.appMetaId,
    children: pages
      .filter((page) => page.parentId === parent.pkid)
      .sort(byOrder)
      .map((page) => ({
        pkid: page.pkid,
        name: page.name,
        href: page.href,
        css: page.css,
        type: page.type,
        orderindex: page.orderindex,
        appMetaId: page.appMetaId,
        children: null,
      })),
  }));
}
