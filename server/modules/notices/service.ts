/**
 * Notices (通知公告, spec sections 3 and 7): the public reads only published ones. The management side
 * (drafts, edits, attachments) belongs to the notices-management work and extends this module.
 */
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import { files, noticeAttachments, notices } from '@server/db/schema';
import type { PageCacheTag } from '@server/lib/page-cache';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { NoticeListParams } from '@shared/validation/lists';
import { AppError } from '@shared/errors/app-error';
import { noticeState, type NoticeState, type NoticeType } from '@shared/domain/statuses';

/** What changes when a notice changes: the notice pages and the home page's latest notices. */
export const noticeCacheTags: readonly PageCacheTag[] = ['notices'];

export interface NoticeListQuery {
  /** Notice type (noticeType); undefined = every type. */
  type?: NoticeType;
  /** Words in the title. */
  keyword?: string;
  /** States to include; the public always gets published only. */
  states?: readonly NoticeState[];
  page: number;
  rows: number;
  /** Column to sort by (spec: sort, order). */
  sort?: 'noticeTime' | 'noticeTitle';
  order?: 'asc' | 'desc';
}

export interface NoticeSummary {
  pkid: number;
  noticeTitle: string;
  noticeType: number;
  noticeTime: Date;
  state: number;
}

export interface NoticeAttachment {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface NoticeDetail extends NoticeSummary {
  noticeContent: string;
  attachments: NoticeAttachment[];
}

const summaryColumns = {
  pkid: notices.pkid,
  noticeTitle: notices.noticeTitle,
  noticeType: notices.noticeType,
  noticeTime: notices.noticeTime,
  state: notices.state,
};

const published: readonly NoticeState[] = [noticeState.code.published];

/** A list call's parameters as listNotices takes them; `states` for the maintainers' list. */
export function noticeListQuery(params: NoticeListParams, states?: readonly NoticeState[]): NoticeListQuery {
  return {
    type: params.noticeType as NoticeType | undefined,
    keyword: params.keyword,
    ...(states ? { states } : {}),
    page: params.page,
    rows: params.rows,
    sort: params.sort,
    order: params.order,
  };
}

export async function listNotices(
  db: Database,
  query: NoticeListQuery,
): Promise<{ rows: NoticeSummary[]; total: number }> {
  const conditions: SQL[] = [inArray(notices.state, [...(query.states ?? published)])];
  if (query.type !== undefined) conditions.push(eq(notices.noticeType, query.type));
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(notices.noticeTitle, containsPattern(keyword)));
  const where = and(...conditions);
  const column = query.sort === 'noticeTitle' ? notices.noticeTitle : notices.noticeTime;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await pageOf(
    db
      .select(summaryColumns)
      .from(notices)
      .where(where)
      .orderBy(direction(column), desc(notices.pkid))
      .$dynamic(),
    query,
  );
  const [counted] = await db.select({ total: count() }).from(notices).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The newest published notices of a type (home page). */
export async function latestNotices(
  db: Database,
  limit: number,
  type: NoticeType = 0,
): Promise<NoticeSummary[]> {
  return (await listNotices(db, { type, page: 1, rows: limit })).rows;
}

/** A notice with its attachments; not_found unless its state is among `states` (default: published). */
export async function getNotice(
  db: Database,
  id: number,
  states: readonly NoticeState[] = published,
): Promise<NoticeDetail> {
  const [notice] = await db
    .select({ ...summaryColumns, noticeContent: notices.noticeContent })
    .from(notices)
    .where(and(eq(notices.pkid, id), inArray(notices.state, [...states])));
  if (!notice) throw new AppError('not_found', { message: '该公告不存在或已撤回' });
  const attachments = await db
    .select({
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(noticeAttachments)
    .innerJoin(files, eq(files.id, noticeAttachments.fileId))
    .where(eq(noticeAttachments.noticeId, id))
    .orderBy(asc(noticeAttachments.orderIndex), asc(noticeAttachments.pkid));
  return { ...notice, attachments };
}

/** An attachment of a published notice, for download or preview; not_found otherwise. */
export async function getNoticeAttachmentFile(db: Database, fileId: string): Promise<FileToSend> {
  const [file] = await db
    .select(fileToSendColumns)
    .from(noticeAttachments)
    .innerJoin(files, eq(files.id, noticeAttachments.fileId))
    .innerJoin(notices, eq(notices.pkid, noticeAttachments.noticeId))
    .where(and(eq(files.id, fileId), eq(notices.state, noticeState.code.published)))
    .limit(1);
  if (!file) throw new AppError('not_found', { message: '附件不存在或公告已撤回' });
  return file;
}

/** Where a notice attachment is downloaded, or shown in the browser (`preview`). */
export function noticeFileUrl(noticesBase: string, fileId: string, kind: 'download' | 'preview'): string {
  const call = kind === 'download' ? 'downloadMessageFile' : 'previewMessageFile';
  return `${noticesBase}/oanotices/${call}?id=${encodeURIComponent(fileId)}`;
}
