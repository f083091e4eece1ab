/**
 * API calls: every call of the API is declared once, here in shared/calls/<domain>.ts, and
 * everything else derives from that declaration (docs/decisions/0006-contracts-and-console-kit.md):
 *
 * - the server mounts the call from it (server/lib/calls.ts): parsing, validation (400 with the
 *   schema's Chinese message), the role check (401/403), the envelope and the error mapping;
 * - the browser calls it through shared/api/call.ts, typed by the same schemas;
 * - `GET /api-docs/openapi.json` describes it (shared/calls/openapi.ts), with `x-roles`.
 *
 * The wire stays the spec's (section 7): its bases, paths (legacy spellings included: they appear only
 * in calls and the route table), methods and envelopes, so either side can be swapped for the
 * legacy system. Ownership (an agency sees its own 合同) is not a matter of the declaration: the service
 * checks it.
 */
import { z } from 'zod';
import type { ApiBaseName } from '@shared/api/bases';
import type { RoleId } from '@shared/domain/roles';
import '@shared/validation/locale';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the input travels besides path parameters. GET and DELETE always read the query string; for
 * the others: `form` (application/x-www-form-urlencoded, the spec's default), `json`, `multipart`
 * (files). The server also accepts a JSON body where a form is declared and reads the query string
 * too, as the legacy back end did; the declared encoding is what our client sends and the docs show.
 */
export type InputEncoding = 'form' | 'json' | 'multipart';

/**
 * The answer's shape:
 * - `result`: `resultInfo` { success, message, data: output }
 * - `object`: { success, message?, object: output }
 * - `page`: { success, rows: output[], total } (output describes one row)
 * - `file`: the bytes of a file (download, preview, export); failures are JSON envelopes
 * - `raw`: a protocol answer the handler builds itself (CAS tickets, redirects, images, event streams)
 */
export type Envelope = 'result' | 'object' | 'page' | 'file' | 'raw';

/** Who may call: everyone, any signed-in user (not the guest), or holders of one of the roles. */
export type Access = 'public' | 'signed-in' | readonly RoleId[];

/** Names of a list call's paging parameters (pages start at 1), for list pages and the docs. */
export interface Paging {
  page: string;
  size: string;
}

type AnySchema = z.ZodType;

/** What a call declares; `call()` fills the defaults. */
export interface CallSpec<
  I extends AnySchema = AnySchema,
  O extends AnySchema = AnySchema,
  E extends Envelope = Envelope,
> {
  /** One line in Chinese: the docs' summary. */
  summary: string;
  /** Longer notes for the docs (rules, spec section). */
  description?: string;
  base: ApiBaseName;
  /**
   * Below the base, no leading slash, the spec's spelling: 'project/message/query'. Path parameters
   * in braces, also inside a segment: 'user/{id}.json'. Their values come from the input.
   */
  path: string;
  /** The first one is what our client uses; the others are accepted too (legacy clients). */
  method: HttpMethod | readonly [HttpMethod, ...HttpMethod[]];
  /** Default `form`. */
  encoding?: InputEncoding;
  /** Input fields that travel in the query string even when the rest is a body (the spec's `user.json?phoneverify`). */
  queryFields?: readonly string[];
  /** The input (query, body and path parameters together) as one object schema. */
  input?: I;
  /** The answer's payload (for `page`: one row). Omitted for `file` and `raw`. */
  output?: O;
  envelope: E;
  access: Access;
  paging?: Paging;
  /**
   * A GET that changes state (the spec keeps some: message delete/update, transfers): the server
   * applies the same cross-site check as to a POST. Non-GET calls always change state.
   */
  changesState?: boolean;
  /** Media type of a `file` or `raw` answer, for the docs. */
  produces?: string;
}

/** A declared call: the spec plus its operation id (`<domain>.<name>`) and domain tag. */
export interface ApiCall<
  I extends AnySchema = AnySchema,
  O extends AnySchema = AnySchema,
  E extends Envelope = Envelope,
> extends Required<Pick<CallSpec<I, O, E>, 'summary' | 'base' | 'path' | 'envelope' | 'access'>> {
  readonly operationId: string;
  readonly domain: string;
  readonly description?: string;
  readonly methods: readonly [HttpMethod, ...HttpMethod[]];
  readonly encoding: InputEncoding;
  readonly queryFields: readonly string[];
  readonly input: I;
  readonly output: O;
  readonly paging?: Paging;
  readonly changesState: boolean;
  readonly produces?: string;
  /** Names of the path parameters, in order. */
  readonly pathParams: readonly string[];
  /** The input object's field names (none when the input is not a plain object schema): what a list page may send. */
  readonly inputFields: readonly string[];
}

const noInput = z.object({});
const noOutput = z.null();

type Defined<S extends CallSpec> = ApiCall<
  S['input'] extends AnySchema ? S['input'] : typeof noInput,
  S['output'] extends AnySchema ? S['output'] : typeof noOutput,
  S['envelope']
>;

/** The path parameters of a call path: 'user/{id}.json' → ['id']. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] as string);
}

/**
 * Declares the calls of one domain. Each key becomes the operation id `<domain>.<key>`:
 *
 * ```ts
 * export const messageCalls = defineCalls('messages', {
 *   list: { summary: '分页查询我的消息', base: 'business', path: 'project/message/query', method: 'GET',
 *           input: messageQuerySchema, output: messageRowSchema, envelope: 'page', access: 'signed-in' },
 * });
 * ```
 */
export function defineCalls<const T extends Record<string, CallSpec>>(
  domain: string,
  specs: T,
): { readonly [K in keyof T]: Defined<T[K]> } {
  const calls: Record<string, ApiCall> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const methods = (Array.isArray(spec.method) ? spec.method : [spec.method]) as ApiCall['methods'];
    calls[name] = {
      operationId: `${domain}.${name}`,
      domain,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      base: spec.base,
      path: spec.path.replace(/^\/+/, ''),
      methods,
      encoding: spec.encoding ?? 'form',
      queryFields: spec.queryFields ?? [],
      input: spec.input ?? noInput,
      output: spec.output ?? noOutput,
      envelope: spec.envelope,
      access: spec.access,
      ...(spec.paging ? { paging: spec.paging } : {}),
      changesState: spec.changesState ?? methods.some((method) => method !== 'GET'),
      ...(spec.produces ? { produces: spec.produces } : {}),
      pathParams: pathParamsOf(spec.path),
      inputFields: Object.keys((spec.input as Partial<z.ZodObject> | undefined)?.shape ?? {}),
    };
  }
  return calls as { readonly [K in keyof T]: Defined<T[K]> };
}

/** What the browser passes to a call. */
export type CallInput<C extends ApiCall> = z.input<C['input']>;

/** What a call answers once unwrapped from its envelope (a page's `{ rows, total }`). */
export type CallOutput<C extends ApiCall> = C['envelope'] extends 'page'
  ? { rows: z.output<C['output']>[]; total: number }
  : C['envelope'] extends 'file'
    ? Blob
    : C['envelope'] extends 'raw'
      ? Response
      : z.output<C['output']>;

/** One row of a `page` call. */
export type RowOf<C extends ApiCall> = z.output<C['output']>;

/**
 * The URL path of a GET call for links the server or the browser renders (a download, an image):
 * base + path with its parameters filled in, the other input fields as the query string.
 */
export function callPath<C extends ApiCall>(
  call: C,
  bases: Readonly<Record<ApiBaseName, string>>,
  input: Record<string, string | number> = {},
): string {
  const query = new URLSearchParams();
  const used = new Set<string>();
  const path = call.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    used.add(name);
    return encodeURIComponent(String(input[name] ?? ''));
  });
  for (const [key, value] of Object.entries(input)) if (!used.has(key)) query.set(key, String(value));
  const search = query.toString();
  return `${bases[call.base]}/${path}${search ? `?${search}` : ''}`;
}

/** The parts of a call that say how a call travels: all a client needs to send it. */
export type WireKeys =
  'operationId' | 'base' | 'path' | 'methods' | 'encoding' | 'envelope' | 'queryFields' | 'pathParams';
