/**
 * A typed table: columns with headers and cells, sortable headers (aria-sort), optional row
 * selection with a select-all checkbox, and row actions as the last column.
 *
 * ```tsx
 * <DataTable caption="短信" rows={rows} rowKey={(r) => r.id}
 *   columns={[{ key: 'userphone', header: '手机号码', cell: (r) => r.userphone, sortable: true }]} />
 * ```
 */
import type { ReactNode } from 'react';
import { cx } from '@shared/ui/cx';
import { kitTexts } from './texts';
import type { Selection } from '@console/lib/use-selection';
import './kit.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Sortable by this column (the key is what the list sends as `sort`, or sorts the page by). */
  sortable?: boolean;
  /** What client-side sorting compares; default the cell's text. */
  sortValue?: (row: Row) => string | number;
  /** Keep on one line (dates, codes). */
  nowrap?: boolean;
  /** Take the free width (titles, contents). */
  wide?: boolean;
}

export interface DataTableProps<Row, Key> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  sort?: { key: string; order: 'asc' | 'desc' } | undefined;
  onSort?: (key: string) => void;
  selection?: Selection<Key>;
  /** What a row's checkbox is called for screen readers ('选择 消息 12'). */
  rowLabel?: (row: Row) => string;
  rowActions?: (row: Row) => ReactNode;
}

export function DataTable<Row, Key>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  selection,
  rowLabel,
  rowActions,
}: DataTableProps<Row, Key>) {
  return (
    <div data-slot="data-table" className="ui-table-wrap">
      <table className="ui-table kit-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="ui-table__check">
                <input
                  type="checkbox"
                  aria-label={kitTexts.selectAll}
                  checked={selection.allSelected}
                  onChange={selection.toggleAll}
                  disabled={rows.length === 0}
                />
              </th>
            ) : null}
            {columns.map((column) => {
              const sorted = sort?.key === column.key ? sort.order : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cx(column.nowrap && 'ui-table__nowrap', column.wide && 'ui-table__wide')}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {column.sortable && onSort ? (
                    <button type="button" className="ui-table__sort" onClick={() => onSort(column.key)}>
                      {column.header}
                      <span aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {rowActions ? <th scope="col">{kitTexts.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={String(key)}>
                {selection ? (
                  <td className="ui-table__check">
                    <input
                      type="checkbox"
                      aria-label={rowLabel ? rowLabel(row) : kitTexts.selectRow}
                      checked={selection.selected.has(key)}
                      onChange={() => selection.toggle(key)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cx(column.nowrap && 'ui-table__nowrap', column.wide && 'ui-table__wide')}
                    data-label={typeof column.header === 'string' ? column.header : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {rowActions ? (
                  <td className="ui-table__actions" data-label={kitTexts.actions}>
                    <div className="kit-row-actions">{rowActions(row)}</div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Sorts a page of rows on the client by a column (for calls that take no `sort`). */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  sort: { key: string; order: 'asc' | 'desc' } | undefined,
): readonly Row[] {
  const column = sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
  if (!sort || !column) return rows;
  const valueOf = column.sortValue ?? ((row: Row) => String(column.cell(row) ?? ''));
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    return (
      (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-CN')) *
      direction
    );
  });
}
