/**
 * Serves the built client files (dist/client) straight from our front server: Astro's hashed assets
 * with immutable caching, prerendered pages and public files with revalidation. The file list is read
 * once at start; the build does not change while the server runs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

interface StaticEntry {
  file: string;
  size: number;
  type: string;
  etag: string;
  cacheControl: string;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

function walk(dir: string, base = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${base}/${entry.name}`;
    return entry.isDirectory() ? walk(path.join(dir, entry.name), relative) : [relative];
  });
}

export function createStaticHandler(clientDir: string, assetsPrefix = '/_astro/'): StaticHandler {
  const entries = new Map<string, StaticEntry>();
  for (const relative of walk(clientDir)) {
    const file = path.join(clientDir, relative);
    const stat = fs.statSync(file);
    const entry: StaticEntry = {
      file,
      size: stat.size,
      type: contentTypes[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(`${relative}:${stat.size}:${stat.mtimeMs}`).digest('base64url')}"`,
      cacheControl: relative.startsWith(assetsPrefix)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    };
    entries.set(relative, entry);
    // Prerendered pages are built as /name/index.html; answer /name and /name/ too.
    if (relative.endsWith('/index.html')) {
      const dirPath = relative.slice(0, -'index.html'.length);
      entries.set(dirPath, entry);
      if (dirPath !== '/') entries.set(dirPath.slice(0, -1), entry);
    }
  }

  return (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const entry = entries.get(decoded);
    if (!entry) return false;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('ETag', entry.etag);
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', entry.size);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    fs.createReadStream(entry.file)
      .on('error', () => res.destroy())
      .pipe(res);
    return true;
  };
}
