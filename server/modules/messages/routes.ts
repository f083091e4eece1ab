/**
 * `/smsend/project/message/*` (spec section 7, Messages) plus two calls of ours: `GET stream`
 * (server-sent events: the unread count, pushed whenever it changes) and `POST send` (administrators
 * send a message to a user or to everyone holding a role). Every call needs a signed-in user and only
 * ever touches that user's own messages.
 */
import { streamSSE } from 'hono/streaming';
import { implement, reply } from '@server/lib/calls';
import { sessionToken, resolveSessionToken } from '@server/modules/identity';
import { messageCalls } from '@shared/calls/messages';
import { messageTexts } from '@shared/validation/messages';
import { countUnread, deleteMessages, listMessages, markMessagesRead, sendMessage } from './service';

/** The SSE event names of `GET stream`. */
export const messageStreamEvents = {
  /** data: the unread count, sent first and then on every change. */
  count: 'count',
  /** data: 'session'; the session ended (logout, expiry), the server closes the stream. */
  end: 'end',
} as const;

export const messageRoutes = implement(messageCalls, (ctx) => {
  const { db } = ctx;
  const { messagePages } = ctx.services;
  const hub = ctx.services.messageHub;
  // After a commit here: the next page call on this instance must see it, before the NOTIFY comes back.
  const changed = (userIds: readonly number[]) => {
    messagePages.invalidate(userIds);
    hub.publish(userIds);
  };

  return {
    // Only ever the signed-in user's own pages: the cache is keyed by the user id given here.
    list: (input, { user }) => messagePages.get(user.pkid, input, () => listMessages(db, user.pkid, input)),
    countUnread: (_input, { user }) => countUnread(db, user.pkid),
    remove: async ({ id }, { user }) => {
      await deleteMessages(db, user.pkid, [id]);
      changed([user.pkid]);
      return reply(null, messageTexts.deleteSuccess);
    },
    removeMany: async ({ ids }, { user }) => {
      const deleted = await deleteMessages(db, user.pkid, ids);
      changed([user.pkid]);
      return reply(deleted, messageTexts.deleteSuccess);
    },
    markRead: async ({ id }, { user }) => {
      await markMessagesRead(db, user.pkid, [id]);
      changed([user.pkid]);
      return reply(null, messageTexts.readSuccess);
    },
    markManyRead: async ({ ids }, { user }) => {
      const marked = await markMessagesRead(db, user.pkid, ids);
      changed([user.pkid]);
      return reply(marked, messageTexts.markSuccess);
    },
    send: async (input) => {
      const recipients = await db.transaction((tx) => sendMessage(tx, { ...input, at: ctx.services.now() }));
      changed(recipients);
      return reply({ recipients: recipients.length }, messageTexts.sent(recipients.length));
    },
    stream: (_input, { user, c }) => {
      const token = sessionToken(c);
      const heartbeatMs = ctx.services.messageHeartbeatMs;
      c.header('Cache-Control', 'no-store');
      // Proxies such as nginx would otherwise hold the events back in their buffer.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let finish!: () => void;
        const finished = new Promise<void>((resolve) => (finish = resolve));
        stream.onAbort(() => finish());
        let lastCount = -1;
        let queue = Promise.resolve();
        // Counts are read one at a time, in order, so an older count never overwrites a newer one.
        const pushCount = () => {
          queue = queue
            .then(async () => {
              if (stream.aborted || stream.closed) return;
              const unread = await countUnread(db, user.pkid);
              if (unread === lastCount) return;
              lastCount = unread;
              await stream.writeSSE({ event: messageStreamEvents.count, data: String(unread) });
            })
            .catch((error: unknown) => {
              ctx.logger.warn({ err: error, userId: user.pkid }, 'message stream: count failed');
              finish();
            });
        };
        await hub.ready();
        const unsubscribe = hub.subscribe(user.pkid, pushCount);
        const heartbeat = setInterval(() => {
          // Not the person's activity: an open tab must not keep the session from idling out.
          void resolveSessionToken(ctx, token, { touch: false })
            .then(async (current) => {
              if (current?.pkid !== user.pkid) {
                await stream.writeSSE({ event: messageStreamEvents.end, data: 'session' });
                finish();
                return;
              }
              await stream.write(': keep-alive\n\n');
              pushCount();
            })
            .catch(() => finish());
        }, heartbeatMs);
        try {
          await stream.writeSSE({ retry: 5000, data: '', event: 'open' });
          pushCount();
          await finished;
        } finally {
          clearInterval(heartbeat);
          unsubscribe();
          await queue;
        }
      });
    },
  };
});
