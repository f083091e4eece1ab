/**
 * /workbench/home 工作台: every role's landing page after sign-in (the first page of its menu). One
 * call (workbench/home) gives the user's to-dos of every kind, soonest deadline first, each opening
 * the page where it is done; their own items by status (projects, offers, contracts, review queues);
 * and their newest messages.
 */
import { Link } from 'react-router';
import { messageCalls } from '@shared/calls/messages';
import { workbenchCalls, type WorkCount, type WorkTodo } from '@shared/calls/workbench';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { DataTable, type Column } from '@console/kit/data-table';
import { deadlineColumn } from '@console/kit/deadline-column';
import { useCall, useCallMutation } from '@console/kit/query';
import { zh } from '@console/lib/i18n';
import './work-home.css';

/** What reading a message changes: the work home (its 待阅消息 to-do goes), the bell and the drawer. */
const readTouches = { invalidates: [workbenchCalls.home, messageCalls.list, messageCalls.countUnread] };

/**
 * A link to where a to-do is done. A 待阅消息 to-do (and an unread message below) is marked read as it
 * is opened, with the spec's call (project/message/update?id, as the message drawer does), so it
 * leaves the list; the page opens at once, the call runs alongside.
 */
function ReadingLink({
  to,
  messageId,
  children,
}: {
  to: string;
  messageId?: number | undefined;
  children: string;
}) {
  const markRead = useCallMutation(messageCalls.markRead, readTouches);
  return (
    <Link to={to} onClick={() => (messageId === undefined ? undefined : markRead.mutate({ id: messageId }))}>
      {children}
    </Link>
  );
}

const todoColumns: Column<WorkTodo>[] = [
  {
    key: 'title',
    header: '待办事项',
    cell: (row) => (
      <ReadingLink to={row.href} messageId={row.messageId}>
        {row.title}
      </ReadingLink>
    ),
    wide: true,
  },
  { key: 'kind', header: '类别', cell: (row) => row.kind, nowrap: true },
  {
    key: 'since',
    header: '开始时间',
    cell: (row) => (row.since ? formatDateTime(row.since) : '—'),
    nowrap: true,
  },
  deadlineColumn<WorkTodo>(),
];

const holderColumn: Column<WorkTodo> = {
  key: 'holder',
  header: '办理人',
  cell: (row) => (row.holderName === undefined ? '' : (row.holderName ?? '待领取')),
  nowrap: true,
};

/** The counts in their groups, in the order the server gives them. */
function groupsOf(counts: readonly WorkCount[]): [string, WorkCount[]][] {
  const groups = new Map<string, WorkCount[]>();
  for (const count of counts) groups.set(count.group, [...(groups.get(count.group) ?? []), count]);
  return [...groups];
}

function CountTile({ count }: { count: WorkCount }) {
  const body = (
    <>
      <span className="wb-count__label">{count.label}</span>
      <span className="wb-count__value">{count.count}</span>
      {count.mine ? <span className="wb-count__note">本人领取 {count.mine}</span> : null}
      {count.overdue ? (
        <span data-slot="status-badge" className="kit-badge kit-badge--danger">
          超期 {count.overdue}
        </span>
      ) : null}
    </>
  );
  return count.href ? (
    <Link className="wb-count" to={count.href}>
      {body}
    </Link>
  ) : (
    <span className="wb-count">{body}</span>
  );
}

export function WorkHomePage() {
  const home = useCall(workbenchCalls.home, {});
  const data = home.data;
  const showsHolder = data?.todos.some((todo) => todo.holderName !== undefined) ?? false;
  return (
    <div className="wb-home">
      <PageHeader
        title="工作台"
        description={
          data
            ? data.todoTotal > 0
              ? `您有 ${data.todoTotal} 项待办${data.overdueTotal > 0 ? `，其中 ${data.overdueTotal} 项已超期` : ''}，期限最近的排在最前。`
              : '您目前没有待办事项。'
            : '您的待办、事项和消息。'
        }
        actions={
          <Button variant="secondary" onClick={() => void home.refetch()} disabled={home.isFetching}>
            刷新
          </Button>
        }
      />
      {home.error ? (
        <Notice tone="danger">
          {home.error.message}{' '}
          <Button variant="secondary" size="sm" onClick={() => void home.refetch()}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : !data ? (
        <Notice>{zh.common.loading}</Notice>
      ) : (
        <>
          <Card aria-busy={home.isFetching} className="wb-section">
            <h2 className="wb-section__title">我的待办</h2>
            {data.todos.length === 0 ? (
              <Notice>暂无待办事项：新的委托、审核任务和待确认的合同会出现在这里。</Notice>
            ) : (
              <>
                <DataTable
                  caption="我的待办"
                  columns={showsHolder ? [...todoColumns, holderColumn] : todoColumns}
                  rows={data.todos}
                  rowKey={(row) => row.key}
                />
                {data.todoTotal > data.todos.length ? (
                  <p className="wb-note">
                    仅列出期限最近的 {data.todos.length} 项，其余请在下方“我的事项”各列表中查看。
                  </p>
                ) : null}
              </>
            )}
          </Card>
          {data.counts.length > 0 ? (
            <Card className="wb-section">
              <h2 className="wb-section__title">我的事项</h2>
              {groupsOf(data.counts).map(([group, counts]) => (
                <section key={group} className="wb-group" aria-label={group}>
                  <h3 className="wb-group__title">{group}</h3>
                  <ul className="wb-counts" role="list">
                    {counts.map((count) => (
                      <li key={`${count.label}:${count.href ?? ''}`}>
                        <CountTile count={count} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </Card>
          ) : null}
          <Card className="wb-section">
            <h2 className="wb-section__title">
              最新消息{data.unread > 0 ? <span className="wb-unread">（{data.unread} 条未读）</span> : null}
            </h2>
            {data.messages.length === 0 ? (
              <Notice>暂无消息。</Notice>
            ) : (
              <ul className="wb-messages" role="list">
                {data.messages.map((message) => (
                  <li key={message.messageId} className="wb-message">
                    {message.hasRead ? null : (
                      <span data-slot="status-badge" className="kit-badge kit-badge--info">
                        未读
                      </span>
                    )}{' '}
                    {message.link ? (
                      <ReadingLink
                        to={message.link}
                        messageId={message.hasRead ? undefined : message.messageId}
                      >
                        {message.content}
                      </ReadingLink>
                    ) : (
                      message.content
                    )}
                    <time className="wb-message__time" dateTime={message.addTime}>
                      {formatDateTime(message.addTime)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
