/**
 * Mounts API calls from their contracts (shared/contracts/define.ts). Everything a call shares is done
 * here once: the role check (401/403), reading the input from path, query and body, validation with
 * the contract's schema (400 with its Chinese message, before anything changes), the cross-site check
 * for state-changing GETs, and the envelope. A handler is a few lines: take the valid input and the
 * user, call one service function, return its result.
 *
 * ```ts
 * export const messageRoutes = implement(messageCalls, (ctx) => ({
 *   list: (input, { user }) => listMessages(ctx.db, user.pkid, input),
 * }));
 * ```
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppContext, AppEnv } from '@server/app-context';
import { currentSessionUser, hasAnyRole, type SessionUser } from '@server/modules/identity/guard';
import { checkOrigin } from '@server/modules/identity/origin-check';
import { ok, okObject, okPage } from '@shared/api/envelope';
import type { Contract, Envelope } from '@shared/contracts/define';
import { AppError } from '@shared/errors/app-error';
import { readBodyFields } from './request-body';
import { parseInput } from './validate';

/** A server-side value that serializes to `T` (dates become ISO strings on the wire). */
export type Serializes<T> = T extends string
  ? string | Date
  : T extends readonly (infer Item)[]
    ? readonly Serializes<Item>[]
    : T extends object
      ? { [K in keyof T]: Serializes<T[K]> }
      : T;

const replyTag = Symbol('reply');

/** A payload with the success message the envelope should carry ('消息删除成功！'). */
export interface Reply<T> {
  readonly [replyTag]: true;
  readonly data: T;
  readonly message: string;
}

export function reply<T>(data: T, message: string): Reply<T> {
  return { [replyTag]: true, data, message };
}

function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && replyTag in value;
}

type Payload<C extends Contract> = Serializes<z.input<C['output']>>;

/** What a handler returns for each envelope. */
export type HandlerResult<C extends Contract> = C['envelope'] extends 'page'
  ? { rows: readonly Payload<C>[]; total: number }
  : C['envelope'] extends 'file' | 'raw'
    ? Response
    : Payload<C> | Reply<Payload<C>>;

/** What a handler gets besides its input. */
export interface CallContext<C extends Contract> {
  /** The signed-in user: always there when the call is not public (the check already ran). */
  user: C['access'] extends 'public' ? SessionUser | null : SessionUser;
  /** The Hono context, for cookies, headers and streams. */
  c: Context<AppEnv>;
}

export type Handler<C extends Contract> = (
  input: z.output<C['input']>,
  call: CallContext<C>,
) => HandlerResult<C> | Promise<HandlerResult<C>>;

export type Handlers<T extends Record<string, Contract>> = { [K in keyof T]: Handler<T[K]> };

/** A domain's calls with their handlers, ready to mount. */
export interface CallModule {
  readonly contracts: Record<string, Contract>;
  readonly handlers: (ctx: AppContext) => Record<string, Handler<Contract>>;
}

/** Pairs a domain's contracts with one handler each; the types make a missing handler an error. */
export function implement<T extends Record<string, Contract>>(
  contracts: T,
  handlers: (ctx: AppContext) => Handlers<T>,
): CallModule {
  return { contracts, handlers: handlers as CallModule['handlers'] };
}

/**
 * Hono's path for a contract path: '{id}' → ':id', and a parameter inside a segment
 * ('{id}.json') → ':id{[^/]+\.json}' (the suffix is removed again in paramsOf).
 */
export function honoPath(path: string): string {
  const segments = path.split('/').map((segment) => {
    const match = /^\{([A-Za-z_][A-Za-z0-9_]*)\}(.*)$/.exec(segment);
    if (!match) return segment;
    const [, name, suffix] = match as unknown as [string, string, string];
    if (!suffix) return `:${name}`;
    return `:${name}{[^/]+${suffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}}`;
  });
  return `/${segments.join('/')}`;
}

function paramsOf(c: Context, contract: Contract): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of contract.path.split('/')) {
    const match = /^\{([A-Za-z_][A-Za-z0-9_]*)\}(.*)$/.exec(segment);
    if (!match) continue;
    const [, name, suffix] = match as unknown as [string, string, string];
    const value = c.req.param(name) ?? '';
    params[name] = suffix && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value;
  }
  return params;
}

/** Query string, then the body (form, multipart or JSON, read with its limit), then path parameters. */
async function readInput(c: Context, contract: Contract): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    Object.assign(fields, await readBodyFields(c.req.raw, { takesFiles: contract.encoding === 'multipart' }));
  }
  Object.assign(fields, paramsOf(c, contract));
  for (const [key, value] of Object.entries(fields)) {
    // PostgreSQL cannot store a NUL character in text; no field of ours has a use for one.
    if (typeof value === 'string' && value.includes('\u0000'))
      throw new AppError('invalid_input', { message: '输入内容包含非法字符', field: key });
  }
  return fields;
}

async function authorize(c: Context, contract: Contract): Promise<SessionUser | null> {
  if (contract.access === 'public') return currentSessionUserIfCookie(c);
  const user = await currentSessionUser(c);
  if (!user) throw new AppError('unauthenticated');
  if (contract.access !== 'signed-in' && !hasAnyRole(user, contract.access)) throw new AppError('forbidden');
  return user;
}

/** Public calls look the session up only when the request carries a cookie (hall calls mostly don't). */
function currentSessionUserIfCookie(c: Context): Promise<SessionUser | null> | null {
  return c.req.header('cookie') ? currentSessionUser(c) : null;
}

function envelopeOf(envelope: Envelope, result: unknown): unknown {
  const { data, message } = isReply(result) ? result : { data: result, message: undefined };
  switch (envelope) {
    case 'result':
      return message === undefined ? ok(data) : ok(data, message);
    case 'object':
      return okObject(data, message);
    case 'page': {
      const page = data as { rows: unknown[]; total: number };
      return okPage(page.rows, page.total);
    }
    default:
      throw new Error(`envelope ${envelope} answers a Response`);
  }
}

/**
 * Checks an answer's payload against its output schema (tests: AppContext.checkContractOutputs): a
 * handler that answers something else than its contract says is a bug, reported as a 500.
 */
function checkOutput(contract: Contract, body: unknown): void {
  const payloads =
    contract.envelope === 'page'
      ? (body as { rows: unknown[] }).rows
      : [(body as Record<string, unknown>)[contract.envelope === 'result' ? 'data' : 'object']];
  for (const payload of payloads) {
    const result = contract.output.safeParse(JSON.parse(JSON.stringify(payload ?? null)));
    if (!result.success) {
      throw new Error(
        `${contract.operationId} answered outside its output schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
    }
  }
}

/** Mounts every call of the modules on the app, under the configured bases. */
export function mountCalls(app: Hono<AppEnv>, ctx: AppContext, modules: readonly CallModule[]): void {
  for (const module of modules) {
    const handlers = module.handlers(ctx);
    for (const [name, contract] of Object.entries(module.contracts)) {
      const handler = handlers[name];
      if (!handler) throw new Error(`no handler for ${contract.operationId}`);
      const path = `${ctx.config.apiBases[contract.base]}${honoPath(contract.path)}`;
      const stateChangingGet = contract.changesState;
      // A frozen result is one answer shared by many calls (a page kept in memory): its JSON is made
      // once. Keyed by the object, so a changed page (a new object) is serialized anew.
      const serialized = new WeakMap<object, string>();
      app.on([...contract.methods], path, async (c) => {
        if (stateChangingGet && c.req.method === 'GET') checkOrigin(ctx, c);
        const user = await authorize(c, contract);
        const input = parseInput(contract.input, await readInput(c, contract));
        const result = await handler(input, { user: user as SessionUser, c });
        if (contract.envelope === 'file' || contract.envelope === 'raw') return result as Response;
        const shared = typeof result === 'object' && result !== null && Object.isFrozen(result);
        let text = shared ? serialized.get(result) : undefined;
        if (text === undefined) {
          const body = envelopeOf(contract.envelope, result);
          if (ctx.checkContractOutputs) checkOutput(contract, body);
          text = JSON.stringify(body);
          if (shared) serialized.set(result, text);
        }
        return c.body(text, 200, { 'Content-Type': 'application/json' });
      });
    }
  }
}
