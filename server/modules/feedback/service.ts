/**
 * Feedback (意见反馈, issue 24). Rules:
 * - a signed-in user sends as themself; an anonymous visitor of the hall must pass the captcha (the
 *   routes check it) and give a contact, and gets a lookup code shown once (only its hash is stored);
 * - a user sees only their own feedback; the administrator sees all, replies and closes;
 * - a reply to a signed-in sender is also an in-site message; a closed feedback takes no reply.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { feedback, files, users } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import { sendTextMessage, type SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import { withStoredUpload } from '@server/storage/uploads';
import type { FeedbackDetail, FeedbackRow } from '@shared/calls/feedback';
import {
  feedbackAttachmentExtensions,
  type FeedbackCategory,
  type FeedbackState,
} from '@shared/domain/feedback';
import { AppError } from '@shared/errors/app-error';
import {
  FEEDBACK_PHONE,
  feedbackMessages as m,
  type FeedbackListParams,
  type FeedbackReplyInput,
  type FeedbackSubmitInput,
} from '@shared/validation/feedback';

const f = feedback;
const sender = alias(users, 'feedback_sender');
const ANONYMOUS = '匿名访客';
/** Letters and digits that cannot be confused with each other when read off a screen. */
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Where a sender reads their feedback in the console (the message links there). */
export const FEEDBACK_PAGE = '/feedback/feedbackList';

export const hashLookupCode = (code: string) =>
  createHash('sha256').update(code.trim().toUpperCase()).digest('hex');

export function newLookupCode(): string {
  return Array.from({ length: 12 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');
}

const rowColumns = {
  pkid: f.pkid,
  category: f.category,
  title: f.title,
  state: f.state,
  userId: f.userId,
  username: sender.username,
  createdAt: f.createdAt,
  repliedAt: f.repliedAt,
};

type RowRecord = {
  pkid: number;
  category: string;
  title: string;
  state: string;
  userId: number | null;
  username: string | null;
  createdAt: Date;
  repliedAt: Date | null;
};

function toRow(r: RowRecord): FeedbackRow {
  return {
    pkid: r.pkid,
    category: r.category as FeedbackCategory,
    title: r.title,
    state: r.state as FeedbackState,
    senderName: r.userId === null ? ANONYMOUS : (r.username ?? ANONYMOUS),
    anonymous: r.userId === null,
    createdAt: r.createdAt.toISOString(),
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}

/** What `user` may see: the administrator all, anyone else their own. */
const visibleTo = (user: SessionUser): SQL | undefined =>
  user.isAdmin ? undefined : eq(f.userId, user.pkid);

export async function listFeedback(
  db: Queryable,
  user: SessionUser,
  input: FeedbackListParams,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = and(
    visibleTo(user),
    input.state ? eq(f.state, input.state) : undefined,
    input.category ? eq(f.category, input.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(f)
      .leftJoin(sender, eq(sender.pkid, f.userId))
      .where(where)
      .orderBy(desc(f.createdAt), desc(f.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(f).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** One feedback by a condition, with what the detail shows; null when there is none. */
async function readDetail(db: Queryable, where: SQL, forAdmin: boolean): Promise<FeedbackDetail | null> {
  const [row] = await db
    .select({
      ...rowColumns,
      content: f.content,
      contact: f.contact,
      reply: f.reply,
      closedAt: f.closedAt,
      fileId: files.id,
      fileName: files.originalName,
      size: files.size,
    })
    .from(f)
    .leftJoin(sender, eq(sender.pkid, f.userId))
    .leftJoin(files, eq(files.id, f.fileId))
    .where(where);
  if (!row) return null;
  return {
    ...toRow(row),
    content: row.content,
    contact: forAdmin ? row.contact : null,
    reply: row.reply,
    closedAt: row.closedAt?.toISOString() ?? null,
    attachment:
      row.fileId && row.fileName !== null && row.size !== null
        ? { fileId: row.fileId, fileName: row.fileName, size: row.size }
        : null,
  };
}

/** The detail `user` may see; another user's feedback is a 404, as if it did not exist. */
export async function getFeedback(db: Queryable, user: SessionUser, pkid: number): Promise<FeedbackDetail> {
  const found = await readDetail(db, and(eq(f.pkid, pkid), visibleTo(user))!, user.isAdmin);
  if (!found) throw new AppError('not_found', { message: m.notFound });
  return found;
}

/** The anonymous sender's view by lookup code (the contact stays hidden: the code could leak). */
export async function lookupFeedback(db: Queryable, code: string): Promise<FeedbackDetail> {
  const found = await readDetail(db, eq(f.lookupHash, hashLookupCode(code)), false);
  if (!found) throw new AppError('not_found', { message: m.lookupNotFound });
  return found;
}

/** The attachment of a feedback `user` may see. */
export async function feedbackAttachment(
  db: Queryable,
  user: SessionUser,
  pkid: number,
): Promise<FileToSend> {
  const [row] = await db
    .select(fileToSendColumns)
    .from(f)
    .innerJoin(files, eq(files.id, f.fileId))
    .where(and(eq(f.pkid, pkid), visibleTo(user)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return row;
}

/**
 * Stores a new feedback. `user` null is the hall's anonymous visitor (the captcha already passed):
 * a contact is required and a lookup code is made and answered once.
 */
export async function submitFeedback(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser | null,
  input: FeedbackSubmitInput,
): Promise<{ pkid: number; lookupCode: string | null }> {
  if (!user && !input.contact) throw new AppError('invalid_input', { message: m.contact, field: 'contact' });
  const lookupCode = user ? null : newLookupCode();
  const now = ctx.services.now();
  const pkid = await withStoredUpload(
    ctx,
    input.file,
    feedbackAttachmentExtensions,
    user?.pkid ?? null,
    async (stored) => {
      const [row] = await ctx.db
        .insert(f)
        .values({
          category: input.category,
          title: input.title,
          content: input.content,
          userId: user?.pkid ?? null,
          contact: user ? (input.contact ?? null) : input.contact,
          lookupHash: lookupCode ? hashLookupCode(lookupCode) : null,
          fileId: stored?.fileId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ pkid: f.pkid });
      if (!row) throw new Error('feedback insert returned nothing');
      return row.pkid;
    },
  );
  return { pkid, lookupCode };
}

/**
 * The administrator's reply: stored, the feedback marked replied, and the sender told: a signed-in
 * sender by an in-site message (in the same transaction), an anonymous one who left a mobile number by
 * SMS once the reply is saved (the lookup code is not in it: only its hash is kept). An e-mail contact
 * gets nothing sent (no mail service); the reply waits for the lookup code.
 */
export async function replyFeedback(
  ctx: AppContext,
  user: SessionUser,
  input: FeedbackReplyInput,
): Promise<FeedbackDetail> {
  const now = ctx.services.now();
  const replied = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: f.state, userId: f.userId, title: f.title, contact: f.contact })
      .from(f)
      .where(eq(f.pkid, input.pkid))
      .for('update');
    if (!row) throw new AppError('not_found', { message: m.notFound });
    if (row.state === 'closed') throw new AppError('conflict', { message: m.closed });
    await tx
      .update(f)
      .set({ state: 'replied', reply: input.reply, repliedBy: user.pkid, repliedAt: now, updatedAt: now })
      .where(eq(f.pkid, input.pkid));
    if (row.userId !== null)
      await sendMessage(tx, {
        toUserId: row.userId,
        content: `您的意见反馈“${row.title}”已回复：${input.reply}`,
        link: FEEDBACK_PAGE,
        at: now,
      });
    return row;
  });
  if (replied.userId === null && replied.contact && FEEDBACK_PHONE.test(replied.contact)) {
    // The reply is saved whatever the gateway says; a failed text is logged for the administrator.
    await sendTextMessage(ctx, {
      userphone: replied.contact,
      content: `【多测合一】您在办事大厅提交的意见反馈“${replied.title}”已回复，请凭提交时获得的查询码在办事大厅“意见反馈”页查看。`,
    }).catch((error: unknown) =>
      ctx.logger.warn({ err: error, feedback: input.pkid }, 'feedback reply text message not sent'),
    );
  }
  return getFeedback(ctx.db, user, input.pkid);
}

/** Closes a feedback (replied or not); closing twice is a 409. */
export async function closeFeedback(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  pkid: number,
): Promise<FeedbackDetail> {
  const now = ctx.services.now();
  const [row] = await ctx.db.select({ state: f.state }).from(f).where(eq(f.pkid, pkid));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  if (row.state === 'closed') throw new AppError('conflict', { message: m.closedAlready });
  await ctx.db
    .update(f)
    .set({ state: 'closed', closedBy: user.pkid, closedAt: now, updatedAt: now })
    .where(eq(f.pkid, pkid));
  return getFeedback(ctx.db, user, pkid);
}
