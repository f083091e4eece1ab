import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { ok, okObject } from '@shared/api/envelope';
import { defaultApiBases } from '@shared/api/bases';
import { createApiClient } from '@shared/api/client';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { loadModules, loadSession, saveProfile } from './session';

const tree = [
  { pkid: 1, name: '合同管理', children: [{ pkid: 2, name: '合同列表', href: '/contract/ContractList' }] },
];

function clientFor(app: Hono) {
  const onInvalidSession = vi.fn();
  const api = createApiClient({
    bases: defaultApiBases,
    origin: 'http://localhost',
    fetch: (input, init) => app.request(input, init),
    onInvalidSession,
  });
  return { api, onInvalidSession };
}

describe('loadSession', () => {
  it('loads the user, their module tree and the unread count', async () => {
    const app = new Hono()
      .get('/uc/user/current.json', (c) =>
        c.json(ok({ pkid: 5, loginname: 'auditor01', username: '审核员' })),
      )
      .get('/uc/module/permis/5.json', (c) => c.json(ok(tree)))
      .get('/smsend/project/message/count', (c) => c.json(okObject(3)));
    await expect(loadSession(clientFor(app).api)).resolves.toEqual({
      user: { pkid: 5, loginname: 'auditor01', username: '审核员' },
      modules: tree,
      unreadCount: 3,
    });
  });

  it('shows no count rather than failing when the count cannot be read', async () => {
    const app = new Hono()
      .get('/uc/user/current.json', (c) =>
        c.json(ok({ pkid: 5, loginname: 'auditor01', username: '审核员' })),
      )
      .get('/uc/module/permis/5.json', (c) => c.json(ok(tree)));
    await expect(loadSession(clientFor(app).api)).resolves.toMatchObject({ unreadCount: null });
  });

  it('stops at the guest and reports the invalid session', async () => {
    const permis = vi.fn();
    const app = new Hono()
      .get('/uc/user/current.json', (c) =>
        c.json(ok({ pkid: GUEST_USER_ID, loginname: 'guest', username: '游客' })),
      )
      .get('/uc/module/permis/:id', (c) => {
        permis();
        return c.json(ok(tree));
      });
    const { api, onInvalidSession } = clientFor(app);
    await expect(loadSession(api)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(onInvalidSession).toHaveBeenCalledTimes(1);
    expect(permis).not.toHaveBeenCalled();
  });
});

describe('loadModules', () => {
  it('reads the tree as data, object or a bare array', async () => {
    const app = new Hono()
      .get('/uc/module/permis/1.json', (c) => c.json(ok(tree)))
      .get('/uc/module/permis/2.json', (c) => c.json(okObject(tree)))
      .get('/uc/module/permis/3.json', (c) => c.json(tree))
      .get('/uc/module/permis/4.json', (c) => c.json(ok('nonsense')));
    const { api } = clientFor(app);
    for (const id of [1, 2, 3]) await expect(loadModules(api, id)).resolves.toEqual(tree);
    await expect(loadModules(api, 4)).rejects.toMatchObject({ message: '功能菜单数据无法识别' });
  });
});

describe('saveProfile', () => {
  it('PUTs the profile as a form, with the new password as its md5 hex only when changed', async () => {
    const bodies: Record<string, string>[] = [];
    const app = new Hono().put('/uc/user/7.json', async (c) => {
      bodies.push(Object.fromEntries(new URLSearchParams(await c.req.text())));
      return c.json(ok(null, '保存成功!'));
    });
    const { api } = clientFor(app);
    await saveProfile(api, 7, { username: '张三', userphone: '13912345678', useremail: 'a@b.cn' });
    await saveProfile(api, 7, { username: '张三', userphone: '', useremail: '', password: 'Survey2026' });
    expect(bodies[0]).toEqual({ username: '张三', userphone: '13912345678', useremail: 'a@b.cn' });
    // The password itself: the server checks the strength rule (it cannot on an MD5 hex).
    expect(bodies[1]).toMatchObject({ loginpwd: 'Survey2026' });
  });

  it('rejects with the server message', async () => {
    const app = new Hono().put('/uc/user/7.json', (c) =>
      c.json({ success: false, message: '请输入真实姓名', data: null, code: 'invalid_input' }, 400),
    );
    await expect(
      saveProfile(clientFor(app).api, 7, { username: '', userphone: '', useremail: '' }),
    ).rejects.toMatchObject({ message: '请输入真实姓名' });
  });
});
