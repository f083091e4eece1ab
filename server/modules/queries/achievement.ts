/**
 * Results statistics (issue 25, /query/achievementQuery): the result items submitted, waiting,
 * adopted and rejected, and the valid acceptance certificates, grouped by survey item, agency (the one
 * whose authorization for the demand was accepted), district or month (Beijing time). A period limits
 * results by their submission and certificates by their issue; a district sub-office sees its own
 * district only.
 */
import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import {
  agentOrganizations,
  certificates,
  projectAuthorizations,
  projectResults,
  projects,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { AchievementRow, AchievementStatistics } from '@shared/calls/queries';
import { certificateState } from '@shared/domain/certificates';
import { authorizationState, resultAcceptance } from '@shared/domain/statuses';
import { achievementGroupings, type AchievementQueryInput } from '@shared/validation/queries';
import { oneBatch } from './district-county';
import { beijingDayAfter, districtScope } from './scope';
import { startOfBeijingDay } from '@shared/domain/working-days';

const r = projectResults;
const c = certificates;

/** The agency of each demand: its accepted authorization (the newest, if ever two). */
function acceptedAgencies(db: Database) {
  const a = projectAuthorizations;
  return db
    .selectDistinctOn([a.demandId], { demandId: a.demandId, organizationId: a.organizationId })
    .from(a)
    .where(eq(a.state, authorizationState.code.accepted))
    .orderBy(a.demandId, desc(a.pkid))
    .as('accepted_agency');
}

const monthOf = (column: SQL | typeof r.submittedAt | typeof c.issuedAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;

function period(column: typeof r.submittedAt | typeof c.issuedAt, input: AchievementQueryInput): SQL[] {
  return [
    ...(input.start ? [gte(column, startOfBeijingDay(input.start))] : []),
    ...(input.end ? [lt(column, beijingDayAfter(input.end))] : []),
  ];
}

export async function achievementStatistics(
  db: Database,
  user: SessionUser,
  input: AchievementQueryInput,
): Promise<AchievementStatistics> {
  const scope = await districtScope(db, user, input.districtCode);
  const inDistrict = scope.districtCode ? [eq(projects.districtCode, scope.districtCode)] : [];
  const agency = acceptedAgencies(db);
  const resultKey = {
    item: sql<string>`${r.itemId}::text`,
    agency: sql<string>`coalesce(${agency.organizationId}, 0)::text`,
    district: sql<string>`${projects.districtCode}`,
    month: monthOf(r.submittedAt),
  }[input.groupBy];
  const results = await db
    .select({
      key: resultKey,
      submitted: count(),
      pending: sql<number>`count(*) filter (where ${r.status} = ${resultAcceptance.code.submitted})::int`,
      adopted: sql<number>`count(*) filter (where ${r.status} = ${resultAcceptance.code.adopted})::int`,
      rejected: sql<number>`count(*) filter (where ${r.status} = ${resultAcceptance.code.rejected})::int`,
    })
    .from(r)
    .innerJoin(projects, eq(projects.pkid, r.projectId))
    .leftJoin(agency, eq(agency.demandId, r.demandId))
    .where(
      and(ne(r.status, resultAcceptance.code.notSubmitted), ...inDistrict, ...period(r.submittedAt, input)),
    )
    .groupBy(resultKey);

  const valid = [eq(c.state, certificateState.code.issued), ...inDistrict, ...period(c.issuedAt, input)];
  const certificateCounts =
    input.groupBy === 'item'
      ? await db
          .select({ key: sql<string>`${surveyItems.itemId}::text`, n: count() })
          .from(c)
          .innerJoin(projects, eq(projects.pkid, c.projectId))
          .innerJoin(surveyItems, sql`${c.itemNames} @> jsonb_build_array(${surveyItems.name})`)
          .where(and(...valid))
          .groupBy(surveyItems.itemId)
      : await (() => {
          const key = {
            agency: sql<string>`coalesce(${c.organizationId}, 0)::text`,
            district: sql<string>`${projects.districtCode}`,
            month: monthOf(c.issuedAt),
          }[input.groupBy];
          return db
            .select({ key, n: count() })
            .from(c)
            .innerJoin(projects, eq(projects.pkid, c.projectId))
            .where(and(...valid))
            .groupBy(key);
        })();

  const labels = await labelsOf(db, input.groupBy, scope.districts);
  const rows = new Map<string, AchievementRow>();
  const rowOf = (key: string) => {
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        label: labels.get(key) ?? (input.groupBy === 'agency' ? '（无受托机构）' : key),
        submitted: 0,
        pending: 0,
        adopted: 0,
        rejected: 0,
        certificates: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  // Districts always show (a table of every district, zero or not); the other groupings list what occurs.
  if (input.groupBy === 'district') for (const d of scope.districts) rowOf(d.districtCode);
  for (const row of results) Object.assign(rowOf(row.key), { ...row, key: row.key });
  for (const row of certificateCounts) rowOf(row.key).certificates = row.n;

  const order = [...labels.keys()];
  const list = [...rows.values()].sort((a, b) => {
    if (input.groupBy === 'month') return a.key.localeCompare(b.key);
    const ia = order.indexOf(a.key);
    const ib = order.indexOf(b.key);
    return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.key.localeCompare(b.key);
  });
  const total = { submitted: 0, pending: 0, adopted: 0, rejected: 0, certificates: 0 };
  for (const row of list)
    for (const name of Object.keys(total) as (keyof typeof total)[]) total[name] += row[name];
  return { rows: list, total, ownDistrictOnly: scope.ownDistrictOnly };
}

/** The group keys' labels, in the order the table lists them. */
async function labelsOf(
  db: Database,
  groupBy: AchievementQueryInput['groupBy'],
  districts: readonly { districtCode: string; districtName: string }[],
): Promise<Map<string, string>> {
  switch (groupBy) {
    case 'item': {
      const items = await db
        .select({ id: surveyItems.itemId, name: surveyItems.name })
        .from(surveyItems)
        .orderBy(surveyItems.stageId, surveyItems.orderIndex, surveyItems.itemId);
      return new Map(items.map((item) => [String(item.id), item.name]));
    }
    case 'agency': {
      const orgs = await db
        .select({ id: agentOrganizations.organizationId, name: agentOrganizations.orgName })
        .from(agentOrganizations)
        .orderBy(agentOrganizations.orgName);
      return new Map(orgs.map((org) => [String(org.id), org.name]));
    }
    case 'district':
      return new Map(districts.map((d) => [d.districtCode, d.districtName]));
    case 'month':
      return new Map();
  }
}

export async function exportAchievement(db: Database, user: SessionUser, input: AchievementQueryInput) {
  const result = await achievementStatistics(db, user, input);
  const grouping = achievementGroupings.find((g) => g.value === input.groupBy)?.label ?? '分组';
  const columns: SheetColumn<AchievementRow>[] = [
    { header: grouping, width: 30, value: (row) => row.label },
    { header: '提交事项', kind: 'integer', value: (row) => row.submitted },
    { header: '待审核', kind: 'integer', value: (row) => row.pending },
    { header: '已采纳', kind: 'integer', value: (row) => row.adopted },
    { header: '已退回', kind: 'integer', value: (row) => row.rejected },
    { header: '验收证书', kind: 'integer', value: (row) => row.certificates },
  ];
  return spreadsheetResponse({
    fileName: `成果统计（按${grouping}）.xlsx`,
    sheetName: '成果统计',
    columns,
    rows: oneBatch(result.rows),
    totalsLabel: '合计',
  });
}
