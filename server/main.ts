/**
 * The product's process: opens the database (migrating it), loads demo data on the first start,
 * builds the API and the front, listens, and on SIGTERM/SIGINT stops taking requests, finishes those
 * under way and closes cleanly (the embedded database is checkpointed, so the next start finds
 * everything).
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { createApp } from './app';
import { listenForDataChanges } from './data-changes';
import type { AppContext } from './app-context';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseUnreachableError } from './db/database-unreachable';
import { ensureInitialData } from './initial-data';
import { createFront, type AstroHandler } from './front';
import { resolveSessionUser } from '@server/modules/identity';
import { createHallServices } from './hall-services';
import { createLogger, exitAfterFlush, type Logger } from './lib/logger';
import { BROWSER_CACHE_CONTROL, createPageCache } from './lib/page-cache';
import { createPageMirror } from './lib/page-mirror';
import { createSecurityHeaders } from './lib/security-headers';
import { createStaticHandler } from './lib/static-files';
import { withServices } from './services';
import { openStorage } from './storage/open-storage';

/** The build of the hall and console (astro.config.mjs writes it to BUILD_DIR, default dist/). */
const distDir = process.env.BUILD_DIR
  ? path.resolve(process.env.BUILD_DIR)
  : fileURLToPath(new URL('../dist', import.meta.url));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

async function loadAstroHandler(): Promise<AstroHandler> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  try {
    const module = (await import(entry)) as { handler: AstroHandler };
    return module.handler;
  } catch (error) {
    throw new Error(`The hall is not built (${entry}): run \`npm run build\` first`, { cause: error });
  }
}

/** How long requests under way may take after SIGTERM before their connections are cut. */
const DRAIN_GRACE_MS = 5000;

/**
 * Stops taking connections (new ones are refused at once, so a balancer tries the next instance) and
 * waits for the requests under way; a connection goes as soon as its request is answered.
 */
async function drain(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_GRACE_MS);
    cut.unref();
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const astro = await loadAstroHandler();
  let stopJobs = async () => {};
  let stopping = false;
  const database = await openDatabase(config, (error) =>
    logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
  );
  try {
    const storage = openStorage(config.storage);
    // A store that cannot be reached is a configuration error: say so now, not on the first upload.
    await storage.check().catch((error: unknown) => {
      throw new Error(`file store ${storage.root} cannot be reached: ${(error as Error).message}`, {
        cause: error,
      });
    });
    const securityHeaders = createSecurityHeaders({
      tiandituToken: config.map.tiandituToken,
      trustProxy: config.trustProxy,
    });
    // Behind nginx (deploy/nginx) the public pages are also kept as files for it to answer.
    const pageCache = createPageCache({
      mirror:
        config.pageMirrorDir === undefined
          ? undefined
          : createPageMirror(
              config.pageMirrorDir,
              [...securityHeaders.plain, 'Cache-Control', BROWSER_CACHE_CONTROL],
              logger,
            ),
    });
    const ctx: AppContext = withServices({
      config,
      db: database.db,
      logger,
      storage,
      pingDatabase: database.ping,
      pageCache,
      listen: database.listen,
      isStopping: () => stopping,
    });
    await ensureInitialData(ctx);
    // Every instance's writes (this one's too) reach its page cache and map index through NOTIFY.
    const stopListening = await listenForDataChanges(database.listen, ctx);
    // Scheduled jobs (credit expiry, CAS single logout, expired sign-ons, …): every instance polls; a job runs on one of them at a time.
    await ctx.services.jobs.start();
    stopJobs = () => ctx.services.jobs.stop();

    const front = createFront({
      api: createApp(ctx),
      apiBases: Object.values(config.apiBases),
      astro,
      staticFiles: createStaticHandler(path.join(distDir, 'client')),
      pageLocals: { services: createHallServices(ctx), apiBases: config.apiBases },
      pageCache,
      logger,
      resolveUser: (cookieHeader) => resolveSessionUser(ctx, cookieHeader),
      trustProxy: config.trustProxy,
      proxyHops: config.proxyHops,
      securityHeaders,
    });
    const server = http.createServer((req, res) => {
      // While stopping, each answer closes its connection: a kept-alive client (nginx's upstream pool)
      // opens its next one to another instance instead of finding this one gone.
      if (stopping) res.setHeader('Connection', 'close');
      front(req, res);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    logger.info({ url, database: database.kind, mode: config.mode }, 'survey hall listening');

    let closing: Promise<void> | undefined;
    return {
      url,
      close: () =>
        (closing ??= (async () => {
          stopping = true;
          await drain(server);
          await ctx.services.jobs.stop();
          // The access log lines of the last answers, before the database goes.
          await ctx.services.interfaceAccessLog.flush().catch((error: unknown) => {
            logger.error({ err: error }, 'interface access log not written at shutdown');
          });
          await stopListening();
          await database.close();
        })()),
    };
  } catch (error) {
    await stopJobs();
    await database.close();
    throw error;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  let running: RunningServer;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      console.error(error.message);
      exitAfterFlush(logger, 3);
    } else if (error instanceof DatabaseUnreachableError) {
      logger.fatal(error.message);
      console.error(`\n  ${error.message}\n`);
      exitAfterFlush(logger, 4);
    } else {
      logger.fatal({ err: error }, 'could not start');
      exitAfterFlush(logger, 1);
    }
    return;
  }
  // For the person who ran `npm start`: the log on stdout is JSON for machines; this line is for them.
  console.error(`\n  测绘中介服务网上办事大厅已启动：${running.url}  （Ctrl-C 停止）\n`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      running.close().then(
        () => exitAfterFlush(logger, 0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          exitAfterFlush(logger, 1);
        },
      );
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
