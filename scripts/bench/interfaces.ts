/**
 * Issue 25's budget: getQuery on a projects interface with three conditions (a district, a fixed list
 * of statuses, a minimum investment) under 50 concurrent callers, p95 ≤ 20 ms, and its ratio to the
 * same stack answering a trivial call (`/healthz`: the same process and pool, one `select 1`).
 *
 * The administrator defines the interface and a consuming system through the API (as the console
 * does); the key travels in X-Api-Key as another system would send it. Before any figure counts, the
 * call must answer 200 with rows that all meet the three conditions. The load (./load.ts): 50 callers
 * on keep-alive connections, each sending its next request when the last is answered; the same loader
 * measures both paths, so the ratio compares like with like.
 */
import { signIn } from './calls';
import { best, load, type LoadRequest, type LoadRun } from './load';

export interface InterfacesBench {
  query: LoadRun;
  trivial: LoadRun;
  ratio: number;
  connections: number;
  rounds: number;
  projects: number;
  rows: number;
}

export async function benchInterfaces(
  server: { baseUrl: string },
  {
    captcha,
    connections = 50,
    seconds = 5,
    rounds = 3,
  }: { captcha: string; connections?: number; seconds?: number; rounds?: number },
): Promise<InterfacesBench> {
  const { baseUrl } = server;
  const cookie = await signIn(baseUrl, captcha);
  const admin = async (path: string, body: unknown, json = false) => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { cookie, 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
      body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>),
    });
    const envelope = (await response.json()) as {
      success: boolean;
      message: string;
      data: never;
      rows: never;
      total: number;
    };
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${envelope.message}`);
    return envelope;
  };
  // The district of the newest project, so the condition matches rows in any data set.
  const newest = (await admin('/smsend/project/query', { page: '1', rows: '1' })) as unknown as {
    rows: { districtCode: string }[];
    total: number;
  };
  const district = newest.rows[0]?.districtCode;
  if (!district) throw new Error('no project to query');
  const code = `bench${Date.now()}`;
  await admin(
    '/smsend/api/saveInterface',
    {
      code,
      name: '基准测试：区县项目',
      dataset: 'projects',
      fields: ['projectId', 'projectNo', 'projectName', 'districtCode', 'status', 'totalInvestment'],
      conditions: [
        { field: 'districtCode', operator: 'eq', source: 'param', param: 'district' },
        { field: 'status', operator: 'include', source: 'fixed', value: '1,2,3,4,5,6,7' },
        { field: 'totalInvestment', operator: 'ge', source: 'param', param: 'minInvestment' },
      ],
      rowCap: 1000,
    },
    true,
  );
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const newKey = async () =>
    (
      (await admin('/smsend/api/saveConsumer', { name: '基准测试', expiresOn: expires, rateLimit: '100000' }))
        .data as {
        key: string;
      }
    ).key;
  const minInvestment = 100;
  const form = new URLSearchParams({
    interfaceCode: code,
    district,
    minInvestment: String(minInvestment),
    pageSize: '20',
  }).toString();
  const query = (key: string): LoadRequest => ({
    method: 'POST',
    headers: { 'X-Api-Key': key, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });

  // Checked before anything is measured: 200, rows, and every row meets the three conditions.
  const key = await newKey();
  const checked = await fetch(new URL('/smsend/api/getQuery', baseUrl), query(key));
  const body = (await checked.json()) as {
    message?: string;
    data?: {
      rows: { districtCode: string; status: number; totalInvestment: number | null }[];
      total: number;
    };
  };
  if (checked.status !== 200) throw new Error(`getQuery answered ${checked.status}: ${body.message}`);
  const rows = body.data?.rows ?? [];
  if (rows.length === 0) throw new Error('getQuery answered no rows');
  const wrong = rows.filter(
    (row) =>
      row.districtCode !== district ||
      ![1, 2, 3, 4, 5, 6, 7].includes(row.status) ||
      row.totalInvestment === null ||
      row.totalInvestment < minInvestment,
  );
  if (wrong.length > 0)
    throw new Error(`getQuery answered rows outside its conditions: ${JSON.stringify(wrong[0])}`);
  const health = await fetch(new URL('/healthz', baseUrl));
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);

  const queryRuns: LoadRun[] = [];
  const trivialRuns: LoadRun[] = [];
  for (let round = 0; round < rounds; round++) {
    // A key per round: the rate limit (100,000 a minute) is never what is measured.
    queryRuns.push(await load(baseUrl, '/smsend/api/getQuery', query(await newKey()), connections, seconds));
    trivialRuns.push(await load(baseUrl, '/healthz', {}, connections, seconds));
  }
  const result = { query: best(queryRuns), trivial: best(trivialRuns) };
  if (result.query.failures > 0) throw new Error(`getQuery failed ${result.query.failures} times under load`);
  return {
    ...result,
    ratio: result.query.rate / result.trivial.rate,
    connections,
    rounds,
    projects: newest.total,
    rows: body.data!.total,
  };
}
