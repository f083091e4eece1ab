/**
 * In-app messages (spec sections 3, 4, 5, 7): every read and change is scoped to the signed-in user
 * in the WHERE clause, so another user's message id behaves exactly like one that does not exist
 * (404). `sendMessage` is what other modules call, inside their own transaction, when an event needs
 * someone's action; the NOTIFY the table's trigger issues is delivered only when that transaction
 * commits.
 */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { messages, roles, userRoles, users } from '@server/db/schema';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import { messageTexts, type MessageQuery } from '@shared/validation/messages';

/**
 * PostgreSQL channel of message changes; the payload is the affected user ids, comma separated, or
 * `*`. Triggers on the messages table send it for every write (migration 0007), so no writer here or
 * elsewhere has to remember to; it is delivered when the writing transaction commits.
 */
export const MESSAGES_CHANNEL = 'messages';

/** A message at the wire (spec section 3: messageId, messageContent, addTime, hasRead). */
export interface MessageRow {
  messageId: number;
  messageContent: string;
  addTime: Date;
  hasRead: boolean;
  /** Where the reader can act on it, if anywhere (a console or hall path). */
  link: string | null;
}

export type MessageRecipient = { toUserId: number } | { toRoleId: string };
export type SendMessageInput = MessageRecipient & {
  content: string;
  link?: string | null;
  /**
   * When it was sent: the product's clock (ctx.services.now(), moved by CLOCK_OFFSET_DAYS in tests and
   * demos). Required, so no writer falls back to the database's own time, which does not move.
   */
  at: Date;
};

/**
 * Writes a message to one user or to everyone holding a role (the guest never receives any), in the
 * caller's transaction (the table's trigger announces it). Returns the recipients' user ids. An
 * unknown user or role is an `invalid_input` error, so a caller's typo does not vanish silently.
 */
export async function sendMessage(writer: Queryable, input: SendMessageInput): Promise<number[]> {
  const content = input.content.trim();
  if (!content)
    throw new AppError('invalid_input', { message: messageTexts.contentRequired, field: 'content' });
  const link = input.link ?? null;
  let recipients: number[];
  if ('toUserId' in input) {
    const [user] = await writer
      .select({ pkid: users.pkid })
      .from(users)
      .where(and(eq(users.pkid, input.toUserId), ne(users.pkid, GUEST_USER_ID)));
    if (!user) throw new AppError('invalid_input', { message: messageTexts.userUnknown, field: 'userId' });
    recipients = [user.pkid];
  } else {
    const [role] = await writer
      .select({ roleId: roles.roleId })
      .from(roles)
      .where(eq(roles.roleId, input.toRoleId));
    if (!role) throw new AppError('invalid_input', { message: messageTexts.roleUnknown, field: 'roleId' });
    const holders = await writer
      .select({ pkid: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.roleId, input.toRoleId), ne(userRoles.userId, GUEST_USER_ID)))
      .orderBy(userRoles.userId);
    recipients = holders.map((holder) => holder.pkid);
  }
  if (recipients.length === 0) return [];
  await writer.insert(messages).values(
    recipients.map((userId) => ({
      userId,
      messageContent: content,
      link,
      addTime: input.at,
    })),
  );
  return recipients;
}

const rowColumns = {
  messageId: messages.messageId,
  messageContent: messages.messageContent,
  addTime: messages.addTime,
  hasRead: messages.hasRead,
  link: messages.link,
};

/** The user's messages, newest first; `hasRead` filters when given. */
export async function listMessages(
  db: Database,
  userId: number,
  query: MessageQuery,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(
    eq(messages.userId, userId),
    query.hasRead === undefined ? undefined : eq(messages.hasRead, query.hasRead),
  );
  // One round trip: the total rides along on every row (the drawer pages on every open).
  const found = await db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.addTime), desc(messages.messageId))
    .limit(query.pageSize)
    .offset((query.pageIndex - 1) * query.pageSize);
  if (found.length === 0) {
    // Past the last page there is no row to carry the total: ask for it alone.
    const [totals] = await db.select({ total: count() }).from(messages).where(where);
    return { rows: [], total: totals?.total ?? 0 };
  }
  return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]?.total ?? 0 };
}

export async function countUnread(db: Pick<Database, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.hasRead, false)));
  return row?.unread ?? 0;
}

/** 404 unless every id is one of the user's messages; checked before anything changes. */
async function assertOwned(tx: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  const owned = await tx
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.messageId, [...ids])));
  if (owned.length !== ids.length) throw new AppError('not_found', { message: messageTexts.notFound });
}

/** Marks the user's messages read (all or nothing). Returns how many were unread before. */
export async function markMessagesRead(
  db: Database,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await assertOwned(tx, userId, ids);
    const changed = await tx
      .update(messages)
      .set({ hasRead: true })
      .where(
        and(eq(messages.userId, userId), inArray(messages.messageId, [...ids]), eq(messages.hasRead, false)),
      )
      .returning({ messageId: messages.messageId });
    return changed.length;
  });
}

/** Deletes the user's messages permanently (all or nothing). */
export async function deleteMessages(db: Database, userId: number, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await assertOwned(tx, userId, ids);
    const deleted = await tx
      .delete(messages)
      .where(and(eq(messages.userId, userId), inArray(messages.messageId, [...ids])))
      .returning({ messageId: messages.messageId });
    return deleted.length;
  });
}
