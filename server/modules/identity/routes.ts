/**
 * The identity API: single sign-on under {cas}, the user service under {uc}, `{base}/service` on
 * every other base, and the external entry under {task}. Handlers parse with the shared schemas and
 * call one service function each.
 */
import type { Context, Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import { parseInput } from '@server/lib/validate';
import { ok } from '@shared/api/envelope';
import { apiBaseNames } from '@shared/api/bases';
import { roles } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import {
  captchaRequestSchema,
  identityMessages,
  perfectDataSchema,
  phoneCodeRequestSchema,
  registerRequestSchema,
  ticketRequestSchema,
  usernameCheckSchema,
  userUpdateRequestSchema,
} from '@shared/validation/identity';
import { consumeCaptcha, issueCaptcha, verifyCaptcha } from './captcha/captcha';
import { createCasIdentityProvider, sameService } from './external-entry/provider';
import { bindGuardContext, requireRoles, requireUser } from './guard';
import {
  clearIdentityCookies,
  clientIp,
  isSecureRequest,
  readFields,
  requestHost,
  sessionToken,
  setSessionCookie,
  setTgtCookie,
  tgtCookie,
} from './http';
import { checkPassword } from './login';
import { identityOptions } from './options';
import { originCheck } from './origin-check';
import {
  createAnonymousSession,
  createServiceTicket,
  createTicketGrantingTicket,
  endTickets,
  findSession,
  openSession,
  tgtHashOfServiceTicket,
  updateSession,
  useTicketGrantingTicket,
  validateServiceTicket,
} from './sessions';
import { hashId } from './tokens';
import { listOutbox, sendPhoneCode } from './sms/service';
import {
  childDepartments,
  createExternalUser,
  isLoginnameTaken,
  listDepartmentUsers,
  moduleTree,
  readUser,
  registerUser,
  toCurrentUser,
  updateUser,
  userIdByLoginname,
} from './users/service';

const ticketExpired = () => new AppError('not_found', { message: '登录已失效，请重新登录' });
const invalidServiceTicket = () =>
  new AppError('unauthenticated', { message: '登录票据无效或已过期，请重新登录' });

function publicOrigin(ctx: AppContext, c: Context): string {
  return `${isSecureRequest(ctx, c) ? 'https' : 'http'}://${requestHost(ctx, c)}`;
}

/** `12.json` → 12; anything else is a 404 (the paths are the spec's). */
function idOf(file: string): number {
  const match = /^(\d{1,9})\.json$/.exec(file);
  if (!match) throw new AppError('not_found', { message: '接口不存在' });
  return Number(match[1]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The user from requireUser (set before the handler runs). */
function userOf(c: Context) {
  return c.get('user');
}

/** The session of this browser, creating an anonymous one (and its cookie) when there is none. */
async function browserSession(ctx: AppContext, c: Context) {
  const found = await findSession(ctx, sessionToken(c));
  if (found) return found;
  const { token, row } = await createAnonymousSession(ctx);
  setSessionCookie(ctx, c, token);
  return row;
}

/** Opens this browser's signed-in session for a user (external entry): a ticket and a session. */
async function signInBrowser(ctx: AppContext, c: Context, userId: number): Promise<void> {
  const tgt = await createTicketGrantingTicket(ctx, userId);
  const token = await openSession(ctx, sessionToken(c), { tgtHash: hashId(tgt), userId });
  if (token) setSessionCookie(ctx, c, token);
  setTgtCookie(ctx, c, tgt);
}

function mountCas(app: Hono<AppEnv>, ctx: AppContext): void {
  const cas = ctx.config.apiBases.cas;

  app.post(`${cas}/rest/tickets`, async (c) => {
    const input = parseInput(ticketRequestSchema, await readFields(c));
    const session = await findSession(ctx, sessionToken(c));
    await consumeCaptcha(ctx, session, input.captcha);
    const userId = await checkPassword(ctx, input.username, input.password, clientIp(ctx, c));
    const tgt = await createTicketGrantingTicket(ctx, userId);
    setTgtCookie(ctx, c, tgt);
    const location = `${publicOrigin(ctx, c)}${cas}/rest/tickets/${tgt}`;
    c.header('Location', location);
    c.header('Cache-Control', 'no-store');
    return c.html(
      `<!DOCTYPE html><html><head><title>201 Created</title></head><body><h1>TGT Created</h1>` +
        `<form action="${escapeHtml(location)}" method="POST">Service:<input type="text" name="service" value="">` +
        `<br><input type="submit" value="Submit"></form></body></html>`,
      201,
    );
  });

  app.post(`${cas}/rest/tickets/:tgt`, async (c) => {
    const ticket = await useTicketGrantingTicket(ctx, c.req.param('tgt'));
    if (!ticket) throw ticketExpired();
    const fields = await readFields(c, true);
    const service = typeof fields.service === 'string' ? fields.service.trim() : '';
    if (!service || service.length > 2000) {
      throw new AppError('invalid_input', { message: '缺少 service 参数', field: 'service' });
    }
    const serviceTicket = await createServiceTicket(ctx, ticket.idHash, service);
    c.header('Cache-Control', 'no-store');
    return c.text(serviceTicket, 200);
  });

  const logout = async (c: Context, extraTgt?: string, serviceTicket?: string) => {
    const hashes: string[] = [];
    const cookieTgt = tgtCookie(c);
    if (cookieTgt) hashes.push(hashId(cookieTgt));
    if (extraTgt) hashes.push(hashId(extraTgt));
    if (serviceTicket) {
      const fromTicket = await tgtHashOfServiceTicket(ctx, serviceTicket);
      if (fromTicket) hashes.push(fromTicket);
    }
    const session = await findSession(ctx, sessionToken(c));
    if (session?.tgtHash) hashes.push(session.tgtHash);
    await endTickets(ctx, hashes);
    clearIdentityCookies(ctx, c);
  };

  app.get(`${cas}/logout`, async (c) => {
    await logout(c);
    c.header('Cache-Control', 'no-store');
    const service = c.req.query('service');
    // Only a path on this site: an open redirect would help phishing.
    if (service && /^\/(?!\/)/.test(service)) return c.redirect(service, 302);
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.redirect('/', 302);
    return c.json(ok(null, '已退出登录'));
  });

  app.get(`${cas}/deleteTgtEx`, async (c) => {
    await logout(c, c.req.query('tgt') || undefined, c.req.query('geoServiceTicket') || undefined);
    c.header('Cache-Control', 'no-store');
    return c.json(ok(null, '已退出登录'));
  });

  app.get(`${cas}/captcha/captcha.do`, async (c) => {
    const session = await browserSession(ctx, c);
    const svg = await issueCaptcha(ctx, session);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(svg);
  });

  app.post(`${cas}/captcha/verifyq.do`, async (c) => {
    const input = parseInput(captchaRequestSchema, await readFields(c, true));
    await verifyCaptcha(ctx, await findSession(ctx, sessionToken(c)), input.captcha);
    return c.json(ok(null, identityMessages.captchaCorrect));
  });
}

function mountUc(app: Hono<AppEnv>, ctx: AppContext): void {
  const uc = ctx.config.apiBases.uc;

  app.get(`${uc}/sendShortMessage`, async (c) => {
    const { userphone } = parseInput(phoneCodeRequestSchema, c.req.query());
    await sendPhoneCode(ctx, userphone, clientIp(ctx, c));
    return c.json(ok(null, identityMessages.phoneCodeSent));
  });

  app.get(`${uc}/sms/outbox.json`, requireRoles(roles.admin.id), async (c) => {
    const rows = await listOutbox(ctx, c.req.query('userphone') || undefined);
    return c.json(ok(rows));
  });

  app.get(`${uc}/user/isrepeat.json`, async (c) => {
    const { username } = parseInput(usernameCheckSchema, c.req.query());
    const taken = await isLoginnameTaken(ctx, username);
    return c.json(ok(taken, taken ? identityMessages.usernameTaken : identityMessages.usernameAvailable));
  });

  app.post(`${uc}/user.json`, async (c) => {
    const input = parseInput(registerRequestSchema, await readFields(c, true));
    await registerUser(ctx, input);
    return c.json(ok(null, identityMessages.registerSuccess));
  });

  app.get(`${uc}/user/current.json`, requireUser(), (c) => c.json(ok(toCurrentUser(userOf(c)))));

  app.get(`${uc}/user/queryByDept.json`, requireUser(), async (c) => {
    const depid = Number(c.req.query('depid'));
    if (!Number.isInteger(depid) || depid <= 0) {
      throw new AppError('invalid_input', { message: '请选择部门', field: 'depid' });
    }
    return c.json(ok(await listDepartmentUsers(ctx, userOf(c), depid)));
  });

  app.get(`${uc}/user/:file`, requireUser(), async (c) => {
    return c.json(ok(await readUser(ctx, userOf(c), idOf(c.req.param('file')))));
  });

  app.put(`${uc}/user/:file`, requireUser(), async (c) => {
    const id = idOf(c.req.param('file'));
    const input = parseInput(userUpdateRequestSchema, await readFields(c));
    return c.json(ok(await updateUser(ctx, userOf(c), id, input), identityMessages.saveSuccess));
  });

  app.get(`${uc}/module/permis/:file`, requireUser(), async (c) => {
    return c.json(ok(await moduleTree(ctx, userOf(c), idOf(c.req.param('file')))));
  });

  app.get(`${uc}/department/child/useAdminPri/:deptId`, requireUser(), async (c) => {
    const deptId = Number(c.req.param('deptId'));
    if (!Number.isInteger(deptId) || deptId <= 0) throw new AppError('not_found', { message: '部门不存在' });
    return c.json(ok(await childDepartments(ctx, userOf(c), deptId)));
  });
}

/** `GET {base}/service?ticket=ST-…` on every base but the sign-on server: opens the session there. */
function mountServices(app: Hono<AppEnv>, ctx: AppContext): void {
  for (const name of apiBaseNames) {
    if (name === 'cas') continue;
    const base = ctx.config.apiBases[name];
    app.get(`${base}/service`, async (c) => {
      const ticket = c.req.query('ticket') ?? '';
      const own = `${publicOrigin(ctx, c)}${base}/service`;
      const granted = await validateServiceTicket(ctx, ticket, (service) => sameService(service, own));
      if (!granted) throw invalidServiceTicket();
      const token = await openSession(ctx, sessionToken(c), granted);
      if (token) setSessionCookie(ctx, c, token);
      c.header('Cache-Control', 'no-store');
      return c.json(ok(null, '登录成功'));
    });
  }
}

function mountExternalEntry(app: Hono<AppEnv>, ctx: AppContext): void {
  const task = ctx.config.apiBases.task;
  const provider = () => identityOptions(ctx).identityProvider ?? createCasIdentityProvider(ctx);

  /** Signs in a known login name, or marks the browser session as awaiting perfectData. */
  const enter = async (c: Context, loginName: string) => {
    const userId = await userIdByLoginname(ctx, loginName);
    if (userId !== null) {
      await signInBrowser(ctx, c, userId);
      return c.json(ok({ loginName, needPerfect: false }, '登录成功'));
    }
    const session = await browserSession(ctx, c);
    await updateSession(ctx, session.idHash, { pendingLoginName: loginName });
    return c.json(ok({ loginName, needPerfect: true }, '请完善用户信息'));
  };

  app.post(`${task}/newSystemLogin/checkTicket`, async (c) => {
    const fields = await readFields(c, true);
    const ticket = typeof fields.ticket === 'string' ? fields.ticket : '';
    const identity = ticket ? await provider().checkTicket(ticket) : null;
    if (!identity) throw invalidServiceTicket();
    return enter(c, identity.loginName);
  });

  app.get(`${task}/system-login/loginCheckKX`, async (c) => {
    const loginName = c.req.query('loginName') ?? '';
    const ticket = c.req.query('ticketId') ?? '';
    const identity = loginName && ticket ? await provider().checkTicket(ticket) : null;
    if (!identity || identity.loginName !== loginName) throw invalidServiceTicket();
    return enter(c, identity.loginName);
  });

  app.post(`${task}/register/perfectData`, async (c) => {
    const session = await findSession(ctx, sessionToken(c));
    if (!session?.pendingLoginName)
      throw new AppError('unauthenticated', { message: '请先通过统一身份认证登录' });
    const input = parseInput(perfectDataSchema, await readFields(c, true));
    const userId = await createExternalUser(ctx, { loginname: session.pendingLoginName, ...input });
    await updateSession(ctx, session.idHash, { pendingLoginName: null });
    await signInBrowser(ctx, c, userId);
    return c.json(ok(null, identityMessages.saveSuccess));
  });
}

/**
 * Mounts the identity API on the app, with the two middlewares every later module relies on: the
 * guards' context and the cross-site check. Call first in createApp.
 */
export function mountIdentity(app: Hono<AppEnv>, ctx: AppContext): void {
  app.use(bindGuardContext(ctx));
  app.use(originCheck(ctx));
  mountCas(app, ctx);
  mountUc(app, ctx);
  mountServices(app, ctx);
  mountExternalEntry(app, ctx);
}
