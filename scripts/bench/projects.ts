/**
 * Issue 13's budget on PostgreSQL with 100,000 projects: the project list with filters under 50
 * signed-in users (p95 ≤ 15 ms and ≥ 0.5× the same stack answering `SELECT 1`), and the owner's and
 * the agency's to-do lists (p95 ≤ 15 ms).
 *
 * "The same stack answering SELECT 1" is /healthz sent with the same session cookies: the same
 * process, middleware (session lookup included) and connection pool, and one `select 1`.
 * Each user is 50 sessions of its demo account (signed in through CAS), one per connection, so the
 * session lookups are 50 users' and not one cached cookie's. Every path is first checked to answer
 * 200 with rows, or no figure is reported.
 */
import { best, signIn, wrk, type CallRun, type LoadOptions } from './calls';

export interface ProjectsBench {
  list: CallRun;
  selectOne: CallRun;
  ownerTodo: CallRun;
  agencyTodo: CallRun;
  ratio: number;
  connections: number;
  rounds: number;
  projects: number;
}

interface Page {
  rows?: Record<string, unknown>[];
  total?: number;
}

async function sessions(baseUrl: string, captcha: string, username: string, n: number): Promise<string[]> {
  const cookies: string[] = [];
  // One after another: sign-on is not what is measured, and a burst would only wait on the CPU.
  for (let i = 0; i < n; i++) cookies.push(await signIn(baseUrl, captcha, username));
  return cookies;
}

async function page(baseUrl: string, path: string, cookie: string): Promise<Page> {
  const response = await fetch(new URL(path, baseUrl), { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as Page;
  if (!Array.isArray(body.rows) || body.rows.length === 0) throw new Error(`${path} answered no rows`);
  return body;
}

export async function benchProjects(
  server: { baseUrl: string; pid: number },
  { captcha, connections = 50, seconds = 5, rounds = 3 }: LoadOptions,
): Promise<ProjectsBench> {
  const { baseUrl } = server;
  const [admins, owners, agencies] = [
    await sessions(baseUrl, captcha, 'admin', connections),
    await sessions(baseUrl, captcha, 'owner01', connections),
    await sessions(baseUrl, captcha, 'agency01', connections),
  ];
  const all = await page(baseUrl, '/smsend/project/query?page=1&rows=10', admins[0]!);
  // Filter on the newest project's district and status: a filter that matches rows in any data set.
  const newest = all.rows![0]!;
  const list = `/smsend/project/query?page=1&rows=10&status=${String(newest.status)}&districtCode=${String(newest.districtCode)}`;
  await page(baseUrl, list, admins[0]!);
  const selectOne = '/healthz';
  const health = await fetch(new URL(selectOne, baseUrl), { headers: { cookie: admins[0]! } });
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
  // The owner's demands awaiting selection, and the offers waiting for the agency's answer.
  const ownerTodo = '/smsend/project/findProjectsRecord?pageIndex=1&pageSize=10&status=1';
  const agencyTodo = '/smsend/project/authorization/toDoList?page=1&rows=10';
  await page(baseUrl, ownerTodo, owners[0]!);
  await page(baseUrl, agencyTodo, agencies[0]!);

  const listRuns: CallRun[] = [];
  const selectOneRuns: CallRun[] = [];
  for (let round = 0; round < rounds; round++) {
    listRuns.push(wrk(server, list, admins, connections, seconds));
    selectOneRuns.push(wrk(server, selectOne, admins, connections, seconds));
  }
  const result = {
    list: best(listRuns),
    selectOne: best(selectOneRuns),
    ownerTodo: wrk(server, ownerTodo, owners, connections, seconds),
    agencyTodo: wrk(server, agencyTodo, agencies, connections, seconds),
  };
  return {
    ...result,
    ratio: result.list.rate / result.selectOne.rate,
    connections,
    rounds,
    projects: all.total ?? 0,
  };
}
