/**
 * JavaScript a page sends before anyone interacts with it: inline scripts, module scripts, module
 * preloads and island component/renderer modules, plus every module those import statically. Dynamic
 * `import()` is left out: that code loads on interaction (the login dialog, for example). Sizes are
 * gzipped (level 9), as the server sends them precompressed.
 */
import { gzipSync } from 'node:zlib';

export interface JsWeight {
  path: string;
  status: 'ok' | 'missing';
  note?: string;
  gzipBytes: number;
  files: number;
  /** The files counted (absolute URLs), when asked (`withUrls`): for a bench that checks what they hold. */
  urls?: string[];
  /**
   * What each `import()` of that JavaScript loads on top of it (the console's route group chunks):
   * the chunk and its static imports not already loaded, gzipped.
   */
  lazy?: { file: string; gzipBytes: number; files: number; urls?: string[] }[];
}

/** `import("…")` specifiers of a module (Vite keeps them literal, in quotes or backticks). */
export function dynamicImports(source: string): string[] {
  return [...source.matchAll(/\bimport\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)].map((match) => match[1] as string);
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`, 'i'))?.[1];

/** Static imports and re-exports of an ES module (minified or not); not `import()`. */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/**
 * `roots` and what they import statically, leaving out what `loaded` holds (what the page has
 * already), gzipped: what the browser fetches when it imports `roots`.
 */
export async function staticClosure(
  roots: readonly URL[],
  loaded: ReadonlySet<string>,
): Promise<{ gzipBytes: number; files: number; urls: string[] }> {
  const mine = new Set<string>(roots.map((root) => root.href));
  const pending = [...roots];
  let gzipBytes = 0;
  for (let i = 0; i < pending.length && i < 500; i++) {
    const url = pending[i] as URL;
    const file = await fetch(url);
    if (!file.ok) continue;
    const source = await file.text();
    gzipBytes += gzipSync(source, { level: 9 }).byteLength;
    for (const specifier of staticImports(source)) {
      const next = new URL(specifier, url);
      if (next.origin !== url.origin || loaded.has(next.href) || mine.has(next.href)) continue;
      mine.add(next.href);
      pending.push(next);
    }
  }
  return { gzipBytes, files: mine.size, urls: [...mine] };
}

export async function measureJsWeight(
  baseUrl: string,
  pagePath: string,
  { cookie, withUrls = false }: { cookie?: string; withUrls?: boolean } = {},
): Promise<JsWeight> {
  const response = await fetch(new URL(pagePath, baseUrl), {
    redirect: 'manual',
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (response.status !== 200) {
    return { path: pagePath, status: 'missing', note: `HTTP ${response.status}`, gzipBytes: 0, files: 0 };
  }
  const html = await response.text();
  let gzipBytes = 0;
  let files = 0;
  const queue: URL[] = [];
  const seen = new Set<string>();
  const enqueue = (specifier: string | undefined, from: URL) => {
    if (!specifier) return;
    const url = new URL(specifier, from);
    if (url.origin !== new URL(baseUrl).origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push(url);
  };
  const pageUrl = new URL(pagePath, baseUrl);

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${match[1]}>`;
    const type = attr(tag, 'type');
    if (type && !/module|javascript/i.test(type)) continue;
    const src = attr(tag, 'src');
    if (src) enqueue(src, pageUrl);
    else if (match[2]?.trim()) {
      gzipBytes += gzipSync(match[2], { level: 9 }).byteLength;
      files += 1;
      for (const specifier of staticImports(match[2])) enqueue(specifier, pageUrl);
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/rel=["']?modulepreload/i.test(match[0])) enqueue(attr(match[0], 'href'), pageUrl);
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    enqueue(attr(match[0], 'component-url'), pageUrl);
    enqueue(attr(match[0], 'renderer-url'), pageUrl);
  }

  const lazyRoots: URL[] = [];
  for (let i = 0; i < queue.length && i < 500; i++) {
    const url = queue[i] as URL;
    const file = await fetch(url);
    if (!file.ok) continue;
    const source = await file.text();
    gzipBytes += gzipSync(source, { level: 9 }).byteLength;
    files += 1;
    for (const specifier of staticImports(source)) enqueue(specifier, url);
    for (const specifier of dynamicImports(source)) lazyRoots.push(new URL(specifier, url));
  }

  // Each lazy chunk with what it imports that the page has not loaded yet.
  const lazy: NonNullable<JsWeight['lazy']> = [];
  for (const root of lazyRoots) {
    if (seen.has(root.href) || root.origin !== pageUrl.origin) continue;
    const { urls, ...sizes } = await staticClosure([root], seen);
    lazy.push({ file: root.pathname, ...sizes, ...(withUrls ? { urls } : {}) });
  }
  return {
    path: pagePath,
    status: 'ok',
    gzipBytes,
    files,
    ...(withUrls ? { urls: [...seen] } : {}),
    ...(lazy.length ? { lazy } : {}),
  };
}
