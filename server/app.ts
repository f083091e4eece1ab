/**
 * The HTTP API (Hono). Every failure leaves here in the spec's envelope: an AppError with its own
 * status and Chinese message; anything else is a bug, logged with the request id, and the user sees
 * only a generic message and that id.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FailureEnvelope } from '@shared/api/envelope';
import { AppError, isAppError } from '@shared/errors/app-error';
import type { AppContext, AppEnv } from './app-context';
import { REQUEST_ID_HEADER } from './lib/request-id';
import { checkOrigin, currentSessionUser, mountIdentity } from '@server/modules/identity';
import { mountCalls } from './lib/calls';
import { callModules, declaredCalls } from './call-modules';
import { API_DOCS_PATH, createApiDocsRoutes } from '@server/modules/api-docs';
import { interfaceDocs } from '@server/modules/interfaces';

function failure(error: AppError, requestId?: string): FailureEnvelope {
  return {
    success: false,
    message: error.message,
    data: null,
    code: error.code,
    ...(error.field ? { field: error.field } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

export function createApp(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('requestId', c.req.header(REQUEST_ID_HEADER) ?? crypto.randomUUID());
    await next();
  });
  // Sign-on, user service, the guards' context and the cross-site check come before every module.
  mountIdentity(app, ctx);

  app.get('/healthz', async (c) => {
    try {
      await ctx.pingDatabase();
      return c.json({ status: 'ok' });
    } catch (error) {
      ctx.logger.error({ err: error, requestId: c.get('requestId') }, 'health check: database failed');
      return c.json({ status: 'error', database: 'unavailable' }, 503);
    }
  });
  // For a load balancer: take requests only while both the database and the file store answer, and
  // not once this instance is stopping.
  app.get('/readyz', async (c) => {
    if (ctx.isStopping?.()) return c.json({ status: 'stopping' }, 503);
    const [database, storage] = await Promise.allSettled([ctx.pingDatabase(), ctx.storage.check()]);
    if (database.status === 'fulfilled' && storage.status === 'fulfilled') return c.json({ status: 'ok' });
    const failed = { database, storage };
    for (const [part, outcome] of Object.entries(failed))
      if (outcome.status === 'rejected')
        ctx.logger.error({ err: outcome.reason, requestId: c.get('requestId') }, `readiness: ${part} failed`);
    return c.json(
      {
        status: 'error',
        database: database.status === 'fulfilled' ? 'ok' : 'unavailable',
        storage: storage.status === 'fulfilled' ? 'ok' : 'unavailable',
      },
      503,
    );
  });

  mountCalls(app, ctx, callModules, { currentUser: currentSessionUser, checkOrigin });
  // The data interfaces defined in the database are documented with the calls (docs/interfaces.md).
  app.route(
    API_DOCS_PATH,
    createApiDocsRoutes(ctx, declaredCalls, [() => interfaceDocs(ctx.db, ctx.config.apiBases.business)]),
  );

  app.notFound((c) => c.json(failure(new AppError('not_found', { message: '接口不存在' })), 404));

  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (isAppError(error)) {
      if (error.status >= 500) ctx.logger.error({ err: error, requestId }, error.message);
      return c.json(failure(error), error.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (malformed JSON or form body and the like).
      return c.json(failure(new AppError('invalid_input', { message: '请求格式不正确' })), error.status);
    }
    ctx.logger.error({ err: error, requestId, path: c.req.path }, 'unhandled error');
    const internal = new AppError('internal', { message: `系统繁忙，请稍后重试（请求编号：${requestId}）` });
    return c.json(failure(internal, requestId), 500);
  });

  return app;
}
