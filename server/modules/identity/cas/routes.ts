/**
 * CAS Protocol 3.0 endpoints (shared/calls/cas.ts) and the service registry's console calls.
 * The browser's single-sign-on session is the hall's own: the session cookie and its ticket-granting
 * ticket (docs/decisions/0004), so a person signed in through the hall is signed in here too.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { ssoTickets } from '@server/db/schema';
import { implement, reply } from '@server/lib/calls';
import { casCheckCalls, casProtocolCalls, casServiceCalls } from '@shared/calls/cas';
import { AppError } from '@shared/errors/app-error';
import { casMessages } from '@shared/validation/cas';
import { clientIp, escapeHtml, isSecureRequest, sessionToken, setSessionCookie, tgtCreated } from '../http';
import { checkPassword } from '../login';
import { nowOf } from '../options';
import { publicOrigin } from '../routes';
import {
  createServiceTicket,
  createTicketGrantingTicket,
  endTickets,
  openSession,
  resolveSessionToken,
  useTicketGrantingTicket,
} from '../sessions';
import { hashId } from '../tokens';
import { proxyFailureXml, validateTicket, validationJson, validationXml, type Validation } from './protocol';
import { findService, listServices, removeService, requireService, saveService } from './registry';

/** How long after a password sign-on /cas/login may still count its first ticket as "from new login". */
const FRESH_LOGIN_MS = 5 * 60 * 1000;

/** `service` with `ticket` added to its query (before a fragment). */
export function withTicket(service: string, ticket: string): string {
  const hash = service.indexOf('#');
  const base = hash === -1 ? service : service.slice(0, hash);
  const fragment = hash === -1 ? '' : service.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}${fragment}`;
}

/** The page for a service that may not sign on here (Apereo: "Application not authorized"). */
function unregisteredPage(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>应用未授权</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
      `<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
      `<h1>应用未授权使用统一登录</h1><p>${escapeHtml(casMessages.unregisteredService)}。请联系该应用的管理员。</p>` +
      `<p><a href="/">返回办事大厅首页</a></p></body></html>`,
    403,
  );
}

/** Takes the "fresh login" mark of a ticket-granting ticket, once: true when it was still there. */
async function takeFreshLogin(ctx: AppContext, tgtHash: string): Promise<boolean> {
  const since = new Date(nowOf(ctx).getTime() - FRESH_LOGIN_MS);
  const taken = await ctx.db
    .update(ssoTickets)
    .set({ freshLogin: false })
    .where(
      and(eq(ssoTickets.idHash, tgtHash), eq(ssoTickets.freshLogin, true), gt(ssoTickets.createdAt, since)),
    )
    .returning({ idHash: ssoTickets.idHash });
  return taken.length > 0;
}

/** REST v1 takes the password in the clear: only over TLS (direct or through the trusted proxy) or loopback. */
function requireSafeChannel(ctx: AppContext, c: Context): void {
  if (isSecureRequest(ctx, c)) return;
  const ip = clientIp(ctx, c).replace(/^::ffff:/, '');
  if (ip === '::1' || /^127\./.test(ip)) return;
  throw new AppError('forbidden', {
    message: '密码须通过 HTTPS 传送：请使用 https 地址访问 /cas/v1/tickets',
  });
}

async function validated(ctx: AppContext, run: () => Promise<Validation>): Promise<Validation> {
  try {
    return await run();
  } catch (error) {
    ctx.logger.error({ err: error }, 'CAS ticket validation failed');
    return { ok: false, code: 'INTERNAL_ERROR', description: '票据校验时发生内部错误，请稍后重试' };
  }
}

function xml(c: Context, body: string) {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Type', 'application/xml; charset=utf-8');
  return c.body(body, 200);
}

export const casProtocolRoutes = implement(casProtocolCalls, (ctx) => {
  const serviceValidation =
    (release: 'none' | 'allowed') =>
    async (
      input: { service?: string; ticket?: string; renew?: string; format?: string },
      { c }: { c: Context },
    ) => {
      const result = await validated(ctx, () => validateTicket(ctx, input, publicOrigin(ctx, c), release));
      if (input.format?.toUpperCase() === 'JSON') {
        c.header('Cache-Control', 'no-store');
        return c.json(validationJson(result), 200);
      }
      return xml(c, validationXml(result));
    };

  return {
    login: async ({ service, renew, gateway }, { c }) => {
      c.header('Cache-Control', 'no-store');
      const target = service?.trim() ?? '';
      const renewing = renew === 'true';
      if (!target) return c.redirect('/login', 302);
      const origin = publicOrigin(ctx, c);
      if (!(await findService(ctx, target, origin))) return unregisteredPage(c);
      const user = await resolveSessionToken(ctx, sessionToken(c));
      if (user) {
        // renew: only a password presented just now (the login page's sign-on) may give the ticket.
        const fromNewLogin = await takeFreshLogin(ctx, user.tgtHash);
        if (!renewing || fromNewLogin) {
          const ticket = await createServiceTicket(ctx, user.tgtHash, target, { fromNewLogin });
          return c.redirect(withTicket(target, ticket), 302);
        }
      } else if (gateway === 'true' && !renewing) {
        return c.redirect(target, 302);
      }
      const query = new URLSearchParams({ service: target });
      if (renewing) query.set('renew', 'true');
      return c.redirect(`/login?${query.toString()}`, 302);
    },
    validate: async (input, { c }) => {
      const result = await validated(ctx, () => validateTicket(ctx, input, publicOrigin(ctx, c), 'none'));
      c.header('Cache-Control', 'no-store');
      return c.text(result.ok ? `yes\n${result.user}\n` : 'no\n\n', 200);
    },
    serviceValidate: serviceValidation('none'),
    p3ServiceValidate: serviceValidation('allowed'),
    proxy: async ({ pgt, targetService }, { c }) =>
      pgt && targetService
        ? xml(c, proxyFailureXml('UNAUTHORIZED_SERVICE', '本系统不签发代理票据'))
        : xml(c, proxyFailureXml('INVALID_REQUEST', "必须同时提供 'pgt' 和 'targetService' 参数")),
    v1GrantingTicket: async ({ username, password }, { c }) => {
      requireSafeChannel(ctx, c);
      // The stored hash is of the password's md5 hex (what the hall sends): REST clients send the password.
      const md5 = createHash('md5').update(password, 'utf8').digest('hex');
      const userId = await checkPassword(ctx, username, md5, clientIp(ctx, c));
      const tgt = await createTicketGrantingTicket(ctx, userId, { freshLogin: true });
      const location = `${publicOrigin(ctx, c)}${ctx.config.apiBases.cas}/v1/tickets/${tgt}`;
      return tgtCreated(c, location);
    },
    v1ServiceTicket: async ({ tgt, service }, { c }) => {
      requireSafeChannel(ctx, c);
      const granting = await useTicketGrantingTicket(ctx, tgt);
      if (!granting) throw new AppError('not_found', { message: '登录已失效，请重新登录' });
      await requireService(ctx, service, publicOrigin(ctx, c));
      const fromNewLogin = await takeFreshLogin(ctx, granting.idHash);
      const ticket = await createServiceTicket(ctx, granting.idHash, service, { fromNewLogin });
      c.header('Cache-Control', 'no-store');
      return c.text(ticket, 200);
    },
    v1EndTicket: async ({ tgt }, { c }) => {
      requireSafeChannel(ctx, c);
      await endTickets(ctx, [hashId(tgt)]);
      c.header('Cache-Control', 'no-store');
      return c.text(tgt, 200);
    },
  };
});

export const casCheckRoutes = implement(casCheckCalls, (ctx) => ({
  check: async ({ ticket, service }, { c }) => {
    c.header('Cache-Control', 'no-store');
    if (ticket && service) {
      const origin = publicOrigin(ctx, c);
      const url = new URL(service, `${origin}/`);
      // Only a ticket issued for this site's own /check page opens a session here.
      if (url.origin !== origin || url.pathname !== '/check')
        return reply({ signedIn: false }, '登录票据无效');
      const result = await validated(ctx, () => validateTicket(ctx, { ticket, service }, origin, 'none'));
      if (!result.ok) return reply({ signedIn: false }, '登录票据无效或已过期，请重新登录');
      const token = await openSession(ctx, sessionToken(c), {
        tgtHash: result.tgtHash,
        userId: result.userId,
      });
      if (token) setSessionCookie(ctx, c, token);
      return reply({ signedIn: true }, '登录成功');
    }
    const user = await resolveSessionToken(ctx, sessionToken(c));
    return reply({ signedIn: user !== null }, user ? '已登录' : '未登录');
  },
}));

export const casServiceRoutes = implement(casServiceCalls, (ctx) => ({
  list: (input) => listServices(ctx, input),
  save: async (input) => reply(await saveService(ctx, input), casMessages.saved),
  remove: async ({ id }) => {
    await removeService(ctx, id);
    return reply(null, casMessages.deleted);
  },
}));
