/**
 * Data fetching through the contracts, with TanStack Query: one cache per console, keyed by
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
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callApi, callApiWithMessage } from '@shared/api/call';
import type { CallInput, CallOutput, Contract } from '@shared/contracts/define';
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
export function callKey(contract: Contract, input?: unknown): unknown[] {
  return input === undefined ? [contract.operationId] : [contract.operationId, input];
}

export interface UseCallOptions {
  enabled?: boolean;
  /** Keep showing the previous answer while a new input loads (lists turning pages). Default true. */
  keepPrevious?: boolean;
}

/** Reads a call; `error` is an AppError carrying the server's Chinese message. */
export function useCall<C extends Contract>(contract: C, input: CallInput<C>, options: UseCallOptions = {}) {
  const api = useApi();
  const query = useQuery({
    queryKey: callKey(contract, input),
    queryFn: ({ signal }) => callApi(api, contract, input, { signal }) as Promise<CallOutput<C>>,
    enabled: options.enabled ?? true,
    ...(options.keepPrevious === false ? {} : { placeholderData: keepPreviousData }),
  });
  return { ...query, error: query.error ? toAppError(query.error) : null };
}

export interface UseCallMutationOptions {
  /** The calls whose cached answers this change makes stale; they are refetched after success. */
  invalidates?: readonly Contract[];
}

/** Changes something through a call; resolves with the answer and the server's success message. */
export function useCallMutation<C extends Contract>(contract: C, options: UseCallMutationOptions = {}) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation<{ data: CallOutput<C>; message: string }, AppError, CallInput<C>>({
    mutationFn: async (input) => {
      try {
        return await callApiWithMessage(api, contract, input);
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
