/**
 * Mounts API calls from their declarations (shared/calls/define.ts). Everything a call shares is done
 * here once: the role check (401/403), reading the input from path, query and body, validation with
 * the call's schema (400 with its Chinese message, before anything changes), the cross-site check
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
import { hasAnyRole, type SessionUser } from './session-user';
import { ok, okObject, okPage } from '@shared/api/envelope';
import type { ApiCall, Envelope } from '@shared/calls/define';
import { AppError } from '@shared/errors/app-error';
import { receiveIntoStorage, type ReceivedFile } from '@server/storage/received-file';
import type { FileStorage } from '@server/storage/storage';
import type { ReceiveFile } from './multipart';
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

type Payload<C extends ApiCall> = Serializes<z.input<C['output']>>;

/** What a handler returns for each envelope. */
export type HandlerResult<C extends ApiCall> = C['envelope'] extends 'page'
  ? { rows: readonly Payload<C>[]; total: number }
  : C['envelope'] extends 'file' | 'raw'
    ? Response
    : Payload<C> | Reply<Payload<C>>;

/** What a handler gets besides its input. */
export interface CallContext<C extends ApiCall> {
  /** The signed-in user: always there when the call is not public (the check already ran). */
  user: C['access'] extends 'public' ? SessionUser | null : SessionUser;
  /** The Hono context, for cookies, headers and streams. */
  c: Context<AppEnv>;
}

export type Handler<C extends ApiCall> = (
  input: z.output<C['input']>,
  call: CallContext<C>,
) => HandlerResult<C> | Promise<HandlerResult<C>>;

export type Handlers<T extends Record<string, ApiCall>> = { [K in keyof T]: Handler<T[K]> };

/** A domain's calls with their handlers, ready to mount. */
export interface CallModule {
  readonly calls: Record<string, ApiCall>;
  readonly handlers: (ctx: AppContext) => Record<string, Handler<ApiCall>>;
}

/** Pairs a domain's calls with one handler each; the types make a missing handler an error. */
export function implement<T extends Record<string, ApiCall>>(
  calls: T,
  handlers: (ctx: AppContext) => Handlers<T>,
): CallModule {
  return { calls, handlers: handlers as CallModule['handlers'] };
}

/**
 * Hono's path for a apiCall path: '{id}' → ':id', and a parameter inside a segment
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

function paramsOf(c: Context, apiCall: ApiCall): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of apiCall.path.split('/')) {
    const match = /^\{([A-Za-z_][A-Za-z0-9_]*)\}(.*)$/.exec(segment);
    if (!match) continue;
    const [, name, suffix] = match as unknown as [string, string, string];
    const value = c.req.param(name) ?? '';
    params[name] = suffix && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value;
  }
  return params;
}

/**
 * Query string, then the body (form, multipart or JSON, read with its limit), then path parameters.
 * Files of a multipart call go into storage as they arrive, each added to `received` at once (the
 * caller removes those the handler did not claim, whatever happens next).
 */
async function readInput(
  c: Context,
  apiCall: ApiCall,
  storage: FileStorage,
  received: ReceivedFile[],
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    // Under @hono/node-server the incoming message is in the bindings; elsewhere (tests) the Request's body.
    const incoming = (c.env as { incoming?: AsyncIterable<Uint8Array> } | undefined)?.incoming;
    const receiveFile: ReceiveFile<File> = async (part, content) => {
      const file = await receiveIntoStorage(storage, content, part.filename, part.type);
      received.push(file);
      return file;
    };
    Object.assign(
      fields,
      await readBodyFields(c.req.raw, {
        receiveFile: apiCall.encoding === 'multipart' ? receiveFile : null,
        body: incoming,
      }),
    );
  }
  Object.assign(fields, paramsOf(c, apiCall));
  for (const [key, value] of Object.entries(fields)) {
    // PostgreSQL cannot store a NUL character in text; no field of ours has a use for one.
    if (typeof value === 'string' && value.includes('\u0000'))
      throw new AppError('invalid_input', { message: '输入内容包含非法字符', field: key });
  }
  return fields;
}

/**
 * Runs a call with the list its uploaded files are added to as they are received, then removes
 * those no row refers to: every file of a refused call, and any its handler did not keep.
 */
async function withReceivedFiles<T>(
  storage: FileStorage,
  call: (received: ReceivedFile[]) => Promise<T>,
): Promise<T> {
  const received: ReceivedFile[] = [];
  try {
    return await call(received);
  } finally {
    for (const file of received) if (!file.claimed) await storage.remove(file.stored.key).catch(() => {});
  }
}

/**
 * What the call layer asks of sign-on, handed over by the composition root (server/app.ts) from the
 * identity module, which the layers below the modules do not import.
 */
export interface CallGuards {
  /** The signed-in user of a request, or null (anonymous, expired, or the guest). */
  currentUser(c: Context): Promise<SessionUser | null>;
  /** Throws the 403 of a cross-site request. */
  checkOrigin(ctx: AppContext, c: Context): void;
}

async function authorize(c: Context, apiCall: ApiCall, guards: CallGuards): Promise<SessionUser | null> {
  // Public calls look the session up only when the request carries a cookie (hall calls mostly don't).
  if (apiCall.access === 'public') return c.req.header('cookie') ? guards.currentUser(c) : null;
  const user = await guards.currentUser(c);
  if (!user) throw new AppError('unauthenticated');
  if (apiCall.access !== 'signed-in' && !hasAnyRole(user, apiCall.access)) throw new AppError('forbidden');
  return user;
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
 * Checks an answer's payload against its output schema (tests: AppContext.checkCallOutputs): a
 * handler that answers something else than its apiCall says is a bug, reported as a 500.
 */
function checkOutput(apiCall: ApiCall, body: unknown): void {
  const payloads =
    apiCall.envelope === 'page'
      ? (body as { rows: unknown[] }).rows
      : [(body as Record<string, unknown>)[apiCall.envelope === 'result' ? 'data' : 'object']];
  for (const payload of payloads) {
    const result = apiCall.output.safeParse(JSON.parse(JSON.stringify(payload ?? null)));
    if (!result.success) {
      throw new Error(
        `${apiCall.operationId} answered outside its output schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
    }
  }
}

/** Mounts every call of the modules on the app, under the configured bases. */
export function mountCalls(
  app: Hono<AppEnv>,
  ctx: AppContext,
  modules: readonly CallModule[],
  guards: CallGuards,
): void {
  for (const module of modules) {
    const handlers = module.handlers(ctx);
    for (const [name, apiCall] of Object.entries(module.calls)) {
      const handler = handlers[name];
      if (!handler) throw new Error(`no handler for ${apiCall.operationId}`);
      const path = `${ctx.config.apiBases[apiCall.base]}${honoPath(apiCall.path)}`;
      const stateChangingGet = apiCall.changesState;
      // A frozen result is one answer shared by many calls (a page kept in memory): its JSON is made
      // once. Keyed by the object, so a changed page (a new object) is serialized anew.
      const serialized = new WeakMap<object, string>();
      app.on([...apiCall.methods], path, async (c) => {
        if (stateChangingGet && c.req.method === 'GET') guards.checkOrigin(ctx, c);
        const user = await authorize(c, apiCall, guards);
        const result = await withReceivedFiles(ctx.storage, async (received) => {
          const input = parseInput(apiCall.input, await readInput(c, apiCall, ctx.storage, received));
          return handler(input, { user: user as SessionUser, c });
        });
        if (apiCall.envelope === 'file' || apiCall.envelope === 'raw') return result as Response;
        const shared = typeof result === 'object' && result !== null && Object.isFrozen(result);
        let text = shared ? serialized.get(result) : undefined;
        if (text === undefined) {
          const body = envelopeOf(apiCall.envelope, result);
          if (ctx.checkCallOutputs) checkOutput(apiCall, body);
          text = JSON.stringify(body);
          if (shared) serialized.set(result, text);
        }
        return c.body(text, 200, { 'Content-Type': 'application/json' });
      });
    }
  }
}
