/**
 * The update-log dialog's list (./update-log-dialog.tsx loads it when the dialog opens, so its
 * code stays out of every console page's first load).
 */
import { useState } from 'react';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { UPDATE_LOG_ROWS } from '@shared/validation/notices';
import { DialogDescription } from '@shared/ui/dialog';
import { Notice } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';
import { useCall } from '@console/kit/query';
import '@console/components/rich-text-editor/rich-text-editor.css';
import { noticeCalls, type NoticeRow } from '@shared/calls/notices';
import { formatDateTime } from '@shared/format';
import { texts } from './texts';

/** The list, with the dialog's description (it names the list's length). */
export default function UpdateLogList() {
  const list = useCall(noticeCalls.list, {
    noticeType: noticeType.code.updateLog,
    state: String(noticeState.code.published),
    page: 1,
    rows: UPDATE_LOG_ROWS,
    sort: 'noticeTime',
    order: 'desc',
  });
  return (
    <>
      <DialogDescription className="visually-hidden">最近 {UPDATE_LOG_ROWS} 条系统更新说明</DialogDescription>
      {list.error ? (
        <Notice tone="danger">{list.error.message}</Notice>
      ) : !list.data ? (
        <p className="nm-muted">{zh.common.loading}</p>
      ) : list.data.rows.length === 0 ? (
        <p className="nm-muted">{texts.updateLogEmpty}</p>
      ) : (
        <ol className="nm-log" role="list">
          {list.data.rows.map((row) => (
            <UpdateLogEntry key={row.pkid} row={row} />
          ))}
        </ol>
      )}
    </>
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
