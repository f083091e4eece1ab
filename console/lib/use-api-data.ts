import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@shared/api/client';
import { AppError } from '@shared/errors/app-error';
import { useApi } from './api';

export type ApiData<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: AppError };

function toAppError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('internal', { cause: error });
}

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
    setState((previous) => (previous.status === 'loading' ? previous : { status: 'loading' }));
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
