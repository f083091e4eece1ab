/**
 * Issue 26's figure: signed-in calls through the shipped nginx front to two instances on one
 * PostgreSQL database, against one instance answered directly and one behind the same front, in one
 * run on one machine. On a 2-core machine the instances, nginx, PostgreSQL and the loader share the
 * CPUs, so the ratio shows what the front costs rather than what a second instance gains.
 *
 * The step makes a database of its own on the server of BENCH_DATABASE_URL (a fresh demo set, dropped
 * after). Before any figure counts, the call must answer 200 with the same bytes directly from each
 * instance and through both fronts (several times through the two-instance front, so both answer).
 * The load is step 8's (./load.ts: wrk where installed), `connections` signed-in callers back to
 * back, best of alternating rounds.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { newMirrorDir, nginxBinary, startNginxFront, type NginxFront } from '../../e2e/fixtures/nginx-front';
import { startServer, type StartedServer } from '../../e2e/fixtures/server';
import { signIn } from './calls';
import { best, load, type LoadRun } from './load';

export type ScaleOutBench =
  | {
      status: 'ok';
      /** One instance, no front. */
      direct: LoadRun;
      /** nginx with one instance in its upstream. */
      frontOne: LoadRun;
      /** nginx with both instances in its upstream. */
      frontTwo: LoadRun;
      /** frontTwo / direct: the figure. */
      ratio: number;
      /** frontTwo / frontOne: what the second instance adds behind the same front. */
      secondInstance: number;
      connections: number;
      rounds: number;
      bytes: number;
    }
  | { status: 'missing'; note: string };

export interface ScaleOutOptions {
  root: string;
  buildDir: string;
  /** A PostgreSQL server (any database of it): the step creates and drops its own. */
  serverUrl: string;
  captcha: string;
  connections?: number;
  seconds?: number;
  rounds?: number;
}

/** The paging call of step 6: session, role check, validation and a database read per answer. */
const CALL = '/smsend/project/message/query?pageIndex=1&pageSize=10';

function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseOn(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The call's answer through each address: all 200 and byte for byte the same, or an error. */
async function sameAnswers(baseUrls: readonly string[], cookie: string): Promise<number> {
  let first: Buffer | undefined;
  for (const baseUrl of baseUrls) {
    const response = await fetch(new URL(CALL, baseUrl), { headers: { cookie } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${baseUrl}${CALL} answered ${response.status}`);
    if (!bytes.toString('utf8').includes('"rows":[{')) throw new Error(`${baseUrl}${CALL} answered no rows`);
    first ??= bytes;
    if (!bytes.equals(first)) throw new Error(`${baseUrl}${CALL} answered other bytes than ${baseUrls[0]}`);
  }
  return first?.length ?? 0;
}

async function measure(
  targets: { direct: string; frontOne: string; frontTwo: string },
  cookie: string,
  { connections, seconds, rounds }: { connections: number; seconds: number; rounds: number },
) {
  const runs: Record<keyof typeof targets, LoadRun[]> = { direct: [], frontOne: [], frontTwo: [] };
  for (let round = 0; round < rounds; round++)
    for (const name of ['direct', 'frontOne', 'frontTwo'] as const)
      runs[name].push(await load(targets[name], CALL, { headers: { cookie } }, connections, seconds));
  const result = { direct: best(runs.direct), frontOne: best(runs.frontOne), frontTwo: best(runs.frontTwo) };
  for (const [name, run] of Object.entries(result))
    if (run.failures > 0)
      throw new Error(`${name}: ${run.failures} failures under load: ${run.firstFailure}`);
  return result;
}

export async function benchScaleOut(options: ScaleOutOptions): Promise<ScaleOutBench> {
  if (!nginxBinary()) return { status: 'missing', note: 'nginx is not installed' };
  const { connections = 50, seconds = 5, rounds = 3 } = options;
  const database = `survey_bench_scale_${randomUUID().slice(0, 8)}`;
  const mirrorDir = newMirrorDir();
  const started: StartedServer[] = [];
  const fronts: NginxFront[] = [];
  await onServer(options.serverUrl, `create database ${database}`);
  try {
    const env = {
      DATABASE_URL: databaseOn(options.serverUrl, database),
      SEED_PROJECTS: '200',
      BUILD_DIR: options.buildDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_TEST_CODE: options.captcha,
      TRUST_PROXY: 'true',
      PAGE_MIRROR_DIR: mirrorDir,
    };
    // A migrates and seeds the empty database; B starts on what A made.
    for (let n = 0; n < 2; n++)
      started.push(await startServer({ root: options.root, env, healthTimeoutMs: 300_000 }));
    const [a, b] = started as [StartedServer, StartedServer];
    fronts.push(await startNginxFront([a.baseUrl], mirrorDir));
    fronts.push(await startNginxFront([a.baseUrl, b.baseUrl], mirrorDir));
    const [frontOne, frontTwo] = fronts as [NginxFront, NginxFront];
    const cookie = await signIn(a.baseUrl, options.captcha);
    const bytes = await sameAnswers(
      [a.baseUrl, b.baseUrl, frontOne.baseUrl, ...Array.from({ length: 4 }, () => frontTwo.baseUrl)],
      cookie,
    );
    const result = await measure(
      { direct: a.baseUrl, frontOne: frontOne.baseUrl, frontTwo: frontTwo.baseUrl },
      cookie,
      { connections, seconds, rounds },
    );
    return {
      status: 'ok',
      ...result,
      ratio: result.frontTwo.rate / result.direct.rate,
      secondInstance: result.frontTwo.rate / result.frontOne.rate,
      connections,
      rounds,
      bytes,
    };
  } finally {
    for (const front of fronts) await front.stop();
    for (const server of started) await server.stop();
    fs.rmSync(mirrorDir, { recursive: true, force: true });
    // The instances' pools close as their processes end; a forced drop ends any straggler.
    await onServer(options.serverUrl, `drop database if exists ${database} with (force)`);
  }
}
