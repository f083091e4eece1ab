import { useState, type ReactNode } from 'react';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { UPDATE_LOG_ROWS } from '@shared/validation/notices';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@shared/ui/dialog';
import { Notice } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';
import { useCall } from '@console/kit';
import '@console/components/rich-text-editor/rich-text-editor.css';
import { noticeCalls, type NoticeRow } from '@shared/calls/notices';
import { formatDateTime } from '@shared/format';
import { texts } from './texts';
import './notices.css';

/**
 * The header's update-log dialog (spec section 2): the newest published notices of the update-log
 * type (noticeType 3), 10 rows (section 9); a failure shows the server's message (section 8).
 * `trigger` is the header control that opens it.
 */
export function UpdateLogDialog({ trigger }: { trigger: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="nm-log-dialog">
        <DialogHeader>
          <DialogTitle>{texts.updateLogTitle}</DialogTitle>
          <DialogDescription className="visually-hidden">
            最近 {UPDATE_LOG_ROWS} 条系统更新说明
          </DialogDescription>
        </DialogHeader>
        {/* The dialog's content exists only while it is open: each opening reads the list anew. */}
        <UpdateLogList />
      </DialogContent>
    </Dialog>
  );
}

function UpdateLogList() {
  const list = useCall(noticeCalls.list, {
    noticeType: noticeType.code.updateLog,
    state: String(noticeState.code.published),
    page: 1,
    rows: UPDATE_LOG_ROWS,
    sort: 'noticeTime',
    order: 'desc',
  });
  if (list.error) return <Notice tone="danger">{list.error.message}</Notice>;
  if (!list.data) return <p className="nm-muted">{zh.common.loading}</p>;
  if (list.data.rows.length === 0) return <p className="nm-muted">{texts.updateLogEmpty}</p>;
  return (
    <ol className="nm-log" role="list">
      {list.data.rows.map((row) => (
        <UpdateLogEntry key={row.pkid} row={row} />
      ))}
    </ol>
  );
}

function UpdateLogEntry({ row }: { row: NoticeRow }) {
  // The body loads the first time the entry is opened and then stays.
  const [opened, setOpened] = useState(false);
  return (
    <li className="nm-log__item">
      <details
        onToggle={(event) => {
          if ((event.currentTarget as HTMLDetailsElement).open) setOpened(true);
        }}
      >
        <summary>
          <span className="nm-log__title">{row.noticeTitle}</span>
          <time className="nm-muted" dateTime={row.noticeTime}>
            {formatDateTime(row.noticeTime)}
          </time>
        </summary>
        {opened ? <UpdateLogBody id={row.pkid} /> : null}
      </details>
    </li>
  );
}

function UpdateLogBody({ id }: { id: number }) {
  const detail = useCall(noticeCalls.get, { id });
  if (detail.error) return <Notice tone="danger">{detail.error.message}</Notice>;
  if (!detail.data) return <p className="nm-muted">{zh.common.loading}</p>;
  return (
    // Sanitized by the server's allowlist before it was stored.
    <div className="rich-html nm-log__body" dangerouslySetInnerHTML={{ __html: detail.data.noticeContent }} />
  );
}
