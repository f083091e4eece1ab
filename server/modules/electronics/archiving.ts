/**
 * Opening an archive case (docs/electronics.md): when a project's certificate is issued, in the same
 * transaction, its case is opened and the metadata of what it holds is appended to the chain: one
 * document record for each adopted result file and one for the certificate's PDF. Idempotent: a
 * project archived already is left as it is. The nightly job archives any completed project that has
 * no case (a project completed before the archive existed).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  archiveCases,
  certificates,
  files,
  projectResultFiles,
  projectResults,
  projects,
  resultCatalogueEntries,
} from '@server/db/schema';
import { beijingDate } from '@shared/domain/working-days';
import { archiveCaseNo, classification, metadataKind, type Classification } from '@shared/domain/electronics';
import { projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { acceptedAgencyOf } from '@server/modules/projects';
import { appendRecord } from './chain';

/** Who archives: the certificate's issuer, or null for the system (the nightly job). */
export interface ArchiveActor {
  pkid: number;
  username: string;
}

/** The format column: the name's extension, upper case (PDF, DWG, ZIP). */
function formatOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toUpperCase() : '';
}

function stemOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** A document record's content from its stored file (the catalogue's fields, shared/domain). */
export function documentContent(input: {
  fileName: string;
  size: number;
  type: string;
  level: Classification;
  managingUnit: string | null;
  link: string;
  producedAt: Date | null;
  loadedAt: Date;
}): Record<string, string | number | null> {
  return {
    name: stemOf(input.fileName),
    alias: null,
    type: input.type,
    format: formatOf(input.fileName),
    size: input.size,
    classificationLevel: classification.label(input.level),
    managingUnit: input.managingUnit,
    link: input.link,
    productionTime: input.producedAt ? beijingDate(input.producedAt) : null,
    loadDate: beijingDate(input.loadedAt),
  };
}

/** The adopted result files of a project (the agency's, not the auditors' attachments). */
function adoptedResultFiles(tx: Queryable, projectId: number) {
  return tx
    .select({
      pkid: projectResultFiles.pkid,
      fileId: files.id,
      fileName: files.originalName,
      size: files.size,
      entryName: resultCatalogueEntries.name,
      submittedAt: projectResults.submittedAt,
    })
    .from(projectResultFiles)
    .innerJoin(projectResults, eq(projectResults.resultId, projectResultFiles.resultId))
    .innerJoin(resultCatalogueEntries, eq(resultCatalogueEntries.entryId, projectResults.entryId))
    .innerJoin(files, eq(files.id, projectResultFiles.fileId))
    .where(
      and(
        eq(projectResults.projectId, projectId),
        eq(projectResults.status, resultAcceptance.code.adopted),
        eq(projectResultFiles.byAuditor, false),
      ),
    )
    .orderBy(asc(projectResultFiles.pkid));
}

/**
 * Opens the archive case of a completed project inside the caller's transaction (the certificate's),
 * with the metadata of its accepted results (内部) and its certificate (公开). Answers the case's id;
 * when the project has a case already, answers it and appends nothing.
 */
export async function archiveCompletedProject(
  tx: Queryable,
  input: { projectId: number; at: Date; actor: ArchiveActor | null },
): Promise<number> {
  const [existing] = await tx
    .select({ caseId: archiveCases.caseId })
    .from(archiveCases)
    .where(eq(archiveCases.projectId, input.projectId));
  if (existing) return existing.caseId;
  const [certificate] = await tx
    .select({
      pkid: certificates.pkid,
      fileId: certificates.fileId,
      certificateNo: certificates.certificateNo,
      issuedAt: certificates.issuedAt,
      size: files.size,
    })
    .from(certificates)
    .innerJoin(files, eq(files.id, certificates.fileId))
    .where(eq(certificates.projectId, input.projectId));
  const agency = await acceptedAgencyOf(tx, input.projectId);
  const year = Number(beijingDate(input.at).slice(0, 4));
  const [opened] = await tx
    .insert(archiveCases)
    .values({
      caseNo: archiveCaseNo(year, input.projectId),
      projectId: input.projectId,
      certificateId: certificate?.pkid ?? null,
      organizationId: agency?.organizationId ?? null,
      classification: classification.code.public,
      year,
      archivedAt: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning({ caseId: archiveCases.caseId });
  if (!opened) throw new Error('archive case insert returned nothing');
  const link = `/electronics/CaseList?id=${opened.caseId}`;
  const by = { createdBy: input.actor?.pkid ?? null, createdByName: input.actor?.username ?? '系统' };
  const record = { caseId: opened.caseId, kind: metadataKind.code.document, version: 1, createdAt: input.at };
  for (const file of await adoptedResultFiles(tx, input.projectId)) {
    const level = classification.code.internal;
    await appendRecord(tx, {
      ...record,
      ...by,
      subjectKey: `result-file:${file.pkid}`,
      classification: level,
      fileId: file.fileId,
      content: documentContent({
        ...file,
        type: file.entryName,
        level,
        managingUnit: agency?.orgName ?? null,
        link,
        producedAt: file.submittedAt,
        loadedAt: input.at,
      }),
    });
  }
  if (certificate) {
    const level = classification.code.public;
    await appendRecord(tx, {
      ...record,
      ...by,
      subjectKey: `certificate:${certificate.pkid}`,
      classification: level,
      fileId: certificate.fileId,
      content: documentContent({
        fileName: `验收证书${certificate.certificateNo}.pdf`,
        size: certificate.size,
        type: '验收证书',
        level,
        managingUnit: '行业主管部门',
        link,
        producedAt: certificate.issuedAt,
        loadedAt: input.at,
      }),
    });
  }
  return opened.caseId;
}

/**
 * Opens the case of every completed project that has none, inside the caller's transaction; answers
 * how many (the nightly job; the demo seed, whose completed projects did not all go through issuing).
 */
export async function archiveUnarchivedProjects(tx: Queryable, at: Date): Promise<number> {
  const rows = await tx
    .select({ pkid: projects.pkid })
    .from(projects)
    .leftJoin(archiveCases, eq(archiveCases.projectId, projects.pkid))
    .where(and(eq(projects.status, projectStatus.code.completed), isNull(archiveCases.caseId)))
    .orderBy(asc(projects.pkid));
  for (const { pkid } of rows) await archiveCompletedProject(tx, { projectId: pkid, at, actor: null });
  return rows.length;
}
