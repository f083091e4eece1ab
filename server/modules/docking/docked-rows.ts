/** How every reader sees docked projects: the columns, the row as answered, the filters, one page. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  constructionUnits,
  districts,
  dockedProjectFiles,
  dockedProjects,
  projects,
} from '@server/db/schema';
import { dockingSourceLabel } from '@shared/domain/docking';
import type { DockingFilters } from '@shared/validation/docking';

const dp = dockedProjects;

const rowColumns = {
  pkid: dp.pkid,
  platformProjectId: dp.platformProjectId,
  source: dp.source,
  projectName: dp.projectName,
  centralCode: dp.centralCode,
  localCode: dp.localCode,
  districtCode: dp.districtCode,
  districtName: districts.districtName,
  address: dp.address,
  fundingParty: dp.fundingParty,
  constructionName: dp.constructionName,
  constructionCreditCode: dp.constructionCreditCode,
  approvalNo: dp.approvalNo,
  approvedOn: dp.approvedOn,
  projectId: dp.projectId,
  projectNo: projects.projectNo,
  createdAt: dp.createdAt,
  updatedAt: dp.updatedAt,
};

const recordColumns = {
  ...rowColumns,
  lon: dp.lon,
  lat: dp.lat,
  projectType: dp.projectType,
  totalInvestment: dp.totalInvestment,
  landArea: dp.landArea,
  buildingArea: dp.buildingArea,
  contactName: dp.contactName,
  contactPhone: dp.contactPhone,
  importedAt: dp.importedAt,
};

/** Docked projects with their district and, once imported, their project. */
export function selectDocked(db: Queryable) {
  return db
    .select(recordColumns)
    .from(dp)
    .leftJoin(districts, eq(districts.districtCode, dp.districtCode))
    .leftJoin(projects, eq(projects.pkid, dp.projectId));
}

/** A docked project as selectDocked reads it. */
export type SelectedDocked = Awaited<ReturnType<ReturnType<typeof selectDocked>['where']>>[number];

async function fileTypesOf(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, string[]>();
  const rows = await db
    .select({ dockedId: dockedProjectFiles.dockedId, type: dockedProjectFiles.type })
    .from(dockedProjectFiles)
    .where(inArray(dockedProjectFiles.dockedId, ids))
    .orderBy(asc(dockedProjectFiles.type));
  const byId = new Map<number, string[]>();
  for (const row of rows) byId.set(row.dockedId, [...(byId.get(row.dockedId) ?? []), row.type]);
  return byId;
}

/** A docked project as the lists answer it, with the types of the files it brought. */
export function toRow(row: SelectedDocked, fileTypes: string[]) {
  return {
    pkid: row.pkid,
    platformProjectId: row.platformProjectId,
    source: row.source,
    sourceName: dockingSourceLabel(row.source),
    projectName: row.projectName,
    centralCode: row.centralCode,
    localCode: row.localCode,
    districtCode: row.districtCode,
    districtName: row.districtName,
    address: row.address,
    fundingParty: row.fundingParty,
    constructionName: row.constructionName,
    constructionCreditCode: row.constructionCreditCode,
    approvalNo: row.approvalNo,
    approvedOn: row.approvedOn,
    state: row.projectId === null ? 0 : 1,
    projectId: row.projectId,
    projectNo: row.projectNo,
    fileTypes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The supervisors' filters as conditions; deleted rows never show. */
export function dockingConditions(filters: DockingFilters): SQL | undefined {
  return and(
    isNull(dp.deletedAt),
    filters.projectName ? ilike(dp.projectName, containsPattern(filters.projectName)) : undefined,
    filters.centralCode ? ilike(dp.centralCode, containsPattern(filters.centralCode)) : undefined,
    filters.constructionName
      ? ilike(dp.constructionName, containsPattern(filters.constructionName))
      : undefined,
    filters.state === 0 ? isNull(dp.projectId) : filters.state === 1 ? isNotNull(dp.projectId) : undefined,
  );
}

/** One page of the docked projects matching `where`, newest first. */
export async function pageOf(db: Queryable, where: SQL | undefined, page: number, size: number) {
  const rows = await selectDocked(db)
    .where(where)
    .orderBy(desc(dp.createdAt), desc(dp.pkid))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(dp).where(where);
  const types = await fileTypesOf(
    db,
    rows.map((r) => r.pkid),
  );
  return { rows: rows.map((row) => toRow(row, types.get(row.pkid) ?? [])), total: total?.n ?? 0 };
}

/** The construction unit whose account `userId` is, with what a project takes from it. */
export async function unitOf(db: Queryable, userId: number) {
  const [unit] = await db
    .select({
      id: constructionUnits.constructionId,
      name: constructionUnits.name,
      creditCode: constructionUnits.creditCode,
      contactName: constructionUnits.contactName,
      contactPhone: constructionUnits.contactPhone,
      auditStatus: constructionUnits.auditStatus,
    })
    .from(constructionUnits)
    .where(eq(constructionUnits.userId, userId));
  return unit ?? null;
}

/** Docked projects of a unit: its unified social credit code, or its name when the platform gave none. */
export function ofUnit(unit: { name: string; creditCode: string | null }): SQL {
  const byName = and(isNull(dp.constructionCreditCode), eq(dp.constructionName, unit.name));
  return (unit.creditCode ? or(eq(dp.constructionCreditCode, unit.creditCode), byName) : byName) as SQL;
}
