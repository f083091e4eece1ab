/**
 * The one way a project's status changes (DOMAIN.md, project status table; the allowed moves are
 * canMoveProject in shared/domain/statuses.ts). Every module that moves a project (release, selection,
 * authorization, contract filing, results, termination) calls moveProject inside its own transaction:
 * the move is a conditional UPDATE on the status read, so of two writers at once exactly one wins and
 * the other gets 409, and every move writes its project log line (who, when, from, to, why).
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { projectLogs, projects } from '@server/db/schema';
import { canMoveProject, projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';

export interface ProjectActor {
  pkid: number;
  username: string;
}

export interface ProjectMove {
  projectId: number;
  to: ProjectStatus;
  /** Who moved it; null for the system (a scheduled job). */
  actor: ProjectActor | null;
  /** The log line's text, e.g. '发布测绘需求'. Termination (9) also stores it as the reason. */
  content: string;
  /** When: the product's clock (ctx.services.now()), so a moved clock dates the log line too. */
  at: Date;
}

/** Moves a project one step (or to 9, terminated) and logs it; 404 unknown, 409 not allowed now. */
export async function moveProject(tx: Queryable, move: ProjectMove): Promise<{ from: ProjectStatus }> {
  const [project] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.pkid, move.projectId))
    .for('update');
  if (!project) throw new AppError('not_found', { message: '项目不存在' });
  const from = project.status as ProjectStatus;
  if (!canMoveProject(from, move.to)) {
    throw new AppError('conflict', {
      message: `项目当前为“${projectStatus.label(from)}”，不能改为“${projectStatus.label(move.to)}”`,
    });
  }
  const terminated = move.to === projectStatus.code.terminated;
  if (terminated && !move.content.trim()) {
    throw new AppError('invalid_input', { message: '请填写终止原因', field: 'reason' });
  }
  const now = move.at;
  const updated = await tx
    .update(projects)
    .set({
      status: move.to,
      updatedAt: now,
      ...(move.to === projectStatus.code.published ? { releasedAt: now } : {}),
      ...(move.to === projectStatus.code.completed ? { completedAt: now } : {}),
      ...(terminated ? { terminationReason: move.content.trim() } : {}),
    })
    .where(and(eq(projects.pkid, move.projectId), eq(projects.status, from)))
    .returning({ pkid: projects.pkid });
  if (updated.length === 0) throw new AppError('conflict', { message: '项目状态已被他人修改，请刷新后重试' });
  await tx.insert(projectLogs).values({
    projectId: move.projectId,
    statusFrom: from,
    statusTo: move.to,
    content: move.content.trim(),
    actorId: move.actor?.pkid ?? null,
    actorName: move.actor?.username ?? '系统',
    createdAt: now,
  });
  return { from };
}

/**
 * A project event that does not move its status (an authorization offered, declined, a change asked
 * or decided): one log line with status_from = status_to = the current status, so the timeline shows
 * it between the moves. Status moves go through moveProject, never here.
 */
export async function logProjectEvent(
  tx: Queryable,
  event: Pick<ProjectMove, 'projectId' | 'actor' | 'content' | 'at'>,
): Promise<void> {
  const [project] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.pkid, event.projectId));
  if (!project) throw new AppError('not_found', { message: '项目不存在' });
  await tx.insert(projectLogs).values({
    projectId: event.projectId,
    statusFrom: project.status,
    statusTo: project.status,
    content: event.content.trim(),
    actorId: event.actor?.pkid ?? null,
    actorName: event.actor?.username ?? '系统',
    createdAt: event.at,
  });
}
