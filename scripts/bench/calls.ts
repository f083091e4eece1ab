/**
 * The per-call path every contract shares (session lookup, role check, validation, envelope), under
 * the load of issue 10's budget: 50 signed-in connections paging their messages, against the same
 * stack answering a signed-in call that does no database work (`GET {uc}/user/current.json`, answered
 * from the session in memory) and /healthz. wrk on loopback; both sides are first checked to answer
 * 200 with the envelope meant, or no figure is reported. Paging and the no-database call alternate
 * over a few rounds and each keeps its best (a shared machine's load drifts between rounds), and the
 * server process's CPU time per answer is read from /proc: the steadier figure under load (on
 * PostgreSQL the database's own processes are not in it).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds } from './throughput';

export interface CallRun {
  path: string;
  rate: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  timeouts: number;
  /** The server process's CPU time (user + system) per answer, microseconds. */
  cpuUs: number;
}

export type CallsBench =
  | {
      status: 'ok';
      paging: CallRun;
      noDatabase: CallRun;
      health: CallRun;
      ratio: number;
      connections: number;
      rounds: number;
    }
  | { status: 'missing'; note: string };

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Signs in through the real CAS sequence (the server runs with CAPTCHA_TEST_CODE) and answers the session cookie. */
export async function signIn(baseUrl: string, captcha: string, username = 'admin'): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const jar = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { cookie: jar },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    return response;
  };
  await send('/cas/captcha/captcha.do');
  const granting = await send('/cas/rest/tickets', {
    method: 'POST',
    body: new URLSearchParams({ username, password: md5('Survey2026'), captcha }),
  });
  const tgt = /(TGT-[A-Za-z0-9-]+)/.exec(await granting.text())?.[1];
  if (!tgt) throw new Error(`sign-on answered ${granting.status}`);
  for (const base of ['/smsend', '/uc']) {
    const ticket = await (
      await send(`/cas/rest/tickets/${tgt}`, {
        method: 'POST',
        body: new URLSearchParams({ service: new URL(`${base}/service`, baseUrl).href }),
      })
    ).text();
    const opened = await send(`${base}/service?ticket=${encodeURIComponent(ticket)}`);
    if (!opened.ok) throw new Error(`${base}/service answered ${opened.status}`);
  }
  const session = cookies.get('SMS_SESSION');
  if (!session) throw new Error('no session cookie after sign-on');
  return `SMS_SESSION=${session}`;
}

function milliseconds(value: string | undefined): number {
  const match = /([\d.]+)(us|ms|s)/.exec(value ?? '');
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/**
 * wrk's Lua script: each request carries the next session's cookie (so 50 connections are 50 signed-in
 * users, not one), and at the end it prints the 95th percentile, which `--latency` does not.
 */
function wrkScript(cookies: readonly string[]): string {
  const file = path.join(os.tmpdir(), `bench-wrk-${process.pid}-${randomUUID()}.lua`);
  const list = cookies.map((cookie) => JSON.stringify(cookie)).join(', ');
  fs.writeFileSync(
    file,
    `local cookies = { ${list} }
local turn = 0
request = function()
  turn = turn % #cookies + 1
  return wrk.format(nil, nil, { Cookie = cookies[turn] })
end
done = function(summary, latency, requests)
  io.write(string.format("P95_US %d\\n", latency:percentile(95.0)))
end
`,
  );
  return file;
}

/** One wrk run of `path` with the given sessions spread over the connections. */
export function wrk(
  server: { baseUrl: string; pid: number },
  path_: string,
  cookies: string | readonly string[],
  connections: number,
  seconds: number,
): CallRun {
  const { baseUrl } = server;
  const script = wrkScript(typeof cookies === 'string' ? [cookies] : cookies);
  const cpuBefore = cpuSeconds(server.pid);
  const run = spawnSync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '--timeout',
      '2s',
      '-s',
      script,
      new URL(path_, baseUrl).href,
    ],
    { encoding: 'utf8', timeout: (seconds + 20) * 1000 },
  );
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  fs.rmSync(script, { force: true });
  const out = run.stdout ?? '';
  const rate = out.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  if (!rate) throw new Error(`wrk gave no figure: ${run.stderr || out}`);
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`wrk saw failures on ${path_}: ${out}`);
  return {
    path: path_,
    rate: Number(rate),
    p50Ms: milliseconds(out.match(/\s50%\s+(\S+)/)?.[1]),
    p95Ms: Number(out.match(/P95_US (\d+)/)?.[1] ?? Number.NaN) / 1000,
    p99Ms: milliseconds(out.match(/\s99%\s+(\S+)/)?.[1]),
    timeouts: Number(out.match(/timeout (\d+)/)?.[1] ?? 0),
    cpuUs: requests > 0 ? (cpu * 1e6) / requests : Number.NaN,
  };
}

/** The round with the highest rate. */
export const best = (runs: CallRun[]): CallRun => runs.reduce((a, b) => (b.rate > a.rate ? b : a));

/** What a wrk step is given: the sign-on captcha of the bench server, and the load. */
export interface LoadOptions {
  captcha: string;
  connections?: number;
  seconds?: number;
  rounds?: number;
}

export async function benchCalls(
  server: { baseUrl: string; pid: number },
  { captcha, connections = 50, seconds = 5, rounds = 3 }: LoadOptions,
): Promise<CallsBench> {
  const { baseUrl } = server;
  if (spawnSync('wrk', ['--version']).error) return { status: 'missing', note: 'wrk is not installed' };
  const cookie = await signIn(baseUrl, captcha);
  const paging = '/smsend/project/message/query?pageIndex=1&pageSize=10';
  const noDatabase = '/uc/user/current.json';
  // Both answer what is meant before any figure counts.
  const page = (await (await fetch(new URL(paging, baseUrl), { headers: { cookie } })).json()) as {
    rows?: unknown[];
  };
  const me = (await (await fetch(new URL(noDatabase, baseUrl), { headers: { cookie } })).json()) as {
    data?: { loginname?: string };
  };
  if (!Array.isArray(page.rows) || page.rows.length === 0)
    throw new Error('the paging call answered no rows');
  if (me.data?.loginname !== 'admin')
    throw new Error('the no-database call did not answer the signed-in user');
  const pagingRuns: CallRun[] = [];
  const noDatabaseRuns: CallRun[] = [];
  for (let round = 0; round < rounds; round++) {
    pagingRuns.push(wrk(server, paging, cookie, connections, seconds));
    noDatabaseRuns.push(wrk(server, noDatabase, cookie, connections, seconds));
  }
  const results = {
    paging: best(pagingRuns),
    noDatabase: best(noDatabaseRuns),
    health: wrk(server, '/healthz', cookie, connections, seconds),
  };
  return {
    status: 'ok',
    ...results,
    ratio: results.paging.rate / results.noDatabase.rate,
    connections,
    rounds,
  };
}
