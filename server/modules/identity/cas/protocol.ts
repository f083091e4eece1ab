/**
 * Ticket validation as the CAS protocol document describes it (/validate, /serviceValidate,
 * /p3/serviceValidate): the answers' exact shapes (XML in the namespace http://www.yale.edu/tp/cas,
 * JSON with format=JSON, CAS 1.0 text) and the error codes.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { departments, ssoServiceTickets, ssoTickets, users } from '@server/db/schema';
import type { CasAttributeName } from '@shared/validation/cas';
import { nowOf } from '../options';
import { SERVICE_TICKET_TTL_MS, TGT_IDLE_MS, userProfileColumns } from '../sessions';
import { hashId, ID_PATTERN } from '../tokens';
import { findService } from './registry';
import { recordServiceSession } from './single-logout';

export type FailureCode = 'INVALID_REQUEST' | 'INVALID_TICKET' | 'INVALID_SERVICE' | 'INTERNAL_ERROR';

export type Attributes = Partial<Record<CasAttributeName, string | string[]>>;

export type Validation =
  | { ok: true; user: string; attributes: Attributes; userId: number; tgtHash: string }
  | { ok: false; code: FailureCode; description: string };

const fail = (code: FailureCode, description: string): Validation => ({ ok: false, code, description });

/** The user's attributes under the registry's names (roles: one value per role). */
async function userAttributes(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({
      ...userProfileColumns,
      userstate: users.userstate,
      roles: sql<string>`coalesce((select string_agg(ur.role_id, ',' order by ur.role_id) from user_roles ur where ur.user_id = ${users.pkid}), '')`,
    })
    .from(users)
    .leftJoin(departments, eq(departments.pkid, users.depid))
    .where(eq(users.pkid, userId))
    .limit(1);
  return row;
}

/**
 * Validates a service ticket for `service` (protocol section 2.5): once (the first attempt spends it,
 * whatever its outcome), within 10 s, for exactly the service it was issued to, and with `renew` only
 * when it came from a password just presented. On success a registered service is remembered for
 * single logout. `origin` is this site's public origin (built-in services).
 */
export async function validateTicket(
  ctx: AppContext,
  input: { ticket?: string | undefined; service?: string | undefined; renew?: string | undefined },
  origin: string,
  release: 'none' | 'allowed',
): Promise<Validation> {
  const ticket = input.ticket?.trim() ?? '';
  const service = input.service?.trim() ?? '';
  if (!ticket || !service) return fail('INVALID_REQUEST', '必须同时提供 ticket 和 service 参数');
  if (!ID_PATTERN.test(ticket) || !ticket.startsWith('ST-'))
    return fail('INVALID_TICKET', `未能识别票据 ${ticket.slice(0, 100)}`);
  const now = nowOf(ctx);
  const [spent] = await ctx.db
    .update(ssoServiceTickets)
    .set({ usedAt: now })
    .where(and(eq(ssoServiceTickets.idHash, hashId(ticket)), isNull(ssoServiceTickets.usedAt)))
    .returning();
  if (!spent) return fail('INVALID_TICKET', `未能识别票据 ${ticket}`);
  const age = now.getTime() - spent.createdAt.getTime();
  if (age > SERVICE_TICKET_TTL_MS || age < 0) return fail('INVALID_TICKET', `票据 ${ticket} 已过期`);
  if (spent.service !== service)
    return fail('INVALID_SERVICE', `票据 ${ticket} 不是为服务 ${service.slice(0, 200)} 签发的`);
  if (input.renew === 'true' && !spent.fromNewLogin)
    return fail('INVALID_TICKET', `票据 ${ticket} 不是在重新输入密码后签发的`);
  const allowed = await findService(ctx, service, origin);
  if (!allowed) return fail('INVALID_SERVICE', `服务 ${service.slice(0, 200)} 未在统一登录中注册`);
  const [granting] = await ctx.db
    .select()
    .from(ssoTickets)
    .where(eq(ssoTickets.idHash, spent.tgtHash))
    .limit(1);
  if (!granting || granting.expiresAt <= now || granting.lastUsedAt.getTime() + TGT_IDLE_MS <= now.getTime())
    return fail('INVALID_TICKET', `票据 ${ticket} 的登录已结束`);
  const user = await userAttributes(ctx, granting.userId);
  if (!user || user.userstate !== 1) return fail('INVALID_TICKET', `票据 ${ticket} 的账号已停用`);

  if (allowed.kind === 'registered')
    await recordServiceSession(ctx, granting.idHash, ticket, allowed.logoutUrl ?? service);

  const all: Record<CasAttributeName, string | string[] | null> = {
    loginname: user.loginname,
    username: user.username,
    depname: user.depname,
    depid: user.depid === null ? null : String(user.depid),
    roles: user.roles ? user.roles.split(',') : [],
    userphone: user.userphone,
    useremail: user.useremail,
  };
  const names: readonly CasAttributeName[] =
    release === 'none'
      ? []
      : allowed.kind === 'builtin'
        ? (Object.keys(all) as CasAttributeName[])
        : allowed.attributes;
  const attributes: Attributes = {};
  for (const name of names) {
    const value = all[name];
    if (value !== null && !(Array.isArray(value) && value.length === 0)) attributes[name] = value;
  }
  return { ok: true, user: user.loginname, attributes, userId: granting.userId, tgtHash: granting.idHash };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const CAS_NS = 'http://www.yale.edu/tp/cas';

/** The XML answer of /serviceValidate and /p3/serviceValidate (protocol sections 2.5.2, 2.6). */
export function validationXml(result: Validation): string {
  if (!result.ok) {
    return (
      `<cas:serviceResponse xmlns:cas="${CAS_NS}">\n` +
      `    <cas:authenticationFailure code="${result.code}">${escapeXml(result.description)}</cas:authenticationFailure>\n` +
      `</cas:serviceResponse>\n`
    );
  }
  const attributeLines = Object.entries(result.attributes).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (one) => `            <cas:${name}>${escapeXml(one)}</cas:${name}>\n`,
    ),
  );
  return (
    `<cas:serviceResponse xmlns:cas="${CAS_NS}">\n` +
    `    <cas:authenticationSuccess>\n` +
    `        <cas:user>${escapeXml(result.user)}</cas:user>\n` +
    (attributeLines.length > 0
      ? `        <cas:attributes>\n${attributeLines.join('')}        </cas:attributes>\n`
      : '') +
    `    </cas:authenticationSuccess>\n` +
    `</cas:serviceResponse>\n`
  );
}

/** The JSON answer (format=JSON, protocol section 2.5.2 / 2.6). */
export function validationJson(result: Validation): unknown {
  if (!result.ok)
    return {
      serviceResponse: { authenticationFailure: { code: result.code, description: result.description } },
    };
  return {
    serviceResponse: {
      authenticationSuccess: {
        user: result.user,
        ...(Object.keys(result.attributes).length > 0 ? { attributes: result.attributes } : {}),
      },
    },
  };
}

/** /proxy: no proxy-granting tickets are issued, so every request is refused (protocol 2.7). */
export function proxyFailureXml(
  code: 'INVALID_REQUEST' | 'UNAUTHORIZED_SERVICE',
  description: string,
): string {
  return (
    `<cas:serviceResponse xmlns:cas="${CAS_NS}">\n` +
    `    <cas:proxyFailure code="${code}">${escapeXml(description)}</cas:proxyFailure>\n` +
    `</cas:serviceResponse>\n`
  );
}
