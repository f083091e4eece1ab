/**
 * The agency's side of results (docs/results.md): files are attached to a result item as they are
 * stored (the archive's chunked upload calls `attachResultFile` from its onStored), described, removed,
 * and the whole catalogue is submitted for acceptance through the review workflow (kind `result`, one
 * review item per project). The first stored file moves the project 3 → 4 (测绘中); the first
 * submission moves it 4 → 5 (成果已提交, in the kind's hook, review-hooks.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { files, projectDemands, projectResultFiles, projectResults } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { moveProject } from '@server/modules/projects';
import {
  decideIn,
  getReviewItem,
  openReview,
  setApplicant,
  type ReviewContext,
  type ReviewItem,
} from '@server/modules/review';
import type { ResultItem } from '@shared/calls/results';
import { auditStatus, auditSubject, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m } from '@shared/validation/results';
import {
  ensureResultItems,
  projectOfResult,
  resultItemsOf,
  resultProjectFor,
  type ResultProjectRef,
} from './project';

const RESULT = auditSubject.code.result;
const A = resultAcceptance.code;

/** The project's acceptance review item, or null before its first submission. */
export async function acceptanceOf(db: Queryable, projectId: number): Promise<ReviewItem | null> {
  try {
    return await getReviewItem(db, RESULT, projectId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * Why the project's results cannot change now, or null: open in 合同已备案 and 测绘中, and in 成果已提交
 * only when the acceptance returned something (not while it is under review, nor once accepted).
 */
export function closedReason(status: number, acceptance: ReviewItem | null): string | null {
  if (acceptance?.status === auditStatus.code.pending) return m.underReview;
  if (status === projectStatus.code.contractFiled || status === projectStatus.code.surveying) return null;
  if (status === projectStatus.code.resultSubmitted && acceptance?.status === auditStatus.code.rejected)
    return null;
  return m.notOpen(projectStatus.label(status));
}

async function requireOpen(tx: Queryable, ref: ResultProjectRef): Promise<void> {
  const reason = closedReason(ref.status, await acceptanceOf(tx, ref.projectId));
  if (reason) throw new AppError('conflict', { message: reason });
}

/** One item for a change: it must be 未提交 or 退回 (an item under review or adopted stays as it is). */
async function changeableItem(tx: Queryable, ref: ResultProjectRef, resultId: number): Promise<ResultItem> {
  const [item] = await resultItemsOf(tx, ref, [resultId]);
  if (!item) throw new AppError('not_found', { message: m.resultNotFound });
  if (item.status === A.adopted) throw new AppError('conflict', { message: m.adopted });
  if (item.status === A.submitted) throw new AppError('conflict', { message: m.underReview });
  return item;
}

/** The item, when `user` may change it now (the archive folder's canWrite); refusals as attachResultFile's. */
export async function changeableItemOf(
  db: Queryable,
  user: SessionUser,
  resultId: number,
): Promise<ResultItem> {
  const ref = await projectOfResult(db, user, resultId, 'write');
  await requireOpen(db, ref);
  return changeableItem(db, ref, resultId);
}

async function itemAfter(db: Queryable, ref: ResultProjectRef, resultId: number): Promise<ResultItem> {
  const [item] = await resultItemsOf(db, ref, [resultId]);
  if (!item) throw new Error('result item vanished');
  return item;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Attaches a stored file (a row of `files`) to a result item, in the caller's transaction: what the
 * archive's onStored calls for the result folder kind (folder id = result item id). Refused: not the
 * user's project (404), staff not named on it (403), results closed (409), an item under review or
 * adopted (409), a format the catalogue entry does not accept or a file over its size limit (400).
 * The project's first result file moves it 合同已备案 → 测绘中, with its log line.
 */
export async function attachResultFile(
  tx: Queryable,
  resultItemId: number,
  fileId: string,
  user: SessionUser,
  at: Date,
): Promise<ResultItem> {
  const ref = await projectOfResult(tx, user, resultItemId, 'write');
  await requireOpen(tx, ref);
  const item = await changeableItem(tx, ref, resultItemId);
  const [file] = await tx
    .select({ originalName: files.originalName, size: files.size })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw new AppError('not_found', { message: m.fileNotFound });
  if (!item.formats.includes(extensionOf(file.originalName)))
    throw new AppError('invalid_input', {
      message: m.formatNotAccepted(item.name, item.formats),
      field: 'file',
    });
  if (file.size > item.maxSize)
    throw new AppError('invalid_input', {
      message: m.fileTooLarge(item.name, Math.floor(item.maxSize / 1024 / 1024)),
      field: 'file',
    });
  const now = at;
  await tx
    .insert(projectResultFiles)
    .values({ resultId: resultItemId, fileId, createdBy: user.pkid, createdAt: now })
    .onConflictDoNothing();
  await tx.update(projectResults).set({ updatedAt: now }).where(eq(projectResults.resultId, resultItemId));
  if (ref.status === projectStatus.code.contractFiled) {
    await moveProject(tx, {
      projectId: ref.projectId,
      at,
      to: projectStatus.code.surveying,
      actor: user,
      content: `开始上传测绘成果（${item.itemName}：${item.name}）`,
    });
    await tx
      .update(projectDemands)
      .set({ status: projectStatus.code.surveying, updatedAt: now })
      .where(inArray(projectDemands.pkid, ref.demandIds));
  }
  return itemAfter(tx, ref, resultItemId);
}

/** acceptMedia/deleteMedia: removes one of the agency's files from an item that may change. */
export async function deleteResultFile(
  db: Database,
  user: SessionUser,
  input: { resultId: number; fileId: string },
): Promise<ResultItem> {
  return db.transaction(async (tx) => {
    const ref = await projectOfResult(tx, user, input.resultId, 'write');
    await requireOpen(tx, ref);
    await changeableItem(tx, ref, input.resultId);
    const removed = await tx
      .delete(projectResultFiles)
      .where(
        and(
          eq(projectResultFiles.resultId, input.resultId),
          eq(projectResultFiles.fileId, input.fileId),
          eq(projectResultFiles.byAuditor, false),
        ),
      )
      .returning({ pkid: projectResultFiles.pkid });
    if (removed.length === 0) throw new AppError('not_found', { message: m.fileNotOfResult });
    return itemAfter(tx, ref, input.resultId);
  });
}

/** projectAccept/delete: clears an item that may change (its files and description). */
export async function clearResult(
  ctx: ReviewContext,
  user: SessionUser,
  input: { resultId: number },
): Promise<ResultItem> {
  return ctx.db.transaction(async (tx) => {
    const ref = await projectOfResult(tx, user, input.resultId, 'write');
    await requireOpen(tx, ref);
    await changeableItem(tx, ref, input.resultId);
    await tx
      .delete(projectResultFiles)
      .where(and(eq(projectResultFiles.resultId, input.resultId), eq(projectResultFiles.byAuditor, false)));
    await tx
      .update(projectResults)
      .set({ description: null, updatedAt: ctx.services.now() })
      .where(eq(projectResults.resultId, input.resultId));
    return itemAfter(tx, ref, input.resultId);
  });
}

/** projectAccept/update: an item's description. */
export async function describeResult(
  ctx: ReviewContext,
  user: SessionUser,
  input: { resultId: number; description: string },
): Promise<ResultItem> {
  return ctx.db.transaction(async (tx) => {
    const ref = await projectOfResult(tx, user, input.resultId, 'write');
    await requireOpen(tx, ref);
    await changeableItem(tx, ref, input.resultId);
    await tx
      .update(projectResults)
      .set({ description: input.description.trim() || null, updatedAt: ctx.services.now() })
      .where(eq(projectResults.resultId, input.resultId));
    return itemAfter(tx, ref, input.resultId);
  });
}

/** What a submission would send now, or why it cannot: the items to submit and the missing ones. */
export function submissionOf(items: readonly ResultItem[]): {
  toSubmit: ResultItem[];
  withdrawn: ResultItem[];
  missing: string[];
} {
  const open = items.filter((item) => item.status === A.notSubmitted || item.status === A.rejected);
  const hasOwnFile = (item: ResultItem) => item.files.some((file) => !file.byAuditor);
  return {
    toSubmit: open.filter(hasOwnFile),
    // An optional item returned and then emptied is no longer offered: it goes back to 未提交.
    withdrawn: open.filter((item) => item.status === A.rejected && !hasOwnFile(item)),
    missing: open
      .filter((item) => item.required && !hasOwnFile(item))
      .map((item) => `${item.itemName}：${item.name}`),
  };
}

/**
 * projectAccept/save: submits the project's results for acceptance. Every required item still open
 * must have a file (400 naming the missing ones); the open items with files become 已提交 and the
 * project's acceptance goes to the acceptance auditors (review `submit`; its hook moves the project
 * 4 → 5 the first time and logs a resubmission after a return). Answers whether it was a resubmission.
 */
export async function submitResults(
  ctx: ReviewContext,
  user: SessionUser,
  input: { projectId: number },
): Promise<{ resubmitted: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const ref = await resultProjectFor(tx, user, input.projectId, 'write');
    const before = await acceptanceOf(tx, ref.projectId);
    await requireOpen(tx, ref);
    await ensureResultItems(tx, ref);
    const { toSubmit, withdrawn, missing } = submissionOf(await resultItemsOf(tx, ref));
    if (missing.length > 0) throw new AppError('invalid_input', { message: m.missingRequired(missing) });
    if (toSubmit.length === 0) throw new AppError('conflict', { message: m.nothingToSubmit });
    const now = ctx.services.now();
    // This submission is the next round: what the acceptance judges is the items carrying its number.
    const [last] = await tx
      .select({ round: sql<number>`coalesce(max(${projectResults.round}), 0)::int` })
      .from(projectResults)
      .where(eq(projectResults.projectId, ref.projectId));
    const round = (last?.round ?? 0) + 1;
    await tx
      .update(projectResults)
      .set({ status: A.submitted, submittedBy: user.pkid, submittedAt: now, round, updatedAt: now })
      .where(
        inArray(
          projectResults.resultId,
          toSubmit.map((item) => item.resultId),
        ),
      );
    if (withdrawn.length > 0)
      await tx
        .update(projectResults)
        .set({ status: A.notSubmitted, updatedAt: now })
        .where(
          inArray(
            projectResults.resultId,
            withdrawn.map((item) => item.resultId),
          ),
        );
    await openReview(tx, { subjectType: RESULT, subjectId: ref.projectId, applicantId: user.pkid });
    // The agency's account and its assigned staff all submit for the agency: the one sending it is
    // the applicant of this round (told of the decision, and never its reviewer).
    await setApplicant(tx, RESULT, ref.projectId, user.pkid);
    await decideIn(ctx, tx, user, { subjectType: RESULT, subjectId: ref.projectId, decision: 'submit' });
    return { resubmitted: before?.status === auditStatus.code.rejected };
  });
}
