/** The verifiable draw (project/selection/draw): commit at opening, reveal the salt with the winner. */
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { actAsOwner } from './act-as-owner';
import type { DemandInfo, SelectionActor, SelectionContext } from './demand';
import { drawOver, pendingChoice, recordWinner } from './record-winner';
import { logEvent } from './tell';

/**
 * The verifiable draw in the caller's transaction: the candidates are frozen (eligible ids
 * ascending), the salt is revealed and the winner is computed from both; one draw per demand.
 */
export async function runDraw(tx: Queryable, demand: DemandInfo, actor: SelectionActor, now: Date) {
  const { selection, eligible: candidates } = await pendingChoice(tx, demand, 'draw');
  if (candidates.length === 0) {
    throw new AppError('conflict', { message: '没有符合条件的中介机构，无法抽取' });
  }
  const winnerId = drawOver(selection, candidates);
  const orgName = await recordWinner(
    tx,
    demand,
    {
      fromStates: ['open'],
      values: { winnerId, candidates, drawnAt: now },
      actor,
      how: '随机抽取',
    },
    now,
  );
  await logEvent(tx, demand, `随机抽取中介机构：${candidates.length} 家候选，抽中${orgName}`, actor, now);
}

/** The owner presses 抽取 (the second press on the same demand is a 409). */
export function drawAgency(ctx: SelectionContext, user: SessionUser, demandId: number) {
  return actAsOwner(ctx, user, demandId, (tx, demand, now) => runDraw(tx, demand, user, now));
}
