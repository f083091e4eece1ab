import { useRef, useState } from 'react';
import { messageOf } from '@shared/errors/app-error';
import { checkUpload, documentExtensions } from '@shared/validation/upload';
import { noticeMessages } from '@shared/validation/notices';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { callApi } from '@shared/api/call';
import { noticeCalls } from '@shared/calls/notices';
import { uploadWithProgress } from '@console/kit/upload';
import { formatSize } from '@shared/format';
import { texts } from './texts';

export interface AttachmentItem {
  key: string;
  name: string;
  size: number;
  status: 'waiting' | 'uploading' | 'success' | 'error';
  /** 0..1 */
  progress: number;
  /** Bytes per second while uploading. */
  speed: number;
  fileId?: string;
  error?: string;
  file?: File;
}

let nextKey = 0;

export function attachmentItemsOf(
  files: readonly { fileId: string; fileName: string; size: number }[],
): AttachmentItem[] {
  return files.map((file) => ({
    key: file.fileId,
    name: file.fileName,
    size: file.size,
    status: 'success',
    progress: 1,
    speed: 0,
    fileId: file.fileId,
  }));
}

const statusText: Record<AttachmentItem['status'], string> = {
  waiting: '等待上传',
  uploading: texts.uploading,
  success: texts.uploadDone,
  error: texts.uploadFailed,
};

/**
 * Attachments of a notice: the spec's upload rules checked before sending, one upload at a time
 * (spec section 9), a progress bar, speed and retry per file.
 */
export function AttachmentList({
  id,
  items,
  onChange,
  describedBy,
}: {
  id: string;
  items: AttachmentItem[];
  onChange: (update: (items: AttachmentItem[]) => AttachmentItem[]) => void;
  describedBy?: string;
}) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [removeError, setRemoveError] = useState('');

  const patch = (key: string, changes: Partial<AttachmentItem>) =>
    onChange((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const upload = (item: AttachmentItem) => {
    queue.current = queue.current.then(async () => {
      if (!item.file) return;
      const started = performance.now();
      patch(item.key, { status: 'uploading', progress: 0, error: undefined });
      try {
        const file = item.file;
        const stored = await uploadWithProgress(
          api,
          noticeCalls.upload,
          { kind: 'attachment', file },
          documentExtensions,
          (loaded, total) => {
            const seconds = (performance.now() - started) / 1000;
            patch(item.key, {
              progress: total > 0 ? loaded / total : 0,
              speed: seconds > 0 ? loaded / seconds : 0,
            });
          },
        );
        patch(item.key, { status: 'success', progress: 1, fileId: stored.fileId, file: undefined });
      } catch (error) {
        patch(item.key, { status: 'error', error: messageOf(error) });
      }
    });
  };

  const add = (files: FileList | null) => {
    if (!files) return;
    const added: AttachmentItem[] = [...files].map((file) => {
      const problem = checkUpload({ name: file.name, size: file.size }, documentExtensions);
      return {
        key: `new-${nextKey++}`,
        name: file.name,
        size: file.size,
        status: problem ? 'error' : 'waiting',
        progress: 0,
        speed: 0,
        ...(problem ? { error: problem.message } : { file }),
      };
    });
    onChange((current) => [...current, ...added]);
    for (const item of added) if (item.status === 'waiting') upload(item);
  };

  const remove = async (item: AttachmentItem) => {
    setRemoveError('');
    if (item.fileId) {
      try {
        await callApi(api, noticeCalls.removeAttachment, { id: item.fileId });
      } catch (error) {
        setRemoveError(messageOf(error));
        return;
      }
    }
    onChange((current) => current.filter((candidate) => candidate.key !== item.key));
  };

  return (
    <div className="nm-attachments">
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        aria-describedby={describedBy}
        accept={documentExtensions.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      <Button type="button" variant="secondary" onClick={() => input.current?.click()}>
        {texts.chooseFiles}
      </Button>
      {removeError ? (
        <p className="ui-field__error" role="alert">
          {removeError}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="nm-files" role="list" aria-label={texts.fieldAttachments}>
          {items.map((item) => (
            <li key={item.key} className={`nm-file nm-file--${item.status}`}>
              <span className="nm-file__name">{item.name}</span>
              <span className="nm-muted">{formatSize(item.size)}</span>
              <span className="nm-file__status" aria-live="polite">
                {item.status === 'error' ? item.error : statusText[item.status]}
                {item.status === 'uploading'
                  ? ` ${Math.round(item.progress * 100)}% · ${formatSize(item.speed)}/s`
                  : ''}
              </span>
              <progress
                className="nm-file__bar"
                max={1}
                value={item.progress}
                aria-label={`${item.name} ${statusText[item.status]}`}
              />
              <span className="nm-file__actions">
                {item.status === 'error' && item.file ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => upload(item)}>
                    {zh.common.retry}
                  </Button>
                ) : null}
                {item.status === 'uploading' || item.status === 'waiting' ? null : item.fileId ? (
                  <ConfirmDialog
                    trigger={
                      <Button type="button" variant="secondary" size="sm">
                        {texts.removeAttachment}
                        <span className="visually-hidden">{item.name}</span>
                      </Button>
                    }
                    title={texts.removeAttachment}
                    description={noticeMessages.confirmDeleteAttachment}
                    confirmVariant="danger"
                    onConfirm={() => void remove(item)}
                  />
                ) : (
                  <Button type="button" variant="secondary" size="sm" onClick={() => void remove(item)}>
                    {texts.removeAttachment}
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
