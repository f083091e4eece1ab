import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { noticeCalls, type NoticeRow } from '@shared/calls/notices';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { noticeMessages } from '@shared/validation/notices';
import { buttonClass } from '@shared/ui/button';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { texts } from './texts';
import './notices.css';

const columns: readonly Column<NoticeRow>[] = [
  {
    key: 'noticeTitle',
    header: texts.columns.title,
    cell: (row) => <Link to={`/noticemanger/messageinfo/${row.pkid}`}>{row.noticeTitle}</Link>,
    wide: true,
    sortable: true,
  },
  {
    key: 'state',
    header: texts.columns.state,
    cell: (row) => <StatusBadge table={noticeState} value={row.state} />,
  },
  {
    key: 'noticeTime',
    header: texts.columns.time,
    cell: (row) => <time dateTime={row.noticeTime}>{formatDateTime(row.noticeTime)}</time>,
    nowrap: true,
    sortable: true,
  },
];

/** /noticemanger/message/:type — notices of one type, every state, with the maintainers' actions. */
export function MessageListPage() {
  const params = useParams();
  const type = noticeType.has(Number(params.type)) ? Number(params.type) : 0;
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const touched = { invalidates: [noticeCalls.list, noticeCalls.get] };
  const publish = useCallMutation(noticeCalls.publish, touched);
  const withdraw = useCallMutation(noticeCalls.withdraw, touched);
  const remove = useCallMutation(noticeCalls.remove, touched);
  const report = (row: NoticeRow) => (outcome: ActionOutcome) =>
    setFeedback(
      outcome.tone === 'danger' ? outcome : { ...outcome, text: `《${row.noticeTitle}》${outcome.text}` },
    );

  return (
    <ListPage
      title={`${texts.listTitle} · ${noticeType.label(type)}`}
      caption={noticeType.label(type)}
      description={texts.listDescription}
      actions={
        <Link className={buttonClass()} to={`/noticemanger/messagemaintain/add?type=${type}`}>
          {texts.add}
        </Link>
      }
      intro={
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
      }
      call={noticeCalls.list}
      fixedInput={{ noticeType: type, sort: 'noticeTime', order: 'desc' }}
      filters={[
        { name: 'keyword', label: texts.keyword, placeholder: texts.keywordPlaceholder },
        statusFilter('state', texts.state, noticeState),
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      emptyText={(filtered) => (filtered ? texts.emptyFiltered : texts.empty)}
      feedback={feedback}
      rowActions={(row) => (
        <>
          <Link
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            to={`/noticemanger/messagemaintain/${row.pkid}`}
            aria-label={`${texts.edit} ${row.noticeTitle}`}
          >
            {texts.edit}
          </Link>
          {row.state === noticeState.code.published ? (
            <ConfirmAction
              label={texts.withdraw}
              ariaLabel={`${texts.withdraw} ${row.noticeTitle}`}
              title={texts.withdrawTitle}
              question={noticeMessages.confirmWithdraw}
              action={() => withdraw.mutateAsync({ id: row.pkid })}
              onDone={report(row)}
            />
          ) : (
            <ConfirmAction
              label={texts.publish}
              ariaLabel={`${texts.publish} ${row.noticeTitle}`}
              variant="primary"
              title={texts.publishTitle}
              question={noticeMessages.confirmPublish}
              action={() => publish.mutateAsync({ id: row.pkid })}
              onDone={report(row)}
            />
          )}
          <ConfirmAction
            label={texts.remove}
            ariaLabel={`${texts.remove} ${row.noticeTitle}`}
            variant="danger"
            title={texts.deleteTitle}
            question={noticeMessages.confirmDelete}
            action={() => remove.mutateAsync({ id: row.pkid })}
            onDone={report(row)}
          />
        </>
      )}
    />
  );
}
