/**
 * release: the draft demand goes public. One transaction: the demand 0 → 1 (a conditional update, so
 * of two releases one wins), the project 0 → 1 through moveProject (a project already released for
 * another stage keeps its status and gets a log line), a selection opened when a method is named, and
 * the hall's pages and map are dropped.
 */
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { projectDemands, projectStageItems, projects } from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity';
import { openSelection } from '@server/modules/selection';
import { projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m } from '@shared/validation/projects';
import type { DemandReleaseInput } from '@shared/validation/selection';
import { actorOf } from '../service';
import { logProjectEvent, moveProject } from '../status';
import { ownDraftDemand, selectDemands, withItems } from './demand-rows';

const d = projectDemands;

/** The owner releases its draft demand with at least one item; answers the demand as listed. */
export async function releaseDemand(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services' | 'config'>,
  user: SessionUser,
  { demandId, method, quoteDeadline }: DemandReleaseInput,
) {
  const demand = await ownDraftDemand(ctx.db, user, demandId);
  const [items] = await ctx.db
    .select({ n: count() })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId));
  if (!items?.n) throw new AppError('invalid_input', { message: m.demandHasNoItems });
  const [listed] = await withItems(ctx.db, [demand]);
  const content = `发布测绘需求（${demand.stageName}：${(listed?.itemNames ?? []).join('、')}）`;
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = ctx.services.now();
    const [project] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.pkid, demand.projectId));
    if (project?.status === projectStatus.code.terminated)
      throw new AppError('conflict', { message: m.projectTerminated });
    const released = await tx
      .update(d)
      .set({ status: projectStatus.code.published, releasedAt: now, updatedAt: now })
      .where(and(eq(d.pkid, demandId), eq(d.status, projectStatus.code.draft)))
      .returning({ pkid: d.pkid });
    if (released.length === 0) throw new AppError('conflict', { message: m.demandReleased });
    if (project?.status === projectStatus.code.draft)
      await moveProject(tx, {
        projectId: demand.projectId,
        to: projectStatus.code.published,
        actor: actorOf(user),
        content,
        at: now,
      });
    else await logProjectEvent(tx, { projectId: demand.projectId, actor: actorOf(user), content, at: now });
    // A method named at release opens the selection in the same transaction: the draw's commitment
    // is public from the moment the demand is.
    if (method)
      await openSelection(tx, {
        demandId,
        method,
        actor: user,
        quoteDeadline,
        now,
        allowedMethods: ctx.config.selectionMethods,
      });
    dropPages(['projects']);
  });
  ctx.services.invalidateProjectMap();
  const [row] = await selectDemands(ctx.db).where(eq(d.pkid, demandId));
  const [result] = await withItems(ctx.db, row ? [row] : []);
  if (!result) throw new AppError('not_found', { message: m.demandNotFound });
  return result;
}
