/**
 * Data fetching through the calls, with TanStack Query: one cache per console, keyed by
 * `[operationId, input]`, so two components asking the same thing share one request, and a mutation
 * refetches what it touches.
 *
 * ```tsx
 * const { data } = useCall(messageCalls.list, { pageIndex: 1, pageSize: 10 });
 * const markRead = useCallMutation(messageCalls.markRead, { invalidates: [messageCalls.list, messageCalls.countUnread] });
 * await markRead.mutateAsync({ id });   // → { data, message: '消息已标为已读！' }
 * ```
 */
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callApi, callApiWithMessage } from '@shared/api/call';
import type { CallInput, CallOutput, ApiCall } from '@shared/calls/define';
import { toAppError, type AppError } from '@shared/errors/app-error';
import { useApi } from '@console/lib/api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Retrying is the person's decision (the error state offers 重试); most failures here are answers.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The cache key of a call (every input of it when `input` is left out). */
export function callKey(call: Pick<ApiCall, 'operationId'>, input?: unknown): unknown[] {
  return input === undefined ? [call.operationId] : [call.operationId, input];
}

export interface UseCallOptions {
  enabled?: boolean;
  /** Keep showing the previous answer while a new input loads (lists turning pages). Default true. */
  keepPrevious?: boolean;
  /**
   * Read again each time the page opens, however fresh the cache (records: another party may have
   * just moved it on, e.g. confirmed a contract; the cached answer shows meanwhile).
   */
  refetchOnOpen?: boolean;
}

/** Reads a call; `error` is an AppError carrying the server's Chinese message. */
export function useCall<C extends ApiCall>(call: C, input: CallInput<C>, options: UseCallOptions = {}) {
  return useCallQuery(call, input, options);
}

/**
 * Reads one record; `missing` when there is no input (the page was opened without naming a record).
 * While another record loads, the previous one is not shown as it.
 */
export function useRecord<C extends ApiCall>(call: C, input: CallInput<C> | undefined) {
  return {
    ...useCallQuery(call, input, { keepPrevious: false, refetchOnOpen: true }),
    missing: input === undefined,
  };
}

/** The call's query; it waits while `input` is undefined. */
function useCallQuery<C extends ApiCall>(call: C, input: CallInput<C> | undefined, options: UseCallOptions) {
  const api = useApi();
  const query = useQuery({
    queryKey: callKey(call, input),
    queryFn:
      input === undefined
        ? skipToken
        : ({ signal }) => callApi(api, call, input, { signal }) as Promise<CallOutput<C>>,
    enabled: options.enabled ?? true,
    ...(options.keepPrevious === false ? {} : { placeholderData: keepPreviousData }),
    ...(options.refetchOnOpen ? { refetchOnMount: 'always' as const } : {}),
  });
  return { ...query, error: query.error ? toAppError(query.error) : null };
}

export interface UseCallMutationOptions {
  /** The calls whose cached answers this change makes stale; they are refetched after success. */
  invalidates?: readonly ApiCall[];
}

/** Changes something through a call; resolves with the answer and the server's success message. */
export function useCallMutation<C extends ApiCall>(call: C, options: UseCallMutationOptions = {}) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation<{ data: CallOutput<C>; message: string }, AppError, CallInput<C>>({
    mutationFn: async (input) => {
      try {
        return await callApiWithMessage(api, call, input);
      } catch (error) {
        throw toAppError(error);
      }
    },
    onSuccess: async () => {
      await Promise.all(
        (options.invalidates ?? []).map((touched) =>
          client.invalidateQueries({ queryKey: callKey(touched) }),
        ),
      );
    },
  });
}
