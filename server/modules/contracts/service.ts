/**
 * Contract lists, queries and one contract (spec section 7, contract/query, queryOne, contractQuery,
 * organQuery, ContractMessage; issue 14). Every read is limited by `contractScope`. Amounts stay exact:
 * the database sums numeric(14,2) and the answer carries its decimal text (`::text`), never a float.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  contractGovAttachments,
  contracts,
  districts,
  files,
  projectDemands,
  projects,
  projectStageItems,
  stages,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { ContractDetail, ContractRow, OrganRow, YearFigures } from '@shared/calls/contracts';
import { roles } from '@shared/domain/roles';
import { contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { amountInWords } from '@shared/money';
import { contractMessages, type ContractFilters } from '@shared/validation/contracts';
import { contractScope } from './scope';
import { templateRefOf } from './templates';

const c = contracts;

/** The contract's year: the year it was signed, or (not signed yet) drafted, in Beijing time. */
export const contractYear = sql<number>`extract(year from coalesce(${c.signedOn}, ((${c.createdAt} at time zone 'UTC') + interval '8 hours')::date))::int`;

export const rowColumns = {
  contractId: c.contractId,
  contractNo: c.contractNo,
  contractName: c.contractName,
  projectId: c.projectId,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  organizationId: c.organizationId,
  orgName: agentOrganizations.orgName,
  constructionId: c.constructionId,
  ownerName: constructionUnits.name,
  districtName: districts.districtName,
  stageName: stages.name,
  amount: c.amount,
  status: c.status,
  auditStatus: c.auditStatus,
  signedOn: c.signedOn,
  filedAt: c.filedAt,
  filingNo: c.filingNo,
  isGovPurchase: c.isGovPurchase,
  createdAt: c.createdAt,
};

export type ContractRecord = Omit<ContractRow, 'filedAt' | 'createdAt'> & {
  filedAt: Date | null;
  createdAt: Date;
};

export const toRow = (row: ContractRecord): ContractRow => ({
  ...row,
  filedAt: row.filedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The joins every contract read needs (project, parties, district, stage), so filters, scope and
 * columns can name any of them: `withContractJoins(db.select({...}).from(c).$dynamic())`.
 */
export function withContractJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, c.organizationId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, c.constructionId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .leftJoin(projectDemands, eq(projectDemands.pkid, c.demandId))
    .leftJoin(stages, eq(stages.stageId, projectDemands.stageId));
}

/** The list filters as conditions (only those given). */
export function filterConditions(filters: ContractFilters): SQL[] {
  const where: SQL[] = [];
  const like = (column: Parameters<typeof ilike>[0], text: string | undefined) => {
    if (text) where.push(ilike(column, containsPattern(text)));
  };
  like(c.contractNo, filters.contractNo);
  like(c.contractName, filters.contractName);
  like(projects.projectName, filters.projectName);
  like(projects.projectNo, filters.projectNo);
  like(agentOrganizations.orgName, filters.orgName);
  like(constructionUnits.name, filters.ownerName);
  if (filters.organizationId !== undefined) where.push(eq(c.organizationId, filters.organizationId));
  if (filters.status !== undefined) where.push(eq(c.status, filters.status));
  if (filters.auditStatus !== undefined) where.push(eq(c.auditStatus, filters.auditStatus));
  if (filters.stageId !== undefined) where.push(eq(projectDemands.stageId, filters.stageId));
  if (filters.districtCode) where.push(eq(projects.districtCode, filters.districtCode));
  if (filters.govPurchase) where.push(eq(c.isGovPurchase, filters.govPurchase === '1'));
  if (filters.signedFrom) where.push(gte(c.signedOn, filters.signedFrom));
  if (filters.signedTo) where.push(lte(c.signedOn, filters.signedTo));
  // Compared as numeric in the database: the text of the filter is never turned into a float.
  if (filters.amountMin) where.push(sql`${c.amount} >= ${filters.amountMin}::numeric`);
  if (filters.amountMax) where.push(sql`${c.amount} <= ${filters.amountMax}::numeric`);
  if (filters.year !== undefined) where.push(sql`${contractYear} = ${filters.year}`);
  return where;
}

/** Where the user's scope and the filters meet; `extra` narrows further (completed, government). */
export async function visibleWhere(
  db: Queryable,
  user: SessionUser,
  filters: ContractFilters,
  extra: SQL[] = [],
): Promise<SQL | undefined> {
  const scope = await contractScope(db, user);
  const parts = [...(scope ? [scope] : []), ...filterConditions(filters), ...extra];
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Only filed contracts (contractCompleteList, exportExcel2). */
export const completeOnly = [eq(c.status, contractStatus.code.filed)];
/** Only government purchases. */
export const govOnly = [eq(c.isGovPurchase, true)];

type Paging = { pageIdx: number; pageSize: number };

/** One page of contracts (`pageIdx` from 1), the newest first: by creation, or by the last update. */
export function newestFirst<T extends PgSelect>(
  query: T,
  { pageIdx, pageSize }: Paging,
  by: 'createdAt' | 'updatedAt' = 'createdAt',
) {
  return query
    .orderBy(desc(c[by]), desc(c.contractId))
    .limit(pageSize)
    .offset((pageIdx - 1) * pageSize);
}

/** One page of visible contracts, newest first. */
export async function listContracts(
  db: Queryable,
  user: SessionUser,
  input: ContractFilters & Paging,
  extra: SQL[] = [],
): Promise<{ rows: ContractRow[]; total: number }> {
  const where = await visibleWhere(db, user, input, extra);
  const rows = await newestFirst(
    withContractJoins(
      db
        .select({ ...rowColumns, total: sql<number>`count(*) over()::int` })
        .from(c)
        .$dynamic(),
    ).where(where),
    input,
  );
  const total = rows[0]?.total ?? (input.pageIdx > 1 ? await countContracts(db, where) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => toRow(row as ContractRecord)), total };
}

async function countContracts(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await withContractJoins(db.select({ n: count() }).from(c).$dynamic()).where(where);
  return Number(row?.n ?? 0);
}

/** The per-agency figures of the visible contracts matching the filters (organQuery). */
export function organColumns() {
  return {
    organizationId: c.organizationId,
    orgName: agentOrganizations.orgName,
    contractCount: sql<number>`count(*)::int`,
    filedCount: sql<number>`(count(*) filter (where ${c.status} = ${contractStatus.code.filed}))::int`,
    totalAmount: sql<string>`coalesce(sum(${c.amount}), 0)::numeric(16,2)::text`,
  };
}

export async function listOrgans(
  db: Queryable,
  user: SessionUser,
  input: ContractFilters & Paging,
): Promise<{ rows: OrganRow[]; total: number }> {
  const where = await visibleWhere(db, user, input);
  const rows = await withContractJoins(
    db
      .select({
        ...organColumns(),
        total: sql<number>`(count(*) over())::int`,
      })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .groupBy(c.organizationId, agentOrganizations.orgName)
    .orderBy(desc(sql`sum(${c.amount})`), asc(agentOrganizations.orgName))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  return {
    rows: rows.map(({ total: _total, ...row }) => row as unknown as OrganRow),
    total: rows[0]?.total ?? 0,
  };
}

/** One visible contract (404 otherwise, the same for another party's and a missing one). */
export async function findVisible(db: Queryable, user: SessionUser, contractId: number) {
  const scope = await contractScope(db, user);
  const [row] = await withContractJoins(
    db
      .select({
        ...rowColumns,
        demandId: c.demandId,
        templateId: c.templateId,
        startOn: c.startOn,
        endOn: c.endOn,
        paymentTerms: c.paymentTerms,
        stageId: projectDemands.stageId,
        projectDistrict: projects.districtCode,
      })
      .from(c)
      .$dynamic(),
  ).where(and(eq(c.contractId, contractId), scope));
  if (!row) throw new AppError('not_found', { message: contractMessages.notFound });
  return row;
}

/** The survey items of a contract's demand, in stage order. */
export async function itemsOf(db: Queryable, demandId: number | null): Promise<string[]> {
  if (demandId === null) return [];
  const rows = await db
    .select({ name: surveyItems.name })
    .from(projectStageItems)
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(surveyItems.orderIndex), asc(surveyItems.itemId));
  return rows.map((row) => row.name);
}

export async function govAttachmentsOf(db: Queryable, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  const rows = await db
    .select({
      contractId: contractGovAttachments.contractId,
      pkid: contractGovAttachments.pkid,
      fileId: contractGovAttachments.fileId,
      fileName: files.originalName,
      size: files.size,
      kind: contractGovAttachments.kind,
      createdAt: contractGovAttachments.createdAt,
    })
    .from(contractGovAttachments)
    .innerJoin(files, eq(files.id, contractGovAttachments.fileId))
    .where(inArray(contractGovAttachments.contractId, contractIds))
    .orderBy(asc(contractGovAttachments.kind), asc(contractGovAttachments.pkid));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Who may add procurement documents: its parties and the overseers, while not terminated. */
export function canEditGov(user: SessionUser, row: { isGovPurchase: boolean; status: number }) {
  if (!row.isGovPurchase || row.status === contractStatus.code.terminated) return false;
  const editors: readonly string[] = [roles.owner.id, roles.agency.id, roles.authority.id, roles.auditor.id];
  // The row is visible, so an owner or agency holding it is its party.
  return user.isAdmin || user.roleIds.some((role) => editors.includes(role));
}

export async function getContract(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ContractDetail> {
  const row = await findVisible(db, user, contractId);
  const {
    demandId,
    templateId,
    stageId: _stage,
    projectDistrict: _district,
    startOn,
    endOn,
    paymentTerms,
    ...fields
  } = row;
  const attachments = (await govAttachmentsOf(db, [contractId])).map(
    ({ contractId: _id, ...attachment }) => attachment,
  );
  return {
    ...toRow(fields as ContractRecord),
    items: await itemsOf(db, demandId),
    amountInWords: fields.amount === null ? null : amountInWords(fields.amount),
    template: await templateRefOf(db, templateId),
    govAttachments: attachments,
    canEditGov: canEditGov(user, fields),
    startOn,
    endOn,
    paymentTerms,
  };
}

/** ContractMessage?yearName: the year's contracts (visible to the user) in figures. */
export async function yearFigures(db: Queryable, user: SessionUser, year: number): Promise<YearFigures> {
  const where = await visibleWhere(db, user, { year });
  const sumText = (filter?: SQL) =>
    filter
      ? sql<string>`coalesce(sum(${c.amount}) filter (where ${filter}), 0)::numeric(16,2)::text`
      : sql<string>`coalesce(sum(${c.amount}), 0)::numeric(16,2)::text`;
  const countOf = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
  const filed = sql`${c.status} = ${contractStatus.code.filed}`;
  const gov = sql`${c.isGovPurchase}`;
  const [totals] = await withContractJoins(
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sumText(),
        filedCount: countOf(filed),
        filedAmount: sumText(filed),
        govCount: countOf(gov),
        govAmount: sumText(gov),
      })
      .from(c)
      .$dynamic(),
  ).where(where);
  const month = sql<number>`extract(month from coalesce(${c.signedOn}, ((${c.createdAt} at time zone 'UTC') + interval '8 hours')::date))::int`;
  const months = await withContractJoins(
    db
      .select({
        month,
        count: sql<number>`count(*)::int`,
        amount: sumText(),
      })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .groupBy(month)
    .orderBy(month);
  const statuses = await withContractJoins(
    db
      .select({ status: c.status, count: sql<number>`count(*)::int` })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .groupBy(c.status)
    .orderBy(c.status);
  const byMonth = Array.from({ length: 12 }, (_, index) => {
    const found = months.find((m) => m.month === index + 1);
    return { month: index + 1, count: found?.count ?? 0, amount: found?.amount ?? '0.00' };
  });
  return {
    year,
    total: { count: totals?.count ?? 0, amount: totals?.amount ?? '0.00' },
    filed: { count: totals?.filedCount ?? 0, amount: totals?.filedAmount ?? '0.00' },
    govPurchase: { count: totals?.govCount ?? 0, amount: totals?.govAmount ?? '0.00' },
    byMonth,
    byStatus: statuses,
  };
}
