/**
 * Calling the API through its contracts (shared/contracts): the path, method, encoding and envelope
 * come from the contract, the input and output types from its schemas. The browser has no other way
 * to reach the API; the ky client of ./client.ts (cookies, the invalid-session hook, failures as
 * AppError with the server's message) does the sending.
 *
 * ```ts
 * const { rows, total } = await callApi(api, messageCalls.list, { pageIndex: 1, pageSize: 10 });
 * ```
 */
import type { CallInput, CallOutput, Contract } from '@shared/contracts/define';
import type { ApiClient, CallOptions, ParamValue, Params } from './client';

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

/** The contract path with its parameters filled in, and the input fields that remain. */
function resolvePath(contract: Contract, input: Fields): { path: string; rest: Fields } {
  const rest = { ...input };
  const path = contract.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${contract.operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

function requestOf(contract: Contract, input: Fields, options: CallApiOptions): CallOptions {
  const method = contract.methods[0];
  const { rest } = resolvePath(contract, input);
  const base: CallOptions = {
    method,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  };
  if (method === 'GET' || method === 'DELETE') return { ...base, query: toParams(rest) };
  if (contract.encoding === 'json') return { ...base, json: rest };
  if (contract.encoding === 'multipart') return { ...base, body: toFormData(rest) };
  return { ...base, body: toParams(rest) };
}

/** Calls the API as its contract says and unwraps the envelope. */
export async function callApi<C extends Contract>(
  api: ApiClient,
  contract: C,
  input: CallInput<C>,
  options: CallApiOptions = {},
): Promise<CallOutput<C>> {
  const fields = (input ?? {}) as Fields;
  const { path } = resolvePath(contract, fields);
  const request = requestOf(contract, fields, options);
  switch (contract.envelope) {
    case 'result':
      return (await api.data(contract.base, path, request)) as CallOutput<C>;
    case 'object':
      return (await api.object(contract.base, path, request)) as CallOutput<C>;
    case 'page':
      return (await api.page(contract.base, path, request)) as CallOutput<C>;
    case 'file':
      return (await api.blob(contract.base, path, request)) as CallOutput<C>;
    default:
      return (await api.http(api.url(contract.base, path, request.query), {
        method: request.method ?? 'GET',
      })) as CallOutput<C>;
  }
}

/** The whole envelope with its success message (for '消息删除成功！' and the like). */
export async function callApiWithMessage<C extends Contract>(
  api: ApiClient,
  contract: C,
  input: CallInput<C>,
  options: CallApiOptions = {},
): Promise<{ data: CallOutput<C>; message: string }> {
  const fields = (input ?? {}) as Fields;
  const { path } = resolvePath(contract, fields);
  const envelope = await api.call<{ message?: string; data?: unknown; object?: unknown }>(
    contract.base,
    path,
    requestOf(contract, fields, options),
  );
  const data = contract.envelope === 'object' ? envelope.object : envelope.data;
  return { data: data as CallOutput<C>, message: envelope.message ?? '' };
}

/** The URL of a GET call (a download link, an image, a preview). */
export function callUrl<C extends Contract>(api: ApiClient, contract: C, input: CallInput<C>): string {
  const { path, rest } = resolvePath(contract, (input ?? {}) as Fields);
  return api.url(contract.base, path, toParams(rest));
}
