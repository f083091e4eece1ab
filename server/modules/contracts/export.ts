/**
 * Contract exports (issue 14): exportExcel (the list), exportExcel2 (completed, with filing numbers),
 * excelContractQuery (the overseers' query), excelOrgan (per agency) as .xlsx through
 * server/lib/spreadsheet.ts with an exact totals row; exportFiles as a zip of contract PDFs.
 */
import { PassThrough, Readable } from 'node:stream';
import { asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import type { Database, Queryable } from '@server/db/database';
import { agentOrganizations, contracts, projectDemands } from '@server/db/schema';
import { keysetBatches, newestAfter, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { NewestKey } from '@server/lib/spreadsheet';
import { contentDisposition } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import type { OrganRow } from '@shared/calls/contracts';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { contractMessages, EXPORT_FILES_MAX, type ContractFilters } from '@shared/validation/contracts';
import { renderContractPdf, templateFor, type ContractDocumentData } from './document';
import {
  completeOnly,
  itemsOf,
  organColumns,
  rowColumns,
  visibleWhere,
  withContractJoins,
  type ContractRecord,
} from './service';

const c = contracts;

const sheetColumns: readonly SheetColumn<ContractRecord>[] = [
  { header: '合同编号', width: 18, value: (row) => row.contractNo },
  { header: '合同名称', width: 36, value: (row) => row.contractName },
  { header: '项目名称', width: 30, value: (row) => row.projectName },
  { header: '项目编号', width: 16, value: (row) => row.projectNo },
  { header: '建设单位', width: 30, value: (row) => row.ownerName },
  { header: '中介机构', width: 30, value: (row) => row.orgName },
  { header: '区县', width: 12, value: (row) => row.districtName },
  { header: '审批阶段', width: 20, value: (row) => row.stageName },
  { header: '合同金额（元）', kind: 'money', width: 16, value: (row) => row.amount },
  { header: '合同状态', width: 10, value: (row) => contractStatus.label(row.status) },
  { header: '备案状态', width: 10, value: (row) => auditStatus.label(row.auditStatus) },
  { header: '签订日期', kind: 'date', value: (row) => row.signedOn },
  { header: '备案编号', width: 18, value: (row) => row.filingNo },
  { header: '备案时间', kind: 'dateTime', value: (row) => row.filedAt },
  { header: '政府采购', width: 10, value: (row) => (row.isGovPurchase ? '是' : '否') },
];

/** The visible contracts matching `where`, newest first, batch by batch (keyset on createdAt, id). */
function contractBatches(db: Queryable, where: SQL | undefined) {
  return keysetBatches<ContractRecord, NewestKey>(
    (after, size) =>
      withContractJoins(db.select(rowColumns).from(c).$dynamic())
        .where(newestAfter(where, { createdAt: c.createdAt, id: c.contractId }, after))
        .orderBy(desc(c.createdAt), desc(c.contractId))
        .limit(size) as Promise<ContractRecord[]>,
    (row) => ({ createdAt: row.createdAt, id: row.contractId }),
  );
}

export async function exportContracts(
  db: Database,
  user: SessionUser,
  filters: ContractFilters,
  kind: 'list' | 'complete' | 'query',
): Promise<Response> {
  const where = await visibleWhere(db, user, filters, kind === 'complete' ? completeOnly : []);
  const fileName = { list: '合同列表.xlsx', complete: '已完成合同.xlsx', query: '合同查询结果.xlsx' }[kind];
  return spreadsheetResponse({
    fileName,
    sheetName: '合同',
    columns: sheetColumns,
    rows: contractBatches(db, where),
    totalsLabel: '合计',
  });
}

const organSheet: readonly SheetColumn<OrganRow>[] = [
  { header: '中介机构', width: 36, value: (row) => row.orgName },
  { header: '合同数', kind: 'integer', value: (row) => row.contractCount },
  { header: '已备案', kind: 'integer', value: (row) => row.filedCount },
  { header: '合同金额（元）', kind: 'money', width: 18, value: (row) => row.totalAmount },
];

export async function exportOrgans(db: Database, user: SessionUser, filters: ContractFilters) {
  const where = await visibleWhere(db, user, filters);
  // One row per agency: a few hundred at most, read at once.
  const rows = (await withContractJoins(db.select(organColumns()).from(c).$dynamic())
    .where(where)
    .groupBy(c.organizationId, agentOrganizations.orgName)
    .orderBy(desc(sql`sum(${c.amount})`), asc(agentOrganizations.orgName))) as OrganRow[];
  async function* once() {
    yield rows;
  }
  return spreadsheetResponse({
    fileName: '中介机构合同汇总.xlsx',
    sheetName: '中介机构合同',
    columns: organSheet,
    rows: once(),
    totalsLabel: '合计',
  });
}

/** What the PDF of one contract needs, from its row. */
export async function documentInput(
  db: Queryable,
  row: Pick<
    ContractRecord,
    | 'contractNo'
    | 'contractName'
    | 'ownerName'
    | 'orgName'
    | 'projectName'
    | 'projectNo'
    | 'stageName'
    | 'amount'
    | 'signedOn'
    | 'filingNo'
    | 'filedAt'
  > & {
    demandId: number | null;
    templateId: number | null;
    stageId: number | null;
    paymentTerms: string | null;
    startOn: string | null;
    endOn: string | null;
  },
) {
  const data: ContractDocumentData = {
    contractNo: row.contractNo,
    contractName: row.contractName,
    ownerName: row.ownerName,
    agencyName: row.orgName,
    projectName: row.projectName,
    projectNo: row.projectNo,
    stageName: row.stageName,
    items: await itemsOf(db, row.demandId),
    amount: row.amount,
    signedOn: row.signedOn,
    filingNo: row.filingNo,
    filedAt: row.filedAt,
    paymentTerms: row.paymentTerms,
    startOn: row.startOn,
    endOn: row.endOn,
  };
  return { data, template: await templateFor(db, row.templateId, row.stageId) };
}

/** A name safe as a file name on Windows and Linux. */
export function safeName(name: string): string {
  return [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('');
}

/** A readable that renders its PDF on first read, so the zip renders one contract at a time. */
function lazyPdf(render: () => Promise<Buffer>): Readable {
  let started = false;
  return new Readable({
    read() {
      if (started) return;
      started = true;
      render().then(
        (bytes) => {
          this.push(bytes);
          this.push(null);
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

/** exportFiles: the chosen (or all filtered) visible contracts' PDFs in one zip, at most 200. */
export async function exportContractFiles(
  db: Database,
  user: SessionUser,
  input: ContractFilters & { contractIds?: number[] | undefined },
): Promise<Response> {
  const ids = input.contractIds;
  if (ids && ids.length > EXPORT_FILES_MAX)
    throw new AppError('invalid_input', { message: contractMessages.tooManyDocuments(EXPORT_FILES_MAX) });
  const where = await visibleWhere(db, user, input, ids ? [inArray(c.contractId, ids)] : []);
  const rows = await withContractJoins(
    db
      .select({
        ...rowColumns,
        demandId: c.demandId,
        templateId: c.templateId,
        stageId: projectDemands.stageId,
        paymentTerms: c.paymentTerms,
        startOn: c.startOn,
        endOn: c.endOn,
      })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.contractId))
    .limit(EXPORT_FILES_MAX + 1);
  if (rows.length === 0) throw new AppError('not_found', { message: contractMessages.noDocuments });
  if (rows.length > EXPORT_FILES_MAX)
    throw new AppError('invalid_input', { message: contractMessages.tooManyDocuments(EXPORT_FILES_MAX) });
  const zip = new yazl.ZipFile();
  for (const row of rows) {
    const name = safeName(`${row.contractNo} ${row.contractName}.pdf`);
    zip.addReadStream(
      lazyPdf(async () => {
        const { data, template } = await documentInput(db, row);
        return renderContractPdf(template, data);
      }),
      name,
      { mtime: row.createdAt },
    );
  }
  zip.end();
  const out = zip.outputStream.pipe(new PassThrough());
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', '合同文本.zip'),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
