/**
 * What an instance drops when a write, on any instance, announces the data kinds it changed
 * (`notifyPageCache` inside the writing transaction sends NOTIFY page_cache, which reaches every
 * instance, the writer included): the hall pages that show them and, for projects, the map's cluster
 * index, which each instance keeps in memory; and, on the `sessions` channel, the signed-in sessions
 * each instance keeps in memory; and, on the `messages` channel (sent by triggers on the messages
 * table), the users' message pages each instance keeps in memory, which are kept only while this
 * listener is up; and, on the `data_changes` channel (sent by triggers on the tables they read), the
 * answers of busy read calls, kept on the same terms. One listener per instance, started with the server.
 */
import type { AppContext } from './app-context';
import { PAGE_CACHE_CHANNEL, onPageCacheNotification } from './lib/page-cache';
import { DATA_CHANGES_CHANNEL } from './lib/result-cache';
import { SESSIONS_CHANNEL } from '@server/modules/identity';
import { MESSAGES_CHANNEL } from '@server/modules/messages';

type Listen = NonNullable<AppContext['listen']>;

/** Resolves to the unsubscribe function. */
export async function listenForDataChanges(
  listen: Listen,
  ctx: Pick<AppContext, 'pageCache' | 'services'>,
): Promise<() => Promise<void>> {
  const dropPages = onPageCacheNotification(ctx.pageCache);
  const stopPages = await listen(PAGE_CACHE_CHANNEL, (payload) => {
    dropPages(payload);
    // `*` follows a reconnect: whatever was missed meanwhile may have moved projects too.
    if (payload === '*' || payload.split(',').some((tag) => tag.trim() === 'projects'))
      ctx.services.invalidateProjectMap();
  });
  // Sign-ons ended or changed on any instance (`*` after a reconnect: forget every cached session).
  const stopSessions = await listen(SESSIONS_CHANNEL, (payload) =>
    ctx.services.sessions.onNotification(payload),
  );
  const messagePages = ctx.services.messagePages;
  const stopMessages = await listen(MESSAGES_CHANNEL, (payload) => messagePages.onNotification(payload));
  messagePages.setListening(true);
  // A table that cached call answers read changed (sent by its triggers, migration 0021).
  const results = ctx.services.results;
  const stopResults = await listen(DATA_CHANGES_CHANNEL, (payload) => results.onNotification(payload));
  results.setListening(true);
  return async () => {
    messagePages.setListening(false);
    results.setListening(false);
    await stopPages();
    await stopSessions();
    await stopMessages();
    await stopResults();
  };
}
