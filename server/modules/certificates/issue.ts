/**
 * Issuing a certificate (issue 22; DOMAIN.md "Certificates"). `issueCertificate` is called by
 * acceptance in its own transaction once a project reaches 6 已验收: it numbers the certificate
 * (YZCG<year><6 digits>, per year, from `certificate_sequences` in the same transaction, so no gaps and
 * no duplicates), renders and stores the PDF, moves the project to 7 已办结 through moveProject (its log
 * line), tells the owner and the agency, opens its archive case and queues the report to the
 * provincial platform. One certificate per project: a second call answers the
 * first one. Reading and revoking are in service.ts.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppServices } from '@server/app-context';
import type { Config } from '@server/config';
import type { StoredObject } from '@server/storage/storage';
import type { Queryable } from '@server/db/database';
import {
  auditRecords,
  certificateSequences,
  certificates,
  constructionUnits,
  files,
  projectLogs,
  projectStageItems,
  projects,
} from '@server/db/schema';
import { notifyPageCache } from '@server/lib/page-cache';
import { archiveCompletedProject } from '@server/modules/electronics';
import { sendMessage } from '@server/modules/messages';
import { acceptedAgencyOf, moveProject } from '@server/modules/projects';
import { queueResultsReport } from '@server/modules/reporting';
import { certificateNo, certificateState, certificateVerifyPath } from '@shared/domain/certificates';
import { surveyItemName } from '@shared/domain/stages';
import { auditDecision, auditSubject, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { certificateMessages as m } from '@shared/validation/certificates';
import { renderCertificatePdf } from './document';
import { beijingDate } from '@shared/domain/working-days';

const c = certificates;

/**
 * What issuing needs of the context: where the PDF goes, the public address for the QR code, the
 * clock. An AppContext is one; the demo seed passes its own (server/seed/demo-certificates.ts).
 */
export interface CertificateContext {
  /** FileStorage.write fits (it ignores the name and type, which the seed's storeFile records). */
  storage: { write(bytes: Uint8Array, name: string, contentType: string): Promise<StoredObject> };
  config: Pick<Config, 'publicUrl'>;
  services: Pick<AppServices, 'now'>;
}

/** A store that can also take back what it wrote (FileStorage is one). */
export type RemovableStorage = CertificateContext['storage'] & { remove(key: string): Promise<void> };

/**
 * Runs `work`, a transaction that may issue certificates, handing it a context whose storage
 * remembers the PDFs written. The bytes must be in storage before the transaction commits (a
 * certificate's file row never names missing bytes), so a transaction that fails after issuing
 * leaves PDFs no row names: they are removed here once the rollback happened. Every write takes a
 * new random key, so a removed key is never one a committed certificate (a retry's included) names.
 * Only a crash between the write and the rollback can still leave one behind.
 */
export async function removingPdfsOnFailure<T>(
  ctx: Omit<CertificateContext, 'storage'> & { storage: RemovableStorage },
  work: (issuing: CertificateContext) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const storage: CertificateContext['storage'] = {
    async write(bytes, name, contentType) {
      const stored = await ctx.storage.write(bytes, name, contentType);
      written.push(stored.key);
      return stored;
    },
  };
  try {
    return await work({ config: ctx.config, services: ctx.services, storage });
  } catch (error) {
    // Best effort: the failure is what the caller must hear about, not a removal's.
    await Promise.all(written.map((key) => ctx.storage.remove(key).catch(() => {})));
    throw error;
  }
}

/** Who issues: the acceptance auditor (or the authority); null for the system. */
export interface CertificateActor {
  pkid: number;
  username: string;
}

export interface IssuedCertificate {
  pkid: number;
  certificateNo: string;
  /** false: the project had its certificate already, and this is it (nothing was changed). */
  issued: boolean;
}

/** The year of an instant in Beijing time (a certificate issued at 00:30 on 1 January is the new year's). */
function beijingYear(at: Date): number {
  return Number(beijingDate(at).slice(0, 4));
}

export function verifyUrlOf(ctx: { config: Pick<Config, 'publicUrl'> }, no: string): string {
  return `${ctx.config.publicUrl}${certificateVerifyPath(no)}`;
}

/** The next number of the year: takes the year's row (created at its first issue) inside `tx`. */
async function nextNumber(tx: Queryable, year: number): Promise<number> {
  const [row] = await tx
    .insert(certificateSequences)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: certificateSequences.year,
      set: { lastNumber: sql`${certificateSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: certificateSequences.lastNumber });
  if (!row) throw new Error('certificate sequence returned nothing');
  return row.lastNumber;
}

/** The project being issued, locked: its row lock serializes two issuers of the same project. */
async function lockProject(tx: Queryable, projectId: number) {
  const [project] = await tx
    .select({
      pkid: projects.pkid,
      status: projects.status,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      constructionId: projects.constructionId,
      ownerName: constructionUnits.name,
      ownerUserId: constructionUnits.userId,
    })
    .from(projects)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(eq(projects.pkid, projectId))
    .for('update', { of: projects });
  if (!project) throw new AppError('not_found', { message: '项目不存在' });
  return project;
}

type LockedProject = Awaited<ReturnType<typeof lockProject>>;

/** What the certificate states besides the project: the agency, the survey items, when it was accepted. */
async function certificateFacts(tx: Queryable, projectId: number) {
  const agency = await acceptedAgencyOf(tx, projectId);
  const items = await tx
    .selectDistinct({ itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(eq(projectStageItems.projectId, projectId))
    .orderBy(asc(projectStageItems.itemId));
  const [accepted] = await tx
    .select({ at: projectLogs.createdAt })
    .from(projectLogs)
    .where(and(eq(projectLogs.projectId, projectId), eq(projectLogs.statusTo, projectStatus.code.accepted)))
    .orderBy(desc(projectLogs.createdAt))
    .limit(1);
  return {
    agency,
    itemNames: items.map((item) => surveyItemName(item.itemId)),
    acceptedAt: accepted?.at ?? null,
  };
}

type CertificateFacts = Awaited<ReturnType<typeof certificateFacts>>;

/** One certificate being issued: everything the steps after numbering share. */
interface Issue {
  no: string;
  year: number;
  issuedAt: Date;
  issuedBy: CertificateActor | null;
  project: LockedProject;
  facts: CertificateFacts;
}

/** Renders the PDF, writes its bytes to storage and records the file row; answers the file and its hash. */
async function storeCertificatePdf(ctx: CertificateContext, tx: Queryable, issue: Issue) {
  const { no, project, facts } = issue;
  const pdf = await renderCertificatePdf({
    certificateNo: no,
    projectName: project.projectName,
    projectNo: project.projectNo,
    ownerName: project.ownerName,
    agencyName: facts.agency?.orgName ?? null,
    itemNames: facts.itemNames,
    issuedAt: issue.issuedAt,
    acceptedAt: facts.acceptedAt,
    verifyUrl: verifyUrlOf(ctx, no),
  });
  const fileName = `验收证书${no}.pdf`;
  const stored = await ctx.storage.write(pdf, fileName, 'application/pdf');
  const [file] = await tx
    .insert(files)
    .values({
      originalName: fileName,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      createdBy: issue.issuedBy?.pkid ?? null,
    })
    .returning({ id: files.id });
  if (!file) throw new Error('file insert returned nothing');
  return { fileId: file.id, sha256: stored.sha256 };
}

/** Inserts the certificate row and its audit record; answers the certificate's pkid. */
async function recordCertificate(
  tx: Queryable,
  projectId: number,
  issue: Issue,
  pdf: { fileId: string; sha256: string },
): Promise<number> {
  const { no, issuedAt, issuedBy, project, facts } = issue;
  const [created] = await tx
    .insert(c)
    .values({
      certificateNo: no,
      year: issue.year,
      projectId,
      constructionId: project.constructionId,
      organizationId: facts.agency?.organizationId ?? null,
      projectName: project.projectName,
      projectNo: project.projectNo,
      ownerName: project.ownerName,
      agencyName: facts.agency?.orgName ?? null,
      itemNames: facts.itemNames,
      issuedAt,
      issuedBy: issuedBy?.pkid ?? null,
      issuedByName: issuedBy?.username ?? '系统',
      state: certificateState.code.issued,
      fileId: pdf.fileId,
      sha256: pdf.sha256,
      createdAt: issuedAt,
      updatedAt: issuedAt,
    })
    .returning({ pkid: c.pkid });
  if (!created) throw new Error('certificate insert returned nothing');
  await tx.insert(auditRecords).values({
    subjectType: auditSubject.code.certificate,
    subjectId: created.pkid,
    decision: auditDecision.code.certificateIssued,
    opinion: `发证 ${no}`,
    auditorId: issuedBy?.pkid ?? null,
    auditorName: issuedBy?.username ?? '系统',
    auditedAt: issuedAt,
  });
  return created.pkid;
}

/** Tells the owner and the agency (once, when they are the same user) that the certificate is out. */
async function tellParties(tx: Queryable, issue: Issue, certificateId: number): Promise<void> {
  const { no, issuedAt, project, facts } = issue;
  const link = `/workflow/CertificateDetiles?id=${certificateId}`;
  const text = `项目“${project.projectName}”的测绘成果已验收，验收证书 ${no} 已颁发，项目已办结`;
  if (project.ownerUserId !== null)
    await sendMessage(tx, { toUserId: project.ownerUserId, content: text, link, at: issuedAt });
  const agencyUserId = facts.agency?.userId;
  if (agencyUserId != null && agencyUserId !== project.ownerUserId)
    await sendMessage(tx, { toUserId: agencyUserId, content: text, link, at: issuedAt });
}

/**
 * Issues the certificate of a project in status 6 (已验收) inside the caller's transaction and moves
 * the project to 7 (已办结). Idempotent: when the project has a certificate already, answers it and
 * changes nothing. 404 unknown project; 409 when the project is not in 6 and has no certificate.
 * The PDF's bytes are written to storage before the transaction commits (never a certificate without
 * its file); run the transaction through `removingPdfsOnFailure` so a rolled-back issue does not leave
 * the PDF behind.
 */
export async function issueCertificate(
  ctx: CertificateContext,
  tx: Queryable,
  projectId: number,
  issuedBy: CertificateActor | null,
): Promise<IssuedCertificate> {
  const project = await lockProject(tx, projectId);
  const [existing] = await tx
    .select({ pkid: c.pkid, certificateNo: c.certificateNo })
    .from(c)
    .where(eq(c.projectId, projectId));
  if (existing) return { ...existing, issued: false };
  if (project.status !== projectStatus.code.accepted)
    throw new AppError('conflict', { message: m.projectNotAccepted });

  const facts = await certificateFacts(tx, projectId);
  const issuedAt = ctx.services.now();
  const year = beijingYear(issuedAt);
  const no = certificateNo(year, await nextNumber(tx, year));
  const issue: Issue = { no, year, issuedAt, issuedBy, project, facts };
  const pdf = await storeCertificatePdf(ctx, tx, issue);
  const certificateId = await recordCertificate(tx, projectId, issue, pdf);
  await moveProject(tx, {
    projectId,
    at: issuedAt,
    to: projectStatus.code.completed,
    actor: issuedBy,
    content: `颁发验收证书 ${no}，项目办结`,
  });
  await tellParties(tx, issue, certificateId);
  // The project's archive case, with the metadata of its results and certificate (issue 23).
  await archiveCompletedProject(tx, { projectId, at: issuedAt, actor: issuedBy });
  // The report to the provincial platform, queued in this transaction (server/modules/reporting).
  await queueResultsReport(tx, {
    certificateId,
    certificateNo: no,
    issuedAt,
    projectId,
    projectName: project.projectName,
    projectNo: project.projectNo,
    ownerName: project.ownerName,
    agencyName: facts.agency?.orgName ?? null,
    itemNames: facts.itemNames,
    acceptedAt: facts.acceptedAt,
    sha256: pdf.sha256,
    verifyUrl: verifyUrlOf(ctx, no),
  });
  await notifyPageCache(tx, ['certificates']);
  return { pkid: certificateId, certificateNo: no, issued: true };
}
