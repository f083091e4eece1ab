/** A reviewer's done list: what the reviewer decided on each subject, and when. */
import { formatDateTime } from '@shared/format';
import type { Column } from '@console/kit/data-table';

/** 我的处理 and 处理时间, after a to-do list's own columns. */
export function decidedColumns<
  R extends { decidedAs?: string | undefined; decidedOn?: string | undefined },
>(): Column<R>[] {
  return [
    { key: 'decidedAs', header: '我的处理', cell: (row) => row.decidedAs ?? '' },
    {
      key: 'decidedOn',
      header: '处理时间',
      cell: (row) => (row.decidedOn ? formatDateTime(row.decidedOn) : ''),
      nowrap: true,
    },
  ];
}
