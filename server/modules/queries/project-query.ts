/**
 * The project search (issue 25, /query/projectQuery): every project filter, the list paged and its
 * export of the same filter. It is also where every number of the district figures and the map drills
 * down to (district-county.ts says which filter each number uses). A district sub-office sees only the
 * projects of its district.
 */
import { and, count, desc, eq, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { containsAny, containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import { constructionUnits, districts, projects, surveyItems } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { keysetBatches, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { ProjectQueryRow } from '@shared/calls/queries';
import { projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { queryMessages as m, type ProjectQueryFilters } from '@shared/validation/queries';
import { overdueSql, projectConditions } from './district-county';
import { districtScope } from './scope';
import { beijingDate } from '@shared/domain/working-days';

const p = projects;

async function filterWhere(
  db: Database,
  user: SessionUser,
  filters: ProjectQueryFilters,
  now: Date,
): Promise<SQL | undefined> {
  const scope = await districtScope(db, user, filters.districtCode);
  if (filters.itemId !== undefined) {
    const [item] = await db
      .select({ id: surveyItems.itemId })
      .from(surveyItems)
      .where(eq(surveyItems.itemId, filters.itemId));
    if (!item) throw new AppError('invalid_input', { message: m.itemUnknown, field: 'itemId' });
  }
  const parts: SQL[] = projectConditions(scope.districtCode, filters);
  if (filters.projectName) parts.push(ilike(p.projectName, containsPattern(filters.projectName)));
  if (filters.projectNo) parts.push(containsAny(filters.projectNo, p.projectNo, p.centralCode, p.localCode));
  if (filters.status !== undefined) parts.push(eq(p.status, filters.status));
  if (filters.stageId !== undefined)
    parts.push(
      sql`exists (select 1 from project_demands sd where sd.project_id = ${p.pkid} and sd.stage_id = ${filters.stageId})`,
    );
  if (filters.itemId !== undefined)
    parts.push(
      sql`exists (select 1 from project_stage_items si where si.project_id = ${p.pkid} and si.item_id = ${filters.itemId})`,
    );
  if (filters.contractStatus !== undefined)
    parts.push(
      sql`exists (select 1 from contracts ct where ct.project_id = ${p.pkid} and ct.status = ${filters.contractStatus})`,
    );
  if (filters.ownerName) parts.push(ilike(constructionUnits.name, containsPattern(filters.ownerName)));
  if (filters.agencyName)
    parts.push(
      sql`exists (select 1 from project_authorizations pa join agent_organizations ao on ao.organization_id = pa.organization_id where pa.project_id = ${p.pkid} and pa.state = 1 and ao.org_name ilike ${containsPattern(filters.agencyName)})`,
    );
  if (filters.overdue === '1') parts.push(overdueSql(beijingDate(now)));
  return parts.length > 0 ? and(...parts) : undefined;
}

function rowColumns(now: Date) {
  return {
    pkid: p.pkid,
    projectName: p.projectName,
    projectNo: p.projectNo,
    centralCode: p.centralCode,
    districtCode: p.districtCode,
    districtName: districts.districtName,
    ownerName: constructionUnits.name,
    status: p.status,
    stageName: sql<
      string | null
    >`(select s.name from project_demands d join stages s on s.stage_id = d.stage_id where d.project_id = ${p.pkid} order by d.pkid desc limit 1)`,
    agencyNames: sql<
      string[]
    >`coalesce((select array_agg(distinct ao.org_name order by ao.org_name) from project_authorizations pa join agent_organizations ao on ao.organization_id = pa.organization_id where pa.project_id = ${p.pkid} and pa.state = 1), '{}')`,
    contractAmount: sql<
      string | null
    >`(select sum(ct.amount)::numeric(16, 2)::text from contracts ct where ct.project_id = ${p.pkid} and ct.status <> 9)`,
    overdue: sql<boolean>`${overdueSql(beijingDate(now))}`,
    createdAt: p.createdAt,
  };
}

function selectRows(db: Database, now: Date) {
  return db
    .select(rowColumns(now))
    .from(p)
    .innerJoin(districts, eq(districts.districtCode, p.districtCode))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId));
}

type Row = Omit<ProjectQueryRow, 'createdAt'> & { createdAt: Date };

export async function queryProjects(
  db: Database,
  user: SessionUser,
  input: ProjectQueryFilters & { page: number; rows: number },
  now: Date,
): Promise<{ rows: Row[]; total: number }> {
  const where = await filterWhere(db, user, input, now);
  const rows = await selectRows(db, now)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.pkid))
    .limit(input.rows)
    .offset((input.page - 1) * input.rows);
  const [total] = await db
    .select({ n: count() })
    .from(p)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, p.constructionId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

const sheetColumns: readonly SheetColumn<Row>[] = [
  { header: '项目名称', width: 36, value: (row) => row.projectName },
  { header: '项目编号', width: 18, value: (row) => row.projectNo },
  { header: '项目代码', width: 26, value: (row) => row.centralCode },
  { header: '区县', width: 12, value: (row) => row.districtName },
  { header: '建设单位', width: 30, value: (row) => row.ownerName },
  { header: '当前阶段', width: 22, value: (row) => row.stageName },
  { header: '测绘机构', width: 36, value: (row) => row.agencyNames.join('、') },
  { header: '项目状态', width: 12, value: (row) => projectStatus.label(row.status) },
  { header: '合同金额（元）', kind: 'money', value: (row) => row.contractAmount },
  { header: '是否逾期', width: 8, value: (row) => (row.overdue ? '逾期' : '') },
  { header: '登记时间', kind: 'dateTime', value: (row) => row.createdAt },
];

export async function exportProjects(
  db: Database,
  user: SessionUser,
  filters: ProjectQueryFilters,
  now: Date,
) {
  const where = await filterWhere(db, user, filters, now);
  return spreadsheetResponse({
    fileName: '项目查询.xlsx',
    sheetName: '项目',
    columns: sheetColumns,
    rows: keysetBatches<Row, number>(
      (after, size) =>
        selectRows(db, now)
          .where(after === undefined ? where : and(where, lt(p.pkid, after)))
          .orderBy(desc(p.pkid))
          .limit(size),
      (row) => row.pkid,
    ),
  });
}
