import { useEffect, useState, type ReactNode } from 'react';
import { AppError } from '@shared/errors/app-error';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { UPDATE_LOG_ROWS } from '@shared/validation/notices';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@console/components/ui/dialog';
import { Notice } from '@console/components/ui/page';
import { useApi } from '@console/lib/api';
import '@console/components/rich-text-editor/rich-text-editor.css';
import { getNotice, listNotices, type NoticeDetail, type NoticeRow } from './notice-api';
import { formatDateTime } from '@shared/format';
import { texts } from './texts';
import './notices.css';

type Load =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; rows: NoticeRow[] };

/**
 * The header's update-log dialog (spec section 2): the newest published notices of the update-log
 * type (noticeType 3), 10 rows (section 9); a failure shows the server's message (section 8).
 * `trigger` is the header control that opens it.
 */
export function UpdateLogDialog({ trigger }: { trigger: ReactNode }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ status: 'idle' });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    listNotices(
      api,
      {
        noticeType: noticeType.code.updateLog,
        state: String(noticeState.code.published),
        keyword: '',
        page: 1,
        rows: UPDATE_LOG_ROWS,
      },
      controller.signal,
    ).then(
      (page) => setLoad({ status: 'success', rows: page.rows }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ status: 'error', message: error instanceof AppError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [api, open]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="nm-log-dialog">
        <DialogHeader>
          <DialogTitle>{texts.updateLogTitle}</DialogTitle>
          <DialogDescription className="visually-hidden">
            最近 {UPDATE_LOG_ROWS} 条系统更新说明
          </DialogDescription>
        </DialogHeader>
        {load.status === 'error' ? (
          <Notice tone="danger">{load.message}</Notice>
        ) : load.status === 'success' ? (
          load.rows.length === 0 ? (
            <p className="nm-muted">{texts.updateLogEmpty}</p>
          ) : (
            <ol className="nm-log" role="list">
              {load.rows.map((row) => (
                <UpdateLogEntry key={row.pkid} row={row} />
              ))}
            </ol>
          )
        ) : (
          <p className="nm-muted">{texts.loading}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UpdateLogEntry({ row }: { row: NoticeRow }) {
  const api = useApi();
  const [detail, setDetail] = useState<NoticeDetail | { error: string } | null>(null);
  return (
    <li className="nm-log__item">
      <details
        onToggle={(event) => {
          if ((event.currentTarget as HTMLDetailsElement).open && !detail)
            getNotice(api, row.pkid).then(setDetail, (error: unknown) =>
              setDetail({ error: error instanceof AppError ? error.message : String(error) }),
            );
        }}
      >
        <summary>
          <span className="nm-log__title">{row.noticeTitle}</span>
          <time className="nm-muted" dateTime={row.noticeTime}>
            {formatDateTime(row.noticeTime)}
          </time>
        </summary>
        {detail === null ? (
          <p className="nm-muted">{texts.loading}</p>
        ) : 'error' in detail ? (
          <Notice tone="danger">{detail.error}</Notice>
        ) : (
          // Sanitized by the server's allowlist before it was stored.
          <div
            className="rich-html nm-log__body"
            dangerouslySetInnerHTML={{ __html: detail.noticeContent }}
          />
        )}
      </details>
    </li>
  );
}
