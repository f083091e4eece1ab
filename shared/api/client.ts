/**
 * The one API client of the browser (and of tests): a ky instance with the spec's rules (section 7)
 * and helpers that unwrap the envelopes of shared/api/envelope.ts.
 *
 * - Cookies go along (`credentials: 'include'`): the single sign-on session is a cookie.
 * - A POST/PUT body given as a plain object is sent form-encoded, the spec's default; a FormData is
 *   sent as multipart, `json` as JSON.
 * - Every failure becomes an AppError carrying the server's Chinese message, whether the server said
 *   so with a status (our back end) or with `success: false` under 200 (the legacy one).
 * - `onInvalidSession` runs when a call answers 401, or when the current user is the guest (pkid 21):
 *   spec section 6, "if invalid or the user is the guest, the user is sent to / and the page reloads".
 */
import ky, { isNetworkError, isTimeoutError, type Input, type KyInstance } from 'ky';
import { AppError, codeForStatus, errorStatus, type ErrorCode } from '@shared/errors/app-error';
import type { ResultInfo } from './envelope';
import type { ApiBaseName, ApiBases } from './bases';

export type ParamValue = string | number | boolean | null | undefined;
/** Query or form fields. Arrays are sent as one comma list (the spec's `ids`). */
export type Params = Readonly<Record<string, ParamValue | readonly (string | number)[]>>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Defaults to POST when a body is given, else GET. */
  method?: HttpMethod;
  /** Query string. `undefined` and `null` are left out; see compactParams for list filters. */
  query?: Params;
  /** Plain object: form-encoded (spec section 7); FormData: multipart; URLSearchParams as given. */
  body?: Params | FormData | URLSearchParams;
  /** A JSON body instead of a form. */
  json?: unknown;
  signal?: AbortSignal;
  /** Milliseconds, or false for none (long uploads). Default 30 s. */
  timeout?: number | false;
}

/** A list answer `{ rows, total }`. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface ApiClientOptions {
  bases: ApiBases;
  /** Replaces the global fetch (tests pass a Hono app's `request`). */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response> | Response;
  /**
   * Resolves relative bases; browsers use the page's address when it is left out. Outside a
   * browser (tests, scripts) give an origin such as 'http://localhost'.
   */
  origin?: string;
  /** Called at most once per client: the session is invalid or the user is the guest. */
  onInvalidSession?: () => void;
}

export interface ApiClient {
  readonly bases: ApiBases;
  /** The underlying ky instance (credentials, timeout, no envelope handling): for streams and uploads. */
  readonly http: KyInstance;
  /** The URL of a call, e.g. for a download link or a preview. */
  url(base: ApiBaseName, path: string, query?: Params): string;
  /** Checks the envelope (`success`) and returns it whole. */
  call<E extends object = ResultInfo<unknown>>(
    base: ApiBaseName,
    path: string,
    options?: CallOptions,
  ): Promise<E>;
  /** `resultInfo.data`. */
  data<T>(base: ApiBaseName, path: string, options?: CallOptions): Promise<T>;
  /** `{ success, object }` → object. */
  object<T>(base: ApiBaseName, path: string, options?: CallOptions): Promise<T>;
  /** `{ success, rows, total }` → { rows, total }. */
  page<T>(base: ApiBaseName, path: string, options?: CallOptions): Promise<Page<T>>;
  /** A file answer (exports); a JSON failure envelope in its place becomes an AppError. */
  blob(base: ApiBaseName, path: string, options?: CallOptions): Promise<Blob>;
  /** Runs onInvalidSession (at most once): the caller found the session invalid or the guest. */
  reportInvalidSession(): void;
}

/**
 * The non-empty entries of a filter object (spec section 5: lists send only non-empty filter
 * parameters). Drops undefined, null, blank strings, NaN and empty arrays; keeps 0 and false.
 */
export function compactParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key of Object.keys(params) as (keyof T)[]) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    kept[key] = value;
  }
  return kept;
}

/** Query or form fields as URLSearchParams: arrays as one comma list, undefined and null left out. */
export function toSearchParams(params: Params | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (!params) return search;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search;
}

function joinUrl(base: string, path: string): string {
  return `${base}/${path.replace(/^\/+/, '')}`;
}

const messages = {
  network: '网络连接失败，请检查网络后重试',
  timeout: '请求超时，请稍后重试',
  badAnswer: '服务器返回的数据无法识别',
} as const;

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** The AppError a failure envelope (or a bare status) stands for. */
function failureToError(status: number, body: unknown): AppError {
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = isErrorCode(envelope.code)
    ? envelope.code
    : status >= 400
      ? codeForStatus(status)
      : 'invalid_input';
  const message =
    typeof envelope.message === 'string' && envelope.message.trim() ? envelope.message : undefined;
  const field = typeof envelope.field === 'string' ? envelope.field : undefined;
  return new AppError(code, {
    ...(message ? { message } : {}),
    ...(field ? { field } : {}),
    ...(status >= 400 ? { status } : {}),
  });
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { bases, origin, onInvalidSession, fetch: customFetch } = options;
  let sessionReported = false;

  const reportInvalidSession = () => {
    if (sessionReported) return;
    sessionReported = true;
    onInvalidSession?.();
  };

  const http = ky.create({
    credentials: 'include',
    timeout: 30_000,
    // Retrying is the caller's decision: most calls here change state.
    retry: 0,
    throwHttpErrors: false,
    ...(origin ? { baseUrl: origin } : {}),
    // Awaited: a Hono app's `request` may answer synchronously, and ky expects a promise.
    ...(customFetch
      ? { fetch: async (input: Input, init?: RequestInit) => await customFetch(input, init) }
      : {}),
  });

  const url = (base: ApiBaseName, path: string, query?: Params) => {
    const search = toSearchParams(query).toString();
    return joinUrl(bases[base], path) + (search ? `?${search}` : '');
  };

  async function send(base: ApiBaseName, path: string, callOptions: CallOptions = {}): Promise<Response> {
    const { query, body, json, signal, timeout } = callOptions;
    const hasBody = body !== undefined || json !== undefined;
    const method = callOptions.method ?? (hasBody ? 'POST' : 'GET');
    let requestBody: BodyInit | undefined;
    if (body instanceof FormData || body instanceof URLSearchParams) requestBody = body;
    else if (body !== undefined) requestBody = toSearchParams(body);

    let response: Response;
    try {
      response = await http(url(base, path, query), {
        method,
        ...(requestBody !== undefined ? { body: requestBody } : {}),
        ...(json !== undefined ? { json } : {}),
        ...(signal ? { signal } : {}),
        ...(timeout !== undefined ? { timeout } : {}),
      });
    } catch (error) {
      if (isTimeoutError(error))
        throw new AppError('unavailable', { message: messages.timeout, cause: error });
      if (isNetworkError(error))
        throw new AppError('unavailable', { message: messages.network, cause: error });
      throw error;
    }
    if (response.status === 401) reportInvalidSession();
    return response;
  }

  async function call<E extends object>(
    base: ApiBaseName,
    path: string,
    callOptions?: CallOptions,
  ): Promise<E> {
    const response = await send(base, path, callOptions);
    const body = await readJson(response);
    if (!response.ok) throw failureToError(response.status, body);
    if (!body || typeof body !== 'object') {
      throw new AppError('internal', { message: messages.badAnswer });
    }
    if ((body as { success?: unknown }).success === false) throw failureToError(response.status, body);
    return body as E;
  }

  async function field<T>(
    key: 'data' | 'object',
    base: ApiBaseName,
    path: string,
    callOptions?: CallOptions,
  ) {
    const envelope = await call<Record<string, unknown>>(base, path, callOptions);
    if (!(key in envelope)) throw new AppError('internal', { message: messages.badAnswer });
    return envelope[key] as T;
  }

  return {
    bases,
    http,
    url,
    call,
    data: (base, path, callOptions) => field('data', base, path, callOptions),
    object: (base, path, callOptions) => field('object', base, path, callOptions),
    async page<T>(base: ApiBaseName, path: string, callOptions?: CallOptions): Promise<Page<T>> {
      const envelope = await call<{ rows?: unknown; total?: unknown }>(base, path, callOptions);
      if (!Array.isArray(envelope.rows)) throw new AppError('internal', { message: messages.badAnswer });
      const total = Number(envelope.total ?? envelope.rows.length);
      return { rows: envelope.rows as T[], total: Number.isFinite(total) ? total : envelope.rows.length };
    },
    async blob(base, path, callOptions) {
      const response = await send(base, path, callOptions);
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('json')) {
        const body = await readJson(response);
        // A file export that answers JSON is a failure envelope (or a success without a file).
        throw failureToError(response.ok ? 200 : response.status, body);
      }
      return await response.blob();
    },
    reportInvalidSession,
  };
}
