/**
 * What an instance drops when a write, on any instance, announces the data kinds it changed
 * (`notifyPageCache` inside the writing transaction sends NOTIFY page_cache, which reaches every
 * instance, the writer included): the hall pages that show them and, for projects, the map's cluster
 * index, which each instance keeps in memory. One listener per instance, started with the server.
 */
import type { AppContext } from './app-context';
import { PAGE_CACHE_CHANNEL, onPageCacheNotification } from './lib/page-cache';

type Listen = NonNullable<AppContext['listen']>;

/** Resolves to the unsubscribe function. */
export function listenForDataChanges(
  listen: Listen,
  ctx: Pick<AppContext, 'pageCache' | 'services'>,
): Promise<() => Promise<void>> {
  const dropPages = onPageCacheNotification(ctx.pageCache);
  return listen(PAGE_CACHE_CHANNEL, (payload) => {
    dropPages(payload);
    // `*` follows a reconnect: whatever was missed meanwhile may have moved projects too.
    if (payload === '*' || payload.split(',').some((tag) => tag.trim() === 'projects'))
      ctx.services.invalidateProjectMap();
  });
}
