/**
 * Result files out (/task/common/downloadAchieveFile/{id}, downloadImage/{id}, download?fileName and
 * /projectHistory/achieveFileDetail/{id}), with one rule for who may get one:
 *
 * - the project's parties and the supervising roles (owner, accepted agency and its staff, authority,
 *   auditors, district offices, administrators), as for the project's results;
 * - a sharing department only for an adopted agency file of an accepted project it holds an approved
 *   application for, and only until that application's validity ends (then a Chinese refusal naming
 *   the day). Every such download is recorded: who, when, which file, under which application.
 *
 * Anyone else, and a file that is not a result file, gets the same 404. Bytes are streamed from
 * storage (server/lib/file-response.ts: missing content is a 500 that says so, never an empty 200).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  files,
  projectAuthorizations,
  projectResultFiles,
  projectResults,
  projects,
  resultCatalogueEntries,
  shareApplications,
  shareDownloads,
  surveyItems,
} from '@server/db/schema';
import { fileResponse, privately } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { isProjectSupervisor, ownAgencyOf, ownUnitOf } from '@server/modules/projects';
import { roles } from '@shared/domain/roles';
import { shareStatus } from '@shared/domain/sharing';
import { authorizationState, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { sharingMessages as m } from '@shared/validation/sharing';

const rf = projectResultFiles;

/** A result file with what the rule needs. */
async function resultFileRow(db: Queryable, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      id: rf.pkid,
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
      storageKey: files.storageKey,
      byAuditor: rf.byAuditor,
      uploadedAt: rf.createdAt,
      resultStatus: projectResults.status,
      description: projectResults.description,
      itemName: surveyItems.name,
      entryName: resultCatalogueEntries.name,
      projectId: projects.pkid,
      projectNo: projects.projectNo,
      projectName: projects.projectName,
      projectStatus: projects.status,
      constructionId: projects.constructionId,
    })
    .from(rf)
    .innerJoin(files, eq(files.id, rf.fileId))
    .innerJoin(projectResults, eq(projectResults.resultId, rf.resultId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectResults.itemId))
    .innerJoin(resultCatalogueEntries, eq(resultCatalogueEntries.entryId, projectResults.entryId))
    .innerJoin(projects, eq(projects.pkid, projectResults.projectId))
    .where(where)
    .orderBy(rf.pkid)
    .limit(1);
  return row ?? null;
}
type ResultFileRow = NonNullable<Awaited<ReturnType<typeof resultFileRow>>>;

/** Whether the user is one of the project's parties or supervises projects. */
async function isParty(db: Queryable, user: SessionUser, row: ResultFileRow): Promise<boolean> {
  if (isProjectSupervisor(user)) return true;
  if ((await ownUnitOf(db, user)) === row.constructionId) return true;
  const agency = await ownAgencyOf(db, user);
  if (agency === null) return false;
  const [authorized] = await db
    .select({ pkid: projectAuthorizations.pkid })
    .from(projectAuthorizations)
    .where(
      and(
        eq(projectAuthorizations.projectId, row.projectId),
        eq(projectAuthorizations.organizationId, agency),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    );
  return authorized !== undefined;
}

/** Whether the file is one a sharing application covers: an adopted agency file of an accepted project. */
function isShared(row: ResultFileRow): boolean {
  return (
    !row.byAuditor &&
    row.resultStatus === resultAcceptance.code.adopted &&
    (row.projectStatus === projectStatus.code.accepted || row.projectStatus === projectStatus.code.completed)
  );
}

type Access =
  { kind: 'party' } | { kind: 'shared'; applicationId: number } | { kind: 'refused'; error: AppError };

/** How the user may get the file (see the file's comment). */
async function accessOf(db: Queryable, user: SessionUser, row: ResultFileRow, now: Date): Promise<Access> {
  if (await isParty(db, user, row)) return { kind: 'party' };
  const notFound = {
    kind: 'refused',
    error: new AppError('not_found', { message: m.fileNotFound }),
  } as const;
  if (!user.roleIds.includes(roles.sharing.id) || !isShared(row)) return notFound;
  const approved = await db
    .select({ pkid: shareApplications.pkid, validUntil: shareApplications.validUntil })
    .from(shareApplications)
    .where(
      and(
        eq(shareApplications.applicantId, user.pkid),
        eq(shareApplications.projectId, row.projectId),
        eq(shareApplications.status, shareStatus.code.approved),
      ),
    )
    .orderBy(desc(shareApplications.validUntil));
  const [latest] = approved;
  if (!latest || latest.validUntil === null)
    return { kind: 'refused', error: new AppError('forbidden', { message: m.notApproved }) };
  if (latest.validUntil.getTime() <= now.getTime())
    return {
      kind: 'refused',
      error: new AppError('forbidden', { message: m.expired(beijingDate(latest.validUntil)) }),
    };
  return { kind: 'shared', applicationId: latest.pkid };
}

/** Whether the user may download the file now (detail pages). */
export async function mayDownload(db: Queryable, user: SessionUser, id: number, now: Date): Promise<boolean> {
  const row = await resultFileRow(db, eq(rf.pkid, id));
  return row !== null && (await accessOf(db, user, row, now)).kind !== 'refused';
}

/**
 * The file as an HTTP answer for the user, or the refusal; a download under an application is recorded
 * before the bytes go out (a recorded download whose transfer then breaks off still counts as taken).
 */
async function sendResultFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  row: ResultFileRow | null,
  now: Date,
  kind: 'attachment' | 'inline',
): Promise<Response> {
  if (!row) throw new AppError('not_found', { message: m.fileNotFound });
  const access = await accessOf(ctx.db, user, row, now);
  if (access.kind === 'refused') throw access.error;
  if (kind === 'inline' && !/^image\//i.test(row.contentType))
    throw new AppError('invalid_input', { message: m.notImage });
  const response = await fileResponse(ctx.storage, row, kind);
  if (access.kind === 'shared')
    await ctx.db.insert(shareDownloads).values({
      applicationId: access.applicationId,
      fileId: row.fileId,
      userId: user.pkid,
      downloadedAt: now,
    });
  return privately(response);
}

export async function downloadResultFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  id: number,
  now: Date,
  kind: 'attachment' | 'inline' = 'attachment',
): Promise<Response> {
  return sendResultFile(ctx, user, await resultFileRow(ctx.db, eq(rf.pkid, id)), now, kind);
}

/** download?fileName: the stored file's id; the result file it belongs to decides the access. */
export async function downloadByStoredFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  fileId: string,
  now: Date,
): Promise<Response> {
  return sendResultFile(ctx, user, await resultFileRow(ctx.db, eq(rf.fileId, fileId)), now, 'attachment');
}

/** projectHistory/achieveFileDetail/{id}: the file's data for whoever may get it. */
export async function resultFileDetail(db: Queryable, user: SessionUser, id: number, now: Date) {
  const row = await resultFileRow(db, eq(rf.pkid, id));
  if (!row) throw new AppError('not_found', { message: m.fileNotFound });
  const access = await accessOf(db, user, row, now);
  // A sharing department without a valid approval still sees what it may apply for, not the bytes.
  if (access.kind === 'refused' && access.error.code === 'not_found') throw access.error;
  return {
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    itemName: row.itemName,
    entryName: row.entryName,
    projectId: row.projectId,
    projectNo: row.projectNo,
    projectName: row.projectName,
    resultStatus: row.resultStatus,
    description: row.description,
    uploadedAt: row.uploadedAt.toISOString(),
    canDownload: access.kind !== 'refused',
  };
}

/** The adopted agency files of a project (what an application covers), in catalogue order. */
export async function sharedFilesOf(db: Queryable, projectId: number) {
  const rows = await db
    .select({
      id: rf.pkid,
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
      itemName: surveyItems.name,
      entryName: resultCatalogueEntries.name,
    })
    .from(rf)
    .innerJoin(files, eq(files.id, rf.fileId))
    .innerJoin(projectResults, eq(projectResults.resultId, rf.resultId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectResults.itemId))
    .innerJoin(resultCatalogueEntries, eq(resultCatalogueEntries.entryId, projectResults.entryId))
    .where(
      and(
        eq(projectResults.projectId, projectId),
        eq(projectResults.status, resultAcceptance.code.adopted),
        eq(rf.byAuditor, false),
      ),
    )
    .orderBy(surveyItems.orderIndex, resultCatalogueEntries.orderIndex, rf.pkid);
  return rows;
}
