/**
 * A list's filters, page and sort live in the URL's search parameters, so back, forward and reload
 * keep them and a link shares them. Only non-empty values are written (and so sent: spec section 5).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListState<F extends string> {
  filters: Record<F, string>;
  page: number;
  pageSize: number;
  sort?: { key: string; order: 'asc' | 'desc' };
  /** Applies new filter values and goes back to page 1. */
  setFilters(values: Partial<Record<F, string>>): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setSort(key: string): void;
}

const PAGE = 'page';
const SIZE = 'size';
const SORT = 'sort';
const ORDER = 'order';

function positive(value: string | null, fallback: number): number {
  return value !== null && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : fallback;
}

export function useListState<F extends string>(
  filterNames: readonly F[],
  { pageSizes = [10, 20, 50] }: { pageSizes?: readonly number[] } = {},
): ListState<F> {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>,
    [params, filterNames],
  );
  const size = positive(params.get(SIZE), pageSizes[0] ?? 10);
  const pageSize = pageSizes.includes(size) ? size : (pageSizes[0] ?? 10);
  const sortKey = params.get(SORT);
  const order = params.get(ORDER) === 'desc' ? 'desc' : 'asc';

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      }),
    [setParams],
  );

  return {
    filters,
    page: positive(params.get(PAGE), 1),
    pageSize,
    ...(sortKey ? { sort: { key: sortKey, order } } : {}),
    setFilters: (values) =>
      update((next) => {
        for (const [name, value] of Object.entries(values) as [string, string | undefined][]) {
          if (value && value.trim() !== '') next.set(name, value.trim());
          else next.delete(name);
        }
        next.delete(PAGE);
      }),
    setPage: (page) => update((next) => (page > 1 ? next.set(PAGE, String(page)) : next.delete(PAGE))),
    setPageSize: (value) =>
      update((next) => {
        next.set(SIZE, String(value));
        next.delete(PAGE);
      }),
    setSort: (key) =>
      update((next) => {
        const same = next.get(SORT) === key;
        next.set(SORT, key);
        next.set(ORDER, same && next.get(ORDER) !== 'desc' ? 'desc' : 'asc');
      }),
  };
}
