/**
 * The bench's load: `connections` callers on keep-alive connections, each sending its next request
 * when the last is answered, for some seconds; the rate and the latency percentiles, and every answer
 * that was not 200 counted as a failure (the first one kept, to be shown).
 *
 * The loader shares the machine's two cores with the server it measures, so what it costs in CPU is
 * taken from the server and queues every latency. wrk (C, one epoll thread) costs least; where it is
 * installed (the bench installs it as root) it makes the load, otherwise (or with BENCH_LOADER=undici)
 * undici's request API on one pool does, the lightest client Node has. Each run names its loader.
 *
 * The two do not count a stall alike. wrk corrects its latencies for coordinated omission: when every
 * connection waits on the server, it adds the requests a steady caller would have sent meanwhile, each
 * with the wait it would have had, so a 200 ms stall moves its p95 and p99 where undici's (which counts
 * only the requests it sent) barely notice it. wrk's figures are the stricter ones.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { ensureTools } from './throughput';

export interface LoadRun {
  path: string;
  /** What made the load: wrk, or undici where wrk is not installed (see above). */
  loader: 'wrk' | 'undici';
  requests: number;
  rate: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
  /** What the first failure was (a status and the start of the answer, or the error). */
  firstFailure?: string;
}

/** What each loaded request sends: the same request every time. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export const best = (runs: LoadRun[]) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));

export async function load(
  baseUrl: string,
  path: string,
  request: LoadRequest,
  connections: number,
  seconds: number,
): Promise<LoadRun> {
  const target = new URL(path, baseUrl);
  const run =
    process.env.BENCH_LOADER !== 'undici' && hasWrk()
      ? await loadWithWrk(target, request, connections, seconds)
      : await loadWithUndici(target, request, connections, seconds);
  return { path, ...run };
}

let wrkFound: boolean | undefined;
/** Whether wrk is there, installed first where the bench may (as root: ./throughput.ts ensureTools). */
function hasWrk(): boolean {
  wrkFound ??= ensureTools(['wrk'], (line) => console.log(`bench: ${line}`)).length === 0;
  return wrkFound;
}

/** A Lua long string (beside a bracket it needs a space: `[[` opens one too). */
const lua = (value: string) => {
  if (value.includes(']==]')) throw new Error(`cannot quote for wrk: ${value}`);
  return `[==[${value}]==]`;
};

/**
 * wrk with a script that sets the request and, per thread, counts the answers that were not 200
 * (keeping the first); `done` prints the figures as one line of JSON. Latencies are wrk's own
 * (microseconds, from its histogram).
 */
function wrkScript(request: LoadRequest): string {
  return [
    `wrk.method = ${lua(request.method ?? 'GET')}`,
    ...(request.body === undefined ? [] : [`wrk.body = ${lua(request.body)}`]),
    ...Object.entries(request.headers ?? {}).map(
      ([name, value]) => `wrk.headers[ ${lua(name)} ] = ${lua(value)}`,
    ),
    'local threads = {}',
    'function setup(thread) table.insert(threads, thread) end',
    'failures = 0',
    'first = nil',
    'function response(status, headers, body)',
    '  if status ~= 200 then',
    '    failures = failures + 1',
    '    if first == nil then first = status .. " " .. string.sub(body, 1, 160) end',
    '  end',
    'end',
    'local function q(s) return "\\"" .. string.gsub(s, "[\\"\\\\%c]", " ") .. "\\"" end',
    'function done(summary, latency, requests)',
    '  local failed, firstFailure = 0, nil',
    '  for _, thread in ipairs(threads) do',
    '    failed = failed + thread:get("failures")',
    '    firstFailure = firstFailure or thread:get("first")',
    '  end',
    '  local e = summary.errors',
    '  local errors = e.connect + e.read + e.write + e.timeout',
    '  io.write(string.format(\'{"requests":%d,"microseconds":%d,"p50":%d,"p95":%d,"p99":%d,"failures":%d,"errors":%d,"first":%s}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),',
    '    failed, errors, firstFailure and q(firstFailure) or "null"))',
    'end',
  ].join('\n');
}

async function loadWithWrk(
  target: URL,
  request: LoadRequest,
  connections: number,
  seconds: number,
): Promise<Omit<LoadRun, 'path'>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    await writeFile(script, wrkScript(request));
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, target.href];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text.slice(-400)}`)),
      );
    });
    const line = output.split('\n').find((candidate) => candidate.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no figures: ${output.slice(-400)}`);
    const figures = JSON.parse(line) as {
      requests: number;
      microseconds: number;
      p50: number;
      p95: number;
      p99: number;
      failures: number;
      errors: number;
      first: string | null;
    };
    const failures = figures.failures + figures.errors;
    const firstFailure =
      figures.first ?? (figures.errors > 0 ? `${figures.errors} connection errors or timeouts` : undefined);
    return {
      loader: 'wrk',
      requests: figures.requests,
      rate: figures.requests / (figures.microseconds / 1e6),
      p50Ms: figures.p50 / 1000,
      p95Ms: figures.p95 / 1000,
      p99Ms: figures.p99 / 1000,
      failures,
      ...(firstFailure ? { firstFailure } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function loadWithUndici(
  target: URL,
  { method = 'GET', headers, body }: LoadRequest,
  connections: number,
  seconds: number,
): Promise<Omit<LoadRun, 'path'>> {
  // Not fetch: its WHATWG streams take enough CPU to queue every latency the loader measures.
  const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const response = await pool.request({
            path: target.pathname + target.search,
            method,
            headers,
            body,
          });
          const text = await response.body.text();
          if (response.statusCode !== 200) {
            failures += 1;
            firstFailure ??= `${response.statusCode} ${text.slice(0, 160)}`;
          }
        } catch (error) {
          failures += 1;
          firstFailure ??= `${String(error)} (${String((error as { cause?: unknown }).cause)})`;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    loader: 'undici',
    requests: latencies.length,
    rate: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    failures,
    ...(firstFailure ? { firstFailure } : {}),
  };
}
