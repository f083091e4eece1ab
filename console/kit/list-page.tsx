/**
 * The list page every console list is: a filter bar bound to the URL, a sortable table with row and
 * bulk actions, paging, loading / empty / error states, and Excel export of the current filter. Only
 * non-empty filters are sent (spec section 5); the paging parameters are the call's.
 *
 * ```tsx
 * <ListPage title="短信发件箱" caption="短信" call={userCalls.smsOutbox} …/>   // a `page` call
 * <ListPage title="审核意见" call={auditOpinionCalls.list}
 *   filters={[{ name: 'content', label: '意见内容' }]}
 *   columns={[{ key: 'content', header: '审核意见', cell: (row) => row.content, wide: true }]}
 *   rowKey={(row) => row.pkid}
 *   bulkActions={(rows, clear) => <ConfirmAction … />} />
 * ```
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { callApi } from '@shared/api/call';
import { compactParams } from '@shared/api/client';
import type { CallInput, ApiCall, RowOf } from '@shared/calls/define';
import { Button } from '@shared/ui/button';
import { Input } from '@shared/ui/form';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Pager, PAGE_SIZES } from '@shared/ui/pager';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { kitTexts } from './texts';
import { useSelection } from '@console/lib/use-selection';
import type { ActionOutcome } from './confirm-action';
import { DataTable, sortRows, type Column } from './data-table';
import { saveBlob } from './download';
import { useCall } from './query';
import { useListState } from './url-state';
import './kit.css';

export interface FilterDef<F extends string = string> {
  name: F;
  label: string;
  type?: 'text' | 'select' | 'date';
  /** Choices of a select ('' = 全部 is added first). */
  options?: readonly { value: string | number; label: string }[];
  /** A text field's hint; a select's first choice (the empty value) instead of 全部. */
  placeholder?: string;
}

/**
 * A select filter offering a status table's values (全部 first), the way every list filters by a
 * state: `statusFilter('auditStatus', '审核状态', auditStatus)`.
 */
export function statusFilter<F extends string>(
  name: F,
  label: string,
  table: { readonly entries: readonly { value: string | number; label: string }[] },
): FilterDef<F> {
  return { name, label, type: 'select', options: table.entries };
}

export interface ExportDef {
  /** A `file` call taking the same filters. */
  call: ApiCall;
  /** The file name offered ('中介机构名录.xlsx'). */
  fileName: string;
  label?: string;
}

export interface ListPageProps<C extends ApiCall, Key> {
  title: string;
  /** The table's accessible name. */
  caption: string;
  description?: ReactNode;
  /** Buttons in the header (新增, …). */
  actions?: ReactNode;
  /** Between the header and the filters (e.g. tabs to another list of the group). */
  intro?: ReactNode;
  /** A `page` call. */
  call: C;
  filters?: readonly FilterDef[];
  /** Input the page always sends (not in the URL). */
  fixedInput?: Partial<CallInput<C>>;
  columns: readonly Column<RowOf<C>>[];
  rowKey: (row: RowOf<C>) => Key;
  rowLabel?: (row: RowOf<C>) => string;
  rowActions?: (row: RowOf<C>) => ReactNode;
  /** Actions on the checked rows; the list offers checkboxes when given. */
  bulkActions?: (rows: RowOf<C>[], clear: () => void) => ReactNode;
  exportFile?: ExportDef;
  /** What an empty list says; a function gets whether a filter is active. */
  emptyText?: string | ((filtered: boolean) => string);
  /** The outcome of the last action (ConfirmAction's onDone), announced above the table. */
  feedback?: ActionOutcome | null;
  /**
   * Namespace of this list's URL keys, for every list after the first on one page (url-state.ts):
   * without it two lists would share their filters, page and sort.
   */
  urlPrefix?: string;
}

/** True when the call's input object has this field. */
const accepts = (call: ApiCall, field: string) => call.inputFields.includes(field);

export function ListPage<C extends ApiCall, Key>({
  title,
  caption,
  description,
  actions,
  intro,
  call,
  filters = [],
  fixedInput,
  columns,
  rowKey,
  rowLabel,
  rowActions,
  bulkActions,
  exportFile,
  emptyText = kitTexts.empty,
  feedback,
  urlPrefix,
}: ListPageProps<C, Key>) {
  const api = useApi();
  const names = filters.map((filter) => filter.name);
  const list = useListState(names, { pageSizes: PAGE_SIZES, ...(urlPrefix ? { prefix: urlPrefix } : {}) });
  const serverSorts = accepts(call, 'sort');
  const paging = call.paging ?? { page: 'page', size: 'rows' };
  const filterInput = { ...fixedInput, ...compactParams(list.filters) };
  const input = {
    ...filterInput,
    [paging.page]: list.page,
    [paging.size]: list.pageSize,
    ...(serverSorts && list.sort ? { sort: list.sort.key, order: list.sort.order } : {}),
  } as CallInput<C>;
  const { data, error, isPending, isFetching, refetch } = useCall(call, input);
  const page = data as { rows: RowOf<C>[]; total: number } | undefined;
  const rows = page ? (serverSorts ? page.rows : sortRows(page.rows, columns, list.sort)) : [];
  const selection = useSelection(rows.map(rowKey), JSON.stringify(input));
  const selectedRows = rows.filter((row) => selection.selected.has(rowKey(row)));
  const [exporting, setExporting] = useState<string | null>(null);

  // A delete that empties the last page turns back to the page before.
  useEffect(() => {
    if (page && page.rows.length === 0 && list.page > 1) list.setPage(list.page - 1);
  }, [page, list]);

  const runExport = async () => {
    if (!exportFile) return;
    setExporting(kitTexts.exporting);
    try {
      saveBlob((await callApi(api, exportFile.call, filterInput)) as Blob, exportFile.fileName);
      setExporting(null);
    } catch (caught) {
      setExporting(caught instanceof Error ? caught.message : kitTexts.exportFailed);
    }
  };

  return (
    <div data-slot="list-page" className="kit-list-page">
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || exportFile ? (
            <>
              {actions}
              {exportFile ? (
                <Button
                  variant="secondary"
                  onClick={() => void runExport()}
                  disabled={exporting === kitTexts.exporting}
                >
                  {exportFile.label ?? kitTexts.export}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {intro}
      {exporting && exporting !== kitTexts.exporting ? <Notice tone="danger">{exporting}</Notice> : null}
      {filters.length > 0 ? (
        <FilterBar filters={filters} values={list.filters} onApply={list.setFilters} />
      ) : null}
      <Card aria-busy={isFetching}>
        {bulkActions ? (
          <div className="kit-bulk-bar" role="group" aria-label={kitTexts.bulkLabel}>
            <span>{kitTexts.selected(selectedRows.length)}</span>
            {bulkActions(selectedRows, selection.clear)}
          </div>
        ) : null}
        <div role="status" aria-live="polite" className="kit-feedback">
          {feedback && feedback.tone !== 'danger' ? (
            <p className={`kit-feedback--${feedback.tone}`}>{feedback.text}</p>
          ) : null}
        </div>
        {feedback?.tone === 'danger' ? <Notice tone="danger">{feedback.text}</Notice> : null}
        {error ? (
          <Notice tone="danger">
            {error.message}{' '}
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {zh.common.retry}
            </Button>
          </Notice>
        ) : isPending ? (
          <Notice>{zh.common.loading}</Notice>
        ) : rows.length === 0 ? (
          <Notice>
            {typeof emptyText === 'function'
              ? emptyText(Object.values(list.filters).some((value) => value !== ''))
              : emptyText}
          </Notice>
        ) : (
          <DataTable
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            sort={list.sort}
            onSort={list.setSort}
            {...(bulkActions ? { selection } : {})}
            {...(rowLabel ? { rowLabel } : {})}
            {...(rowActions ? { rowActions } : {})}
          />
        )}
        {page && page.total > 0 ? (
          <Pager
            page={list.page}
            pageSize={list.pageSize}
            total={page.total}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            label={kitTexts.pagerLabel(caption)}
          />
        ) : null}
      </Card>
    </div>
  );
}

interface FilterBarProps {
  filters: readonly FilterDef[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
}

/** The filters as a form: typing changes nothing until 查询; 重置 clears them. */
export function FilterBar({ filters, values, onApply }: FilterBarProps) {
  const id = useId();
  const [draft, setDraft] = useState(values);
  // Back and forward change the URL: show what it says. Only a change of what the URL says resets the
  // draft, not a new object of the same values on a re-render (the list's data arriving would
  // otherwise wipe a choice made while it loaded).
  const urlValues = JSON.stringify(values);
  const [shown, setShown] = useState(urlValues);
  if (urlValues !== shown) {
    setShown(urlValues);
    setDraft(values);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => onApply(Object.fromEntries(filters.map((filter) => [filter.name, ''])));
  return (
    <form data-slot="filter-bar" className="kit-filter-bar" role="search" onSubmit={submit}>
      {filters.map((filter) => {
        const controlId = `${id}-${filter.name}`;
        const value = draft[filter.name] ?? '';
        const change = (next: string) => setDraft((current) => ({ ...current, [filter.name]: next }));
        return (
          <div key={filter.name} className="kit-filter-bar__field">
            <label htmlFor={controlId}>{filter.label}</label>
            {filter.type === 'select' ? (
              <select
                id={controlId}
                className="ui-input"
                value={value}
                onChange={(e) => change(e.target.value)}
              >
                <option value="">{filter.placeholder ?? kitTexts.all}</option>
                {(filter.options ?? []).map((option) => (
                  <option key={String(option.value)} value={String(option.value)}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                id={controlId}
                type={filter.type === 'date' ? 'date' : 'search'}
                value={value}
                placeholder={filter.placeholder}
                onChange={(e) => change(e.target.value)}
              />
            )}
          </div>
        );
      })}
      <div className="kit-filter-bar__actions">
        <Button type="submit">{zh.common.search}</Button>
        <Button type="button" variant="secondary" onClick={reset}>
          {kitTexts.reset}
        </Button>
      </div>
    </form>
  );
}
