/**
 * A project's results as one whole: who may read or change them, and its result items (one per entry
 * of the catalogue its demands were fixed to, created on first read).
 *
 * Reading: the owner (its unit's projects), the authorized agency (account and staff), the authority,
 * the auditors and administrators; a district sub-office its own district's projects (another
 * district's answers 403 saying so); anyone else gets the same 404 as for a project that does not
 * exist. Changing: the agency whose authorization on the
 * project is accepted (its account), or its staff named on the project's survey case (办件, per item,
 * server/modules/offline); while no case names anyone, every staff member of that agency.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  agentStaff,
  archiveFiles,
  constructionUnits,
  files,
  projectAuthorizations,
  projectResultFiles,
  projectResults,
  projects,
  resultCatalogueEntries,
  surveyCaseStaff,
  surveyCases,
  surveyItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf, districtOfUser, ownAgencyOf, ownUnitOf } from '@server/modules/projects';
import { roles } from '@shared/domain/roles';
import type { ResultItem } from '@shared/calls/results';
import { authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m } from '@shared/validation/results';
import { fixDemandCatalogue, fixedEntriesOf } from './catalogue';

export interface ResultProjectRef {
  projectId: number;
  projectName: string;
  projectNo: string;
  status: number;
  /** The project's district (a district sub-office reads only its own). */
  districtCode: string;
  constructionId: number;
  constructionName: string;
  ownerUserId: number | null;
  /** The authorized agency (the accepted authorizations' organization). */
  organizationId: number;
  orgName: string;
  agencyUserId: number | null;
  demandIds: number[];
  authorizationIds: number[];
}

/** The project and its accepted authorizations; null when it has none (nothing to submit). */
export async function loadRef(db: Queryable, projectId: number): Promise<ResultProjectRef | null> {
  const rows = await db
    .select({
      projectId: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      status: projects.status,
      districtCode: projects.districtCode,
      constructionId: projects.constructionId,
      constructionName: constructionUnits.name,
      ownerUserId: constructionUnits.userId,
      organizationId: agentOrganizations.organizationId,
      orgName: agentOrganizations.orgName,
      agencyUserId: agentOrganizations.userId,
      demandId: projectAuthorizations.demandId,
      authorizationId: projectAuthorizations.pkid,
    })
    .from(projects)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(
      projectAuthorizations,
      and(
        eq(projectAuthorizations.projectId, projects.pkid),
        eq(projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .innerJoin(
      agentOrganizations,
      eq(agentOrganizations.organizationId, projectAuthorizations.organizationId),
    )
    .where(eq(projects.pkid, projectId))
    .orderBy(asc(projectAuthorizations.pkid));
  const [first] = rows;
  if (!first) return null;
  // One agency answers for the project's results: the first accepted authorization's (a project
  // whose demands went to two agencies shows each only its own demands, below).
  const own = rows.filter((row) => row.organizationId === first.organizationId);
  return {
    ...first,
    demandIds: [...new Set(own.map((row) => row.demandId))],
    authorizationIds: own.map((row) => row.authorizationId),
  };
}

/** Roles that read every project's results: the authority and the acceptance auditors. */
const overseers: readonly string[] = [roles.authority.id, roles.auditor.id];

/**
 * Why the signed-in user may not see the project's results, or null (see the file's comment): a
 * district sub-office reads its own district only and is told so (403); anyone else not a party gets
 * the 404 of a project that does not exist.
 */
async function readRefusal(
  db: Queryable,
  user: SessionUser,
  ref: ResultProjectRef,
): Promise<AppError | null> {
  if (user.isAdmin || user.roleIds.some((role) => overseers.includes(role))) return null;
  if ((await ownUnitOf(db, user)) === ref.constructionId) return null;
  if ((await ownAgencyOf(db, user)) === ref.organizationId) return null;
  if (user.roleIds.includes(roles.district.id)) {
    const code = await districtOfUser(db, user);
    if (code === null) return new AppError('forbidden', { message: m.noDistrict });
    return code === ref.districtCode ? null : new AppError('forbidden', { message: m.otherDistrict });
  }
  return new AppError('not_found', { message: m.projectNotFound });
}

/** Why the user may not change the project's results, or null. */
async function writeRefusal(
  db: Queryable,
  user: SessionUser,
  ref: ResultProjectRef,
): Promise<AppError | null> {
  if (user.isAdmin) return null;
  if ((await agencyAccountOf(db, user)) === ref.organizationId) return null;
  const [staff] = await db
    .select({ staffId: agentStaff.staffId, organizationId: agentStaff.organizationId })
    .from(agentStaff)
    .where(and(eq(agentStaff.userId, user.pkid), isNull(agentStaff.deletedAt)));
  if (!staff || staff.organizationId !== ref.organizationId)
    return new AppError('not_found', { message: m.projectNotFound });
  const named = await db
    .select({ staffId: surveyCaseStaff.staffId })
    .from(surveyCaseStaff)
    .innerJoin(surveyCases, eq(surveyCases.caseId, surveyCaseStaff.caseId))
    .where(inArray(surveyCases.authorizationId, ref.authorizationIds));
  if (named.length > 0 && !named.some((row) => row.staffId === staff.staffId))
    return new AppError('forbidden', { message: m.staffNotAssigned });
  return null;
}

/**
 * The project for `user` to read (`write`: to change) its results: 404 when it does not exist, has
 * no accepted authorization or is not the user's; 403 for the agency's staff not named on its case.
 */
export async function resultProjectFor(
  db: Queryable,
  user: SessionUser,
  projectId: number,
  mode: 'read' | 'write',
): Promise<ResultProjectRef> {
  const ref = await loadRef(db, projectId);
  if (!ref) throw new AppError('not_found', { message: m.projectNotFound });
  if (mode === 'read') {
    const refused = await readRefusal(db, user, ref);
    if (refused) throw refused;
    return ref;
  }
  const refused = await writeRefusal(db, user, ref);
  if (refused) throw refused;
  return ref;
}

/** Whether the user may change the project's results (the pages' canEdit). */
export async function mayWrite(db: Queryable, user: SessionUser, ref: ResultProjectRef): Promise<boolean> {
  return (await writeRefusal(db, user, ref)) === null;
}

/**
 * Creates the missing result items of the project (its demands' catalogues fixed first; idempotent).
 * Runs inside the caller's transaction, or on its own connection for a read.
 */
export async function ensureResultItems(tx: Queryable, ref: ResultProjectRef): Promise<void> {
  for (const demandId of ref.demandIds) await fixDemandCatalogue(tx, demandId);
  const entries = await fixedEntriesOf(tx, ref.demandIds);
  if (entries.length === 0) return;
  await tx
    .insert(projectResults)
    .values(
      entries.map((entry) => ({
        projectId: ref.projectId,
        demandId: entry.demandId,
        itemId: entry.itemId,
        entryId: entry.entryId,
      })),
    )
    .onConflictDoNothing();
}

const submitter = users;

/** The project's result items with their files, in catalogue order (or only `resultIds`). */
export async function resultItemsOf(
  db: Queryable,
  ref: Pick<ResultProjectRef, 'projectId' | 'demandIds'>,
  resultIds?: readonly number[],
): Promise<ResultItem[]> {
  const r = projectResults;
  const e = resultCatalogueEntries;
  if (ref.demandIds.length === 0) return [];
  const rows = await db
    .select({
      resultId: r.resultId,
      itemId: r.itemId,
      itemName: surveyItems.name,
      entryId: e.entryId,
      name: e.name,
      formats: e.formats,
      required: e.required,
      maxSize: e.maxSize,
      status: r.status,
      description: r.description,
      opinion: r.opinion,
      submittedAt: r.submittedAt,
      decidedAt: r.decidedAt,
      submittedBy: r.submittedBy,
      decidedBy: r.decidedBy,
    })
    .from(r)
    .innerJoin(e, eq(e.entryId, r.entryId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, r.itemId))
    .where(
      and(
        eq(r.projectId, ref.projectId),
        inArray(r.demandId, ref.demandIds),
        resultIds ? inArray(r.resultId, [...resultIds]) : undefined,
      ),
    )
    .orderBy(asc(surveyItems.orderIndex), asc(r.itemId), asc(e.orderIndex), asc(e.entryId));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.resultId);
  const attached = await db
    .select({
      resultId: projectResultFiles.resultId,
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
      byAuditor: projectResultFiles.byAuditor,
      archiveId: sql<number | null>`(select min(${archiveFiles.id}) from ${archiveFiles}
        where ${archiveFiles.dirid} = 'result:' || ${projectResultFiles.resultId}
          and ${archiveFiles.fileId} = ${projectResultFiles.fileId})`,
      createdById: projectResultFiles.createdBy,
      createdAt: projectResultFiles.createdAt,
    })
    .from(projectResultFiles)
    .innerJoin(files, eq(files.id, projectResultFiles.fileId))
    .where(inArray(projectResultFiles.resultId, ids))
    .orderBy(asc(projectResultFiles.createdAt), asc(projectResultFiles.pkid));
  const people = [
    ...new Set(rows.flatMap((row) => [row.submittedBy, row.decidedBy]).filter((id) => id !== null)),
  ];
  const names = new Map(
    people.length === 0
      ? []
      : (
          await db
            .select({ pkid: submitter.pkid, username: submitter.username })
            .from(submitter)
            .where(inArray(submitter.pkid, people))
        ).map((row) => [row.pkid, row.username]),
  );
  return rows.map(({ submittedBy, decidedBy, ...row }) => ({
    ...row,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    submittedByName: submittedBy === null ? null : (names.get(submittedBy) ?? null),
    decidedByName: decidedBy === null ? null : (names.get(decidedBy) ?? null),
    files: attached
      .filter((file) => file.resultId === row.resultId)
      .map(({ resultId: _resultId, createdAt, ...file }) => ({
        ...file,
        createdAt: createdAt.toISOString(),
      })),
  }));
}

/** The project a result item belongs to, for `user` (404 as for a project that is not theirs). */
export async function projectOfResult(
  db: Queryable,
  user: SessionUser,
  resultId: number,
  mode: 'read' | 'write',
): Promise<ResultProjectRef> {
  const [row] = await db
    .select({ projectId: projectResults.projectId, demandId: projectResults.demandId })
    .from(projectResults)
    .where(eq(projectResults.resultId, resultId));
  if (!row) throw new AppError('not_found', { message: m.resultNotFound });
  const ref = await resultProjectFor(db, user, row.projectId, mode).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('not_found', { message: m.resultNotFound });
    throw error;
  });
  if (!ref.demandIds.includes(row.demandId)) throw new AppError('not_found', { message: m.resultNotFound });
  return ref;
}

/**
 * The project's result items created (its demands' catalogues fixed first), for the demo seed;
 * answers the project's reference, or null when it has no accepted authorization.
 */
export async function prepareResultItems(tx: Queryable, projectId: number): Promise<ResultProjectRef | null> {
  const ref = await loadRef(tx, projectId);
  if (ref) await ensureResultItems(tx, ref);
  return ref;
}
