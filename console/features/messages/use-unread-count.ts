import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, callUrl } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { messageCalls } from '@shared/calls/messages';
import { AppError } from '@shared/errors/app-error';
import { useApi } from '@console/lib/api';

/** Polling interval while the push stream is unavailable (spec: polling only as a fallback). */
const UNREAD_POLL_MS = 30_000;

/**
 * `GET {business}/project/message/count`: object = unread count, or null when it could not be read
 * (the bell then shows no number rather than a wrong one). An ended session still fails.
 */
export async function loadUnreadCount(api: ApiClient): Promise<number | null> {
  try {
    const count = Number(await callApi(api, messageCalls.countUnread, {}));
    return Number.isFinite(count) && count >= 0 ? count : null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') throw error;
    return null;
  }
}

export interface UnreadCount {
  /** null until known. */
  count: number | null;
  /** Reads the count now (after an action of this tab). */
  refresh: () => void;
}

/**
 * The signed-in user's unread message count, kept current without reloading: the server pushes it
 * over `GET {business}/project/message/stream` (server-sent events); while that stream is down the
 * count is polled every 30 s. When the stream reports the session ended, a last read lets the API
 * client's invalid-session hook take the user home.
 */
export function useUnreadCount(initial: number | null = null): UnreadCount {
  const api = useApi();
  const [count, setCount] = useState<number | null>(initial);
  const mounted = useRef(true);

  const refresh = useCallback(() => {
    // A count that could not be read keeps the one shown; an ended session is the API client's
    // invalid-session hook's to handle.
    loadUnreadCount(api).then(
      (value) => {
        if (mounted.current && value !== null) setCount(value);
      },
      () => {},
    );
  }, [api]);

  useEffect(() => {
    mounted.current = true;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(refresh, UNREAD_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };

    let source: EventSource | undefined;
    let ended = false;
    if (typeof EventSource === 'function') {
      source = new EventSource(callUrl(api, messageCalls.stream, {}), { withCredentials: true });
      source.addEventListener('count', (event) => {
        const value = Number((event as MessageEvent<string>).data);
        if (!Number.isFinite(value)) return;
        stopPolling();
        setCount(value);
      });
      source.addEventListener('end', () => {
        ended = true;
        source?.close();
        stopPolling();
        refresh();
      });
      // The browser reconnects by itself (retry 5 s) and a refused stream (401) stays closed: either
      // way the count is polled until the stream speaks again.
      source.addEventListener('error', () => {
        if (!ended) startPolling();
      });
    } else {
      startPolling();
    }
    return () => {
      mounted.current = false;
      source?.close();
      stopPolling();
    };
  }, [api, refresh]);

  return { count, refresh };
}
