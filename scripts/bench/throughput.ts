/**
 * Throughput of one page from our server against nginx serving the same answer from disk (the same
 * gzip bytes, and our security headers and caching rule), with the same load tool (wrk), connections
 * and duration, on loopback. Both get `Accept-Encoding: gzip`; nginx answers from a precompressed
 * file (gzip_static), as our front cache does from memory.
 *
 * Besides requests per second (which depends on how the two cores are shared with wrk), it reports
 * each server's own CPU time per answer, read from /proc: the steadier figure on a shared machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  startNginx,
  startNginxFront,
  statFields,
  type Nginx,
  type NginxFront,
} from '../../e2e/fixtures/nginx-front';
import { findFreePort } from '../../e2e/fixtures/server';
import { nginxHeaderLines } from '../../server/lib/page-mirror';
import { securityHeaderNames } from '../../server/lib/security-headers';

export type Comparison =
  | { status: 'missing'; note: string }
  | {
      status: 'ok';
      ours: number;
      nginx: number;
      ratio: number;
      /**
       * A bare node:http server answering the same gzip bytes from memory (no routing, no log, no
       * security headers): the ceiling of any Node server on this machine, so the report shows how much
       * of the gap to nginx is ours and how much is Node's HTTP stack.
       */
      bareNode: number;
      /**
       * Through nginx with deploy/nginx in front of our server, as deployed (decision 0008); measured
       * when asked (`front`). Its CPU per answer is nginx's worker plus our server.
       */
      front?: number;
      frontCpuUs?: number;
      /** Server CPU time (user + system) per answer, microseconds, over all measured rounds. */
      oursCpuUs: number;
      nginxCpuUs: number;
      bareNodeCpuUs: number;
      connections: number;
      seconds: number;
      /** The page's size as sent (gzip) and unpacked. */
      gzipBytes: number;
      bytes: number;
    };

export interface CompareOptions {
  connections: number;
  seconds: number;
  /** nginx writes an access log line per request (buffered, to a file), as our server does at `info`. */
  accessLog: boolean;
  /** Also measure the page through nginx in front of our server (deploy/nginx), which keeps its pages in `mirrorDir`. */
  front?: { mirrorDir: string };
  log: (line: string) => void;
}

/** Our server: where to ask and which process does the work. */
export interface OurServer {
  baseUrl: string;
  pid: number;
}

const ROUNDS = 3;

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

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface WrkRun {
  rate: number;
  requests: number;
  cpuSeconds: number;
}

/** Loads `url` and reads the CPU time the serving processes `pids` spent meanwhile. */
function wrk(url: string, pids: number | number[], connections: number, seconds: number): WrkRun {
  const serving = [pids].flat();
  const cpuOf = () => serving.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = cpuOf();
  const run = spawnSync(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '-H', 'Accept-Encoding: gzip', url],
    { encoding: 'utf8', timeout: (seconds + 20) * 1000 },
  );
  const cpuAfter = cpuOf();
  const rate = run.stdout?.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  const requests = run.stdout?.match(/(\d+) requests in/)?.[1];
  if (!rate || !requests) throw new Error(`wrk gave no figure: ${run.stderr || run.stdout}`);
  if (/Non-2xx or 3xx responses/.test(run.stdout)) throw new Error(`wrk saw failures: ${run.stdout}`);
  return { rate: Number(rate), requests: Number(requests), cpuSeconds: cpuAfter - cpuBefore };
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

/**
 * The bare server: argv[1] the gzip file, argv[2] the port, argv[3] our answer's own headers (JSON);
 * besides those, the headers a browser needs.
 */
const bareNodeServer = `
const body = require('node:fs').readFileSync(process.argv[1]);
const headers = ['Content-Type', 'text/html; charset=utf-8', 'Content-Encoding', 'gzip', 'Vary', 'Accept-Encoding',
  'Content-Length', String(body.length), ...JSON.parse(process.argv[3])];
require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.argv[2]), '127.0.0.1');
`;

/** The reference: nginx serving the page from disk, precompressed, with our answer's headers. */
function referenceSite(listen: string, www: string, answerHeaders: readonly string[]): string {
  return `server {
    listen ${listen};
    root ${www};
    location / {
      default_type text/html; charset utf-8; gzip_static on; try_files /index.html =404;
      ${nginxHeaderLines(answerHeaders).join(' ')}
    }
  }`;
}

/**
 * Serves the page our server answers at `pagePath` from nginx (one worker) and loads both in turn:
 * a warm-up each, then ROUNDS alternating rounds, keeping each side's best rate.
 */
export async function compareWithNginx(
  server: OurServer,
  pagePath: string,
  options: CompareOptions,
): Promise<Comparison> {
  const { connections, seconds, accessLog, log } = options;
  const missing = ensureTools(['wrk', 'nginx'], log);
  if (missing.length > 0) return { status: 'missing', note: `not installed: ${missing.join(', ')}` };

  const ourUrl = new URL(pagePath, server.baseUrl).href;
  // The page as a browser gets it, after the first render filled the front cache.
  for (let i = 0; i < 3; i++) await fetch(ourUrl);
  const ourAnswer = await fetch(ourUrl);
  const html = Buffer.from(await ourAnswer.arrayBuffer());
  // Every side sends the same answer: the page and the headers that are ours to choose (security
  // headers, caching rule), which are over 1 KB of it; without them nginx would send less.
  const answerHeaders = [...securityHeaderNames, 'cache-control'].flatMap((name) => {
    const value = ourAnswer.headers.get(name);
    return value === null ? [] : [name, value];
  });

  const www = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-'));
  // nginx's workers run as an unprivileged user: the folder must be readable to them.
  fs.chmodSync(www, 0o755);
  fs.writeFileSync(path.join(www, 'index.html'), html);
  const gzipped = gzipSync(html, { level: 9 });
  fs.writeFileSync(path.join(www, 'index.html.gz'), gzipped);

  let nginx: Nginx | undefined;
  let bare: ChildProcess | undefined;
  let front: NginxFront | undefined;
  try {
    nginx = await startNginx((listen) => referenceSite(listen, www, answerHeaders), { accessLog });
    const nginxUrl = `${nginx.baseUrl}/`;
    const worker = nginx.workerPid;
    const barePort = await findFreePort();
    bare = spawn(
      process.execPath,
      [
        '-e',
        bareNodeServer,
        path.join(www, 'index.html.gz'),
        String(barePort),
        JSON.stringify(answerHeaders),
      ],
      {
        stdio: 'ignore',
      },
    );
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitForPort(bareUrl, 10_000);
    if (options.front) front = await startNginxFront(server.baseUrl, options.front.mirrorDir);
    const frontUrl = front && new URL(pagePath, front.baseUrl).href;
    // Every side must send the same page: a side answering something else makes a ratio meaningless.
    for (const url of [nginxUrl, bareUrl, ...(frontUrl ? [frontUrl] : [])]) {
      const answer = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200 || !body.equals(html))
        throw new Error(`${url} did not answer the page (${answer.status})`);
      // The front is measured answering as it does in use: nginx from the page's file.
      if (url === frontUrl && answer.headers.get('x-front-cache') !== 'FILE')
        throw new Error(`the nginx front asked our server (${answer.headers.get('x-front-cache')})`);
    }

    wrk(ourUrl, server.pid, connections, 1);
    wrk(nginxUrl, worker, connections, 1);
    wrk(bareUrl, bare.pid!, connections, 1);
    const frontPids = front ? [front.workerPid, server.pid] : [];
    if (frontUrl) wrk(frontUrl, frontPids, connections, 1);
    const oursRuns: WrkRun[] = [];
    const nginxRuns: WrkRun[] = [];
    const bareRuns: WrkRun[] = [];
    const frontRuns: WrkRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      oursRuns.push(wrk(ourUrl, server.pid, connections, seconds));
      nginxRuns.push(wrk(nginxUrl, worker, connections, seconds));
      bareRuns.push(wrk(bareUrl, bare.pid!, connections, seconds));
      if (frontUrl) frontRuns.push(wrk(frontUrl, frontPids, connections, seconds));
    }
    const best = (runs: WrkRun[]) => Math.max(...runs.map((run) => run.rate));
    const cpuUs = (runs: WrkRun[]) =>
      (runs.reduce((sum, run) => sum + run.cpuSeconds, 0) * 1e6) /
      runs.reduce((sum, run) => sum + run.requests, 0);
    if (nginx.accessLog && !fs.existsSync(nginx.accessLog))
      throw new Error('nginx wrote no access log; the comparison would not be like for like');
    if (front && !fs.existsSync(front.accessLog)) throw new Error('the nginx front wrote no access log');
    return {
      status: 'ok',
      ours: best(oursRuns),
      nginx: best(nginxRuns),
      ratio: best(oursRuns) / best(nginxRuns),
      bareNode: best(bareRuns),
      oursCpuUs: cpuUs(oursRuns),
      nginxCpuUs: cpuUs(nginxRuns),
      bareNodeCpuUs: cpuUs(bareRuns),
      ...(frontRuns.length > 0 ? { front: best(frontRuns), frontCpuUs: cpuUs(frontRuns) } : {}),
      connections,
      seconds,
      gzipBytes: gzipped.byteLength,
      bytes: html.byteLength,
    };
  } finally {
    bare?.kill('SIGTERM');
    await Promise.all([nginx?.stop(), front?.stop()]);
    fs.rmSync(www, { recursive: true, force: true });
  }
}
