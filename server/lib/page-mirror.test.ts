import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createPageCache, type PageCache } from './page-cache';
import { MIRROR_CONF, createPageMirror, type PageMirror } from './page-mirror';
import { HSTS_HEADER, createSecurityHeaders } from './security-headers';

const logger = createLogger({ logLevel: 'silent' });
const headers = ['X-Frame-Options', 'DENY', 'Cache-Control', 'public, no-cache'];
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-mirror-test-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const pageFile = (mirror: PageMirror, key: string) => path.join(dir, mirror.build, key, 'index.html');
const template = fs.readFileSync(
  path.join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'survey-hall.conf.template'),
  'utf8',
);

describe('the page mirror', () => {
  it('writes the headers file for nginx and empties what an earlier run wrote, nothing else', () => {
    fs.mkdirSync(path.join(dir, 'abcdef012345', 'old'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'not ours');
    const mirror = createPageMirror(dir, headers, logger);
    expect(fs.existsSync(path.join(dir, 'abcdef012345'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'keep.txt'), 'utf8')).toBe('not ours');
    const conf = fs.readFileSync(path.join(dir, MIRROR_CONF), 'utf8');
    expect(conf).toContain(`set $survey_mirror_build "${mirror.build}";`);
    expect(conf).toContain('add_header X-Frame-Options "DENY" always;');
    expect(conf).toContain('add_header Cache-Control "public, no-cache" always;');
    // Other headers, another build folder: nginx with the old file never finds the new pages.
    expect(createPageMirror(dir, ['X-Frame-Options', 'SAMEORIGIN'], logger).build).not.toBe(mirror.build);
  });

  it('refuses a header nginx would read differently', () => {
    expect(() => createPageMirror(dir, ['X-Test', 'a $variable'], logger)).toThrow(/X-Test/);
    expect(() => createPageMirror(dir, ['X-Test', 'a "quote"'], logger)).toThrow(/X-Test/);
  });

  it('writes plain paths only, and deletes them', () => {
    const mirror = createPageMirror(dir, headers, logger);
    const page = { identity: Buffer.from('<p>页</p>'), gzip: Buffer.from('gz') };
    mirror.write('/guide/message/0', page);
    mirror.write('/', page);
    expect(fs.readFileSync(pageFile(mirror, '/guide/message/0'), 'utf8')).toBe('<p>页</p>');
    expect(fs.readFileSync(`${pageFile(mirror, '/guide/message/0')}.gz`, 'utf8')).toBe('gz');
    expect(fs.existsSync(pageFile(mirror, '/'))).toBe(true);
    for (const key of ['/a?b=1', '/a/', '/../escape', '/a/./b', '/%E4%B8%AD', '/a b'])
      mirror.write(key, page);
    const written = fs.readdirSync(path.join(dir, mirror.build), { recursive: true }).map(String).sort();
    expect(written).toEqual([
      'guide',
      'guide/message',
      'guide/message/0',
      'guide/message/0/index.html',
      'guide/message/0/index.html.gz',
      'index.html',
      'index.html.gz',
    ]);
    mirror.remove('/guide/message/0');
    expect(fs.existsSync(pageFile(mirror, '/guide/message/0'))).toBe(false);
    expect(fs.existsSync(`${pageFile(mirror, '/guide/message/0')}.gz`)).toBe(false);
  });

  it('writes exactly the paths the nginx template looks up', () => {
    // The template's map, on a GET without a query: `$uri` is already normalized (no . or ..).
    const rule = /"~\^\(GET\|HEAD\)::(.+)\$"/.exec(template)?.[1];
    expect(rule).toBeDefined();
    const looksUp = new RegExp(`^${rule}$`);
    const mirror = createPageMirror(dir, headers, logger);
    const page = { identity: Buffer.from('<p>页</p>'), gzip: Buffer.from('gz') };
    const keys = [
      '/',
      '/guide/message/0',
      '/notice_1.html',
      '/a-b/C.d',
      '/a/',
      '//a',
      '/a b',
      '/中',
      '/a%20b',
    ];
    for (const key of keys) {
      mirror.write(key, page);
      expect(fs.existsSync(pageFile(mirror, key)), key).toBe(looksUp.test(key));
    }
    expect(keys.filter((key) => looksUp.test(key))).toHaveLength(4);
  });

  it('agrees with the nginx template on HSTS, which nginx adds itself over TLS', () => {
    const secure = createSecurityHeaders({ tiandituToken: undefined, trustProxy: true }).secure;
    const hsts = secure[secure.indexOf(HSTS_HEADER) + 1];
    expect(template).toContain(`https   "${hsts}";`);
    expect(template).toContain(`include \${SURVEY_MIRROR_DIR}/${MIRROR_CONF.replace('.conf', '*.conf')};`);
  });
});

describe('the page cache with a mirror', () => {
  let cache: PageCache;
  let mirror: PageMirror;
  let server: http.Server;
  let base: string;
  /** Headers the stand-in page adds besides its type and tags. */
  let extra: Record<string, string> = {};

  beforeEach(async () => {
    mirror = createPageMirror(dir, headers, logger);
    cache = createPageCache({ mirror });
    extra = {};
    server = http.createServer((req, res) => {
      if (cache.serve(req, res, 'id')) return;
      cache.capture(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-page-cache': 'notices', ...extra });
      res.end(`<p>${req.url}</p>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps each kept page on disk until its tag is dropped', async () => {
    await fetch(`${base}/guide/message/0`);
    const file = pageFile(mirror, '/guide/message/0');
    expect(fs.readFileSync(file, 'utf8')).toBe('<p>/guide/message/0</p>');
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe('<p>/guide/message/0</p>');
    cache.invalidate(['downloads']);
    expect(fs.existsSync(file)).toBe(true);
    cache.invalidate(['notices']);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.gz`)).toBe(false);
  });

  it('leaves on disk no page whose headers a file could not carry, and none it did not keep', async () => {
    extra = { link: '</x.css>; rel=preload' };
    await fetch(`${base}/with-link`);
    extra = { 'set-cookie': 'a=1' };
    await fetch(`${base}/with-cookie`);
    expect(cache.size).toBe(1); // the page with a cookie is not kept at all
    expect(fs.existsSync(pageFile(mirror, '/with-link'))).toBe(false);
    expect(fs.existsSync(pageFile(mirror, '/with-cookie'))).toBe(false);
  });
});
