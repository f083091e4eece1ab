import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ApiClient } from '@shared/api/client';
import type { MessageRow } from '@server/modules/messages/service';
import type { OnTheWire, ResultInfo } from '@shared/api/envelope';
import { MESSAGE_PAGE_SIZE, messageTexts } from '@shared/validation/messages';
import { Button } from '@console/components/ui/button';
import { ConfirmDialog } from '@console/components/ui/confirm-dialog';
import { Notice } from '@console/components/ui/page';
import { Pager } from '@console/components/ui/pager';
import { useApi } from '@console/lib/api';
import { cx } from '@console/lib/cx';
import { formatDateTime } from '@shared/format';
import { zh } from '@console/lib/i18n';
import { useApiData, useStepBackFromEmptyPage } from '@console/lib/use-api-data';
import { useSelection } from '@console/lib/use-selection';

const t = zh.messages;

/** A message as `GET project/message/query` answers it. */
export type MessageItem = OnTheWire<MessageRow>;

type Filter = 'all' | 'unread' | 'read';
type Flash = { tone: 'success' | 'warning' | 'danger'; text: string };

const hasReadOf: Record<Filter, boolean | undefined> = { all: undefined, unread: false, read: true };

export interface MessageListProps {
  /** After anything changed the user's messages (the bell re-reads its count). */
  onChanged?: () => void;
  /** A message's link was followed (the drawer closes). */
  onNavigate?: () => void;
}

async function run(api: ApiClient, path: string, ids: readonly number[] | number): Promise<void> {
  if (typeof ids === 'number') await api.call<ResultInfo<unknown>>('business', path, { query: { id: ids } });
  else await api.call<ResultInfo<unknown>>('business', path, { body: { ids } });
}

/**
 * The message list of the notification drawer (spec sections 2, 4, 5, 8): 10 a page, unread rows
 * highlighted, single and bulk mark-read and delete with the spec's texts.
 */
export function MessageList({ onChanged, onNavigate }: MessageListProps) {
  const api = useApi();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useApiData(
    (client, signal) =>
      client.page<MessageItem>('business', 'project/message/query', {
        query: { pageIndex: page, pageSize: MESSAGE_PAGE_SIZE, hasRead: hasReadOf[filter] },
        signal,
      }),
    [page, filter],
  );
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const { selected, allSelected, toggle, toggleAll, clear } = useSelection(
    rows.map((row) => row.messageId),
    `${page}|${filter}`,
  );
  useStepBackFromEmptyPage(list, page, setPage);

  async function act(action: () => Promise<void>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      setFlash({ tone: 'success', text: success });
      clear();
    } catch {
      setFlash({ tone: 'danger', text: failure });
    } finally {
      setBusy(false);
      list.reload();
      onChanged?.();
    }
  }

  const markOne = (id: number) =>
    act(() => run(api, 'project/message/update', id), messageTexts.readSuccess, messageTexts.readFailure);
  const deleteOne = (id: number) =>
    act(() => run(api, 'project/message/delete', id), messageTexts.deleteSuccess, messageTexts.deleteFailure);
  const markSelected = () => {
    if (selected.size === 0) return setFlash({ tone: 'warning', text: messageTexts.selectToMark });
    void act(
      () => run(api, 'project/message/updateAll', [...selected]),
      messageTexts.markSuccess,
      messageTexts.markFailure,
    );
  };
  const deleteSelected = () =>
    act(
      () => run(api, 'project/message/deleteAll', [...selected]),
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

      {list.status === 'error' ? (
        <Notice tone="danger">
          <span>
            {t.loadFailed}：{list.error.message}
          </span>
          <Button variant="secondary" size="sm" onClick={list.reload}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : list.status === 'success' && rows.length === 0 ? (
        <div className="msg-empty">
          <p className="msg-empty__title">{t.empty}</p>
          <p className="msg-empty__hint">{filter === 'unread' ? t.emptyUnread : t.emptyAll}</p>
        </div>
      ) : (
        <table className="ui-table msg-table" aria-busy={list.status === 'loading'}>
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
                        if (!row.hasRead)
                          void run(api, 'project/message/update', row.messageId).then(onChanged);
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
