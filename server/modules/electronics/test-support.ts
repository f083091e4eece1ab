/** For the archive's tests: a small file into an archive folder, as simple-uploader.js sends it. */
import type { Browser } from '@server/modules/identity/test-support';

let uploads = 0;

/**
 * Uploads `bytes` in one chunk (one POST, as the uploader sends a file smaller than a chunk), then
 * merges it. Answers the merge's response, or the POST's when it was refused.
 */
export async function uploadInOneChunk(
  browser: Browser,
  input: { dirid: string; name: string; bytes: Uint8Array; describe?: string },
): Promise<Response> {
  const { dirid, name, bytes } = input;
  const identifier = `${bytes.length}-test${++uploads}`;
  const fields: Record<string, string> = {
    chunkNumber: '1',
    chunkSize: String(1024 * 1024),
    currentChunkSize: String(bytes.length),
    totalSize: String(bytes.length),
    identifier,
    filename: name,
    relativePath: name,
    totalChunks: '1',
    dirid,
    describe: input.describe ?? '',
    uploadType: '0',
  };
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const posted = await browser.fetch('/archive/upload', { method: 'POST', body });
  if (posted.status !== 200) return posted;
  return browser.fetch(
    `/archive/merge?${new URLSearchParams({ identifier, filename: name, dirid }).toString()}`,
  );
}
