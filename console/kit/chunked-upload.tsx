/**
 * The archive's resumable upload (docs/archive.md) on simple-uploader.js, the uploader the legacy
 * front used: files go in chunks (size from configuration, /archive/uploadSettings.json) one at a time
 * (spec section 9); the first chunk's test answers which chunks the server already holds, so after a
 * lost connection, a server restart or a reload only the missing chunks are sent. Each file shows its
 * progress and speed with 暂停, 继续 and 重试; once every chunk is there the file is merged and its
 * record handed to `onUploaded`. A refused merge shows the server's text (spec section 8).
 *
 * ```tsx
 * <ChunkedUpload dirid={`case:${caseId}`} accept={formats} describe="竣工测量成果" onUploaded={(file) => refresh()} />
 * ```
 */
import type Uploader from 'simple-uploader.js';
import type { UploaderChunk, UploaderFile } from 'simple-uploader.js';
import { useEffect, useId, useRef, useState } from 'react';
import { callApiWithMessage } from '@shared/api/call';
import { archiveCalls } from '@shared/calls/archive';
import { messageOf } from '@shared/errors/app-error';
import { formatSize } from '@shared/format';
import { Button, buttonClass } from '@shared/ui/button';
import { checkUpload, splitFileName } from '@shared/validation/upload';
import { useApi } from '@console/lib/api';
import { kitTexts } from './texts';
import { useCall } from './query';
import './kit.css';

const t = kitTexts.chunked;

/**
 * simple-uploader.js comes by import() when an upload field mounts: the kit is in most console pages'
 * JavaScript, the uploader only in the few that upload, and they need it only once a file is chosen
 * (issue 23: each /electronics page ≤ 150 KB before interaction).
 */
const loadUploader = () => import('simple-uploader.js').then((module) => module.default);

/** What the merge answered for a stored file. */
export interface UploadedArchiveFile {
  /** The archive record (findbyid, preview, download). */
  id: number;
  /** The stored content in the files table. */
  fileId: string;
  name: string;
  size: number;
  sha256: string;
}

export interface ChunkedUploadProps {
  /** The folder: `<kind>:<id>` (docs/archive.md). */
  dirid: string;
  /** Accepted extensions, lowercase without the dot (the folder's formats from findList.json). */
  accept: readonly string[];
  /** Sent with every file (the spec's describe). */
  describe?: string;
  /** Offers 选择文件夹 too: a folder's files keep their relative paths (uploadType 1). */
  allowFolders?: boolean;
  /** The visible label of the file choice; default 选择文件. */
  label?: string;
  onUploaded: (file: UploadedArchiveFile) => void;
}

type Status = 'waiting' | 'uploading' | 'paused' | 'merging' | 'success' | 'error';

interface Item {
  key: string;
  name: string;
  size: number;
  status: Status;
  progress: number;
  speed: number;
  message?: string;
  /** The merge failed after every chunk arrived: 重试 merges again. */
  mergeFailed?: boolean;
}

const statusText: Record<Status, string> = {
  waiting: t.waiting,
  uploading: t.uploading,
  paused: t.paused,
  merging: t.merging,
  success: t.success,
  error: t.error,
};

/**
 * A stable identifier for a file across reloads (so a new page resumes it): size, modification time
 * and a hash of its path; simple-uploader.js's own would drop Chinese names to nothing.
 */
export function uploadIdentifier(file: {
  size: number;
  lastModified: number;
  name: string;
  relativePath?: string;
  webkitRelativePath?: string;
}): string {
  const path = file.relativePath || file.webkitRelativePath || file.name;
  let hash = 0x811c9dc5;
  for (const char of path) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${file.size}-${file.lastModified}-${hash.toString(16)}`;
}

/** The server's text in a failed answer (our envelope), or a general one. */
function failureText(responseText: string): string {
  if (!responseText) return t.interrupted;
  try {
    const body = JSON.parse(responseText) as { message?: string };
    return body.message || t.failed;
  } catch {
    return t.failed;
  }
}

/** Whether the list the server answered (test GET 200, chunk POST) holds this chunk. */
function listedByServer(chunk: UploaderChunk, responseText: string): boolean {
  try {
    const body = JSON.parse(responseText) as { data?: { uploaded?: number[] } };
    return body.data?.uploaded?.includes(chunk.offset + 1) ?? false;
  } catch {
    return false;
  }
}

export function ChunkedUpload({
  dirid,
  accept,
  describe,
  allowFolders = false,
  label,
  onUploaded,
}: ChunkedUploadProps) {
  const api = useApi();
  const inputId = useId();
  const folderInputId = useId();
  const hintId = useId();
  const { data: settings } = useCall(archiveCalls.settings, {});
  const [items, setItems] = useState<Item[]>([]);
  const uploader = useRef<Uploader | null>(null);
  // Files chosen in the moment before the uploader is ready (its code still loading, or settings just
  // read again) wait here and are added when it starts: a choice is never dropped without a word.
  const waiting = useRef<File[]>([]);
  const byKey = useRef(new Map<string, UploaderFile>());
  // The latest props for the uploader's callbacks, which are bound once.
  const latest = useRef({ dirid, describe, accept, onUploaded });
  latest.current = { dirid, describe, accept, onUploaded };

  const patch = (key: string, changes: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const merge = async (file: UploaderFile) => {
    patch(file.id, { status: 'merging', progress: 1, mergeFailed: false, message: undefined });
    try {
      const { data, message } = await callApiWithMessage(api, archiveCalls.merge, {
        identifier: file.uniqueIdentifier,
        filename: file.name,
        type: splitFileName(file.name).extension,
        dirid: latest.current.dirid,
      });
      patch(file.id, { status: 'success', message: message || t.success });
      latest.current.onUploaded({
        id: data.id,
        fileId: data.fileId,
        name: data.name,
        size: data.size,
        sha256: data.sha256,
      });
    } catch (error) {
      // Spec section 8: a failed merge shows the server's text.
      patch(file.id, { status: 'error', message: messageOf(error), mergeFailed: true });
    }
  };
  const mergeRef = useRef(merge);
  mergeRef.current = merge;

  // The file choice stays disabled until the settings are read and the uploader's code has come.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // Fetched from the mount on, alongside the settings.
    const uploaderCode = loadUploader();
    if (!settings) return;
    let cancelled = false;
    let created: Uploader | undefined;
    void uploaderCode.then((UploaderClass) => {
      if (cancelled) return;
      setLoaded(true);
      created = start(UploaderClass, settings);
    });
    return () => {
      cancelled = true;
      created?.cancel();
      uploader.current = null;
    };
  }, [api, settings]);

  /** The uploader for these settings, its events bound to this component's state. */
  function start(
    UploaderClass: typeof Uploader,
    { chunkSize, simultaneousUploads }: { chunkSize: number; simultaneousUploads: number },
  ): Uploader | undefined {
    const instance = new UploaderClass({
      target: api.url(archiveCalls.uploadChunk.base, archiveCalls.uploadChunk.path),
      chunkSize,
      forceChunkSize: false,
      simultaneousUploads,
      withCredentials: true,
      testChunks: true,
      // A restart or a short outage: the chunk is sent again a few times before the file fails.
      maxChunkRetries: 5,
      chunkRetryInterval: 2000,
      permanentErrors: [400, 401, 403, 404, 409, 413, 415, 500, 501],
      generateUniqueIdentifier: uploadIdentifier,
      checkChunkUploadedByResponse: listedByServer,
      query: (file) => ({
        dirid: latest.current.dirid,
        describe: latest.current.describe ?? '',
        uploadType: file.relativePath.includes('/') ? 1 : 0,
      }),
    });
    if (!instance.support) return undefined;
    uploader.current = instance;
    const track = (file: UploaderFile) => byKey.current.set(file.id, file);
    instance.on('fileAdded', ((file: UploaderFile) => {
      const problem = checkUpload({ name: file.name, size: file.size }, latest.current.accept);
      setItems((current) => [
        ...current,
        {
          key: file.id,
          name: file.relativePath || file.name,
          size: file.size,
          status: problem ? 'error' : 'waiting',
          progress: 0,
          speed: 0,
          ...(problem ? { message: problem.message } : {}),
        },
      ]);
      if (problem) return false;
      track(file);
      return true;
    }) as never);
    instance.on('filesSubmitted', (() => instance.upload()) as never);
    instance.on('fileProgress', ((_root: UploaderFile, file: UploaderFile) =>
      patch(file.id, {
        status: file.paused ? 'paused' : 'uploading',
        progress: file.progress(),
        speed: file.averageSpeed,
      })) as never);
    instance.on(
      'fileSuccess',
      ((_root: UploaderFile, file: UploaderFile) => void mergeRef.current(file)) as never,
    );
    instance.on('fileError', ((_root: UploaderFile, file: UploaderFile, message: string) =>
      patch(file.id, { status: 'error', message: failureText(message) })) as never);
    const chosenMeanwhile = waiting.current.splice(0);
    if (chosenMeanwhile.length > 0) instance.addFiles(chosenMeanwhile);
    return instance;
  }

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (uploader.current) uploader.current.addFiles([...files]);
    else waiting.current.push(...files);
  };
  const act = (item: Item, action: 'pause' | 'resume' | 'retry' | 'remove') => {
    const file = byKey.current.get(item.key);
    if (action === 'remove') {
      if (file) uploader.current?.removeFile(file);
      byKey.current.delete(item.key);
      setItems((current) => current.filter((candidate) => candidate.key !== item.key));
      return;
    }
    if (!file) return;
    if (action === 'pause') {
      file.pause();
      patch(item.key, { status: 'paused' });
    } else if (action === 'resume') {
      file.resume();
      patch(item.key, { status: 'uploading' });
    } else if (item.mergeFailed) {
      void merge(file);
    } else {
      patch(item.key, { status: 'uploading', message: undefined });
      file.retry();
    }
  };

  const busy = !settings || !loaded;
  return (
    <div className="kit-chunked">
      <div className="kit-chunked__choose">
        {/* The browser's own file button speaks its UI language: ours says 选择文件 in Chinese. */}
        <input
          id={inputId}
          type="file"
          multiple
          className="visually-hidden"
          disabled={busy}
          aria-describedby={hintId}
          accept={accept.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={buttonClass({ variant: 'secondary' })}>
          {label ?? t.chooseFiles}
        </label>
        {allowFolders ? (
          <>
            <input
              id={folderInputId}
              type="file"
              className="visually-hidden"
              disabled={busy}
              aria-describedby={hintId}
              {...{ webkitdirectory: '' }}
              onChange={(event) => {
                add(event.target.files);
                event.target.value = '';
              }}
            />
            <label htmlFor={folderInputId} className={buttonClass({ variant: 'secondary' })}>
              {t.chooseFolder}
            </label>
          </>
        ) : null}
        <p id={hintId} className="ui-field__hint">
          {t.formats(accept)}
        </p>
      </div>
      {items.length > 0 ? (
        <ul className="kit-chunked__list" aria-label={t.listLabel}>
          {items.map((item) => (
            <li key={item.key} className={`kit-chunked__file kit-chunked__file--${item.status}`}>
              <span className="kit-chunked__name">{item.name}</span>
              <span className="kit-chunked__size">{formatSize(item.size)}</span>
              <progress
                max={1}
                value={item.progress}
                aria-label={`${item.name} ${statusText[item.status]}`}
              />
              <span className="kit-chunked__status" role="status" aria-live="polite">
                {item.status === 'error' || item.status === 'success'
                  ? (item.message ?? statusText[item.status])
                  : statusText[item.status]}
                {item.status === 'uploading' || item.status === 'paused'
                  ? ` ${Math.floor(item.progress * 100)}%${item.status === 'uploading' && item.speed > 0 ? ` · ${formatSize(item.speed)}/s` : ''}`
                  : ''}
              </span>
              <span className="kit-chunked__actions">
                {item.status === 'uploading' || item.status === 'waiting' ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => act(item, 'pause')}>
                    {t.pause}
                    <span className="visually-hidden">{item.name}</span>
                  </Button>
                ) : null}
                {item.status === 'paused' ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => act(item, 'resume')}>
                    {t.resume}
                    <span className="visually-hidden">{item.name}</span>
                  </Button>
                ) : null}
                {item.status === 'error' && byKey.current.has(item.key) ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => act(item, 'retry')}>
                    {t.retry}
                    <span className="visually-hidden">{item.name}</span>
                  </Button>
                ) : null}
                {item.status === 'merging' ? null : (
                  <Button type="button" variant="ghost" size="sm" onClick={() => act(item, 'remove')}>
                    {t.remove}
                    <span className="visually-hidden">{item.name}</span>
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
