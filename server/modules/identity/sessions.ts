/**
 * The single sign-on state (issue 3): ticket-granting tickets (8 h at most, 2 h idle), service tickets
 * (one validation within 10 s), and browser sessions bound to a ticket. Everything is in the database,
 * so instances share it; only hashes of ids are stored.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import {
  casServiceSessions,
  departments,
  ssoServiceTickets,
  ssoSessions,
  ssoTickets,
  users,
} from '@server/db/schema';
import { GUEST_USER_ID, roles } from '@shared/domain/roles';
import { nowOf } from './options';
import { announceSessionChange, type CachedSession } from './session-cache';
import { ofTickets, queueSingleLogout } from './cas/single-logout';
import { hashId, ID_PATTERN, newId } from './tokens';
import type { SessionUser } from '@server/lib/session-user';

export type { SessionUser } from '@server/lib/session-user';

export const TGT_MAX_AGE_MS = 8 * 60 * 60 * 1000;
export const TGT_IDLE_MS = 2 * 60 * 60 * 1000;
export const SERVICE_TICKET_TTL_MS = 10 * 1000;
export const ANONYMOUS_SESSION_TTL_MS = 30 * 60 * 1000;
/** Activity is written back at most this often (one UPDATE per minute per session, not per request). */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionRow {
  idHash: string;
  userId: number | null;
  tgtHash: string | null;
  captchaCode: string | null;
  captchaIssuedAt: Date | null;
  captchaFailures: number;
  captchaVerifiedAt: Date | null;
  pendingLoginName: string | null;
}

function isTicketAlive(ticket: { expiresAt: Date; lastUsedAt: Date }, now: Date): boolean {
  return ticket.expiresAt > now && ticket.lastUsedAt.getTime() + TGT_IDLE_MS > now.getTime();
}

const roleList = sql<string>`coalesce((select string_agg(ur.role_id, ',' order by ur.role_id) from user_roles ur where ur.user_id = ${users.pkid}), '')`;

/**
 * The user of a session token, or null: no such session, not signed in, ticket ended or expired,
 * account disabled, or the guest (who counts as not signed in, spec section 4).
 */
export async function resolveSessionToken(
  ctx: AppContext,
  token: string | undefined,
  /** false for checks that are not the person's activity (a live stream's heartbeat): no idle reset. */
  { touch = true }: { touch?: boolean } = {},
): Promise<SessionUser | null> {
  if (!token || !ID_PATTERN.test(token)) return null;
  const now = nowOf(ctx);
  const sessionHash = hashId(token);
  const cache = ctx.services.sessions;
  // Kept from when it was read: a busy session is read again every few seconds all the same.
  const session = await cache.load(sessionHash, () => loadSession(ctx, sessionHash));
  if (!session || !isTicketAlive(session, now)) {
    cache.drop({ session: sessionHash });
    return null;
  }
  if (touch && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Claimed before the writes: the calls arriving meanwhile do not write it again.
    session.lastSeenAt = now;
    session.lastUsedAt = now;
    await ctx.db.update(ssoSessions).set({ lastSeenAt: now }).where(eq(ssoSessions.idHash, sessionHash));
    await ctx.db
      .update(ssoTickets)
      .set({ lastUsedAt: now })
      .where(eq(ssoTickets.idHash, session.user.tgtHash));
  }
  return session.user;
}

/** Who a user is, as sessions, CAS attributes and the user pages show it (users joined to departments). */
export const userProfileColumns = {
  loginname: users.loginname,
  username: users.username,
  depid: users.depid,
  depname: departments.name,
  userphone: users.userphone,
  useremail: users.useremail,
};

/** A signed-in session from the database, or null (no session, signed out, disabled, the guest). */
async function loadSession(ctx: AppContext, sessionHash: string): Promise<CachedSession | null> {
  const [row] = await ctx.db
    .select({
      sessionHash: ssoSessions.idHash,
      lastSeenAt: ssoSessions.lastSeenAt,
      tgtHash: ssoTickets.idHash,
      expiresAt: ssoTickets.expiresAt,
      lastUsedAt: ssoTickets.lastUsedAt,
      pkid: users.pkid,
      ...userProfileColumns,
      userlevel: users.userlevel,
      userstate: users.userstate,
      roleIds: roleList,
    })
    .from(ssoSessions)
    .innerJoin(ssoTickets, eq(ssoSessions.tgtHash, ssoTickets.idHash))
    .innerJoin(users, eq(ssoSessions.userId, users.pkid))
    .leftJoin(departments, eq(users.depid, departments.pkid))
    .where(eq(ssoSessions.idHash, sessionHash))
    .limit(1);
  if (!row || row.userstate !== 1 || row.pkid === GUEST_USER_ID) return null;
  const roleIds = row.roleIds ? row.roleIds.split(',') : [];
  return {
    user: {
      pkid: row.pkid,
      loginname: row.loginname,
      username: row.username,
      depid: row.depid,
      depname: row.depname,
      userphone: row.userphone,
      useremail: row.useremail,
      userlevel: row.userlevel,
      userstate: row.userstate,
      roleIds,
      isAdmin: roleIds.includes(roles.admin.id),
      sessionHash: row.sessionHash,
      tgtHash: row.tgtHash,
    },
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    lastSeenAt: row.lastSeenAt,
  };
}

/** The raw session row of a token (signed in or not), if it has not expired. */
export async function findSession(ctx: AppContext, token: string | undefined): Promise<SessionRow | null> {
  if (!token || !ID_PATTERN.test(token)) return null;
  const [row] = await ctx.db
    .select()
    .from(ssoSessions)
    .where(eq(ssoSessions.idHash, hashId(token)))
    .limit(1);
  if (!row) return null;
  if (row.userId === null && row.expiresAt <= nowOf(ctx)) return null;
  return row;
}

/** A new anonymous session (captcha, external entry); answers its token. */
export async function createAnonymousSession(ctx: AppContext): Promise<{ token: string; row: SessionRow }> {
  const now = nowOf(ctx);
  const token = newId('SID');
  const [row] = await ctx.db
    .insert(ssoSessions)
    .values({
      idHash: hashId(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ANONYMOUS_SESSION_TTL_MS),
    })
    .returning();
  return { token, row: row as SessionRow };
}

export async function updateSession(
  ctx: AppContext,
  idHash: string,
  values: Partial<Omit<typeof ssoSessions.$inferInsert, 'idHash'>>,
): Promise<void> {
  await ctx.db.update(ssoSessions).set(values).where(eq(ssoSessions.idHash, idHash));
}

/**
 * Removes what has expired and queues single logout for expired sign-ons; run by the `sso-expiry` job
 * every few minutes (so services hear of an expiry within minutes) and on each sign-on. Answers how
 * many ticket-granting tickets ended.
 */
export async function sweepExpired(ctx: AppContext, now: Date): Promise<number> {
  const expired = or(
    lt(ssoTickets.expiresAt, now),
    lt(ssoTickets.lastUsedAt, new Date(now.getTime() - TGT_IDLE_MS)),
  );
  // Expiry ends a sign-on too: the services that validated its tickets are told (single logout).
  await queueSingleLogout(
    ctx,
    ctx.db,
    inArray(
      casServiceSessions.tgtHash,
      ctx.db.select({ h: ssoTickets.idHash }).from(ssoTickets).where(expired),
    ),
  );
  const ended = await ctx.db
    .delete(ssoTickets)
    .where(
      or(lt(ssoTickets.expiresAt, now), lt(ssoTickets.lastUsedAt, new Date(now.getTime() - TGT_IDLE_MS))),
    )
    .returning({ tgt: ssoTickets.idHash });
  if (ended.length > 0) await announceSessionChange(ctx, ended);
  await ctx.db.delete(ssoSessions).where(and(isNull(ssoSessions.userId), lt(ssoSessions.expiresAt, now)));
  await ctx.db
    .delete(ssoServiceTickets)
    .where(lt(ssoServiceTickets.createdAt, new Date(now.getTime() - 60 * SERVICE_TICKET_TTL_MS)));
  return ended.length;
}

/** Issues a ticket-granting ticket for a user; answers its id (only its hash is stored). */
export async function createTicketGrantingTicket(
  ctx: AppContext,
  userId: number,
  /** true when the password was just presented (sign-on, REST): the CAS renew rule reads it. */
  { freshLogin = false }: { freshLogin?: boolean } = {},
): Promise<string> {
  const now = nowOf(ctx);
  await sweepExpired(ctx, now);
  const tgt = newId('TGT');
  await ctx.db.insert(ssoTickets).values({
    idHash: hashId(tgt),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TGT_MAX_AGE_MS),
    freshLogin,
  });
  return tgt;
}

/** A live ticket-granting ticket's row (and marks it used), or null. */
export async function useTicketGrantingTicket(ctx: AppContext, tgt: string) {
  if (!ID_PATTERN.test(tgt) || !tgt.startsWith('TGT-')) return null;
  const now = nowOf(ctx);
  const [ticket] = await ctx.db
    .select()
    .from(ssoTickets)
    .where(eq(ssoTickets.idHash, hashId(tgt)))
    .limit(1);
  if (!ticket || !isTicketAlive(ticket, now)) return null;
  await ctx.db.update(ssoTickets).set({ lastUsedAt: now }).where(eq(ssoTickets.idHash, ticket.idHash));
  return ticket;
}

export async function createServiceTicket(
  ctx: AppContext,
  tgtHash: string,
  service: string,
  { fromNewLogin = false }: { fromNewLogin?: boolean } = {},
): Promise<string> {
  const ticket = newId('ST');
  await ctx.db
    .insert(ssoServiceTickets)
    .values({ idHash: hashId(ticket), tgtHash, service, createdAt: nowOf(ctx), fromNewLogin });
  return ticket;
}

/**
 * Validates a service ticket for `isService(service)`: at most once, within 10 s of issue. The ticket
 * is spent by the first attempt, whether that attempt succeeds or not. Answers the live ticket-granting
 * ticket's hash and user, or null.
 */
export async function validateServiceTicket(
  ctx: AppContext,
  ticket: string,
  isService: (service: string) => boolean,
): Promise<{ tgtHash: string; userId: number } | null> {
  if (!ID_PATTERN.test(ticket) || !ticket.startsWith('ST-')) return null;
  const now = nowOf(ctx);
  const [spent] = await ctx.db
    .update(ssoServiceTickets)
    .set({ usedAt: now })
    .where(and(eq(ssoServiceTickets.idHash, hashId(ticket)), isNull(ssoServiceTickets.usedAt)))
    .returning();
  if (!spent) return null;
  if (now.getTime() - spent.createdAt.getTime() > SERVICE_TICKET_TTL_MS || now < spent.createdAt) return null;
  if (!isService(spent.service)) return null;
  const [granting] = await ctx.db
    .select()
    .from(ssoTickets)
    .where(eq(ssoTickets.idHash, spent.tgtHash))
    .limit(1);
  if (!granting || !isTicketAlive(granting, now)) return null;
  return { tgtHash: granting.idHash, userId: granting.userId };
}

/**
 * Opens (or keeps) the signed-in session of this browser for a ticket-granting ticket. A session
 * already bound to the same ticket is kept; otherwise a new id is issued (no session fixation) and the
 * previous anonymous row is dropped. Answers the token to set as cookie, or undefined to keep it.
 */
export async function openSession(
  ctx: AppContext,
  currentToken: string | undefined,
  granting: { tgtHash: string; userId: number },
): Promise<string | undefined> {
  const current = await findSession(ctx, currentToken);
  if (current && current.tgtHash === granting.tgtHash && current.userId === granting.userId) return undefined;
  if (current) {
    await ctx.db.delete(ssoSessions).where(eq(ssoSessions.idHash, current.idHash));
    await announceSessionChange(ctx, [{ session: current.idHash }]);
  }
  const now = nowOf(ctx);
  const token = newId('SID');
  await ctx.db.insert(ssoSessions).values({
    idHash: hashId(token),
    userId: granting.userId,
    tgtHash: granting.tgtHash,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + TGT_MAX_AGE_MS),
  });
  return token;
}

/** Ends ticket-granting tickets (by hash); the cascade ends every session opened from them. */
export async function endTickets(ctx: AppContext, tgtHashes: readonly string[]): Promise<void> {
  if (tgtHashes.length === 0) return;
  const ended = [...new Set(tgtHashes)];
  await queueSingleLogout(ctx, ctx.db, ofTickets(ended));
  await ctx.db.delete(ssoTickets).where(inArray(ssoTickets.idHash, ended));
  await announceSessionChange(
    ctx,
    ended.map((tgt) => ({ tgt })),
  );
}

/** The ticket-granting ticket a service ticket was issued from (deleteTgtEx's geoServiceTicket). */
export async function tgtHashOfServiceTicket(ctx: AppContext, ticket: string): Promise<string | null> {
  if (!ID_PATTERN.test(ticket)) return null;
  const [row] = await ctx.db
    .select({ tgtHash: ssoServiceTickets.tgtHash })
    .from(ssoServiceTickets)
    .where(eq(ssoServiceTickets.idHash, hashId(ticket)))
    .limit(1);
  return row?.tgtHash ?? null;
}

/** Ends every ticket of a user but `keepTgtHash` (after a password change). */
export async function endOtherTickets(
  ctx: AppContext,
  userId: number,
  keepTgtHash: string | null,
): Promise<void> {
  const others =
    keepTgtHash === null
      ? eq(ssoTickets.userId, userId)
      : and(eq(ssoTickets.userId, userId), ne(ssoTickets.idHash, keepTgtHash));
  await queueSingleLogout(
    ctx,
    ctx.db,
    inArray(
      casServiceSessions.tgtHash,
      ctx.db.select({ h: ssoTickets.idHash }).from(ssoTickets).where(others),
    ),
  );
  await ctx.db
    .delete(ssoTickets)
    .where(
      keepTgtHash === null
        ? eq(ssoTickets.userId, userId)
        : and(eq(ssoTickets.userId, userId), ne(ssoTickets.idHash, keepTgtHash)),
    );
  await announceSessionChange(ctx, [{ user: userId }]);
}
