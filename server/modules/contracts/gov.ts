/**
 * Government purchase (issue 14): contracts under government procurement carry their procurement
 * documents (saveGovAttachments, queryGovAttachments, queryGovStatusAttachments, the file download)
 * and are totalled per year, district and agency (GovPurchaseTotal). Documents follow the upload
 * rules of every other attachment (shared/validation/upload.ts; the content must match the
 * extension). Totals are summed by the database as numeric and travel as decimal text.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  contractGovAttachments,
  contracts,
  districts,
  files,
  projects,
} from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { storeUploadedFile } from '@server/storage/uploads';
import type { GovAttachment, GovStatusRow, GovTotals } from '@shared/calls/contracts';
import { govAttachmentKind } from '@shared/domain/contracts';
import { AppError } from '@shared/errors/app-error';
import { contractMessages, type ContractFilters } from '@shared/validation/contracts';
import { documentExtensions } from '@shared/validation/upload';
import { contractScope } from './scope';
import {
  canEditGov,
  contractYear,
  findVisible,
  govAttachmentsOf,
  govOnly,
  newestFirst,
  rowColumns,
  toRow,
  visibleWhere,
  withContractJoins,
  type ContractRecord,
} from './service';

const c = contracts;
const g = contractGovAttachments;

/** GovContracts: government purchases with whether their documents are complete. */
export async function listGovStatus(
  db: Queryable,
  user: SessionUser,
  input: ContractFilters & { pageIdx: number; pageSize: number },
): Promise<{ rows: GovStatusRow[]; total: number }> {
  const where = await visibleWhere(db, user, input, govOnly);
  const countKind = (kind: number) =>
    sql<number>`(select count(*) from ${g} where ${g.contractId} = ${c.contractId} and ${g.kind} = ${kind})::int`;
  const rows = await newestFirst(
    withContractJoins(
      db
        .select({
          ...rowColumns,
          documentCount: sql<number>`(select count(*) from ${g} where ${g.contractId} = ${c.contractId})::int`,
          procurement: countKind(govAttachmentKind.code.procurement),
          award: countKind(govAttachmentKind.code.award),
          total: sql<number>`(count(*) over())::int`,
        })
        .from(c)
        .$dynamic(),
    ).where(where),
    input,
  );
  return {
    rows: rows.map(({ total: _total, procurement, award, documentCount, ...row }) => ({
      ...toRow(row as ContractRecord),
      documentCount,
      hasProcurement: procurement > 0,
      hasAward: award > 0,
    })),
    total: rows[0]?.total ?? 0,
  };
}

export async function listGovAttachments(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<GovAttachment[]> {
  await findVisible(db, user, contractId);
  return (await govAttachmentsOf(db, [contractId])).map(({ contractId: _id, ...row }) => row);
}

/** Adds one procurement document to a government-purchase contract the user may edit. */
export async function saveGovAttachment(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  input: { contractId: number; kind: number; file: File },
): Promise<GovAttachment> {
  const contract = await findVisible(ctx.db, user, input.contractId);
  if (!contract.isGovPurchase)
    throw new AppError('invalid_input', { message: contractMessages.notGovPurchase });
  if (!canEditGov(user, contract)) throw new AppError('forbidden');
  const stored = await storeUploadedFile(ctx, input.file, documentExtensions, user.pkid, {
    field: 'file',
    contentMustMatch: true,
  });
  const [row] = await ctx.db
    .insert(g)
    .values({ contractId: input.contractId, kind: input.kind, fileId: stored.fileId, createdBy: user.pkid })
    .returning({ pkid: g.pkid, createdAt: g.createdAt });
  if (!row) throw new AppError('internal');
  return {
    pkid: row.pkid,
    fileId: stored.fileId,
    fileName: stored.fileName,
    size: stored.size,
    kind: input.kind,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A procurement document of a contract the user may see (404 otherwise). */
export async function govFile(db: Queryable, user: SessionUser, fileId: string): Promise<FileToSend> {
  const scope = await contractScope(db, user);
  const [row] = await db
    .select(fileToSendColumns)
    .from(g)
    .innerJoin(files, eq(files.id, g.fileId))
    .innerJoin(c, eq(c.contractId, g.contractId))
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .where(and(eq(g.fileId, fileId), scope))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: '文件不存在或您无权查看' });
  return row;
}

/** GovPurchaseTotal: counts and exact sums per year, district and agency (optionally one year). */
export async function govTotals(db: Queryable, user: SessionUser, year?: number): Promise<GovTotals> {
  const scope = await contractScope(db, user);
  const base = and(eq(c.isGovPurchase, true), scope);
  const where = year === undefined ? base : and(base, sql`${contractYear} = ${year}`);
  const amount = sql<string>`coalesce(sum(${c.amount}), 0)::numeric(16,2)::text`;
  const n = sql<number>`count(*)::int`;
  const byYear = await db
    .select({ year: contractYear, count: n, amount })
    .from(c)
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .where(base)
    .groupBy(contractYear)
    .orderBy(contractYear);
  const byDistrict = await db
    .select({ districtName: sql<string>`coalesce(${districts.districtName}, '未知区县')`, count: n, amount })
    .from(c)
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(where)
    .groupBy(districts.districtName)
    .orderBy(desc(sql`sum(${c.amount})`));
  const byAgency = await db
    .select({ orgName: agentOrganizations.orgName, count: n, amount })
    .from(c)
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, c.organizationId))
    .where(where)
    .groupBy(agentOrganizations.orgName)
    .orderBy(desc(sql`sum(${c.amount})`), asc(agentOrganizations.orgName))
    .limit(20);
  const [total] = await db
    .select({ count: n, amount })
    .from(c)
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .where(where);
  const yearsOnly = byYear.map((row) => row.year);
  return {
    years: yearsOnly,
    byYear: year === undefined ? byYear : byYear.filter((row) => row.year === year),
    byDistrict,
    byAgency,
    total: total ?? { count: 0, amount: '0.00' },
  };
}
