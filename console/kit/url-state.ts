/**
 * A list's filters, page and sort live in the URL's search parameters, so back, forward and reload
 * keep them and a link shares them. Only non-empty values are written (and so sent: spec section 5).
 *
 * Two lists on one page (a list and its history, /credit/loseNot) would otherwise read and write the
 * same keys: paging one would page the other, and a filter of one would be sent by both. Each list
 * after the first therefore takes a `prefix`, and every key it owns is `<prefix>.<key>`; a list
 * without a prefix keeps the plain keys, so existing links stay valid.
 */
import { useCallback } from 'react';
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

export interface ListStateOptions {
  pageSizes?: readonly number[];
  /** Namespace of this list's URL keys when the page has more than one list (letters and digits). */
  prefix?: string;
}

/** The URL key of a list's own key (filter name, page, size, sort, order). */
export function listKey(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

function positive(value: string | null, fallback: number): number {
  return value !== null && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : fallback;
}

export interface ListParams<F extends string> {
  filters: Record<F, string>;
  page: number;
  pageSize: number;
  sort?: { key: string; order: 'asc' | 'desc' };
}

/** Reads one list's state from the search parameters (pure: the hook and its test use it). */
export function readListParams<F extends string>(
  params: URLSearchParams,
  filterNames: readonly F[],
  { pageSizes = [10, 20, 50], prefix }: ListStateOptions = {},
): ListParams<F> {
  const k = (key: string) => listKey(prefix, key);
  const size = positive(params.get(k('size')), pageSizes[0] ?? 10);
  const sortKey = params.get(k('sort'));
  return {
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(k(name)) ?? ''])) as Record<
      F,
      string
    >,
    page: positive(params.get(k('page')), 1),
    pageSize: pageSizes.includes(size) ? size : (pageSizes[0] ?? 10),
    ...(sortKey ? { sort: { key: sortKey, order: params.get(k('order')) === 'desc' ? 'desc' : 'asc' } } : {}),
  };
}

export type ListChange =
  | { type: 'filters'; values: Record<string, string | undefined> }
  | { type: 'page'; page: number }
  | { type: 'size'; size: number }
  | { type: 'sort'; key: string };

/** The search parameters after one change of one list; other lists' keys are left as they are. */
export function applyListChange(
  current: URLSearchParams,
  change: ListChange,
  prefix?: string,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const k = (key: string) => listKey(prefix, key);
  switch (change.type) {
    case 'filters':
      for (const [name, value] of Object.entries(change.values)) {
        if (value && value.trim() !== '') next.set(k(name), value.trim());
        else next.delete(k(name));
      }
      next.delete(k('page'));
      break;
    case 'page':
      if (change.page > 1) next.set(k('page'), String(change.page));
      else next.delete(k('page'));
      break;
    case 'size':
      next.set(k('size'), String(change.size));
      next.delete(k('page'));
      break;
    case 'sort': {
      const same = next.get(k('sort')) === change.key;
      next.set(k('sort'), change.key);
      next.set(k('order'), same && next.get(k('order')) !== 'desc' ? 'desc' : 'asc');
      break;
    }
  }
  return next;
}

export function useListState<F extends string>(
  filterNames: readonly F[],
  options: ListStateOptions = {},
): ListState<F> {
  const [params, setParams] = useSearchParams();
  const { prefix } = options;
  const state = readListParams(params, filterNames, options);
  const update = useCallback(
    (change: ListChange) => setParams((current) => applyListChange(current, change, prefix)),
    [setParams, prefix],
  );
  return {
    ...state,
    setFilters: (values) => update({ type: 'filters', values }),
    setPage: (page) => update({ type: 'page', page }),
    setPageSize: (size) => update({ type: 'size', size }),
    setSort: (key) => update({ type: 'sort', key }),
  };
}
