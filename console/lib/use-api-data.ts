import { useCallback, useEffect, useState } from 'react';
import type { ApiClient, Page } from '@shared/api/client';
import { toAppError, type AppError } from '@shared/errors/app-error';
import { useApi } from './api';

/**
 * While a load runs, `data` is the previous load's answer (undefined before the first one): a list
 * that reloads after an action or turns a page keeps its rows instead of flashing empty.
 */
export type ApiData<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: AppError };

/**
 * Loads data through the API client when the component mounts and whenever `deps` change; a newer
 * load wins over an older one. `reload` loads again.
 */
export function useApiData<T>(
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): ApiData<T> & { reload: () => void } {
  const api = useApi();
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) =>
      previous.status === 'loading' ? previous : { status: 'loading', data: previous.data },
    );
    load(api, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: toAppError(error) });
      },
    );
    return () => controller.abort();
    // `load` is usually an inline function: the caller's deps say when it changes.
  }, [api, generation, ...deps]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

/**
 * For a paged list: when the loaded page came back empty and is not the first (a delete emptied the
 * last page), turn to the page before.
 */
export function useStepBackFromEmptyPage(
  list: ApiData<Page<unknown>>,
  page: number,
  setPage: (page: number) => void,
): void {
  const emptied = list.status === 'success' && list.data.rows.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage(page - 1);
  }, [emptied, page, setPage]);
}
