/**
 * The identity calls (shared/calls/identity.ts): single sign-on under {cas}, the user service
 * under {uc}, `{base}/service` on every other base, and the external entry under {task}.
 */
import type { Context, Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import { implement, reply } from '@server/lib/calls';
import { ok } from '@shared/api/envelope';
import { casCalls, entryCalls, serviceCalls, userCalls, type ServiceBaseName } from '@shared/calls/identity';
import { AppError } from '@shared/errors/app-error';
import { identityMessages } from '@shared/validation/identity';
import { findService, requireService } from './cas/registry';
import { consumeCaptcha, issueCaptcha, verifyCaptcha } from './captcha/captcha';
import { createCasIdentityProvider, sameService } from './external-entry/provider';
import { bindGuardContext } from './guard';
import {
  clearIdentityCookies,
  clientIp,
  isSecureRequest,
  requestHost,
  sessionToken,
  setSessionCookie,
  setTgtCookie,
  tgtCookie,
  tgtCreated,
} from './http';
import { checkPassword } from './login';
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
import { listOutbox, phoneCodeSentText, sendPhoneCode } from './sms/service';
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
  endUserSignOn,
  userIdByLoginname,
} from './users/service';

const ticketExpired = () => new AppError('not_found', { message: '登录已失效，请重新登录' });
const invalidServiceTicket = () =>
  new AppError('unauthenticated', { message: '登录票据无效或已过期，请重新登录' });

export function publicOrigin(ctx: AppContext, c: Context): string {
  return `${isSecureRequest(ctx, c) ? 'https' : 'http'}://${requestHost(ctx, c)}`;
}

/**
 * The path of `target` when it is a page of this site, as a browser would resolve it from here, else
 * null. Browsers read '/\\evil' like '//evil' and drop tabs and line breaks, so a textual check of the
 * raw string is not enough: parse, then compare the origin.
 */
export function ownPage(ctx: AppContext, c: Context, target: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what makes a target dubious
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  const origin = publicOrigin(ctx, c);
  let url: URL;
  try {
    url = new URL(target, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin || !target.startsWith('/') || target.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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

/** Ends the browser's sign-on: its TGT cookie, a named TGT or service ticket, its session's TGT. */
async function endSignOn(ctx: AppContext, c: Context, extraTgt?: string, serviceTicket?: string) {
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
}

export const casRoutes = implement(casCalls, (ctx) => ({
  signOn: async (input, { c }) => {
    const session = await findSession(ctx, sessionToken(c));
    await consumeCaptcha(ctx, session, input.captcha);
    const userId = await checkPassword(ctx, input.username, input.password, clientIp(ctx, c));
    const tgt = await createTicketGrantingTicket(ctx, userId, { freshLogin: true });
    setTgtCookie(ctx, c, tgt);
    const location = `${publicOrigin(ctx, c)}${ctx.config.apiBases.cas}/rest/tickets/${tgt}`;
    return tgtCreated(c, location);
  },
  serviceTicket: async ({ tgt, service }, { c }) => {
    const ticket = await useTicketGrantingTicket(ctx, tgt);
    if (!ticket) throw ticketExpired();
    // Only registered services (and this site's own) get tickets (issue 11).
    await requireService(ctx, service, publicOrigin(ctx, c));
    const serviceTicket = await createServiceTicket(ctx, ticket.idHash, service);
    c.header('Cache-Control', 'no-store');
    return c.text(serviceTicket, 200);
  },
  logout: async ({ service }, { c }) => {
    await endSignOn(ctx, c);
    c.header('Cache-Control', 'no-store');
    // Only a page of this site or a registered service (CAS logout's `service`): an open redirect would
    // help phishing. A registered service's URL is sent as the URL parser wrote it.
    const target = service ? ownPage(ctx, c, service) : null;
    if (target) return c.redirect(target, 302);
    if (service && (await findService(ctx, service, publicOrigin(ctx, c)))?.kind === 'registered')
      return c.redirect(new URL(service).href, 302);
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.redirect('/', 302);
    return c.json(ok(null, '已退出登录'));
  },
  endTicket: async ({ tgt, geoServiceTicket }, { c }) => {
    await endSignOn(ctx, c, tgt || undefined, geoServiceTicket || undefined);
    c.header('Cache-Control', 'no-store');
    return reply(null, '已退出登录');
  },
  captcha: async (_input, { c }) => {
    const session = await browserSession(ctx, c);
    const svg = await issueCaptcha(ctx, session);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(svg);
  },
  verifyCaptcha: async ({ captcha }, { c }) => {
    await verifyCaptcha(ctx, await findSession(ctx, sessionToken(c)), captcha);
    return reply(null, identityMessages.captchaCorrect);
  },
}));

export const userRoutes = implement(userCalls, (ctx) => ({
  sendPhoneCode: async ({ userphone }, { c }) => {
    await sendPhoneCode(ctx, userphone, clientIp(ctx, c));
    return reply(null, phoneCodeSentText(ctx));
  },
  smsOutbox: ({ userphone }) => listOutbox(ctx, userphone || undefined),
  isLoginnameTaken: async ({ username }) => {
    const taken = await isLoginnameTaken(ctx, username);
    return reply(taken, taken ? identityMessages.usernameTaken : identityMessages.usernameAvailable);
  },
  register: async (input) => {
    await registerUser(ctx, input);
    return reply(null, identityMessages.registerSuccess);
  },
  current: (_input, { user }) => toCurrentUser(user),
  departmentUsers: ({ depid }, { user }) => listDepartmentUsers(ctx, user, depid),
  user: ({ id }, { user }) => readUser(ctx, user, id),
  updateUser: async ({ id, ...input }, { user }) =>
    reply(await updateUser(ctx, user, id, input), identityMessages.saveSuccess),
  endSignOn: async ({ id }, { user }) => {
    await endUserSignOn(ctx, user, id);
    return reply(null, identityMessages.signOnEnded);
  },
  modules: ({ id }, { user }) => moduleTree(ctx, user, id),
  childDepartments: ({ deptId }, { user }) => childDepartments(ctx, user, deptId),
}));

/** `GET {base}/service?ticket=ST-…` on every base but the sign-on server: opens the session there. */
export const serviceRoutes = implement(serviceCalls, (ctx) => {
  const openService =
    (base: ServiceBaseName) =>
    async (input: { ticket: string }, { c }: { c: Context }) => {
      const own = `${publicOrigin(ctx, c)}${ctx.config.apiBases[base]}/service`;
      const granted = await validateServiceTicket(ctx, input.ticket, (service) => sameService(service, own));
      if (!granted) throw invalidServiceTicket();
      const token = await openSession(ctx, sessionToken(c), granted);
      if (token) setSessionCookie(ctx, c, token);
      c.header('Cache-Control', 'no-store');
      return reply(null, '登录成功');
    };
  return {
    business: openService('business'),
    workflow: openService('workflow'),
    task: openService('task'),
    uc: openService('uc'),
    archive: openService('archive'),
    notices: openService('notices'),
  };
});

export const entryRoutes = implement(entryCalls, (ctx) => {
  const provider = () => ctx.services.identityProvider ?? createCasIdentityProvider(ctx);

  /** Signs in a known login name, or marks the browser session as awaiting perfectData. */
  const enter = async (c: Context, loginName: string) => {
    const userId = await userIdByLoginname(ctx, loginName);
    if (userId !== null) {
      await signInBrowser(ctx, c, userId);
      return reply({ loginName, needPerfect: false }, '登录成功');
    }
    const session = await browserSession(ctx, c);
    await updateSession(ctx, session.idHash, { pendingLoginName: loginName });
    return reply({ loginName, needPerfect: true }, '请完善用户信息');
  };

  return {
    checkTicket: async ({ ticket }, { c }) => {
      const identity = ticket ? await provider().checkTicket(ticket) : null;
      if (!identity) throw invalidServiceTicket();
      return enter(c, identity.loginName);
    },
    loginCheck: async ({ loginName, ticketId }, { c }) => {
      const identity = loginName && ticketId ? await provider().checkTicket(ticketId) : null;
      if (!identity || identity.loginName !== loginName) throw invalidServiceTicket();
      return enter(c, identity.loginName);
    },
    perfectData: async (input, { c }) => {
      const session = await findSession(ctx, sessionToken(c));
      if (!session?.pendingLoginName)
        throw new AppError('unauthenticated', { message: '请先通过统一身份认证登录' });
      const userId = await createExternalUser(ctx, { loginname: session.pendingLoginName, ...input });
      await updateSession(ctx, session.idHash, { pendingLoginName: null });
      await signInBrowser(ctx, c, userId);
      return reply(null, identityMessages.saveSuccess);
    },
  };
});

/**
 * The two middlewares every call relies on, mounted first in createApp: the guards' context and the
 * cross-site check. The identity calls themselves are mounted from their contracts like any other.
 */
export function mountIdentity(app: Hono<AppEnv>, ctx: AppContext): void {
  app.use(bindGuardContext(ctx));
  app.use(originCheck(ctx));
}
