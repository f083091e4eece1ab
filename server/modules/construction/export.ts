/** The construction units with the list's filters as an .xlsx, newest registration first. */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import { constructionUnits, districts } from '@server/db/schema';
import { keysetBatches, newestAfter, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { NewestKey } from '@server/lib/spreadsheet';
import { auditStatus } from '@shared/domain/statuses';
import type { ConstructionExportFilters } from '@shared/validation/construction-export';
import type { ConstructionUnitRow } from '@shared/calls/construction-export';

const c = constructionUnits;

const exportColumns = {
  constructionId: c.constructionId,
  name: c.name,
  creditCode: c.creditCode,
  legalPersonName: c.legalPersonName,
  contactName: c.contactName,
  contactPhone: c.contactPhone,
  districtName: districts.districtName,
  address: c.address,
  auditStatus: c.auditStatus,
  submittedAt: c.submittedAt,
  auditedAt: c.auditedAt,
  createdAt: c.createdAt,
};

interface ExportRow {
  constructionId: number;
  name: string;
  creditCode: string | null;
  legalPersonName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  districtName: string | null;
  address: string | null;
  auditStatus: number;
  submittedAt: Date | null;
  auditedAt: Date | null;
  createdAt: Date;
}

const columns: readonly SheetColumn<ExportRow>[] = [
  { header: '单位名称', width: 36, value: (row) => row.name },
  { header: '统一社会信用代码', width: 22, value: (row) => row.creditCode },
  { header: '法定代表人', width: 12, value: (row) => row.legalPersonName },
  { header: '联系人', width: 10, value: (row) => row.contactName },
  { header: '联系电话', width: 14, value: (row) => row.contactPhone },
  { header: '所在区县', width: 12, value: (row) => row.districtName },
  { header: '地址', width: 36, value: (row) => row.address },
  { header: '审核状态', width: 10, value: (row) => auditStatus.label(row.auditStatus) },
  { header: '提交时间', kind: 'dateTime', value: (row) => row.submittedAt },
  { header: '审核时间', kind: 'dateTime', value: (row) => row.auditedAt },
  { header: '登记时间', kind: 'dateTime', value: (row) => row.createdAt },
];

export function constructionConditions(filters: ConstructionExportFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.name) conditions.push(ilike(c.name, containsPattern(filters.name)));
  if (filters.creditCode) conditions.push(ilike(c.creditCode, containsPattern(filters.creditCode)));
  if (filters.auditStatus !== undefined) conditions.push(eq(c.auditStatus, filters.auditStatus));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function exportConstructionUnits(db: Database, filters: ConstructionExportFilters): Response {
  const where = constructionConditions(filters);
  const rows = keysetBatches<ExportRow, NewestKey>(
    (after, size) =>
      db
        .select(exportColumns)
        .from(c)
        .leftJoin(districts, eq(districts.districtCode, c.districtCode))
        .where(newestAfter(where, { createdAt: c.createdAt, id: c.constructionId }, after))
        .orderBy(desc(c.createdAt), desc(c.constructionId))
        .limit(size),
    (row) => ({ createdAt: row.createdAt, id: row.constructionId }),
  );
  return spreadsheetResponse({ fileName: '建设单位.xlsx', sheetName: '建设单位', columns, rows });
}

/** construction/list: one page of the units the export would write, in the same order. */
export async function listConstructionUnits(
  db: Database,
  query: ConstructionExportFilters & { page: number; rows: number },
): Promise<{ rows: ConstructionUnitRow[]; total: number }> {
  const where = constructionConditions(query);
  const rows = await pageOf(
    db
      .select(exportColumns)
      .from(c)
      .leftJoin(districts, eq(districts.districtCode, c.districtCode))
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.constructionId))
      .$dynamic(),
    query,
  );
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return {
    rows: rows.map((row) => ({
      ...row,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      auditedAt: row.auditedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
