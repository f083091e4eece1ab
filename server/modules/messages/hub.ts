/**
 * Fan-out of message changes to this instance's open streams. Every write to the messages table
 * (any instance, any writer) makes its trigger issue `NOTIFY messages, '<user ids>'` in its
 * transaction; every instance LISTENs once (on the first stream) and wakes the streams of those users, which then re-read their unread count. Writes made
 * here are also published at once in process, so a stream does not wait for the round trip; streams
 * drop repeats of the same count.
 */
import type { AppContext } from '@server/app-context';
import { MESSAGES_CHANNEL } from './service';

export interface MessageHub {
  /** Calls `onChange` whenever the user's messages may have changed; returns the unsubscribe. */
  subscribe(userId: number, onChange: () => void): () => void;
  /** Wakes the streams of these users on this instance. */
  publish(userIds: readonly number[]): void;
  /** Resolves once the instance listens on the channel (at once when it cannot listen). */
  ready(): Promise<void>;
  /** Streams open now (tests, metrics). */
  readonly size: number;
}

/** The hub of an app context, built once by the composition root: `ctx.services.messageHub`. */
export function createMessageHub(ctx: Pick<AppContext, 'logger' | 'listen'>): MessageHub {
  const subscribers = new Map<number, Set<() => void>>();
  let listening: Promise<void> | undefined;
  let size = 0;

  function wake(listeners: Iterable<() => void>) {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        ctx.logger.error({ err: error }, 'message stream listener failed');
      }
    }
  }

  function publish(userIds: readonly number[]) {
    for (const userId of userIds) {
      const listeners = subscribers.get(userId);
      if (listeners) wake(listeners);
    }
  }

  function onNotification(payload: string) {
    // '*' follows a lost and re-established LISTEN connection: anything may have changed meanwhile.
    if (payload === '*') {
      for (const listeners of subscribers.values()) wake(listeners);
      return;
    }
    publish(
      payload
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    );
  }

  function ready(): Promise<void> {
    if (!ctx.listen) return Promise.resolve();
    listening ??= ctx.listen(MESSAGES_CHANNEL, onNotification).then(
      () => undefined,
      (error: unknown) => {
        listening = undefined;
        ctx.logger.error({ err: error }, 'cannot listen for message changes; clients fall back to polling');
      },
    );
    return listening;
  }

  return {
    subscribe(userId, onChange) {
      let listeners = subscribers.get(userId);
      if (!listeners) {
        listeners = new Set();
        subscribers.set(userId, listeners);
      }
      listeners.add(onChange);
      size++;
      return () => {
        if (!listeners.delete(onChange)) return;
        size--;
        if (listeners.size === 0) subscribers.delete(userId);
      };
    },
    publish,
    ready,
    get size() {
      return size;
    },
  };
}
