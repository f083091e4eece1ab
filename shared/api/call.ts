/**
 * Calling the API through its calls (shared/calls): the path, method, encoding and envelope
 * come from the call, the input and output types from its schemas. The browser has no other way
 * to reach the API; the ky client of ./client.ts (cookies, the invalid-session hook, failures as
 * AppError with the server's message) does the sending.
 *
 * ```ts
 * const { rows, total } = await callApi(api, messageCalls.list, { pageIndex: 1, pageSize: 10 });
 * ```
 */
import type { CallInput, CallOutput, ApiCall, WireKeys } from '@shared/calls/define';
import { toSearchParams, type ApiClient, type CallOptions, type ParamValue, type Params } from './client';

export interface CallApiOptions {
  signal?: AbortSignal;
  /** Milliseconds, or false for none (long uploads). */
  timeout?: number | false;
}

type Fields = Record<string, unknown>;

/** One input value as a query or form field: arrays as a comma list, the spec's `ids`. */
function toParam(value: unknown): ParamValue | readonly (string | number)[] {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? item : String(item)));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as ParamValue;
}

function toParams(fields: Fields): Params {
  const params: Record<string, ParamValue | readonly (string | number)[]> = {};
  for (const [key, value] of Object.entries(fields)) {
    const param = toParam(value);
    if (param !== undefined) params[key] = param;
  }
  return params;
}

function toFormData(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value) && value.some((item) => item instanceof Blob)) {
      for (const item of value) form.append(key, item instanceof Blob ? item : String(item));
    } else {
      const param = toParam(value);
      if (param !== undefined && param !== null)
        form.append(key, Array.isArray(param) ? param.join(',') : String(param));
    }
  }
  return form;
}

/** The call path with its parameters filled in, and the input fields that remain. */
function resolvePath(call: Pick<ApiCall, WireKeys>, input: Fields): { path: string; rest: Fields } {
  const rest = { ...input };
  const path = call.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${call.operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

function requestOf(call: Pick<ApiCall, WireKeys>, input: Fields, options: CallApiOptions): CallOptions {
  const method = call.methods[0];
  const { rest } = resolvePath(call, input);
  const base: CallOptions = {
    method,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  };
  if (method === 'GET' || method === 'DELETE') return { ...base, query: toParams(rest) };
  const queried = Object.fromEntries(Object.entries(rest).filter(([key]) => call.queryFields.includes(key)));
  const body = Object.fromEntries(Object.entries(rest).filter(([key]) => !call.queryFields.includes(key)));
  const withQuery = call.queryFields.length > 0 ? { ...base, query: toParams(queried) } : base;
  if (call.encoding === 'json') return { ...withQuery, json: body };
  if (call.encoding === 'multipart') return { ...withQuery, body: toFormData(body) };
  return { ...withQuery, body: toParams(body) };
}

/** Calls the API as its call says and unwraps the envelope. */
export async function callApi<C extends ApiCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  options: CallApiOptions = {},
): Promise<CallOutput<C>> {
  const fields = (input ?? {}) as Fields;
  const { path } = resolvePath(call, fields);
  const request = requestOf(call, fields, options);
  switch (call.envelope) {
    case 'result':
    case 'object': {
      // The legacy back end is not consistent about which of the two it answers: take either.
      const envelope = await api.call<{ data?: unknown; object?: unknown }>(call.base, path, request);
      // …or, for some lists, a bare array.
      if (Array.isArray(envelope)) return envelope as CallOutput<C>;
      const payload = call.envelope === 'result' ? (envelope.data ?? envelope.object) : envelope.object;
      return payload as CallOutput<C>;
    }
    case 'page':
      return (await api.page(call.base, path, request)) as CallOutput<C>;
    case 'file':
      return (await api.blob(call.base, path, request)) as CallOutput<C>;
    default:
      return (await callRaw(api, call, input, options)) as CallOutput<C>;
  }
}

/**
 * Sends a call as its call says and answers the raw Response, without envelope handling and
 * without the invalid-session hook: for protocol answers (the CAS tickets: HTML and text; a wrong
 * password's 401 must not reload the page).
 */
export async function callRaw<C extends ApiCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  options: CallApiOptions & { redirect?: RequestRedirect } = {},
): Promise<Response> {
  const fields = (input ?? {}) as Fields;
  const { path, rest } = resolvePath(call, fields);
  const method = call.methods[0];
  const inQuery = method === 'GET' || method === 'DELETE';
  const body =
    inQuery || Object.keys(rest).length === 0
      ? undefined
      : call.encoding === 'multipart'
        ? toFormData(rest)
        : call.encoding === 'json'
          ? JSON.stringify(rest)
          : toSearchParams(toParams(rest));
  return await api.http(api.url(call.base, path, inQuery ? toParams(rest) : undefined), {
    method,
    ...(body !== undefined ? { body } : {}),
    ...(call.encoding === 'json' && body !== undefined
      ? { headers: { 'content-type': 'application/json' } }
      : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.redirect ? { redirect: options.redirect } : {}),
  });
}

/** The whole envelope with its success message (for '消息删除成功！' and the like). */
export async function callApiWithMessage<C extends ApiCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  options: CallApiOptions = {},
): Promise<{ data: CallOutput<C>; message: string }> {
  const fields = (input ?? {}) as Fields;
  const { path } = resolvePath(call, fields);
  const envelope = await api.call<{ message?: string; data?: unknown; object?: unknown }>(
    call.base,
    path,
    requestOf(call, fields, options),
  );
  const data = call.envelope === 'object' ? envelope.object : (envelope.data ?? envelope.object);
  return { data: data as CallOutput<C>, message: envelope.message ?? '' };
}

/** The URL of a GET call (a download link, an image, a preview). */
export function callUrl<C extends ApiCall>(api: ApiClient, call: C, input: CallInput<C>): string {
  const { path, rest } = resolvePath(call, (input ?? {}) as Fields);
  return api.url(call.base, path, toParams(rest));
}
