/**
 * The one error type of the product. Server code throws it; the HTTP layer turns it into the spec's
 * envelope with `status`; the API client turns a failed envelope back into it, so the UI can show
 * `message` as it is.
 */
export const errorStatus = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Default Chinese messages, used when a thrower gives none. */
const defaultMessages: Record<ErrorCode, string> = {
  invalid_input: '提交的数据不正确',
  unauthenticated: '登录已失效，请重新登录',
  forbidden: '您没有权限执行此操作',
  not_found: '请求的内容不存在',
  conflict: '数据已被修改或已存在，请刷新后重试',
  payload_too_large: '提交的内容过大',
  rate_limited: '操作过于频繁，请稍后再试',
  internal: '系统繁忙，请稍后重试',
  unavailable: '服务暂时不可用，请稍后重试',
};

export interface AppErrorOptions {
  message?: string;
  /** Overrides the status derived from the code (rarely needed). */
  status?: number;
  /** The field a validation message belongs to, when there is one. */
  field?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultMessages[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.field = options.field;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * Anything a call threw, as an AppError. A foreign error becomes the generic internal one: its own
 * message (a TypeError's, a library's) is English and not meant for the user.
 */
export function toAppError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('internal', { cause: error });
}

/** The message to show the user for anything a call threw. */
export function messageOf(error: unknown): string {
  return toAppError(error).message;
}

/** Maps an HTTP status back to the closest code (used by the API client for foreign back ends). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'internal' : 'invalid_input';
}
