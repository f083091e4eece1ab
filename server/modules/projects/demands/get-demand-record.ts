/** getDemand: one demand with its items, files, amendments, project and log, for whoever may see it. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  files,
  projectDemandAmendments,
  projectDemandFiles,
  projectStageItems,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { getReviewState, listReviewRecords } from '@server/modules/review';
import { auditStatus, auditSubject, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m } from '@shared/validation/projects';
import { getProject, logsOf } from '../service';
import { itemNamesOf, visibleDemand, withItems } from './demand-rows';

const AMEND = auditSubject.code.demandAmend;

async function filesOf(db: Queryable, demandId: number) {
  return db
    .select({
      fileId: projectDemandFiles.fileId,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(projectDemandFiles)
    .innerJoin(files, eq(files.id, projectDemandFiles.fileId))
    .where(eq(projectDemandFiles.demandId, demandId))
    .orderBy(asc(projectDemandFiles.pkid));
}

async function amendmentsOf(db: Queryable, user: SessionUser, demandId: number) {
  const rows = await db
    .select()
    .from(projectDemandAmendments)
    .where(eq(projectDemandAmendments.demandId, demandId))
    .orderBy(asc(projectDemandAmendments.pkid));
  const names = await itemNamesOf(
    db,
    rows.flatMap((row) => row.itemIds),
  );
  return Promise.all(
    rows.map(async (row) => {
      let review = null;
      if (row.auditStatus === auditStatus.code.pending) {
        const state = await getReviewState(db, user, AMEND, row.pkid);
        // No transfer call exists for amendments, so the panel does not offer one.
        const allowed = state.allowed.filter((key) => key === 'approve' || key === 'reject');
        review = { status: state.item.status, version: state.item.version, allowed, reviewers: [] };
      }
      return {
        amendmentId: row.pkid,
        itemNames: row.itemIds.map((id) => names.get(id) ?? String(id)),
        reason: row.reason,
        auditStatus: row.auditStatus,
        createdAt: row.createdAt,
        appliedAt: row.appliedAt,
        review,
        records: await listReviewRecords(db, AMEND, row.pkid),
      };
    }),
  );
}

/** The demand asked for: by its id, or by an amendment's (the reviewers' link from their message). */
async function demandIdOf(
  db: Queryable,
  by: { demandId?: number | undefined; amendmentId?: number | undefined },
) {
  if (by.demandId !== undefined) return by.demandId;
  const [amendment] = await db
    .select({ demandId: projectDemandAmendments.demandId })
    .from(projectDemandAmendments)
    .where(eq(projectDemandAmendments.pkid, by.amendmentId ?? 0));
  if (!amendment) throw new AppError('not_found', { message: m.amendmentNotFound });
  return amendment.demandId;
}

/** getDemand: by demand, or by an amendment (the reviewers' link from their message). */
export async function getDemandRecord(
  db: Queryable,
  user: SessionUser,
  by: { demandId?: number | undefined; amendmentId?: number | undefined },
) {
  const demandId = await demandIdOf(db, by);
  const { row, scope } = await visibleDemand(db, user, demandId);
  const [listed] = await withItems(db, [row]);
  const items = await db
    .select({ itemId: projectStageItems.itemId, itemName: surveyItems.name })
    .from(projectStageItems)
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(projectStageItems.itemId));
  return {
    ...(listed as NonNullable<typeof listed>),
    remark: row.remark,
    deadline: row.deadline,
    items,
    files: await filesOf(db, demandId),
    amendments: await amendmentsOf(db, user, demandId),
    project: await getProject(db, user, { pkid: row.projectId }),
    logs: await logsOf(db, row.projectId),
    canEdit: scope !== null && row.constructionId === scope && row.status === projectStatus.code.draft,
  };
}
