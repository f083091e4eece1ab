/**
 * Throughput of one page from our server against nginx serving the same bytes from disk, with the same
 * load tool (wrk), connections and duration, on loopback. Both get `Accept-Encoding: gzip`; nginx
 * answers from a precompressed file (gzip_static), as our front cache does from memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { findFreePort } from '../../e2e/fixtures/server';

export interface ThroughputResult {
  status: 'ok' | 'missing';
  note?: string;
  ours?: number;
  nginx?: number;
  ratio?: number;
  connections: number;
  seconds: number;
  bytes?: number;
}

function has(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** Installs missing Debian packages when we are root; bounded to five minutes. */
export function ensureTools(tools: string[], log: (line: string) => void): string[] {
  const missing = tools.filter((tool) => !has(tool) && !fs.existsSync(`/usr/sbin/${tool}`));
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) return missing;
  log(`apt-get install ${missing.join(' ')}…`);
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'ignore',
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return missing.filter((tool) => !has(tool) && !fs.existsSync(`/usr/sbin/${tool}`));
}

function wrk(url: string, connections: number, seconds: number): number {
  const run = spawnSync(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '-H', 'Accept-Encoding: gzip', url],
    { encoding: 'utf8', timeout: (seconds + 20) * 1000 },
  );
  const rate = run.stdout?.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  if (!rate) throw new Error(`wrk gave no figure: ${run.stderr || run.stdout}`);
  if (/Non-2xx or 3xx responses/.test(run.stdout)) throw new Error(`wrk saw failures: ${run.stdout}`);
  return Number(rate);
}

async function waitForPort(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

export async function measureThroughput(
  baseUrl: string,
  pagePath: string,
  options: { connections: number; seconds: number; log: (line: string) => void },
): Promise<ThroughputResult> {
  const { connections, seconds, log } = options;
  const missing = ensureTools(['wrk', 'nginx'], log);
  if (missing.length > 0) {
    return { status: 'missing', note: `not installed: ${missing.join(', ')}`, connections, seconds };
  }
  const ourUrl = new URL(pagePath, baseUrl).href;
  // The page as a browser gets it, after the first render filled the front cache.
  for (let i = 0; i < 3; i++) await fetch(ourUrl);
  const html = Buffer.from(await (await fetch(ourUrl)).arrayBuffer());

  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  // nginx's workers run as an unprivileged user: the folder must be readable to them.
  fs.chmodSync(prefix, 0o755);
  const www = path.join(prefix, 'www');
  fs.mkdirSync(www);
  fs.writeFileSync(path.join(www, 'index.html'), html);
  fs.writeFileSync(path.join(www, 'index.html.gz'), gzipSync(html, { level: 9 }));
  const port = await findFreePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location / { default_type text/html; charset utf-8; gzip_static on; try_files /index.html =404; }
  }
}
`,
  );
  const nginxBinary = has('nginx') ? 'nginx' : '/usr/sbin/nginx';
  let nginx: ChildProcess | undefined;
  try {
    nginx = spawn(nginxBinary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErrors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    nginx.once('error', (error) => (nginxErrors += error.message));
    const nginxUrl = `http://127.0.0.1:${port}/`;
    await waitForPort(nginxUrl, 10_000).catch((error: unknown) => {
      throw new Error(`nginx did not start: ${nginxErrors || String(error)}`);
    });
    // Warm both, then alternate two rounds and keep each side's best.
    wrk(ourUrl, connections, 1);
    wrk(nginxUrl, connections, 1);
    let ours = 0;
    let other = 0;
    for (let round = 0; round < 2; round++) {
      ours = Math.max(ours, wrk(ourUrl, connections, seconds));
      other = Math.max(other, wrk(nginxUrl, connections, seconds));
    }
    return {
      status: 'ok',
      ours,
      nginx: other,
      ratio: ours / other,
      connections,
      seconds,
      bytes: html.byteLength,
    };
  } finally {
    nginx?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}
