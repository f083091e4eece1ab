import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@shared/errors/app-error';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { ok, okObject, okPage } from './envelope';
import { defaultApiBases, resolveApiBases } from './bases';
import { compactParams, createApiClient } from './client';
import { loadCurrentUser } from '@shared/auth/current-user';

/** A tiny back end answering the spec's envelopes, the way ours and the legacy one do. */
function createTestApp() {
  const app = new Hono();
  let currentUserId = 7;
  const seen: { method: string; path: string; query: string; contentType: string | null; body: string }[] =
    [];

  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    seen.push({
      method: c.req.method,
      path: url.pathname,
      query: url.search,
      contentType: c.req.header('content-type') ?? null,
      body: c.req.method === 'GET' ? '' : await c.req.raw.clone().text(),
    });
    await next();
  });
  app.get('/smsend/statistics/getInfo', (c) => c.json(okObject({ projectCount: 12 })));
  app.get('/smsend/project/message/query', (c) =>
    c.json(
      okPage(
        [
          { messageId: 1, hasRead: false },
          { messageId: 2, hasRead: true },
        ],
        14,
      ),
    ),
  );
  app.post('/smsend/call/query', async (c) => {
    const form = await c.req.parseBody();
    return c.json(ok({ echoed: form }));
  });
  app.post('/smsend/project/add', (c) =>
    c.json(
      {
        success: false,
        message: '项目名称不能为空',
        data: null,
        code: 'invalid_input',
        field: 'projectName',
      },
      400,
    ),
  );
  app.post('/smsend/legacy/fail', (c) => c.json({ success: false, message: '该合同已备案，不能修改' }));
  app.get('/smsend/secret', (c) =>
    c.json({ success: false, message: '登录已失效，请重新登录', data: null, code: 'unauthenticated' }, 401),
  );
  app.get('/smsend/broken', (c) => c.text('Internal Server Error', 500));
  app.get('/smsend/call/exportExcel', (c) =>
    c.body('a,b\n1,2\n', 200, { 'content-type': 'text/csv; charset=utf-8' }),
  );
  app.get('/smsend/call/exportFiles', (c) => c.json({ success: false, message: '没有可导出的文件' }));
  app.get('/uc/user/current.json', (c) =>
    c.json(
      ok({
        pkid: currentUserId,
        loginname: 'owner01',
        username: '云州市城投建设有限公司',
        depname: '建设单位',
      }),
    ),
  );
  app.get('/gateway/uc/user/current.json', (c) =>
    c.json(okObject({ pkid: 3, loginname: 'agency01', username: '云州测绘院' })),
  );

  return {
    app,
    seen,
    signInAs(id: number) {
      currentUserId = id;
    },
  };
}

function clientFor(app: Hono, onInvalidSession = vi.fn(), bases = defaultApiBases) {
  const api = createApiClient({
    bases,
    origin: 'http://localhost',
    fetch: (input, init) => app.request(input, init),
    onInvalidSession,
  });
  return { api, onInvalidSession };
}

describe('compactParams', () => {
  it('keeps only non-empty filter values', () => {
    expect(
      compactParams({
        projectName: '云州 新区',
        status: 0,
        isRead: false,
        blank: '  ',
        empty: '',
        gone: undefined,
        none: null,
        nan: Number.NaN,
        ids: [],
        some: [1, 2],
      }),
    ).toEqual({ projectName: '云州 新区', status: 0, isRead: false, some: [1, 2] });
  });
});

describe('createApiClient', () => {
  it('unwraps { success, object }', async () => {
    const { app } = createTestApp();
    const { api } = clientFor(app);
    await expect(api.object<{ projectCount: number }>('business', '/statistics/getInfo')).resolves.toEqual({
      projectCount: 12,
    });
  });

  it('unwraps { success, rows, total } and sends only the non-empty filters', async () => {
    const { app, seen } = createTestApp();
    const { api } = clientFor(app);
    const page = await api.page<{ messageId: number }>('business', 'project/message/query', {
      query: compactParams({ pageIndex: 1, pageSize: 10, hasRead: '', projectName: '城北 安置房' }),
    });
    expect(page).toEqual({
      rows: [
        { messageId: 1, hasRead: false },
        { messageId: 2, hasRead: true },
      ],
      total: 14,
    });
    const request = seen.at(-1);
    expect(request?.path).toBe('/smsend/project/message/query');
    const query = new URLSearchParams(request?.query);
    expect([...query.keys()]).toEqual(['pageIndex', 'pageSize', 'projectName']);
    expect(query.get('projectName')).toBe('城北 安置房');
  });

  it('sends a POST body form-encoded by default and returns resultInfo.data', async () => {
    const { app, seen } = createTestApp();
    const { api } = clientFor(app);
    const data = await api.data<{ echoed: Record<string, string> }>('business', 'call/query', {
      body: { projectName: '城北 安置房', pageIdx: 1, ids: [3, 4], skipped: undefined },
    });
    expect(data.echoed).toEqual({ projectName: '城北 安置房', pageIdx: '1', ids: '3,4' });
    expect(seen.at(-1)?.method).toBe('POST');
    expect(seen.at(-1)?.contentType).toContain('application/x-www-form-urlencoded');
  });

  it('turns a failure envelope into an AppError with the server message, code and field', async () => {
    const { app } = createTestApp();
    const { api, onInvalidSession } = clientFor(app);
    const error = await api
      .data('business', 'project/add', { body: { projectName: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'invalid_input',
      status: 400,
      message: '项目名称不能为空',
      field: 'projectName',
    });
    expect(onInvalidSession).not.toHaveBeenCalled();
  });

  it('treats success:false under 200 (legacy back end) as a failure', async () => {
    const { app } = createTestApp();
    const { api } = clientFor(app);
    await expect(api.call('business', 'legacy/fail', { method: 'POST' })).rejects.toMatchObject({
      name: 'AppError',
      message: '该合同已备案，不能修改',
    });
  });

  it('gives a non-JSON server error a generic Chinese message', async () => {
    const { app } = createTestApp();
    const { api } = clientFor(app);
    await expect(api.object('business', 'broken')).rejects.toMatchObject({
      code: 'internal',
      status: 500,
      message: '系统繁忙，请稍后重试',
    });
  });

  it('calls onInvalidSession on a 401, once however many calls fail', async () => {
    const { app } = createTestApp();
    const { api, onInvalidSession } = clientFor(app);
    await expect(api.object('business', 'secret')).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(api.object('business', 'secret')).rejects.toBeInstanceOf(AppError);
    expect(onInvalidSession).toHaveBeenCalledTimes(1);
  });

  it('returns the current user, and treats the guest as signed out', async () => {
    const test = createTestApp();
    const { api, onInvalidSession } = clientFor(test.app);
    await expect(loadCurrentUser(api)).resolves.toMatchObject({ pkid: 7, loginname: 'owner01' });
    expect(onInvalidSession).not.toHaveBeenCalled();

    test.signInAs(GUEST_USER_ID);
    await expect(loadCurrentUser(api)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(onInvalidSession).toHaveBeenCalledTimes(1);
  });

  it('follows configured bases and reads a legacy { object } user', async () => {
    const { app, seen } = createTestApp();
    const { api } = clientFor(app, vi.fn(), resolveApiBases({ uc: '/gateway/uc/' }));
    await expect(loadCurrentUser(api)).resolves.toMatchObject({ pkid: 3 });
    expect(seen.at(-1)?.path).toBe('/gateway/uc/user/current.json');
    expect(api.url('uc', 'user/1.json', { a: 'x y', b: undefined })).toBe('/gateway/uc/user/1.json?a=x+y');
  });

  it('returns a file, and reads a JSON answer in its place as a failure', async () => {
    const { app } = createTestApp();
    const { api } = clientFor(app);
    const blob = await api.blob('business', 'call/exportExcel');
    expect(await blob.text()).toBe('a,b\n1,2\n');
    await expect(api.blob('business', 'call/exportFiles')).rejects.toMatchObject({
      message: '没有可导出的文件',
    });
  });

  it('reports an unreachable server as unavailable', async () => {
    const api = createApiClient({
      bases: defaultApiBases,
      origin: 'http://localhost',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(api.object('business', 'statistics/getInfo')).rejects.toMatchObject({
      code: 'unavailable',
      message: '网络连接失败，请检查网络后重试',
    });
  });
});
