/**
 * The service-deadline column of every to-do list (server/modules/deadlines): the last day to act
 * and, once it is past, an 已超期 tag. One column so every list shows a deadline the same way.
 *
 * ```tsx
 * columns={[...taskColumns, deadlineColumn()]}
 * ```
 */
import { formatDate } from '@shared/format';
import type { Column } from './data-table';
import './kit.css';

export interface WithDeadline {
  dueAt?: string | null | undefined;
  overdue?: boolean | undefined;
}

/** dueAt is the moment the task becomes overdue (the start of the next day): show the day before it. */
function lastDay(dueAt: string): string {
  return formatDate(new Date(new Date(dueAt).getTime() - 1));
}

export function deadlineColumn<Row extends WithDeadline>(): Column<Row> {
  return {
    key: 'dueAt',
    header: '办理期限',
    nowrap: true,
    sortValue: (row) => row.dueAt ?? '',
    cell: (row) =>
      row.dueAt ? (
        <>
          {lastDay(row.dueAt)}
          {row.overdue ? (
            <>
              {' '}
              <span data-slot="status-badge" className="kit-badge kit-badge--danger">
                已超期
              </span>
            </>
          ) : null}
        </>
      ) : (
        '—'
      ),
  };
}
