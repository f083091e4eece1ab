/**
 * Uploads through a multipart call with progress (XMLHttpRequest: fetch reports no upload progress
 * over HTTP/1.1). A file that breaks the upload rules is refused before it is sent, with the rule's
 * message; the server's refusals come back as AppErrors with its message.
 *
 * ```ts
 * const stored = await uploadWithProgress(api, noticeCalls.upload, { kind: 'image', file }, documentExtensions, onProgress);
 * ```
 */
import type { ApiClient } from '@shared/api/client';
import type { CallInput, CallOutput, ApiCall } from '@shared/calls/define';
import { AppError, codeForStatus } from '@shared/errors/app-error';
import { checkUpload, uploadMessages } from '@shared/validation/upload';

export function uploadWithProgress<C extends ApiCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C> & { file: File },
  allowed: readonly string[],
  onProgress: (loaded: number, total: number) => void = () => {},
  signal?: AbortSignal,
): Promise<CallOutput<C>> {
  const problem = checkUpload({ name: input.file.name, size: input.file.size }, allowed);
  if (problem) {
    return Promise.reject(
      new AppError(problem.tooLarge ? 'payload_too_large' : 'invalid_input', { message: problem.message }),
    );
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.methods[0], api.url(call.base, call.path));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      let body: { success?: boolean; message?: string; data?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not our envelope (a proxy's error page): the status decides.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false)
        resolve(body.data as CallOutput<C>);
      else
        reject(
          new AppError(codeForStatus(xhr.status || 500), {
            message: body.message ?? (xhr.status === 413 ? uploadMessages.tooLarge : '上传失败，请重试'),
          }),
        );
    };
    xhr.onerror = () => reject(new AppError('unavailable', { message: '网络异常，上传失败，请重试' }));
    xhr.onabort = () => reject(new AppError('invalid_input', { message: '上传已取消' }));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
