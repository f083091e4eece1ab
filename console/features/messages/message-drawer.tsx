import { useEffect, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { messageCalls, type MessageRow } from '@shared/calls/messages';
import { MESSAGE_PAGE_SIZE, messageTexts } from '@shared/validation/messages';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { Notice } from '@shared/ui/page';
import { Pager } from '@shared/ui/pager';
import { useCall, useCallMutation } from '@console/kit/query';
import { cx } from '@shared/ui/cx';
import { formatDateTime } from '@shared/format';
import { zh } from '@console/lib/i18n';
import { useSelection } from '@console/lib/use-selection';

const t = zh.messages;

/** A message as `GET project/message/query` answers it. */
export type MessageItem = MessageRow;

type Filter = 'all' | 'unread' | 'read';
type Flash = { tone: 'success' | 'warning' | 'danger'; text: string };

const hasReadOf: Record<Filter, boolean | undefined> = { all: undefined, unread: false, read: true };

export interface MessageListProps {
  /** After anything changed the user's messages (the bell re-reads its count). */
  onChanged?: () => void;
  /** A message's link was followed (the drawer closes). */
  onNavigate?: () => void;
}

const touched = { invalidates: [messageCalls.list, messageCalls.countUnread] };

/**
 * The message list of the notification drawer (spec sections 2, 4, 5, 8): 10 a page, unread rows
 * highlighted, single and bulk mark-read and delete with the spec's texts.
 */
export function MessageList({ onChanged, onNavigate }: MessageListProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [busy, setBusy] = useState(false);

  const hasRead = hasReadOf[filter];
  const list = useCall(messageCalls.list, {
    pageIndex: page,
    pageSize: MESSAGE_PAGE_SIZE,
    ...(hasRead === undefined ? {} : { hasRead: String(hasRead) as 'true' | 'false' }),
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const markRead = useCallMutation(messageCalls.markRead, touched);
  const markManyRead = useCallMutation(messageCalls.markManyRead, touched);
  const remove = useCallMutation(messageCalls.remove, touched);
  const removeMany = useCallMutation(messageCalls.removeMany, touched);

  const { selected, allSelected, toggle, toggleAll, clear } = useSelection(
    rows.map((row) => row.messageId),
    `${page}|${filter}`,
  );
  // A delete that empties the last page turns back to the page before.
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  async function act(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      setFlash({ tone: 'success', text: success });
      clear();
    } catch {
      setFlash({ tone: 'danger', text: failure });
    } finally {
      setBusy(false);
      onChanged?.();
    }
  }

  const markOne = (id: number) =>
    act(() => markRead.mutateAsync({ id }), messageTexts.readSuccess, messageTexts.readFailure);
  const deleteOne = (id: number) =>
    act(() => remove.mutateAsync({ id }), messageTexts.deleteSuccess, messageTexts.deleteFailure);
  const markSelected = () => {
    if (selected.size === 0) return setFlash({ tone: 'warning', text: messageTexts.selectToMark });
    void act(
      () => markManyRead.mutateAsync({ ids: [...selected].join(',') }),
      messageTexts.markSuccess,
      messageTexts.markFailure,
    );
  };
  const deleteSelected = () =>
    act(
      () => removeMany.mutateAsync({ ids: [...selected].join(',') }),
      messageTexts.deleteSuccess,
      messageTexts.deleteFailure,
    );
  // Without a selection the confirmation does not open; the spec's hint shows instead.
  const guardDeleteSelection = (event: MouseEvent) => {
    if (selected.size > 0) return;
    event.preventDefault();
    setFlash({ tone: 'warning', text: messageTexts.selectToDelete });
  };

  return (
    <div className="msg-list" data-slot="message-list">
      <div className="msg-toolbar">
        <div className="msg-filter" role="radiogroup" aria-label={t.filter}>
          {(['all', 'unread', 'read'] as const).map((value) => (
            <label key={value} className={cx('msg-filter__option', filter === value && 'is-active')}>
              <input
                type="radio"
                name="message-filter"
                value={value}
                checked={filter === value}
                onChange={() => {
                  setFilter(value);
                  setPage(1);
                }}
              />
              {t[value]}
            </label>
          ))}
        </div>
        <div className="msg-toolbar__actions">
          {selected.size > 0 ? <span className="msg-toolbar__count">{t.selected(selected.size)}</span> : null}
          <Button variant="secondary" size="sm" disabled={busy} onClick={markSelected}>
            {t.markSelected}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm" disabled={busy} onClick={guardDeleteSelection}>
                {t.deleteSelected}
              </Button>
            }
            title={t.deleteTitle}
            description={messageTexts.deleteConfirm}
            confirmVariant="danger"
            onConfirm={() => void deleteSelected()}
          />
        </div>
      </div>

      <div className="msg-flash" role="status" aria-live="polite">
        {flash ? (
          <p className={cx('msg-flash__text', `msg-flash__text--${flash.tone}`)}>{flash.text}</p>
        ) : null}
      </div>

      {list.error ? (
        <Notice tone="danger">
          <span>
            {t.loadFailed}：{list.error.message}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : list.isSuccess && rows.length === 0 ? (
        <div className="msg-empty">
          <p className="msg-empty__title">{t.empty}</p>
          <p className="msg-empty__hint">{filter === 'unread' ? t.emptyUnread : t.emptyAll}</p>
        </div>
      ) : (
        <table className="ui-table msg-table" aria-busy={list.isFetching}>
          <caption className="visually-hidden">{t.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="ui-table__check">
                <input type="checkbox" aria-label={t.selectAll} checked={allSelected} onChange={toggleAll} />
              </th>
              <th scope="col">{t.content}</th>
              <th scope="col" className="msg-table__time">
                {t.time}
              </th>
              <th scope="col" className="msg-table__actions">
                {t.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.messageId} className={cx(!row.hasRead && 'is-unread')}>
                <td className="ui-table__check">
                  <input
                    type="checkbox"
                    aria-label={t.select(row.messageContent)}
                    checked={selected.has(row.messageId)}
                    onChange={() => toggle(row.messageId)}
                  />
                </td>
                <td className="msg-table__content">
                  {!row.hasRead ? <span className="msg-tag">{t.unreadTag}</span> : null}
                  <span>{row.messageContent}</span>
                </td>
                <td className="msg-table__time">
                  <time dateTime={row.addTime}>{formatDateTime(row.addTime)}</time>
                </td>
                <td className="msg-table__actions">
                  {row.link ? (
                    <Link
                      className="msg-action"
                      to={row.link}
                      onClick={() => {
                        if (!row.hasRead) void markRead.mutateAsync({ id: row.messageId }).then(onChanged);
                        onNavigate?.();
                      }}
                    >
                      {t.open}
                    </Link>
                  ) : null}
                  {!row.hasRead ? (
                    <button
                      type="button"
                      className="msg-action"
                      disabled={busy}
                      onClick={() => markOne(row.messageId)}
                    >
                      {t.markOne}
                    </button>
                  ) : null}
                  <ConfirmDialog
                    trigger={
                      <button type="button" className="msg-action msg-action--danger" disabled={busy}>
                        {t.deleteOne}
                      </button>
                    }
                    title={t.deleteTitle}
                    description={messageTexts.deleteConfirm}
                    confirmVariant="danger"
                    onConfirm={() => void deleteOne(row.messageId)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Pager
        page={page}
        pageSize={MESSAGE_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        label={t.pagination}
      />
    </div>
  );
}
