/**
 * The node:http front (ARCHITECTURE.md, "one node:http front, three paths"): API bases go straight to
 * the Hono app (never through Astro: measured 6x the throughput), built client files are served
 * directly, and everything else goes to Astro's handler. Public hall pages in the front page cache
 * are answered before any of that (server/lib/page-cache.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { LOGIN_REQUIRED_PARAM, LOGIN_REQUIRED_VALUE, RETURN_TO_COOKIE } from '@shared/auth/return-to';
import { isRouteBuilt } from '@shared/domain/console-pages';
import { canOpen, matchRoute, type RouteDef } from '@shared/domain/routes';
import type { AppEnv } from './app-context';
import { clientAddress } from './lib/client-address';
import { createAccessLog, type Logger } from './lib/logger';
import { PAGE_CACHE_HEADER, type PageCache } from './lib/page-cache';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id';
import { createSecurityHeaders, type SecurityHeaders } from './lib/security-headers';
import type { StaticHandler } from './lib/static-files';
import { API_DOCS_PATH } from '@server/modules/api-docs';

/** Astro's handler in @astrojs/node middleware mode. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

export interface FrontOptions {
  api: Hono<AppEnv>;
  apiBases: readonly string[];
  astro: AstroHandler;
  staticFiles: StaticHandler;
  /** What Astro pages receive as `Astro.locals` (hall/env.d.ts). */
  pageLocals: App.Locals;
  /** Hall pages that opted in are answered from here before Astro is asked (server/lib/page-cache.ts). */
  pageCache?: PageCache;
  logger: Logger;
  /**
   * Sent with every answer, page-cache hits included (server/lib/security-headers.ts); by default
   * those of a server without a map key or proxy.
   */
  securityHeaders?: SecurityHeaders;
  /**
   * The signed-in user of a Cookie header, or null (server/modules/identity/guard.ts,
   * resolveSessionUser). Without it every visitor counts as signed out.
   */
  resolveUser?: (cookieHeader: string | undefined) => Promise<{ roleIds: readonly string[] } | null>;
  /** TRUST_PROXY: the proxy in front sets X-Request-Id, and its id is kept (server/lib/request-id.ts). */
  trustProxy?: boolean;
  /** With trustProxy: the proxies in front, for the client address pages receive (client-address.ts). */
  proxyHops?: number;
  /** Which route a path is: the route table's lookup by default; a test may add a route of its own. */
  routeOf?: (pathname: string) => RouteDef | undefined;
}

/** The prerendered 403 page (hall/pages/403), answered with status 403 when a route's roles exclude the user. */
const FORBIDDEN_PAGE = '/403/';

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The prerendered 404 page (hall/pages/404.astro), answered with status 404 for a path without a page. */
const NOT_FOUND_PAGE = '/404.html';

/**
 * Where a signed-out visitor of a protected page lands: home, with the login dialog open; the page is
 * remembered in RETURN_TO_COOKIE for after the sign-in (shared/auth/return-to.ts).
 */
export const SIGN_IN_LOCATION = `/?${LOGIN_REQUIRED_PARAM}=${LOGIN_REQUIRED_VALUE}`;
export { RETURN_TO_COOKIE };

/**
 * What a path is (spec section 2, entry rules): a public page, a page behind the sign-in guard, or no
 * page at all, which gets the 404 page for everyone. A route of the table is guarded whatever its
 * last segment looks like (`/x/1.5` too), so no visitor without a session receives the console shell.
 */
function pageKind(route: RouteDef | undefined): 'public' | 'guarded' | 'missing' {
  if (!route) return 'missing';
  return route.public ? 'public' : 'guarded';
}

/**
 * Astro answers pages as bare `text/html`; the hall is UTF-8, so say so (issue 11, finding 10). And a
 * page's opt-in to the page cache is internal: a HEAD (which the cache does not capture) must not show it.
 */
function normalizePageHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function normalizedWriteHead(this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead;
    const given = args.find(
      (arg, index) => index > 0 && typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    ) as Record<string, unknown> | undefined;
    if (given) {
      for (const name of Object.keys(given)) {
        const lower = name.toLowerCase();
        if (lower === PAGE_CACHE_HEADER && res.req.method !== 'GET') delete given[name];
        else if (lower === 'content-type' && given[name] === 'text/html') given[name] = HTML_TYPE;
      }
    }
    if (res.getHeader('content-type') === 'text/html') res.setHeader('Content-Type', HTML_TYPE);
    if (res.req.method !== 'GET') res.removeHeader(PAGE_CACHE_HEADER);
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(res, args);
  } as typeof res.writeHead;
}

const HTML_TYPE = 'text/html; charset=utf-8';

export function createFront(options: FrontOptions): RequestListener {
  const { api, apiBases, astro, staticFiles, pageLocals, pageCache, logger, resolveUser } = options;
  const trustProxy = options.trustProxy ?? false;
  const routeOf = options.routeOf ?? matchRoute;
  const securityHeaders =
    options.securityHeaders ?? createSecurityHeaders({ tiandituToken: undefined, trustProxy: false });
  const apiListener = getRequestListener(api.fetch);
  const apiPrefixes = ['/healthz', '/readyz', API_DOCS_PATH, ...apiBases];

  // Made once: at `warn` and above the access log is off, and a request skips even the listener.
  const accessLog = createAccessLog(logger);
  // The route table is fixed: where a path goes is worked out once per path (bounded, then anew).
  const placeOf = new Map<string, { isApi: boolean; kind: ReturnType<typeof pageKind> | null }>();

  return (req, res) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER], trustProxy);
    req.headers[REQUEST_ID_HEADER] = requestId;
    if (accessLog) {
      res.once('finish', () => {
        accessLog({
          requestId,
          method: req.method ?? '',
          url: req.url ?? '',
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        });
      });
    }

    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    let place = placeOf.get(pathname);
    if (!place) {
      // A console route under an API base (/task/time under the task base /task) is a page: the route
      // table's paths are exact, and no call shares one.
      const route = routeOf(pathname);
      const isApi = apiPrefixes.some((base) => isUnder(pathname, base)) && route?.surface !== 'console';
      place = { isApi, kind: isApi ? null : pageKind(route) };
      if (placeOf.size >= 10_000) placeOf.clear();
      placeOf.set(pathname, place);
    }
    const { isApi, kind } = place;
    const guarded = kind === 'guarded';

    // A cached public page first: the cache adds the request id to its own headers (page-cache.ts,
    // serve). Only public pages, so a page behind the guard below can never be answered from here.
    const security = securityHeaders.forRequest(req);
    if (!isApi && !guarded && pageCache?.serve(req, res, requestId, security)) return;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    for (let i = 0; i < security.length; i += 2) res.setHeader(security[i]!, security[i + 1]!);

    if (isApi) {
      void apiListener(req, res);
      return;
    }
    if (staticFiles(req, res, pathname)) return;
    if (kind === 'missing') {
      answerNotFound();
      return;
    }

    // Spec section 2 and issue 3: a page that needs a session is decided here, before any console
    // code loads: no valid session → home with the login dialog (the page remembered for after the
    // sign-in), a route whose roles exclude the user → the 403 page.
    if (guarded) {
      void (async () => {
        const user = resolveUser ? await resolveUser(req.headers.cookie) : null;
        if (!user) {
          res.statusCode = 302;
          res.setHeader('Location', SIGN_IN_LOCATION);
          res.setHeader('Cache-Control', 'no-store');
          if (req.method === 'GET') {
            const secure = securityHeaders.forRequest(req) === securityHeaders.secure ? '; Secure' : '';
            res.setHeader(
              'Set-Cookie',
              `${RETURN_TO_COOKIE}=${encodeURIComponent(url)}; Path=/; Max-Age=600; SameSite=Lax${secure}`,
            );
          }
          res.end();
          return;
        }
        const route = routeOf(pathname);
        if (route && !canOpen(route, user.roleIds)) {
          res.statusCode = 403;
          delete req.headers['if-none-match'];
          if (staticFiles(req, res, FORBIDDEN_PAGE)) {
            // The answer depends on who asks: no shared cache may keep it (headers go out with the body).
            res.setHeader('Cache-Control', 'private, no-store');
          } else {
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.end('403 无权访问');
          }
          return;
        }
        renderPage();
      })().catch((error: unknown) => {
        logger.error({ err: error, requestId }, 'page guard failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(`系统繁忙，请稍后重试（请求编号：${requestId}）`);
        }
      });
      return;
    }
    renderPage();

    function answerNotFound(): void {
      res.statusCode = 404;
      delete req.headers['if-none-match'];
      if (!staticFiles(req, res, NOT_FOUND_PAGE)) {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('404 页面不存在');
      }
    }

    function renderPage(): void {
      // A console route of the table whose page is not built yet: not there (after the guard, so
      // the table's roles still decide who learns that).
      const route = routeOf(pathname);
      if (route?.surface === 'console' && !isRouteBuilt(route)) {
        answerNotFound();
        return;
      }
      if (!guarded) pageCache?.capture(req, res);
      normalizePageHeaders(res);

      // A copy per request: Astro code may add to locals, and that must not leak into the next request.
      // The client address for pages' per-address limits (the certificate verification).
      const locals: App.Locals = {
        ...pageLocals,
        clientAddress: clientAddress(
          { trustProxy, proxyHops: options.proxyHops ?? 1 },
          typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
          req.socket.remoteAddress,
        ),
      };
      (async () => astro(req, res, undefined, locals))().catch((error: unknown) => {
        logger.error({ err: error, requestId }, 'page render failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(`系统繁忙，请稍后重试（请求编号：${requestId}）`);
        }
      });
    }
  };
}
