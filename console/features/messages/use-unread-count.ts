import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@console/lib/api';

/** Polling interval while the push stream is unavailable (spec: polling only as a fallback). */
export const UNREAD_POLL_MS = 30_000;

export interface UnreadCount {
  /** null until known. */
  count: number | null;
  /** Reads the count now (after an action of this tab). */
  refresh: () => void;
  /** True while the server pushes changes; false while polling. */
  live: boolean;
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
  const [live, setLive] = useState(false);
  const mounted = useRef(true);

  const refresh = useCallback(() => {
    api.object<number | string>('business', 'project/message/count').then(
      (value) => {
        if (mounted.current) setCount(Number(value));
      },
      () => {},
    );
  }, [api]);

  useEffect(() => {
    mounted.current = true;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      setLive(false);
      poll ??= setInterval(refresh, UNREAD_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };

    let source: EventSource | undefined;
    let ended = false;
    if (typeof EventSource === 'function') {
      source = new EventSource(api.url('business', 'project/message/stream'), { withCredentials: true });
      source.addEventListener('count', (event) => {
        const value = Number((event as MessageEvent<string>).data);
        if (!Number.isFinite(value)) return;
        stopPolling();
        setLive(true);
        setCount(value);
      });
      source.addEventListener('end', () => {
        ended = true;
        source?.close();
        stopPolling();
        setLive(false);
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

  return { count, refresh, live };
}
