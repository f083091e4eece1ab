/**
 * The maintainers' side of notices (noticemanger, spec section 7): drafts, edits, publishing and
 * withdrawing, attachments and inline images. Reads reuse the public service with every state; any
 * change to what the hall shows drops the cached notice pages here and, through NOTIFY in the same
 * transaction, on every other instance.
 */
import { and, eq, ilike, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Database, Queryable } from '@server/db/database';
import { auditRecords, downloads, files, noticeAttachments, notices } from '@server/db/schema';
import { sanitizeRichText } from '@server/lib/html-sanitizer';
import { writeDroppingPages } from '@server/lib/page-cache';
import { fileToSendColumns } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import {
  auditDecision,
  auditSubject,
  noticeState,
  type AuditDecision,
  type NoticeState,
  type NoticeType,
} from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { NoticeInput, NoticeUpdate } from '@shared/validation/notices';
import { getNotice, noticeCacheTags, type NoticeDetail } from './service';

type ManageContext = Pick<AppContext, 'db' | 'pageCache' | 'logger' | 'storage' | 'config'>;

const everyState: readonly NoticeState[] = noticeState.values;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The URL of an inline image of a notice, under the notices base. */
export function noticeImageUrl(noticesBase: string, fileId: string): string {
  return `${noticesBase}/oanotices/media/image?id=${fileId}`;
}

function ownImagePattern(noticesBase: string): RegExp {
  const base = noticesBase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${base}/oanotices/media/image\\?id=${UUID}$`);
}

/** Sanitizes a notice's HTML: images only from our own media URL. */
export function sanitizeNoticeHtml(html: string, noticesBase: string): string {
  const pattern = ownImagePattern(noticesBase);
  return sanitizeRichText(html, { isOwnImage: (src) => pattern.test(src) });
}

/** `state` of getOaNotices: one state or a comma list; blank = every state. */
export function parseStates(value: string | undefined): NoticeState[] {
  if (!value) return [...everyState];
  const wanted = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((state): state is NoticeState => noticeState.has(state));
  return wanted.length > 0 ? wanted : [...everyState];
}

export async function getManagedNotice(db: Database, id: number): Promise<NoticeDetail> {
  return getNotice(db, id, everyState);
}

const isPublished = (state: number | null) => state === noticeState.code.published;

/** The audit trail of a notice's state (issue 5), written in the transaction of the change. */
const decisionForState: Record<NoticeState, AuditDecision> = {
  [noticeState.code.draft]: auditDecision.code.saved,
  [noticeState.code.published]: auditDecision.code.published,
  [noticeState.code.withdrawn]: auditDecision.code.withdrawn,
};

async function recordStateChange(
  tx: Queryable,
  user: SessionUser,
  pkid: number,
  to: NoticeState | null,
): Promise<void> {
  await tx.insert(auditRecords).values({
    subjectType: auditSubject.code.notice,
    subjectId: pkid,
    decision: to === null ? auditDecision.code.deleted : decisionForState[to],
    auditorId: user.pkid,
    auditorName: user.username,
  });
}

async function linkAttachments(
  tx: Queryable,
  noticeId: number,
  fileIds: readonly string[] | undefined,
): Promise<void> {
  if (fileIds === undefined) return;
  if (fileIds.length > 0) {
    // Only uploaded files that no other notice holds can be attached.
    const owned = await tx
      .select({ id: files.id, linkedTo: noticeAttachments.noticeId })
      .from(files)
      .leftJoin(noticeAttachments, eq(noticeAttachments.fileId, files.id))
      .where(inArray(files.id, [...fileIds]));
    for (const id of fileIds) {
      const row = owned.find((candidate) => candidate.id === id);
      if (!row || (row.linkedTo !== null && row.linkedTo !== noticeId))
        throw new AppError('invalid_input', {
          message: '附件不存在或已被删除，请重新上传',
          field: 'attachmentIds',
        });
    }
  }
  const current = await tx
    .select({ fileId: noticeAttachments.fileId })
    .from(noticeAttachments)
    .where(eq(noticeAttachments.noticeId, noticeId));
  const removed = current.map((row) => row.fileId).filter((id) => !fileIds.includes(id));
  if (removed.length > 0)
    await tx
      .delete(noticeAttachments)
      .where(and(eq(noticeAttachments.noticeId, noticeId), inArray(noticeAttachments.fileId, removed)));
  for (const [index, fileId] of fileIds.entries()) {
    const exists = current.some((row) => row.fileId === fileId);
    if (exists)
      await tx
        .update(noticeAttachments)
        .set({ orderIndex: index })
        .where(and(eq(noticeAttachments.noticeId, noticeId), eq(noticeAttachments.fileId, fileId)));
    else await tx.insert(noticeAttachments).values({ noticeId, fileId, orderIndex: index });
  }
}

export async function createNotice(
  ctx: ManageContext,
  user: SessionUser,
  input: NoticeInput,
): Promise<NoticeDetail> {
  const content = sanitizeNoticeHtml(input.noticeContent, ctx.config.apiBases.notices);
  const state = input.state as NoticeState;
  const pkid = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [row] = await tx
      .insert(notices)
      .values({
        noticeTitle: input.noticeTitle,
        noticeType: input.noticeType as NoticeType,
        noticeContent: content,
        state,
        noticeTime: new Date(),
        deptId: user.depid > 0 ? user.depid : null,
        createdBy: user.pkid,
      })
      .returning({ pkid: notices.pkid });
    if (!row) throw new AppError('internal');
    await linkAttachments(tx, row.pkid, input.attachmentIds);
    if (isPublished(state)) dropPages(noticeCacheTags);
    await recordStateChange(tx, user, row.pkid, state);
    return row.pkid;
  });
  return getManagedNotice(ctx.db, pkid);
}

export async function updateNotice(
  ctx: ManageContext,
  user: SessionUser,
  input: NoticeUpdate,
): Promise<NoticeDetail> {
  const content = sanitizeNoticeHtml(input.noticeContent, ctx.config.apiBases.notices);
  const state = input.state as NoticeState;
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [existing] = await tx
      .select({ state: notices.state })
      .from(notices)
      .where(eq(notices.pkid, input.pkid))
      .for('update');
    if (!existing) throw new AppError('not_found', { message: '该公告不存在' });
    const publishingNow = state === noticeState.code.published && existing.state !== state;
    await tx
      .update(notices)
      .set({
        noticeTitle: input.noticeTitle,
        noticeType: input.noticeType as NoticeType,
        noticeContent: content,
        state,
        updatedAt: new Date(),
        ...(publishingNow ? { noticeTime: new Date() } : {}),
      })
      .where(eq(notices.pkid, input.pkid));
    await linkAttachments(tx, input.pkid, input.attachmentIds);
    if (isPublished(existing.state) || isPublished(state)) dropPages(noticeCacheTags);
    if (existing.state !== state) await recordStateChange(tx, user, input.pkid, state);
  });
  return getManagedNotice(ctx.db, input.pkid);
}

/** Publishes (1) or withdraws (2) a notice without touching its content. */
export async function setNoticeState(
  ctx: ManageContext,
  user: SessionUser,
  pkid: number,
  state: NoticeState,
): Promise<void> {
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [existing] = await tx
      .select({ state: notices.state })
      .from(notices)
      .where(eq(notices.pkid, pkid))
      .for('update');
    if (!existing) throw new AppError('not_found', { message: '该公告不存在' });
    await tx
      .update(notices)
      .set({
        state,
        updatedAt: new Date(),
        ...(state === noticeState.code.published && existing.state !== state
          ? { noticeTime: new Date() }
          : {}),
      })
      .where(eq(notices.pkid, pkid));
    dropPages(noticeCacheTags);
    if (existing.state !== state) await recordStateChange(tx, user, pkid, state);
  });
}

async function removeFiles(ctx: ManageContext, rows: { id: string; storageKey: string }[]): Promise<void> {
  for (const row of rows) await ctx.storage.remove(row.storageKey).catch(() => {});
}

export async function deleteNotice(ctx: ManageContext, user: SessionUser, pkid: number): Promise<void> {
  const removed = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [existing] = await tx
      .select({ state: notices.state })
      .from(notices)
      .where(eq(notices.pkid, pkid))
      .for('update');
    if (!existing) throw new AppError('not_found', { message: '该公告不存在' });
    const attached = await tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(noticeAttachments)
      .innerJoin(files, eq(files.id, noticeAttachments.fileId))
      .where(eq(noticeAttachments.noticeId, pkid));
    await tx.delete(notices).where(eq(notices.pkid, pkid));
    // An attachment that is also a service download stays: the download still offers it (issue 11,
    // finding 10); only the notice's link to it goes with the notice.
    const owned: typeof attached = [];
    for (const row of attached) if (!(await isReferencedElsewhere(tx, row.id))) owned.push(row);
    if (owned.length > 0)
      await tx.delete(files).where(
        inArray(
          files.id,
          owned.map((row) => row.id),
        ),
      );
    if (isPublished(existing.state)) dropPages(noticeCacheTags);
    await recordStateChange(tx, user, pkid, null);
    return owned;
  });
  await removeFiles(ctx, removed);
}

/** Removes an attachment (linked to a notice or only uploaded) and its stored bytes. */
export async function deleteNoticeAttachment(ctx: ManageContext, fileId: string): Promise<void> {
  const storageKey = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [row] = await tx
      .select({
        id: files.id,
        storageKey: files.storageKey,
        noticeState: notices.state,
        noticeId: noticeAttachments.noticeId,
      })
      .from(files)
      .leftJoin(noticeAttachments, eq(noticeAttachments.fileId, files.id))
      .leftJoin(notices, eq(notices.pkid, noticeAttachments.noticeId))
      .where(eq(files.id, fileId));
    if (!row) throw new AppError('not_found', { message: '附件不存在或已删除' });
    const elsewhere = await isReferencedElsewhere(tx, fileId);
    if (row.noticeId === null && elsewhere)
      throw new AppError('not_found', { message: '附件不存在或已删除' });
    await tx.delete(noticeAttachments).where(eq(noticeAttachments.fileId, fileId));
    if (isPublished(row.noticeState)) dropPages(noticeCacheTags);
    // Also a service download: the notice lets go of it, the file stays for the download.
    if (elsewhere) return null;
    await tx.delete(files).where(eq(files.id, fileId));
    return row.storageKey;
  });
  if (storageKey !== null) await ctx.storage.remove(storageKey).catch(() => {});
}

// A file that is not a notice attachment may belong to another module (downloads, archives): the
// notices call must not delete it. Here: the service download list.
async function isReferencedElsewhere(db: Queryable, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ pkid: downloads.pkid })
    .from(downloads)
    .where(eq(downloads.fileId, fileId))
    .limit(1);
  return row !== undefined;
}

/**
 * An inline image of a notice: maintainers see any image; everyone else only images that a published
 * notice's content shows.
 */
export async function getNoticeImageFile(db: Database, fileId: string, isManager: boolean) {
  const [file] = await db
    .select(fileToSendColumns)
    .from(files)
    .where(and(eq(files.id, fileId), ilike(files.contentType, 'image/%')));
  if (!file) throw new AppError('not_found', { message: '图片不存在' });
  if (!isManager) {
    const [shown] = await db
      .select({ pkid: notices.pkid })
      .from(notices)
      .where(and(eq(notices.state, noticeState.code.published), ilike(notices.noticeContent, `%${fileId}%`)))
      .limit(1);
    if (!shown) throw new AppError('not_found', { message: '图片不存在' });
  }
  return file;
}

/** Any attachment (drafts and withdrawn notices included), for maintainers' download and preview. */
export async function getManagedAttachmentFile(db: Database, fileId: string) {
  const [file] = await db
    .select(fileToSendColumns)
    .from(noticeAttachments)
    .innerJoin(files, eq(files.id, noticeAttachments.fileId))
    .where(eq(files.id, fileId))
    .limit(1);
  if (!file) throw new AppError('not_found', { message: '附件不存在或已删除' });
  return file;
}
