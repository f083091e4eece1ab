/**
 * What review decisions do to demand amendments (server/modules/review/hooks.ts): mirror the
 * amendment's status and, on approval, add its items to the demand and log it, inside the decision's
 * transaction; and how the amendments read as review items (server/db/review-items.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import type { ReviewItemSources } from '@server/db/review-items';
import {
  auditRecords,
  projectDemandAmendments,
  projectLogs,
  projectStageItems,
  projects,
  surveyItems,
} from '@server/db/schema';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import type { ReviewHooks } from '@server/modules/review';
import { AppError } from '@shared/errors/app-error';

async function itemNamesOf(db: Queryable, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: surveyItems.itemId, name: surveyItems.name })
    .from(surveyItems)
    .where(inArray(surveyItems.itemId, [...ids]));
  return ids.map((id) => rows.find((row) => row.id === id)?.name ?? String(id));
}

/** Mirror the status; on approval add the items and log it. */
export async function applyDemandAmendment(hook: {
  tx: Queryable;
  subjectId: number;
  from: number;
  to: number;
  at: Date;
}): Promise<void> {
  if (hook.from === hook.to) return;
  const approved = hook.to === auditStatus.code.approved;
  const [row] = await hook.tx
    .update(projectDemandAmendments)
    .set({ auditStatus: hook.to, updatedAt: hook.at, ...(approved ? { appliedAt: hook.at } : {}) })
    .where(eq(projectDemandAmendments.pkid, hook.subjectId))
    .returning();
  if (!row) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
  if (hook.to !== auditStatus.code.approved && hook.to !== auditStatus.code.rejected) return;
  const [project] = await hook.tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.pkid, row.projectId));
  const names = (await itemNamesOf(hook.tx, row.itemIds)).join('、');
  if (approved)
    await hook.tx
      .insert(projectStageItems)
      .values(row.itemIds.map((itemId) => ({ projectId: row.projectId, demandId: row.demandId, itemId })))
      .onConflictDoNothing();
  // The decision's audit record is written before this hook: its author signs the log line.
  const [decision] = await hook.tx
    .select({ auditorId: auditRecords.auditorId, auditorName: auditRecords.auditorName })
    .from(auditRecords)
    .where(and(eq(auditRecords.subjectType, 'demand_amend'), eq(auditRecords.subjectId, hook.subjectId)))
    .orderBy(desc(auditRecords.pkid))
    .limit(1);
  await hook.tx.insert(projectLogs).values({
    projectId: row.projectId,
    statusFrom: project?.status ?? 0,
    statusTo: project?.status ?? 0,
    content: approved ? `追加测绘事项审核通过：${names}` : `追加测绘事项未通过审核：${names}`,
    actorId: decision?.auditorId ?? null,
    actorName: decision?.auditorName ?? '主管部门',
    createdAt: hook.at,
  });
}

export const projectReviewHooks: ReviewHooks = { [auditSubject.code.demandAmend]: applyDemandAmendment };

export const projectReviewItems: ReviewItemSources = {
  [auditSubject.code.demandAmend]: {
    table: projectDemandAmendments,
    id: projectDemandAmendments.pkid,
    applicant: projectDemandAmendments.createdBy,
    submitted: projectDemandAmendments.createdAt,
    decided: projectDemandAmendments.updatedAt,
    project: projectDemandAmendments.projectId,
  },
};
