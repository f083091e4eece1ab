/**
 * Archive cases (办件档案, /electronics/CaseList): the list with its filters and export, one case with
 * the latest version of each of its records, and the case's level, which the authority sets. Who sees
 * what: access.ts.
 */
import { and, asc, count, desc, eq, exists, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database, Queryable } from '@server/db/database';
import {
  agentOrganizations,
  archiveCases,
  archiveDownloads,
  auditRecords,
  certificates,
  constructionUnits,
  districts,
  metadataRecords,
  projectStageItems,
  projects,
  surveyItems,
} from '@server/db/schema';
import { keysetBatches, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { SessionUser } from '@server/modules/identity';
import { classification, type Classification } from '@shared/domain/electronics';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { electronicsMessages as m, type ArchiveCaseFilters } from '@shared/validation/electronics';
import { caseAccess, caseVisibility, keepsArchive, readerOf, type ArchiveReader } from './access';

const k = archiveCases;
const r = metadataRecords;

function filterWhere(filters: ArchiveCaseFilters): SQL[] {
  return [
    ...(filters.caseNo ? [ilike(k.caseNo, containsPattern(filters.caseNo))] : []),
    ...(filters.projectName ? [ilike(projects.projectName, containsPattern(filters.projectName))] : []),
    ...(filters.orgName ? [ilike(agentOrganizations.orgName, containsPattern(filters.orgName))] : []),
    ...(filters.districtCode ? [eq(projects.districtCode, filters.districtCode)] : []),
    ...(filters.year ? [eq(k.year, filters.year)] : []),
    ...(filters.classification ? [eq(k.classification, filters.classification)] : []),
    ...(filters.itemId
      ? [
          exists(
            sql`(select 1 from ${projectStageItems} where ${projectStageItems.projectId} = ${k.projectId} and ${projectStageItems.itemId} = ${filters.itemId})`,
          ),
        ]
      : []),
  ];
}

const caseColumns = {
  caseId: k.caseId,
  caseNo: k.caseNo,
  projectId: k.projectId,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  ownerName: constructionUnits.name,
  agencyName: agentOrganizations.orgName,
  districtName: districts.districtName,
  itemNames: sql<string[]>`coalesce((
    select array_agg(${surveyItems.name} order by ${surveyItems.itemId}) from ${surveyItems}
    where ${surveyItems.itemId} in (
      select ${projectStageItems.itemId} from ${projectStageItems}
      where ${projectStageItems.projectId} = ${k.projectId})), '{}')`,
  certificateId: k.certificateId,
  certificateNo: certificates.certificateNo,
  year: k.year,
  archivedAt: k.archivedAt,
  classification: k.classification,
  recordCount: sql<number>`(select count(distinct ${r.subjectKey})::int from ${r} where ${r.caseId} = ${k.caseId})`,
  // What decides who sees the case (access.ts); not shown.
  constructionId: projects.constructionId,
  organizationId: k.organizationId,
  districtCode: projects.districtCode,
};

/** A case as the calls show it: without the facts that decide access. */
function shown({ constructionId: _c, organizationId: _o, districtCode: _d, ...row }: SelectedCase) {
  return row;
}

/** archive_cases with what its rows show and what decides who sees them. */
function casesFrom(db: Queryable) {
  return db
    .select(caseColumns)
    .from(k)
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(certificates, eq(certificates.pkid, k.certificateId))
    .leftJoin(agentOrganizations, eq(agentOrganizations.organizationId, k.organizationId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .$dynamic();
}

type SelectedCase = Awaited<ReturnType<typeof casesFrom>>[number];

function whereFor(reader: ArchiveReader, filters: ArchiveCaseFilters) {
  const seen = caseVisibility(reader);
  return and(...(seen ? [seen] : []), ...filterWhere(filters));
}

export async function listCases(
  db: Queryable,
  user: SessionUser,
  query: ArchiveCaseFilters & { page: number; rows: number },
) {
  const where = whereFor(await readerOf(db, user), query);
  const rows = await casesFrom(db)
    .where(where)
    .orderBy(desc(k.archivedAt), desc(k.caseId))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({ n: count() })
    .from(k)
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .leftJoin(agentOrganizations, eq(agentOrganizations.organizationId, k.organizationId))
    .where(where);
  return { rows: rows.map(shown), total: total?.n ?? 0 };
}

type CaseRow = ReturnType<typeof shown>;

const sheetColumns: readonly SheetColumn<CaseRow>[] = [
  { header: '档案编号', width: 16, value: (row) => row.caseNo },
  { header: '项目名称', width: 32, value: (row) => row.projectName },
  { header: '项目编号', width: 16, value: (row) => row.projectNo },
  { header: '建设单位', width: 30, value: (row) => row.ownerName },
  { header: '测绘单位', width: 30, value: (row) => row.agencyName },
  { header: '区县', width: 12, value: (row) => row.districtName },
  { header: '测绘事项', width: 36, value: (row) => row.itemNames.join('、') },
  { header: '证书编号', width: 18, value: (row) => row.certificateNo },
  { header: '归档时间', kind: 'dateTime', value: (row) => row.archivedAt },
  { header: '密级', width: 8, value: (row) => classification.label(row.classification) },
  { header: '元数据条数', kind: 'integer', value: (row) => row.recordCount },
];

export async function exportCases(db: Database, user: SessionUser, filters: ArchiveCaseFilters) {
  const where = whereFor(await readerOf(db, user), filters);
  return spreadsheetResponse({
    fileName: '办件档案.xlsx',
    sheetName: '办件档案',
    columns: sheetColumns,
    rows: keysetBatches<SelectedCase, number>(
      (after, size) =>
        casesFrom(db)
          .where(after === undefined ? where : and(where, lt(k.caseId, after)))
          .orderBy(desc(k.caseId))
          .limit(size),
      (row) => row.caseId,
    ),
  });
}

/** The case when the reader may see it (404 otherwise, as a missing one), with what decides access. */
export async function visibleCase(db: Queryable, reader: ArchiveReader, caseId: number) {
  const [row] = await casesFrom(db).where(eq(k.caseId, caseId));
  if (!row) throw new AppError('not_found', { message: m.caseNotFound });
  const access = caseAccess(reader, row);
  if (!access.visible) throw new AppError('not_found', { message: m.caseNotFound });
  return { row, access };
}

/** The latest version of each record of a case, in the order they were first archived. */
export function latestRecords(db: Queryable, caseId: number) {
  return db
    .selectDistinctOn([r.subjectKey], {
      recordId: r.recordId,
      kind: r.kind,
      subjectKey: r.subjectKey,
      version: r.version,
      classification: r.classification,
      hasFile: sql<boolean>`${r.fileId} is not null`,
      content: r.content,
      hash: r.hash,
      createdByName: r.createdByName,
      createdAt: r.createdAt,
      // Where the subject's first version stands: an edited file keeps its place in the list.
      firstRecordId: sql<number>`(select min(m.record_id) from ${r} m where m.subject_key = ${r.subjectKey})`,
    })
    .from(r)
    .where(eq(r.caseId, caseId))
    .orderBy(r.subjectKey, desc(r.version));
}

export async function getCase(db: Queryable, user: SessionUser, caseId: number) {
  const reader = await readerOf(db, user);
  const { row, access } = await visibleCase(db, reader, caseId);
  const records = (await latestRecords(db, caseId)).sort((a, b) => a.firstRecordId - b.firstRecordId);
  const readable = records.filter(
    (record) => access.classified || record.classification === classification.code.public,
  );
  return {
    ...shown(row),
    records: readable.map(({ firstRecordId: _first, ...record }) => record),
    hiddenCount: records.length - readable.length,
    canEdit: keepsArchive(reader),
    downloads: keepsArchive(reader) ? await classifiedDownloads(db, caseId) : [],
  };
}

/** Sets a case's level (the authority or an administrator), with an audit record. */
export async function classifyCase(
  db: Database,
  user: SessionUser,
  input: { id: number; classification: Classification },
  at: Date,
) {
  const reader = await readerOf(db, user);
  if (!keepsArchive(reader)) throw new AppError('forbidden');
  await db.transaction(async (tx) => {
    const { row } = await visibleCase(tx, reader, input.id);
    if (row.classification === input.classification) return;
    await tx
      .update(k)
      .set({ classification: input.classification, updatedAt: at })
      .where(eq(k.caseId, input.id));
    await tx.insert(auditRecords).values({
      subjectType: auditSubject.code.archiveCase,
      subjectId: input.id,
      decision: auditDecision.code.archiveClassified,
      opinion: `密级由${classification.label(row.classification)}改为${classification.label(input.classification)}`,
      auditorId: user.pkid,
      auditorName: user.username,
      auditedAt: at,
    });
  });
  return getCase(db, user, input.id);
}

/** The case's audit trail (level changes), oldest first. */
export function caseHistory(db: Queryable, caseId: number) {
  return db
    .select({
      pkid: auditRecords.pkid,
      opinion: auditRecords.opinion,
      auditorName: auditRecords.auditorName,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .where(
      and(eq(auditRecords.subjectType, auditSubject.code.archiveCase), eq(auditRecords.subjectId, caseId)),
    )
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));
}

/** The recorded downloads of a case's classified files, newest first (the archive's keepers see them). */
export function classifiedDownloads(db: Queryable, caseId: number) {
  return db
    .select({
      pkid: archiveDownloads.pkid,
      recordId: archiveDownloads.recordId,
      name: sql<string>`${r.content}->>'name'`,
      userName: archiveDownloads.userName,
      classification: archiveDownloads.classification,
      downloadedAt: archiveDownloads.downloadedAt,
    })
    .from(archiveDownloads)
    .innerJoin(r, eq(r.recordId, archiveDownloads.recordId))
    .where(eq(r.caseId, caseId))
    .orderBy(desc(archiveDownloads.downloadedAt), desc(archiveDownloads.pkid))
    .limit(50);
}

/** The cases the user may add drawings or vector data to (newest first, 50 at most), by number or project. */
export async function caseTargets(db: Queryable, user: SessionUser, keyword: string | undefined) {
  const reader = await readerOf(db, user);
  if (!reader.all && reader.agency === null) return [];
  return db
    .select({ caseId: k.caseId, caseNo: k.caseNo, projectName: projects.projectName })
    .from(k)
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .where(
      and(
        ...(reader.all ? [] : [eq(k.organizationId, reader.agency as number)]),
        ...(keyword
          ? [
              or(
                ilike(k.caseNo, containsPattern(keyword)),
                ilike(projects.projectName, containsPattern(keyword)),
              ) as SQL,
            ]
          : []),
      ),
    )
    .orderBy(desc(k.archivedAt), desc(k.caseId))
    .limit(50);
}
