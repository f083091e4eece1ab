/**
 * Certificates (issue 22; DOMAIN.md "Certificates"): reading, exporting and revoking. Issuing, which
 * acceptance calls in its own transaction, is in issue.ts.
 *
 * Reading: owners see their projects' certificates, agencies (and their staff) their own, the
 * authority, auditors, district offices and administrators all; anyone else's answers 404. Revocation:
 * the authority or an administrator, with a reason, audited in audit_records like every decision.
 */
import { and, asc, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Database, Queryable } from '@server/db/database';
import { agentOrganizations, auditRecords, certificates, constructionUnits, files } from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import { keysetBatches, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import { fileResponse, fileToSendColumns, privately } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import { isProjectSupervisor, ownAgencyOf, ownUnitOf } from '@server/modules/projects';
import { certificateState } from '@shared/domain/certificates';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { certificateMessages as m, type CertificateFilters } from '@shared/validation/certificates';
import { certificateQrPng } from './document';
import { verifyUrlOf, type CertificateActor } from './issue';

const c = certificates;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

/** Owners see their projects' certificates, agencies (and their staff) their own, supervisors all. */
async function visibility(db: Queryable, user: SessionUser): Promise<SQL | null> {
  if (isProjectSupervisor(user)) return null;
  const parts: SQL[] = [];
  const unit = await ownUnitOf(db, user);
  if (unit !== null) parts.push(eq(c.constructionId, unit));
  const org = await ownAgencyOf(db, user);
  if (org !== null) parts.push(eq(c.organizationId, org));
  return parts.length === 0 ? eq(c.pkid, -1) : (or(...parts) as SQL);
}

function escapeLike(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

function filterWhere(filters: CertificateFilters): SQL[] {
  return [
    ...(filters.certificateNo ? [ilike(c.certificateNo, escapeLike(filters.certificateNo))] : []),
    ...(filters.projectName ? [ilike(c.projectName, escapeLike(filters.projectName))] : []),
    ...(filters.year ? [eq(c.year, filters.year)] : []),
    ...(filters.state ? [eq(c.state, filters.state)] : []),
    ...(filters.projectId ? [eq(c.projectId, filters.projectId)] : []),
  ];
}

const rowColumns = {
  pkid: c.pkid,
  certificateNo: c.certificateNo,
  year: c.year,
  projectId: c.projectId,
  projectName: c.projectName,
  projectNo: c.projectNo,
  ownerName: c.ownerName,
  agencyName: c.agencyName,
  itemNames: c.itemNames,
  issuedAt: c.issuedAt,
  state: c.state,
  revokedAt: c.revokedAt,
  revokeReason: c.revokeReason,
};

type CertificateRow = {
  [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['data'] extends infer D
    ? (typeof rowColumns)[K]['_']['notNull'] extends true
      ? D
      : D | null
    : never;
};

async function visibleWhere(db: Queryable, user: SessionUser, filters: CertificateFilters) {
  const seen = await visibility(db, user);
  return and(...(seen ? [seen] : []), ...filterWhere(filters));
}

export async function listCertificates(
  db: Queryable,
  user: SessionUser,
  query: CertificateFilters & { page: number; rows: number },
): Promise<{ rows: CertificateRow[]; total: number }> {
  const where = await visibleWhere(db, user, query);
  const rows = await db
    .select(rowColumns)
    .from(c)
    .where(where)
    .orderBy(desc(c.issuedAt), desc(c.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return { rows, total: total?.n ?? 0 };
}

const sheetColumns: readonly SheetColumn<CertificateRow>[] = [
  { header: '证书编号', width: 18, value: (row) => row.certificateNo },
  { header: '项目名称', width: 32, value: (row) => row.projectName },
  { header: '项目编号', width: 16, value: (row) => row.projectNo },
  { header: '建设单位', width: 30, value: (row) => row.ownerName },
  { header: '测绘中介机构', width: 30, value: (row) => row.agencyName },
  { header: '测绘事项', width: 36, value: (row) => row.itemNames.join('、') },
  { header: '发证时间', kind: 'dateTime', value: (row) => row.issuedAt },
  { header: '状态', width: 8, value: (row) => certificateState.label(row.state) },
  { header: '撤销时间', kind: 'dateTime', value: (row) => row.revokedAt },
  { header: '撤销原因', width: 30, value: (row) => row.revokeReason },
];

export async function exportCertificates(db: Database, user: SessionUser, filters: CertificateFilters) {
  const where = await visibleWhere(db, user, filters);
  return spreadsheetResponse({
    fileName: '验收证书.xlsx',
    sheetName: '验收证书',
    columns: sheetColumns,
    rows: keysetBatches<CertificateRow, number>(
      (after, size) =>
        db
          .select(rowColumns)
          .from(c)
          .where(after === undefined ? where : and(where, lt(c.pkid, after)))
          .orderBy(desc(c.pkid))
          .limit(size),
      (row) => row.pkid,
    ),
  });
}

async function visibleCertificate(db: Queryable, user: SessionUser, pkid: number) {
  const seen = await visibility(db, user);
  const [row] = await db
    .select({
      ...rowColumns,
      issuedByName: c.issuedByName,
      revokedByName: c.revokedByName,
      sha256: c.sha256,
      fileId: c.fileId,
      fileSize: files.size,
    })
    .from(c)
    .innerJoin(files, eq(files.id, c.fileId))
    .where(and(eq(c.pkid, pkid), ...(seen ? [seen] : [])));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return row;
}

const mayRevoke = (user: SessionUser) => user.isAdmin || user.roleIds.includes(roles.authority.id);

export async function getCertificate(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: SessionUser,
  pkid: number,
) {
  const { fileId: _fileId, ...row } = await visibleCertificate(ctx.db, user, pkid);
  const verifyUrl = verifyUrlOf(ctx, row.certificateNo);
  const png = await certificateQrPng(verifyUrl);
  const records = await ctx.db
    .select({
      pkid: auditRecords.pkid,
      decision: auditRecords.decision,
      opinion: auditRecords.opinion,
      auditorName: auditRecords.auditorName,
      roleId: auditRecords.roleId,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .where(and(eq(auditRecords.subjectType, auditSubject.code.certificate), eq(auditRecords.subjectId, pkid)))
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));
  return {
    ...row,
    verifyUrl,
    qrCode: `data:image/png;base64,${png.toString('base64')}`,
    canRevoke: mayRevoke(user) && row.state === certificateState.code.issued,
    records: records.map((record) => ({ ...record, transferToName: null })),
  };
}

export async function certificatePdf(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  pkid: number,
  download: boolean,
): Promise<Response> {
  const row = await visibleCertificate(ctx.db, user, pkid);
  const [file] = await ctx.db.select(fileToSendColumns).from(files).where(eq(files.id, row.fileId));
  if (!file) throw new AppError('not_found', { message: m.notFound });
  return privately(await fileResponse(ctx.storage, file, download ? 'attachment' : 'inline'));
}

/**
 * The revocation itself, in the caller's transaction: the state, who, when and why, the audit record
 * and the messages to the owner and the agency. 409 when it is revoked already.
 */
export async function markRevoked(
  tx: Queryable,
  pkid: number,
  actor: CertificateActor & { roleId: string },
  reason: string,
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      state: c.state,
      certificateNo: c.certificateNo,
      projectName: c.projectName,
      projectId: c.projectId,
      constructionId: c.constructionId,
      organizationId: c.organizationId,
    })
    .from(c)
    .where(eq(c.pkid, pkid))
    .for('update');
  if (!row) throw new AppError('not_found', { message: m.notFound });
  if (row.state === certificateState.code.revoked)
    throw new AppError('conflict', { message: m.alreadyRevoked });
  await tx
    .update(c)
    .set({
      state: certificateState.code.revoked,
      revokedAt: now,
      revokedBy: actor.pkid,
      revokedByName: actor.username,
      revokeReason: reason,
      updatedAt: now,
    })
    .where(eq(c.pkid, pkid));
  await tx.insert(auditRecords).values({
    subjectType: auditSubject.code.certificate,
    subjectId: pkid,
    decision: auditDecision.code.certificateRevoked,
    opinion: reason,
    auditorId: actor.pkid,
    auditorName: actor.username,
    roleId: actor.roleId,
    auditedAt: now,
  });
  const text = `项目“${row.projectName}”的验收证书 ${row.certificateNo} 已被撤销，原因：${reason}`;
  const link = `/workflow/CertificateDetiles?id=${pkid}`;
  const [owner] = await tx
    .select({ userId: constructionUnits.userId })
    .from(constructionUnits)
    .where(eq(constructionUnits.constructionId, row.constructionId));
  const [agency] =
    row.organizationId === null
      ? []
      : await tx
          .select({ userId: agentOrganizations.userId })
          .from(agentOrganizations)
          .where(eq(agentOrganizations.organizationId, row.organizationId));
  for (const userId of new Set([owner?.userId, agency?.userId]))
    if (userId != null) await sendMessage(tx, { toUserId: userId, content: text, link, at: now });
}

/**
 * Revokes a certificate (the authority or an administrator; the call's roles already checked):
 * records who, when and why, audits it, tells the owner and the agency, and drops the verification
 * pages. A certificate revoked already is a 409 and changes nothing.
 */
export async function revokeCertificate(
  ctx: Pick<AppContext, 'db' | 'config' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: { pkid: number; reason: string },
) {
  await visibleCertificate(ctx.db, user, input.pkid);
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    await markRevoked(
      tx,
      input.pkid,
      {
        pkid: user.pkid,
        username: user.username,
        roleId: user.isAdmin ? roles.admin.id : roles.authority.id,
      },
      input.reason,
      ctx.services.now(),
    );
    dropPages(['certificates']);
  });
  return getCertificate(ctx, user, input.pkid);
}

export type CertificateVerificationRecord = Awaited<ReturnType<typeof verifyCertificate>>;

/** The public answer for a number: unknown, valid or revoked (with its date and reason). */
export async function verifyCertificate(db: Queryable, no: string) {
  const [row] = await db
    .select({
      certificateNo: c.certificateNo,
      projectName: c.projectName,
      projectNo: c.projectNo,
      ownerName: c.ownerName,
      agencyName: c.agencyName,
      itemNames: c.itemNames,
      issuedAt: c.issuedAt,
      state: c.state,
      revokedAt: c.revokedAt,
      revokeReason: c.revokeReason,
      sha256: c.sha256,
    })
    .from(c)
    .where(eq(c.certificateNo, no));
  return { certificateNo: no, found: Boolean(row), certificate: row ?? null };
}
