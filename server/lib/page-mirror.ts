/**
 * The page cache's copy on disk, for nginx in front (decision 0008, deploy/nginx): nginx answers a
 * public hall page as a file, with gzip_static, as cheaply as any static file, and asks us for
 * everything else.
 *
 * - A page the cache keeps, without a query string, is written as `<dir>/<build>/<path>/index.html`
 *   and `index.html.gz` (each by rename, the .gz first, so nginx never finds half a pair), and
 *   deleted when the cache drops it: an invalidation takes it off disk at once.
 * - `<dir>/survey-hall-mirror.conf`, which the nginx template includes, sets our security headers
 *   and the browser caching rule on those answers and names `<build>`. `<build>` is a hash of that
 *   file: when the headers change (a new build's script hashes, a map key), pages go to a new folder,
 *   which nginx only looks in after a reload has given it the new headers. Until then it asks us.
 * - At start the folder is emptied of what an earlier run wrote (nothing else is touched).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';
import type { HeaderList } from './security-headers';

export const MIRROR_CONF = 'survey-hall-mirror.conf';

/**
 * The paths nginx's template looks up (its map has the same rule, and page-mirror.test.ts checks they
 * agree): no query, no trailing slash.
 */
const MIRRORABLE_PATH = /^\/(?:[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*)?$/;

/** A folder of an earlier run: a build name. */
const BUILD_FOLDER = /^[0-9a-f]{12}$/;

export interface PageMirror {
  /** Writes the page of cache key `key` (skipped unless it is a plain path). */
  write(key: string, page: { identity: Buffer; gzip: Buffer }): void;
  /** Deletes the page of `key`, if written. */
  remove(key: string): void;
  /** The build folder's name (tests). */
  readonly build: string;
}

/** One nginx `add_header` per header; a value nginx would read differently is refused. */
export function nginxHeaderLines(headers: HeaderList): string[] {
  const lines: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const [name, value] = [headers[i]!, headers[i + 1]!];
    if (!/^[A-Za-z0-9-]+$/.test(name) || /["\\$\r\n]/.test(value))
      throw new Error(`page mirror: header ${name} cannot be written for nginx`);
    lines.push(`add_header ${name} "${value}" always;`);
  }
  return lines;
}

/**
 * Prepares `dir` (created if missing) and returns the mirror. `headers` are every header a mirrored
 * answer needs besides what nginx adds itself (type, length, ETag, Vary, request id, HSTS over TLS).
 */
export function createPageMirror(dir: string, headers: HeaderList, logger: Logger): PageMirror {
  const body = nginxHeaderLines(headers).join('\n');
  const build = createHash('sha256').update(body).digest('hex').slice(0, 12);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) {
    if (BUILD_FOLDER.test(name) || name === MIRROR_CONF)
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const conf = [
    '# Written by the survey hall at start (server/lib/page-mirror.ts); included by deploy/nginx.',
    `set $survey_mirror_build "${build}";`,
    body,
    '',
  ].join('\n');
  writeByRename(path.join(dir, MIRROR_CONF), conf);

  const filesOf = (key: string): { html: string; gzip: string } | null => {
    if (!MIRRORABLE_PATH.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
      return null;
    const html = path.join(dir, build, key, 'index.html');
    return { html, gzip: `${html}.gz` };
  };

  return {
    build,
    write(key, page) {
      const files = filesOf(key);
      if (!files) return;
      try {
        fs.mkdirSync(path.dirname(files.html), { recursive: true });
        writeByRename(files.gzip, page.gzip);
        writeByRename(files.html, page.identity);
      } catch (error) {
        // nginx then asks us, which still answers from memory: nothing is lost but speed.
        logger.warn({ err: error, key }, 'page mirror: could not write the page');
      }
    },
    remove(key) {
      const files = filesOf(key);
      if (!files) return;
      try {
        fs.rmSync(files.html, { force: true });
        fs.rmSync(files.gzip, { force: true });
      } catch (error) {
        logger.error({ err: error, key }, 'page mirror: could not delete a dropped page');
      }
    },
  };
}

function writeByRename(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}
