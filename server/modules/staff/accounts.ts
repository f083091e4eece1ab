/**
 * Login accounts of staff (issue 12: "a staff member can be given a login account of the staff role,
 * tied to the agency"). The agency opens one for an approved person of its own: the account has the
 * staff role only and is tied to the person through agent_staff.user_id, which is how the staff
 * account finds its agency (and nothing else). The agency can disable it; deleting the person
 * disables it too. A disabled account cannot sign on (login.ts checks userstate) and its sign-ons end.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentStaff, userRoles, users } from '@server/db/schema';
import { departmentIds } from '@server/db/departments';
import { hashPassword } from '@server/lib/password';
import {
  announceSessionChange,
  endOtherTickets,
  type SessionUser,
  registrationDefaults,
} from '@server/modules/identity';
import { md5Hex } from '@shared/auth/md5';
import type { StaffAccount, StaffDetail } from '@shared/calls/staff';
import { roles } from '@shared/domain/roles';
import { auditStatus, userState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { identityMessages } from '@shared/validation/identity';
import { staffAccountMessages as am, type StaffAccountInput } from '@shared/validation/staff';
import { getStaff } from './service';
import { ownLivePerson } from './scope';

// No 0/O, 1/l/I: the password is read off the screen and typed by someone else.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';

/** A 12-character password meeting the registration rule (upper, lower and digit, at least 8). */
export function generatePassword(): string {
  const all = UPPER + LOWER + DIGITS;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** agentstaff/createAccount: the staff-role account of an approved person, its password shown once. */
export async function createStaffAccount(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: StaffAccountInput,
): Promise<StaffAccount & { initialPassword: string | null }> {
  const person = await ownLivePerson(ctx.db, user, input.id);
  if (person.auditStatus !== auditStatus.code.approved)
    throw new AppError('conflict', { message: am.notApproved });
  if (person.userId !== null) throw new AppError('conflict', { message: am.exists });
  const password = input.password ?? generatePassword();
  // Stored as the hash of the MD5 hex, which is what sign-on presents (as registration does).
  const loginpwd = await hashPassword(md5Hex(password));
  try {
    const userId = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          loginname: input.loginname,
          username: person.name,
          loginpwd,
          depid: departmentIds.agency,
          userphone: person.phone,
          ...registrationDefaults,
        })
        .returning({ pkid: users.pkid });
      if (!created) throw new AppError('internal');
      await tx.insert(userRoles).values({ userId: created.pkid, roleId: roles.staff.id });
      // Only if still without an account: two agency users opening one at once get one account.
      const tied = await tx
        .update(agentStaff)
        .set({ userId: created.pkid })
        .where(and(eq(agentStaff.staffId, person.staffId), isNull(agentStaff.userId)))
        .returning({ id: agentStaff.staffId });
      if (tied.length === 0) throw new AppError('conflict', { message: am.exists });
      return created.pkid;
    });
    return {
      userId,
      loginname: input.loginname,
      userstate: userState.code.active,
      initialPassword: input.password === undefined ? password : null,
    };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', { message: identityMessages.usernameTaken, field: 'loginname' });
    throw error;
  }
}

/** Sets the account disabled (inside the caller's transaction). */
export async function disableAccountIn(tx: Queryable, userId: number, at: Date) {
  await tx
    .update(users)
    .set({ userstate: userState.code.disabled, updatedAt: at })
    .where(eq(users.pkid, userId));
}

/** Ends the account's sign-ons and drops its cached sessions, after the account was disabled. */
export async function endAccountSignOns(ctx: AppContext, userId: number) {
  await endOtherTickets(ctx, userId, null);
  await announceSessionChange(ctx, [{ user: userId }]);
}

/** agentstaff/disableAccount/{id}: the agency disables its person's account. */
export async function disableStaffAccount(
  ctx: AppContext,
  user: SessionUser,
  staffId: number,
): Promise<StaffAccount> {
  const person = await ownLivePerson(ctx.db, user, staffId);
  if (person.userId === null) throw new AppError('not_found', { message: am.none });
  await disableAccountIn(ctx.db, person.userId, ctx.services.now());
  await endAccountSignOns(ctx, person.userId);
  const [row] = await ctx.db
    .select({ userId: users.pkid, loginname: users.loginname, userstate: users.userstate })
    .from(users)
    .where(eq(users.pkid, person.userId));
  if (!row) throw new AppError('internal');
  return row;
}

/**
 * agentstaff/resetAccountPassword/{id}: a forgotten password. The agency gets a new generated one to
 * pass on (shown once), and every sign-on made with the old one ends. A disabled account stays
 * disabled: it is refused rather than silently given a password nobody can use.
 */
export async function resetStaffPassword(
  ctx: AppContext,
  user: SessionUser,
  staffId: number,
): Promise<StaffAccount & { initialPassword: string }> {
  const person = await ownLivePerson(ctx.db, user, staffId);
  if (person.userId === null) throw new AppError('not_found', { message: am.none });
  const password = generatePassword();
  const [row] = await ctx.db
    .update(users)
    .set({ loginpwd: await hashPassword(md5Hex(password)), updatedAt: ctx.services.now() })
    .where(and(eq(users.pkid, person.userId), eq(users.userstate, userState.code.active)))
    .returning({ userId: users.pkid, loginname: users.loginname, userstate: users.userstate });
  if (!row) throw new AppError('conflict', { message: am.disabled });
  await endAccountSignOns(ctx, person.userId);
  return { ...row, initialPassword: password };
}

/** agentstaff/querySelf: the person a staff account belongs to (404 when none or deleted). */
export async function ownStaffRecord(db: Queryable, user: SessionUser): Promise<StaffDetail> {
  const [person] = await db
    .select({ staffId: agentStaff.staffId })
    .from(agentStaff)
    .where(and(eq(agentStaff.userId, user.pkid), isNull(agentStaff.deletedAt)));
  if (!person) throw new AppError('not_found', { message: '您的账号没有关联从业人员' });
  return getStaff(db, user, person.staffId);
}
