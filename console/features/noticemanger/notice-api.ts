/** The noticemanger pages' calls to the notices base (server/modules/notices/manage-routes.ts). */
import type { ApiClient, Page } from '@shared/api/client';
import type { OnTheWire, ResultInfo } from '@shared/api/envelope';
import { AppError, codeForStatus } from '@shared/errors/app-error';
import {
  checkUpload,
  documentExtensions,
  inlineImageExtensions,
  uploadMessages,
} from '@shared/validation/upload';
import type { NoticeDetail as ServerNoticeDetail, NoticeSummary } from '@server/modules/notices/service';

export type NoticeRow = OnTheWire<NoticeSummary>;
export type NoticeDetail = OnTheWire<ServerNoticeDetail>;

export interface NoticeListFilter {
  noticeType: number;
  state: string;
  keyword: string;
  page: number;
  rows: number;
}

export function listNotices(
  api: ApiClient,
  filter: NoticeListFilter,
  signal?: AbortSignal,
): Promise<Page<NoticeRow>> {
  return api.page<NoticeRow>('notices', 'oanotices/getOaNotices', {
    body: {
      noticeType: filter.noticeType,
      state: filter.state,
      keyword: filter.keyword,
      page: filter.page,
      rows: filter.rows,
      sort: 'noticeTime',
      order: 'desc',
      _t: Date.now(),
    },
    signal,
  });
}

export function getNotice(api: ApiClient, id: number, signal?: AbortSignal): Promise<NoticeDetail> {
  return api.object<NoticeDetail>('notices', 'oanotices/get', { query: { id }, signal });
}

export interface NoticeSave {
  pkid?: number;
  noticeTitle: string;
  noticeType: number;
  noticeContent: string;
  state: number;
  attachmentIds: string[];
}

export async function saveNotice(api: ApiClient, input: NoticeSave): Promise<ResultInfo<NoticeDetail>> {
  const { pkid, attachmentIds, ...rest } = input;
  return api.call<ResultInfo<NoticeDetail>>('notices', pkid ? 'oanotices/update' : 'oanotices/add', {
    body: { ...rest, ...(pkid ? { pkid } : {}), attachmentIds: attachmentIds.join(',') },
  });
}

export function changeNoticeState(api: ApiClient, id: number, to: 'publish' | 'withdraw' | 'delete') {
  return api.call<ResultInfo<null>>('notices', `oanotices/${to}`, { body: { id } });
}

export function deleteAttachment(api: ApiClient, fileId: string) {
  return api.call<ResultInfo<null>>('notices', 'oanotices/deleteOaNoticeAttachment', {
    body: { id: fileId },
  });
}

export function attachmentUrl(api: ApiClient, fileId: string, kind: 'download' | 'preview'): string {
  return api.url(
    'notices',
    kind === 'download' ? 'oanotices/downloadMessageFile' : 'oanotices/previewMessageFile',
    {
      id: fileId,
    },
  );
}

export interface UploadedFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
}

/**
 * Uploads one file as multipart with progress (XMLHttpRequest: fetch has no upload progress over
 * HTTP/1.1). Rejects with an AppError carrying the server's message.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      let body: { success?: boolean; message?: string; data?: T } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not our envelope (a proxy's error page): the status decides.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false) resolve(body.data as T);
      else
        reject(
          new AppError(codeForStatus(xhr.status || 500), {
            message: body.message ?? (xhr.status === 413 ? uploadMessages.tooLarge : '上传失败，请重试'),
          }),
        );
    };
    xhr.onerror = () => reject(new AppError('unavailable', { message: '网络异常，上传失败，请重试' }));
    xhr.onabort = () => reject(new AppError('invalid_input', { message: '上传已取消' }));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** The extensions each kind of notice upload allows, as the server picks them. */
const extensionsFor = { attachment: documentExtensions, image: inlineImageExtensions } as const;

/**
 * Uploads an attachment or an inline image of a notice. A file that breaks the upload rules is
 * refused before it is sent, with the rule's message.
 */
export async function uploadNoticeMedia(
  api: ApiClient,
  file: File,
  kind: keyof typeof extensionsFor,
  onProgress: (loaded: number, total: number) => void = () => {},
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const problem = checkUpload({ name: file.name, size: file.size }, extensionsFor[kind]);
  if (problem)
    throw new AppError(problem.tooLarge ? 'payload_too_large' : 'invalid_input', {
      message: problem.message,
    });
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  return uploadWithProgress<UploadedFile>(
    api.url('notices', 'oanotices/media/addMedia'),
    form,
    onProgress,
    signal,
  );
}
