import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors/app-error';
import { createApp } from './app';
import { createTestContext, type TestContext } from './test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.dispose());

function appWithProbeRoutes() {
  const app = createApp(ctx);
  app.get('/smsend/probe/forbidden', () => {
    throw new AppError('forbidden');
  });
  app.get('/smsend/probe/invalid', () => {
    throw new AppError('invalid_input', { message: '账号不能为空', field: 'loginname' });
  });
  app.get('/smsend/probe/bug', () => {
    throw new Error('secret internal detail');
  });
  return app;
}

describe('API app', () => {
  it('answers the health check when the database works', async () => {
    const response = await createApp(ctx).request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on the health check when the database fails', async () => {
    const app = createApp({ ...ctx, pingDatabase: () => Promise.reject(new Error('down')) });
    const response = await app.request('/healthz');
    expect(response.status).toBe(503);
  });

  it('is ready while the database and the file store answer, and says which part fails', async () => {
    expect(await (await createApp(ctx).request('/readyz')).json()).toEqual({ status: 'ok' });
    const storeDown = { ...ctx.storage, check: () => Promise.reject(new Error('store down')) };
    const response = await createApp({ ...ctx, storage: storeDown }).request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', database: 'ok', storage: 'unavailable' });
  });

  it('is not ready once the instance is stopping, though the database and the store answer', async () => {
    const response = await createApp({ ...ctx, isStopping: () => true }).request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'stopping' });
  });

  it('answers an AppError in the spec envelope with its status and message', async () => {
    const app = appWithProbeRoutes();
    const forbidden = await app.request('/smsend/probe/forbidden');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({
      success: false,
      message: '您没有权限执行此操作',
      data: null,
    });

    const invalid = await app.request('/smsend/probe/invalid');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      success: false,
      message: '账号不能为空',
      field: 'loginname',
    });
  });

  it('hides an unexpected error behind a request id the user can quote', async () => {
    const response = await appWithProbeRoutes().request('/smsend/probe/bug', {
      headers: { 'x-request-id': 'req-1234' },
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; requestId: string };
    expect(body.requestId).toBe('req-1234');
    expect(body.message).toContain('req-1234');
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await createApp(ctx).request('/smsend/no/such/call');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, message: '接口不存在' });
  });
});
