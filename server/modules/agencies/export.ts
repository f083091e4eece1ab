/**
 * Agency exports (spec section 7): agentorg/exportExcel, the directory with the list's filters as an
 * .xlsx, and agentorg/exportFiles, one organization's attachments as a zip.
 */
import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Database } from '@server/db/database';
import { agentOrgAttachments, agentOrganizations, districts, files } from '@server/db/schema';
import { keysetBatches, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import { assertStoredContent, contentDisposition } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import type { FileStorage } from '@server/storage/storage';
import { agencyAttachmentKind } from '@shared/domain/agencies';
import { creditFlag, creditFlagsOf, qualificationGrade } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { assertVisible } from './apply-service';
import { directoryConditions, type AgencyListQuery } from './service';

const o = agentOrganizations;

const exportColumns = {
  organizationId: o.organizationId,
  orgName: o.orgName,
  credential: o.credential,
  legalPersonName: o.legalPersonName,
  registrationOrgan: o.registrationOrgan,
  qualificationGrade: o.qualificationGrade,
  qualificationCertNo: o.qualificationCertNo,
  qualificationValidUntil: o.qualificationValidUntil,
  districtName: districts.districtName,
  address: o.address,
  contactName: o.contactName,
  contactPhone: o.contactPhone,
  isLostCredit: o.isLostCredit,
  isUnqualified: o.isUnqualified,
  isBlacklisted: o.isBlacklisted,
  auditedAt: o.auditedAt,
};

type ExportRow = {
  [K in keyof typeof exportColumns]: (typeof exportColumns)[K]['_']['data'] | null;
};

const columns: readonly SheetColumn<ExportRow>[] = [
  { header: '机构名称', width: 36, value: (row) => row.orgName },
  { header: '统一社会信用代码', width: 22, value: (row) => row.credential },
  { header: '法定代表人', width: 12, value: (row) => row.legalPersonName },
  { header: '登记机关', width: 28, value: (row) => row.registrationOrgan },
  {
    header: '资质等级',
    width: 10,
    value: (row) =>
      row.qualificationGrade === null ? null : qualificationGrade.label(row.qualificationGrade),
  },
  { header: '资质证书编号', width: 22, value: (row) => row.qualificationCertNo },
  { header: '资质有效期至', kind: 'date', value: (row) => row.qualificationValidUntil },
  { header: '所在区县', width: 12, value: (row) => row.districtName },
  { header: '地址', width: 36, value: (row) => row.address },
  { header: '联系人', width: 10, value: (row) => row.contactName },
  { header: '联系电话', width: 14, value: (row) => row.contactPhone },
  {
    header: '信用状况',
    width: 14,
    value: (row) => {
      const flags = creditFlagsOf({
        isLostCredit: row.isLostCredit ?? false,
        isUnqualified: row.isUnqualified ?? false,
        isBlacklisted: row.isBlacklisted ?? false,
      });
      return flags.length === 0 ? '良好' : flags.map((flag) => creditFlag.label(flag)).join('、');
    },
  },
  { header: '审核通过时间', kind: 'dateTime', value: (row) => row.auditedAt },
];

/** The approved agencies matching the directory's filters, ordered by name, as an .xlsx. */
export function exportAgencies(db: Database, filters: Omit<AgencyListQuery, 'page' | 'rows'>): Response {
  const where = directoryConditions(filters);
  const rows = keysetBatches<ExportRow, { orgName: string; organizationId: number }>(
    (after, size) =>
      db
        .select(exportColumns)
        .from(o)
        .leftJoin(districts, eq(districts.districtCode, o.districtCode))
        .where(
          after
            ? and(
                where,
                sql`(${o.orgName}, ${o.organizationId}) > (${after.orgName}, ${after.organizationId})`,
              )
            : where,
        )
        .orderBy(asc(o.orgName), asc(o.organizationId))
        .limit(size),
    (row) => ({ orgName: row.orgName ?? '', organizationId: row.organizationId ?? 0 }),
  );
  return spreadsheetResponse({ fileName: '中介机构名录.xlsx', sheetName: '中介机构', columns, rows });
}

/** A name safe as a zip entry on Windows and Linux: no path separators or reserved characters. */
function entryName(name: string): string {
  const cleaned = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '附件' : cleaned;
}

/** Adds " (2)", " (3)", … before the extension to a name already used. */
function unique(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * One organization's attachments as a zip, streamed: each entry is "<kind>/<original name>" in UTF-8
 * with the language-encoding flag (bit 11) set, which Windows Explorer, 7-Zip and Info-ZIP honour.
 */
export async function exportAgencyFiles(
  db: Database,
  storage: FileStorage,
  user: SessionUser,
  organizationId: number,
): Promise<Response> {
  await assertVisible(db, user, organizationId);
  const [org] = await db.select({ orgName: o.orgName }).from(o).where(eq(o.organizationId, organizationId));
  const attachments = await db
    .select({
      kind: agentOrgAttachments.kind,
      fileName: files.originalName,
      storageKey: files.storageKey,
      createdAt: agentOrgAttachments.createdAt,
    })
    .from(agentOrgAttachments)
    .innerJoin(files, eq(files.id, agentOrgAttachments.fileId))
    .where(eq(agentOrgAttachments.organizationId, organizationId))
    .orderBy(asc(agentOrgAttachments.kind), asc(agentOrgAttachments.pkid));
  if (attachments.length === 0) throw new AppError('not_found', { message: '该机构没有附件' });
  await assertStoredContent(
    storage,
    attachments.map((attachment) => attachment.storageKey),
  );

  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const attachment of attachments) {
    const folder = agencyAttachmentKind.label(attachment.kind);
    const name = unique(`${folder}/${entryName(attachment.fileName)}`, used);
    // Streams open lazily one after another: yazl reads each entry only when it writes it.
    zip.addReadStream(lazyStream(storage, attachment.storageKey), name, { mtime: attachment.createdAt });
  }
  zip.end();
  const out = zip.outputStream.pipe(new PassThrough());
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', `${entryName(org?.orgName ?? '机构')}附件.zip`),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A readable that opens the stored file on its first read, so a large zip holds one file handle at a time. */
function lazyStream(storage: FileStorage, key: string): Readable {
  let source: Readable | undefined;
  const stream = new Readable({
    read() {
      if (!source) {
        source = storage.stream(key);
        source.on('data', (chunk: Buffer) => {
          if (!stream.push(chunk)) source?.pause();
        });
        source.on('end', () => stream.push(null));
        source.on('error', (error) => stream.destroy(error));
      } else source.resume();
    },
  });
  return stream;
}
