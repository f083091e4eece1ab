/**
 * Issue 25's budget for the statistics: districtCounty, the one query behind /query/districtCounty and
 * /noticemanger/mapStatistical, p95 ≤ 50 ms, and its ratio to the same stack answering a trivial call
 * (`/healthz`: the same process and pool, one `select 1`). The authority signs in (the city's figures;
 * a district office's are one district of them); before anything is measured the call must answer 200
 * with the districts and non-zero totals. Loaded by step 8's loader (./load.ts), `connections`
 * signed-in callers back to back, best of alternating rounds.
 */
import { signIn } from './calls';
import { best, load, type LoadRun } from './load';

export interface StatisticsBench {
  query: LoadRun;
  trivial: LoadRun;
  ratio: number;
  connections: number;
  rounds: number;
  projects: number;
  districts: number;
}

export async function benchStatistics(
  server: { baseUrl: string },
  {
    captcha,
    connections = 10,
    seconds = 5,
    rounds = 3,
  }: { captcha: string; connections?: number; seconds?: number; rounds?: number },
): Promise<StatisticsBench> {
  const { baseUrl } = server;
  const cookie = await signIn(baseUrl, captcha, 'authority01');
  const path = '/smsend/query/districtCounty';
  const checked = await fetch(new URL(path, baseUrl), { headers: { cookie } });
  const body = (await checked.json()) as {
    message?: string;
    object?: { rows: unknown[]; total: { projects: number } };
  };
  if (checked.status !== 200) throw new Error(`districtCounty answered ${checked.status}: ${body.message}`);
  const figures = body.object;
  if (!figures || figures.rows.length === 0 || figures.total.projects === 0)
    throw new Error('districtCounty answered no districts or no projects');
  const health = await fetch(new URL('/healthz', baseUrl));
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);

  const queryRuns: LoadRun[] = [];
  const trivialRuns: LoadRun[] = [];
  for (let round = 0; round < rounds; round++) {
    queryRuns.push(await load(baseUrl, path, { headers: { cookie } }, connections, seconds));
    trivialRuns.push(await load(baseUrl, '/healthz', {}, connections, seconds));
  }
  const query = best(queryRuns);
  const trivial = best(trivialRuns);
  if (query.failures > 0)
    throw new Error(`districtCounty failed ${query.failures} times under load: ${query.firstFailure}`);
  return {
    query,
    trivial,
    ratio: query.rate / trivial.rate,
    connections,
    rounds,
    projects: figures.total.projects,
    districts: figures.rows.length,
  };
}
