import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { noticeMessages } from '@shared/validation/notices';
import { messageOf } from '@shared/errors/app-error';
import { Button, buttonClass } from '@console/components/ui/button';
import { ConfirmDialog } from '@console/components/ui/confirm-dialog';
import { Card, Notice, PageHeader } from '@console/components/ui/page';
import { Pager, pageSizeOf } from '@console/components/ui/pager';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { useApiData } from '@console/lib/use-api-data';
import { changeNoticeState, listNotices, type NoticeRow } from './notice-api';
import { formatDateTime } from '@shared/format';
import { Feedback, NoticeStateTag, type FeedbackState } from './notice-ui';
import { texts } from './texts';
import './notices.css';

/** /noticemanger/message/:type — notices of one type, every state, with the maintainers' actions. */
export function MessageListPage() {
  const api = useApi();
  const params = useParams();
  const type = noticeType.has(Number(params.type)) ? Number(params.type) : 0;
  const [search, setSearch] = useSearchParams();
  const state = search.get('state') ?? '';
  const keyword = search.get('keyword') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const rows = pageSizeOf(search.get('rows'));
  const [draftKeyword, setDraftKeyword] = useState(keyword);
  const [feedback, setFeedback] = useState<FeedbackState>(null);

  const list = useApiData(
    (client, signal) => listNotices(client, { noticeType: type, state, keyword, page, rows }, signal),
    [type, state, keyword, page, rows],
  );

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next);
  };

  const act = async (row: NoticeRow, action: 'publish' | 'withdraw' | 'delete') => {
    try {
      const result = await changeNoticeState(api, row.pkid, action);
      setFeedback({ tone: 'success', text: `《${row.noticeTitle}》${result.message}` });
      list.reload();
    } catch (error) {
      setFeedback({ tone: 'danger', text: messageOf(error) });
    }
  };

  const total = list.data?.total ?? 0;
  const typeLabel = noticeType.label(type);
  const filtered = state !== '' || keyword !== '';

  return (
    <>
      <PageHeader
        title={`${texts.listTitle} · ${typeLabel}`}
        description={texts.listDescription}
        actions={
          <Link className={buttonClass()} to={`/noticemanger/messagemaintain/add?type=${type}`}>
            {texts.add}
          </Link>
        }
      />
      <nav className="nm-types" aria-label={texts.type}>
        {noticeType.entries.map((entry) => (
          <Link
            key={entry.value}
            to={`/noticemanger/message/${entry.value}`}
            className={entry.value === type ? 'nm-types__link nm-types__link--current' : 'nm-types__link'}
            aria-current={entry.value === type ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <Card>
        <form
          className="nm-filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            update({ keyword: draftKeyword.trim(), page: undefined });
          }}
        >
          <label className="nm-filter">
            <span>{texts.keyword}</span>
            <input
              className="ui-input"
              type="search"
              maxLength={50}
              value={draftKeyword}
              placeholder={texts.keywordPlaceholder}
              onChange={(event) => setDraftKeyword(event.target.value)}
            />
          </label>
          <label className="nm-filter">
            <span>{texts.state}</span>
            <select
              className="ui-input"
              value={state}
              onChange={(event) => update({ state: event.target.value, page: undefined })}
            >
              <option value="">{texts.allStates}</option>
              {noticeState.entries.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <div className="nm-filters__actions">
            <Button type="submit">{zh.common.search}</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraftKeyword('');
                setSearch(new URLSearchParams());
              }}
            >
              {texts.reset}
            </Button>
          </div>
        </form>
        <Feedback feedback={feedback} />
        {list.status === 'error' ? (
          <Notice tone="danger">
            <span>{list.error.message}</span>{' '}
            <Button variant="secondary" size="sm" onClick={list.reload}>
              {zh.common.retry}
            </Button>
          </Notice>
        ) : (
          <div className="ui-table-wrap" aria-busy={list.status === 'loading'}>
            <table className="ui-table nm-table">
              <caption className="visually-hidden">
                {typeLabel} {zh.pager.total(total)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{texts.columns.title}</th>
                  <th scope="col" className="nm-col-state">
                    {texts.columns.state}
                  </th>
                  <th scope="col" className="nm-col-time">
                    {texts.columns.time}
                  </th>
                  <th scope="col" className="nm-col-actions">
                    {texts.columns.actions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data?.rows.map((row) => (
                  <tr key={row.pkid}>
                    <td data-label={texts.columns.title}>
                      <Link to={`/noticemanger/messageinfo/${row.pkid}`}>{row.noticeTitle}</Link>
                    </td>
                    <td data-label={texts.columns.state}>
                      <NoticeStateTag state={row.state} />
                    </td>
                    <td data-label={texts.columns.time}>
                      <time dateTime={row.noticeTime}>{formatDateTime(row.noticeTime)}</time>
                    </td>
                    <td data-label={texts.columns.actions}>
                      <div className="nm-row-actions">
                        <Link
                          className={buttonClass({ variant: 'secondary', size: 'sm' })}
                          to={`/noticemanger/messagemaintain/${row.pkid}`}
                        >
                          {texts.edit}
                          <span className="visually-hidden">{row.noticeTitle}</span>
                        </Link>
                        {row.state === noticeState.code.published ? (
                          <ConfirmDialog
                            trigger={
                              <Button variant="secondary" size="sm">
                                {texts.withdraw}
                                <span className="visually-hidden">{row.noticeTitle}</span>
                              </Button>
                            }
                            title={texts.withdrawTitle}
                            description={noticeMessages.confirmWithdraw}
                            onConfirm={() => void act(row, 'withdraw')}
                          />
                        ) : (
                          <ConfirmDialog
                            trigger={
                              <Button size="sm">
                                {texts.publish}
                                <span className="visually-hidden">{row.noticeTitle}</span>
                              </Button>
                            }
                            title={texts.publishTitle}
                            description={noticeMessages.confirmPublish}
                            onConfirm={() => void act(row, 'publish')}
                          />
                        )}
                        <ConfirmDialog
                          trigger={
                            <Button variant="danger" size="sm">
                              {texts.remove}
                              <span className="visually-hidden">{row.noticeTitle}</span>
                            </Button>
                          }
                          title={texts.deleteTitle}
                          description={noticeMessages.confirmDelete}
                          confirmVariant="danger"
                          onConfirm={() => void act(row, 'delete')}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.status === 'success' && list.data.rows.length === 0 ? (
              <p className="ui-table-empty">{filtered ? texts.emptyFiltered : texts.empty}</p>
            ) : null}
            {list.status === 'loading' && !list.data ? (
              <p className="ui-table-empty">{zh.common.loading}</p>
            ) : null}
          </div>
        )}
        <Pager
          page={page}
          pageSize={rows}
          total={total}
          onPageChange={(next) => update({ page: next })}
          onPageSizeChange={(size) => update({ rows: size, page: undefined })}
          label={texts.listTitle}
        />
      </Card>
    </>
  );
}
