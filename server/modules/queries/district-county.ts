/**
 * The per-district figures (issue 25): /query/districtCounty shows them as a chart and a table,
 * /noticemanger/mapStatistical shades the map with them; this one query feeds both. Every figure is
 * about the projects registered in the period (all of them without one), each an aggregate grouped by
 * district; nothing loads rows.
 *
 * Each figure has its list on /query/projectQuery: projects by status (districtCode + status), projects
 * with a demand at a stage (stageId), projects with contracts in a state (contractStatus) and overdue
 * projects (overdue=1), so a number and the length of its list are the same.
 */
import { and, count, countDistinct, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import type { AnnouncedTable, ResultCache } from '@server/lib/result-cache';
import { contracts, projectDemands, projects, stages } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { DistrictCounty, DistrictFigures } from '@shared/calls/queries';
import { contractStatus, projectStatus } from '@shared/domain/statuses';
import { fromCents, toCents } from '@shared/money';
import { beijingDate, startOfBeijingDay } from '@shared/domain/working-days';
import type { DistrictCountyInput } from '@shared/validation/queries';
import { beijingDayAfter, ownDistrictOf, scopeOf } from './scope';

/** Project states in which a passed demand deadline counts as overdue (released, not yet accepted). */
export const overdueStatuses = [1, 2, 3, 4, 5] as const;

/** SQL: the project (the outer `projects` row) has a demand whose deadline passed before `today`. */
export function overdueSql(today: string): SQL {
  return sql`(${inArray(projects.status, [...overdueStatuses])} and exists (select 1 from project_demands od where od.project_id = ${projects.pkid} and od.deadline < ${today}::date))`;
}

/** The conditions on projects every figure shares: the district scope and the registration period. */
export function projectConditions(
  districtCode: string | null,
  period: { start?: string | undefined; end?: string | undefined },
): SQL[] {
  return [
    ...(districtCode ? [eq(projects.districtCode, districtCode)] : []),
    ...(period.start ? [gte(projects.createdAt, startOfBeijingDay(period.start))] : []),
    ...(period.end ? [lt(projects.createdAt, beijingDayAfter(period.end))] : []),
  ];
}

type Figures = Omit<DistrictFigures, 'districtCode' | 'districtName'>;

function emptyFigures(): Figures {
  return {
    projects: 0,
    projectsByStatus: [],
    demands: 0,
    projectsByStage: [],
    contracts: 0,
    contractsByStatus: [],
    contractAmount: '0.00',
    amountByStatus: [],
    overdue: 0,
  };
}

function addCount(list: { key: number; count: number }[], key: number, n: number) {
  const found = list.find((entry) => entry.key === key);
  if (found) found.count += n;
  else list.push({ key, count: n });
}

function addAmount(list: { key: number; amount: string }[], key: number, amount: string) {
  const found = list.find((entry) => entry.key === key);
  const cents = toCents(amount) ?? 0n;
  if (found) found.amount = fromCents((toCents(found.amount) ?? 0n) + cents);
  else list.push({ key, amount: fromCents(cents) });
}

const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

/** The three grouped aggregates behind the figures, per district (one pass over each table). */
async function districtAggregates(db: Database, where: SQL | undefined, today: string) {
  // Sequential on purpose: PGlite has one connection, and each is one grouped aggregate.
  // Projects by status, with how many of them are overdue.
  const byStatus = await db
    .select({
      districtCode: projects.districtCode,
      key: projects.status,
      n: count(),
      overdue: sql<number>`(count(*) filter (where ${overdueSql(today)}))::int`,
    })
    .from(projects)
    .where(where)
    .groupBy(projects.districtCode, projects.status);
  // Demands by stage: how many, and of how many projects.
  const byStage = await db
    .select({
      districtCode: projects.districtCode,
      key: projectDemands.stageId,
      demands: count(),
      n: countDistinct(projectDemands.projectId),
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .where(where)
    .groupBy(projects.districtCode, projectDemands.stageId);
  const byContract = await db
    .select({
      districtCode: projects.districtCode,
      key: contracts.status,
      n: count(),
      amount: sql<string>`coalesce(sum(${contracts.amount}), 0)::numeric(16, 2)::text`,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.pkid, contracts.projectId))
    .where(where)
    .groupBy(projects.districtCode, contracts.status);
  return { byStatus, byStage, byContract };
}

function sortFigures(f: Figures): Figures {
  for (const list of [f.projectsByStatus, f.projectsByStage, f.contractsByStatus, f.amountByStatus])
    list.sort(byKey);
  return f;
}

/** Adds one district's figures to the city's. */
function addToTotal(total: Figures, f: Figures) {
  total.projects += f.projects;
  total.demands += f.demands;
  total.contracts += f.contracts;
  total.overdue += f.overdue;
  total.contractAmount = fromCents((toCents(total.contractAmount) ?? 0n) + (toCents(f.contractAmount) ?? 0n));
  for (const e of f.projectsByStatus) addCount(total.projectsByStatus, e.key, e.count);
  for (const e of f.projectsByStage) addCount(total.projectsByStage, e.key, e.count);
  for (const e of f.contractsByStatus) addCount(total.contractsByStatus, e.key, e.count);
  for (const e of f.amountByStatus) addAmount(total.amountByStatus, e.key, e.amount);
}

/** The tables the figures read: a change to any of them drops the figures kept in memory. */
export const districtCountyTables = [
  'projects',
  'project_demands',
  'contracts',
  'stages',
  'districts',
] as const satisfies readonly AnnouncedTable[];

/**
 * The figures, from memory while none of the tables they read changed (server/lib/result-cache.ts):
 * each is a pass over the whole city's projects, demands and contracts, the same for every caller of
 * the same scope, period and day (the overdue count depends on the day). The user's own district is
 * looked up on every call, so a sub-office moved to another district never sees the old one's.
 */
export async function districtCounty(
  db: Database,
  user: SessionUser,
  input: DistrictCountyInput,
  now: Date,
  results?: ResultCache,
): Promise<DistrictCounty> {
  const own = await ownDistrictOf(db, user);
  const today = beijingDate(now);
  const load = () => computeDistrictCounty(db, own, input, today);
  if (!results) return load();
  const key = `query/districtCounty|${own ?? '*'}|${today}|${JSON.stringify(input)}`;
  return results.get(districtCountyTables, key, load);
}

async function computeDistrictCounty(
  db: Database,
  own: string | null,
  input: DistrictCountyInput,
  today: string,
): Promise<DistrictCounty> {
  const scope = await scopeOf(db, own);
  const where = and(...projectConditions(scope.districtCode, input));
  const { byStatus, byStage, byContract } = await districtAggregates(db, where, today);
  const stageList = await db
    .select({ stageId: stages.stageId, name: stages.name })
    .from(stages)
    .orderBy(stages.orderIndex, stages.stageId);

  const figures = new Map<string, Figures>(scope.districts.map((d) => [d.districtCode, emptyFigures()]));
  for (const row of byStatus) {
    const f = figures.get(row.districtCode);
    if (!f) continue;
    f.projects += row.n;
    f.overdue += row.overdue;
    addCount(f.projectsByStatus, row.key, row.n);
  }
  for (const row of byStage) {
    const f = figures.get(row.districtCode);
    if (!f) continue;
    f.demands += row.demands;
    addCount(f.projectsByStage, row.key, row.n);
  }
  for (const row of byContract) {
    const f = figures.get(row.districtCode);
    if (!f) continue;
    f.contracts += row.n;
    addCount(f.contractsByStatus, row.key, row.n);
    addAmount(f.amountByStatus, row.key, row.amount);
    if (row.key !== contractStatus.code.terminated)
      f.contractAmount = fromCents((toCents(f.contractAmount) ?? 0n) + (toCents(row.amount) ?? 0n));
  }

  const total = emptyFigures();
  const rows: DistrictFigures[] = scope.districts.map((d) => {
    const f = sortFigures(figures.get(d.districtCode) ?? emptyFigures());
    addToTotal(total, f);
    return { districtCode: d.districtCode, districtName: d.districtName, ...f };
  });
  return { stages: stageList, rows, total: sortFigures(total), ownDistrictOnly: scope.ownDistrictOnly };
}

/** Rows already in memory (a few dozen districts or groups), as the exporter's one batch. */
export async function* oneBatch<Row>(rows: readonly Row[]): AsyncIterable<readonly Row[]> {
  yield rows;
}

const countOf = (list: readonly { key: number; count: number }[], key: number) =>
  list.find((entry) => entry.key === key)?.count ?? 0;

/** The table of the page, as a spreadsheet: one row per district and the totals. */
export async function exportDistrictCounty(
  db: Database,
  user: SessionUser,
  input: DistrictCountyInput,
  now: Date,
  results?: ResultCache,
) {
  const result = await districtCounty(db, user, input, now, results);
  const columns: SheetColumn<DistrictFigures>[] = [
    { header: '区县', width: 14, value: (row) => row.districtName },
    { header: '项目数', kind: 'integer', value: (row) => row.projects },
    ...projectStatus.entries.map((entry): SheetColumn<DistrictFigures> => ({
      header: `项目${entry.label}`,
      kind: 'integer',
      value: (row) => countOf(row.projectsByStatus, entry.value),
    })),
    { header: '需求数', kind: 'integer', value: (row) => row.demands },
    ...result.stages.map((stage): SheetColumn<DistrictFigures> => ({
      header: `${stage.name}（项目）`,
      kind: 'integer',
      value: (row) => countOf(row.projectsByStage, stage.stageId),
    })),
    { header: '合同数', kind: 'integer', value: (row) => row.contracts },
    ...contractStatus.entries.map((entry): SheetColumn<DistrictFigures> => ({
      header: `合同${entry.label}`,
      kind: 'integer',
      value: (row) => countOf(row.contractsByStatus, entry.value),
    })),
    { header: '合同金额（元）', kind: 'money', value: (row) => row.contractAmount },
    { header: '逾期项目', kind: 'integer', value: (row) => row.overdue },
  ];
  return spreadsheetResponse({
    fileName: '区县统计.xlsx',
    sheetName: '区县统计',
    columns,
    rows: oneBatch(result.rows),
    totalsLabel: '合计',
  });
}
