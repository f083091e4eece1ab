/**
 * Single logout (CAS protocol, section "SLO"): when a ticket-granting ticket ends (logout, expiry,
 * password change), every registered service that validated a ticket of it gets a back-channel POST
 * with the SAML LogoutRequest as the form field `logoutRequest`. The messages go through an outbox
 * table, written in the same step that ends the ticket, and are delivered by the job runner's
 * `cas-single-logout` job (server/modules/jobs/definitions.ts) with retries, so a slow or absent
 * service never holds up the logout. Queueing asks the runner to run that job now; its schedule
 * (every minute) picks up retries and messages queued on another instance.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { casLogoutOutbox, casServiceSessions } from '@server/db/schema';
import { nowOf } from '../options';

/** Waits before the 2nd, 3rd, … attempt; after the last one the message is given up. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const SEND_TIMEOUT_MS = 5000;
const BATCH = 20;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The LogoutRequest CAS clients expect (protocol document, "Single Logout"). */
export function logoutRequestXml(serviceTicket: string, at: Date): string {
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ` +
    `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomUUID()}" Version="2.0" ` +
    `IssueInstant="${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}">` +
    `<saml:NameID>@NOT_USED@</saml:NameID>` +
    `<samlp:SessionIndex>${escapeXml(serviceTicket)}</samlp:SessionIndex>` +
    `</samlp:LogoutRequest>`
  );
}

/** Remembers that a registered service validated `serviceTicket` of the ticket `tgtHash`. */
export async function recordServiceSession(
  ctx: AppContext,
  tgtHash: string,
  serviceTicket: string,
  logoutUrl: string,
): Promise<void> {
  await ctx.db
    .insert(casServiceSessions)
    .values({ tgtHash, serviceTicket, logoutUrl, createdAt: nowOf(ctx) });
}

/**
 * Queues the logout messages of the tickets `which` selects from cas_service_sessions (by its
 * tgt_hash column), to run in the same transaction or statement sequence as their deletion: the
 * sessions rows go with the tickets (ON DELETE CASCADE).
 */
export async function queueSingleLogout(ctx: AppContext, db: Queryable, which: SQL): Promise<void> {
  const now = nowOf(ctx);
  const sessions = await db
    .select({ serviceTicket: casServiceSessions.serviceTicket, logoutUrl: casServiceSessions.logoutUrl })
    .from(casServiceSessions)
    .where(which);
  if (sessions.length === 0) return;
  await db.insert(casLogoutOutbox).values(
    sessions.map((session) => ({
      url: session.logoutUrl,
      payload: logoutRequestXml(session.serviceTicket, now),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  // Not awaited: the caller may be inside a transaction, and the job must see its rows committed.
  void ctx.services.jobs.runNow(SINGLE_LOGOUT_JOB);
}

/** The job that delivers the outbox (server/modules/jobs/definitions.ts). */
export const SINGLE_LOGOUT_JOB = 'cas-single-logout';

/** Tickets by hash, for queueSingleLogout. */
export const ofTickets = (tgtHashes: readonly string[]) =>
  inArray(casServiceSessions.tgtHash, [...tgtHashes]);

/** Sends one message; throws with the reason when the service did not take it (2xx). */
async function send(url: string, payload: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logoutRequest: payload }),
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
}

/**
 * Delivers the messages that are due; answers how many were sent. A message is claimed by moving its
 * next attempt forward first, so two instances never send the same one at once.
 */
export async function deliverDueLogouts(ctx: AppContext): Promise<number> {
  const now = nowOf(ctx);
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: casLogoutOutbox.id })
      .from(casLogoutOutbox)
      .where(
        and(
          isNull(casLogoutOutbox.sentAt),
          lte(casLogoutOutbox.nextAttemptAt, now),
          sql`${casLogoutOutbox.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(casLogoutOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(casLogoutOutbox)
      .set({
        attempts: sql`${casLogoutOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + SEND_TIMEOUT_MS * 2),
      })
      .where(
        inArray(
          casLogoutOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  let sent = 0;
  await Promise.all(
    claimed.map(async (message) => {
      try {
        await send(message.url, message.payload);
        await ctx.db
          .update(casLogoutOutbox)
          .set({ sentAt: nowOf(ctx), lastError: null })
          .where(sql`${casLogoutOutbox.id} = ${message.id}`);
        sent++;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[message.attempts - 1];
        const cause =
          error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
        await ctx.db
          .update(casLogoutOutbox)
          .set({
            lastError: reason.slice(0, 500),
            nextAttemptAt: new Date(nowOf(ctx).getTime() + (delay ?? 0)),
          })
          .where(sql`${casLogoutOutbox.id} = ${message.id}`);
        if (delay === undefined)
          ctx.logger.warn({ url: message.url, reason }, 'single logout given up after the last attempt');
      }
    }),
  );
  return sent;
}
