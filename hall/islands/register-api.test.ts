import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defaultApiBases } from '@shared/api/bases';
import { createApiClient } from '@shared/api/client';
import { ok } from '@shared/api/envelope';
import { isUsernameTaken, register, sendPhoneCode } from './register-api';

function clientFor(app: Hono) {
  return createApiClient({
    bases: defaultApiBases,
    origin: 'http://localhost',
    fetch: (input, init) => app.request(input, init),
  });
}

describe('register api', () => {
  it('reads the username check: data true is taken, a 409 too', async () => {
    const app = new Hono().get('/uc/user/isrepeat.json', (c) => {
      const name = c.req.query('username');
      if (name === 'clash')
        return c.json({ success: false, message: '用户名已经存在，请修改！', code: 'conflict' }, 409);
      return c.json(
        ok(name === 'agency01', name === 'agency01' ? '用户名已经存在，请修改！' : '用户名可以使用'),
      );
    });
    const api = clientFor(app);
    await expect(isUsernameTaken(api, 'agency01')).resolves.toBe(true);
    await expect(isUsernameTaken(api, 'newcomer')).resolves.toBe(false);
    await expect(isUsernameTaken(api, 'clash')).resolves.toBe(true);
  });

  it('sends the phone code request and surfaces the server message on refusal', async () => {
    const app = new Hono().get('/uc/sendShortMessage', (c) =>
      c.req.query('userphone') === '13900000000'
        ? c.json(ok(null, '验证码已发送'))
        : c.json({ success: false, message: '验证码已发送，请60秒后再试', code: 'rate_limited' }, 429),
    );
    const api = clientFor(app);
    await expect(sendPhoneCode(api, '13900000000')).resolves.toBe('验证码已发送');
    await expect(sendPhoneCode(api, '13900000001')).rejects.toMatchObject({
      message: '验证码已发送，请60秒后再试',
    });
  });

  it('registers with the password itself (the server checks its strength) and the phone code', async () => {
    let query: Record<string, string> = {};
    let body: Record<string, string> = {};
    const app = new Hono().post('/uc/user.json', async (c) => {
      query = c.req.query();
      body = Object.fromEntries(new URLSearchParams(await c.req.text()));
      return c.json(ok(null, '注册成功，请登录'));
    });
    await register(clientFor(app), {
      loginname: 'newagency',
      password: 'Survey2026',
      confirm: 'Survey2026',
      username: '云州市新测绘有限公司',
      userphone: '13900000000',
      phoneverify: '123456',
      usertype: 1,
    });
    expect(query).toEqual({ phoneverify: '123456' });
    expect(body).toEqual({
      loginname: 'newagency',
      loginpwd: 'Survey2026',
      username: '云州市新测绘有限公司',
      userphone: '13900000000',
      usertype: '1',
    });
  });
});
