/**
 * The front page cache for hall pages (ARCHITECTURE.md, decision 0001): a bounded LRU of rendered
 * pages keyed by normalized URL, each entry tagged with the data kinds it shows, stored as identity,
 * gzip and brotli bytes compressed once, answered with an ETag and 304 on If-None-Match.
 *
 * A page opts in by setting the response header `x-page-cache: <tag>,<tag>`; the front strips it.
 * Responses with Set-Cookie, `Cache-Control: no-store` or a status other than 200 are never kept.
 * A write that changes what a page shows calls `invalidate(tags)` and, in its transaction,
 * `notifyPageCache(tx, tags)`, so every instance listening on the `page_cache` channel drops them too
 * (server/data-changes.ts; for `projects` it also reloads that instance's map points).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '../db/database';
import type { PageMirror } from './page-mirror';
import { REQUEST_ID_HEADER } from './request-id';
import { securityHeaderNames } from './security-headers';

/** Data kinds a cached page can depend on. */
export const pageCacheTags = [
  'notices',
  'agencies',
  'constructions',
  'projects',
  'downloads',
  'districts',
  'statistics',
  // The public certificate verification page (issue 22): dropped when a certificate is issued or revoked.
  'certificates',
] as const;
export type PageCacheTag = (typeof pageCacheTags)[number];

/** The response header a page sets to opt in, e.g. `x-page-cache: notices,statistics`. */
export const PAGE_CACHE_HEADER = 'x-page-cache';
/** The PostgreSQL channel every instance listens on; the payload is the tags, comma separated. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/**
 * Browsers keep the page but revalidate it with the ETag every time (a 304 costs almost nothing), so a
 * published notice shows at once even to someone who opened the list a moment ago.
 */
export const BROWSER_CACHE_CONTROL = 'public, no-cache';

/**
 * How long a proxy in front may keep a page before it revalidates (nginx reads X-Accel-Expires and
 * does not pass it on; deploy/nginx, decision 0008). Only this cache's answers carry it, so the proxy
 * stores exactly the public hall pages and nothing else.
 */
export const PROXY_CACHE_SECONDS = 1;

/** One encoding of a page: its bytes and every header of a 200 answer with them, as name, value, …. */
interface Variant {
  body: Buffer;
  headers: string[];
}

interface Entry {
  status: number;
  etag: string;
  identity: Variant;
  gzip: Variant;
  brotli: Variant;
  /** The headers of a 304 answer (validators and caching rules only). */
  notModifiedHeaders: string[];
  tags: readonly PageCacheTag[];
  /** Nothing but the page's type to replay: a file answered by nginx says all of it (page-mirror.ts). */
  mirrorable: boolean;
}

export interface PageCache {
  /**
   * Answers from the cache when it can; false means the caller renders (and may `capture`). Call it
   * before anything sets a header on `res`: a hit sends its precomputed headers and the request id in
   * one writeHead, node's fast path (setHeader calls before it measured 6% of a hit's CPU).
   * `security` are the security headers of this answer (server/lib/security-headers.ts), sent with it
   * and never kept: HSTS depends on how the request arrived.
   */
  serve(req: IncomingMessage, res: ServerResponse, requestId: string, security?: readonly string[]): boolean;
  /**
   * Lets the renderer write into `res` as usual; when the page opted in, the response is kept and then
   * answered from the entry (compressed as the client accepts). Call right before rendering.
   */
  capture(req: IncomingMessage, res: ServerResponse): void;
  /** Drops every entry carrying one of the tags (unknown tags are ignored). */
  invalidate(tags: readonly string[]): void;
  /** Entries held now (tests, metrics). */
  readonly size: number;
}

export interface PageCacheOptions {
  /** Upper bound of all entries' bytes (identity + gzip + brotli). Default 64 MB. */
  maxBytes?: number;
  /** Keeps a copy of each entry on disk for nginx in front (PAGE_MIRROR_DIR, server/lib/page-mirror.ts). */
  mirror?: PageMirror;
}

/** Path plus the query sorted by name, empty parameters dropped: `/a?b=&c=2&a=1` → `/a?a=1&c=2`. */
export function normalizeCacheKey(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const kept = [...params].filter(([, value]) => value !== '');
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  const path = url.slice(0, queryStart);
  return query ? `${path}?${query}` : path;
}

/** The tags of an `x-page-cache` header value; null when it names none we know. */
export function parseTags(value: unknown): PageCacheTag[] | null {
  if (typeof value !== 'string') return null;
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag): tag is PageCacheTag => (pageCacheTags as readonly string[]).includes(tag));
  return tags.length > 0 ? [...new Set(tags)] : null;
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  if (!found || found[1] === undefined) return undefined;
  return Array.isArray(found[1]) ? found[1].join(', ') : String(found[1]);
}

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function isCacheableRequest(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** The entry's answers, headers computed once: they are sent on every hit. */
function createEntry(
  status: number,
  replayed: Record<string, string>,
  identity: Buffer,
  tags: readonly PageCacheTag[],
): Entry {
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const validators = [
    'ETag',
    etag,
    'Cache-Control',
    BROWSER_CACHE_CONTROL,
    'Vary',
    'Accept-Encoding',
    'X-Accel-Expires',
    String(PROXY_CACHE_SECONDS),
  ];
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: [
      ...validators,
      ...Object.entries(replayed).flat(),
      ...(encoding ? ['Content-Encoding', encoding] : []),
      'Content-Length',
      String(body.byteLength),
    ],
  });
  return {
    status,
    etag,
    identity: variant(identity),
    gzip: variant(gzipSync(identity, { level: 9 }), 'gzip'),
    brotli: variant(
      brotliCompressSync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        },
      }),
      'br',
    ),
    notModifiedHeaders: validators,
    tags,
    mirrorable: Object.entries(replayed).every(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html'),
    ),
  };
}

function entryBytes(entry: Entry): number {
  return entry.identity.body.byteLength + entry.gzip.body.byteLength + entry.brotli.body.byteLength;
}

/**
 * Answers with the entry (304 when the client holds it). `perAnswer` are the headers that differ per
 * answer; the request id goes there on a hit, while after a render `res` already carries it.
 */
function writeEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, perAnswer: string[]): void {
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, [...entry.notModifiedHeaders, ...perAnswer]);
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const variant = encoding === 'br' ? entry.brotli : encoding === 'gzip' ? entry.gzip : entry.identity;
  res.writeHead(entry.status, [...variant.headers, ...perAnswer]);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

/** Headers worth replaying from a rendered page; hop-by-hop and our own ones are set per answer. */
const droppedHeaders = new Set([
  PAGE_CACHE_HEADER,
  REQUEST_ID_HEADER,
  'cache-control',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'etag',
  'date',
  'vary',
  ...securityHeaderNames,
]);

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const tagIndex = new Map<PageCacheTag, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => entryBytes(entry) + 1024,
    dispose: (entry, key) => {
      for (const tag of entry.tags) tagIndex.get(tag)?.delete(key);
      if (entry.mirrorable) options.mirror?.remove(key);
    },
  });
  // Bumped on every invalidation: a render that began before one must not store its (older) page.
  let generation = 0;

  function store(key: string, entry: Entry): void {
    entries.set(key, entry);
    if (!entries.has(key)) return; // larger than the whole cache
    if (entry.mirrorable)
      options.mirror?.write(key, { identity: entry.identity.body, gzip: entry.gzip.body });
    for (const tag of entry.tags) {
      let keys = tagIndex.get(tag);
      if (!keys) tagIndex.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  return {
    get size() {
      return entries.size;
    },

    serve(req, res, requestId, security = []) {
      if (!isCacheableRequest(req)) return false;
      const entry = entries.get(normalizeCacheKey(req.url ?? '/'));
      if (!entry) return false;
      writeEntry(req, res, entry, ['X-Cache', 'HIT', REQUEST_ID_HEADER, requestId, ...security]);
      return true;
    },

    capture(req, res) {
      if (req.method !== 'GET') return;
      const key = normalizeCacheKey(req.url ?? '/');
      const startedAt = generation;
      const original = { writeHead: res.writeHead, write: res.write, end: res.end };
      let status = 0;
      let tags: PageCacheTag[] = [];
      let headers: OutgoingHttpHeaders = {};
      const chunks: Buffer[] = [];
      const restore = () => Object.assign(res, original);

      const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
        if (typeof chunk === 'string')
          return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        return Buffer.from(chunk as Uint8Array);
      };

      res.writeHead = function writeHead(this: ServerResponse, code: number, ...rest: unknown[]) {
        const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as
          OutgoingHttpHeaders | undefined;
        headers = { ...(res.getHeaders() as OutgoingHttpHeaders), ...given };
        const opted = parseTags(headerValue(headers, PAGE_CACHE_HEADER));
        const refused =
          code !== 200 ||
          !opted ||
          headerValue(headers, 'set-cookie') !== undefined ||
          /no-store|private/i.test(headerValue(headers, 'cache-control') ?? '');
        if (refused) {
          restore();
          if (given) {
            for (const name of Object.keys(given))
              if (name.toLowerCase() === PAGE_CACHE_HEADER) delete given[name];
          }
          res.removeHeader(PAGE_CACHE_HEADER);
          return original.writeHead.call(res, code, ...(rest as [OutgoingHttpHeaders]));
        }
        status = code;
        tags = opted;
        return res;
      } as typeof res.writeHead;

      res.write = function write(chunk: unknown, encoding?: unknown, callback?: unknown) {
        if (!status) {
          // Written without writeHead (implicit headers): not a page that opted in.
          restore();
          return (original.write as (...args: unknown[]) => boolean).call(res, chunk, encoding, callback);
        }
        const buffer = toBuffer(chunk, encoding);
        if (buffer) chunks.push(buffer);
        return true;
      } as typeof res.write;

      res.end = function end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
        restore();
        if (!status)
          return (original.end as (...args: unknown[]) => ServerResponse).call(
            res,
            chunk,
            encoding,
            callback,
          );
        const buffer = toBuffer(chunk, encoding);
        if (buffer) chunks.push(buffer);
        const replayed: Record<string, string> = {};
        for (const [name, value] of Object.entries(headers)) {
          if (value === undefined || droppedHeaders.has(name.toLowerCase())) continue;
          replayed[name] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        const entry = createEntry(status, replayed, Buffer.concat(chunks), tags);
        if (generation === startedAt) store(key, entry);
        for (const name of [PAGE_CACHE_HEADER, 'cache-control', 'content-length', 'transfer-encoding'])
          res.removeHeader(name);
        writeEntry(req, res, entry, ['X-Cache', 'MISS']);
        return res;
      } as typeof res.end;
    },

    invalidate(tags) {
      generation++;
      for (const tag of tags) {
        const keys = tagIndex.get(tag as PageCacheTag);
        if (!keys) continue;
        for (const key of [...keys]) entries.delete(key);
        keys.clear();
      }
    },
  };
}

/** Anything that can run SQL: the database or a transaction. */
interface SqlRunner {
  execute(query: ReturnType<typeof sql>): PromiseLike<unknown>;
}

/**
 * Runs a write in one transaction and drops the hall pages it changed. `run` calls `dropPages(tags)`
 * for what its write changes (or not at all, when pages show none of it): the tags are announced in
 * the transaction (NOTIFY, so every instance drops them, and only if it commits) and dropped from
 * this instance's cache at once after the commit, so the writer's next page is already fresh.
 */
export async function writeDroppingPages<T>(
  ctx: { db: Database; pageCache: PageCache },
  run: (tx: Queryable, dropPages: (tags: readonly PageCacheTag[]) => void) => Promise<T>,
): Promise<T> {
  const dropped = new Set<PageCacheTag>();
  const result = await ctx.db.transaction(async (tx) => {
    const value = await run(tx, (tags) => tags.forEach((tag) => dropped.add(tag)));
    if (dropped.size > 0) await notifyPageCache(tx, [...dropped]);
    return value;
  });
  if (dropped.size > 0) ctx.pageCache.invalidate([...dropped]);
  return result;
}

/**
 * Broadcasts an invalidation to every instance (including this one) through PostgreSQL NOTIFY. Call
 * it inside the writing transaction: the notification is delivered only if the transaction commits.
 */
export async function notifyPageCache(runner: SqlRunner, tags: readonly PageCacheTag[]): Promise<void> {
  await runner.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${tags.join(',')})`);
}

/** The handler for notifications on PAGE_CACHE_CHANNEL; `*` (sent after a reconnect) drops all tags. */
export function onPageCacheNotification(cache: PageCache): (payload: string) => void {
  return (payload) =>
    cache.invalidate(payload === '*' ? pageCacheTags : payload.split(',').map((tag) => tag.trim()));
}
