/** Direct choice among the eligible agencies (project/selection/choose). */
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { actAsOwner } from './act-as-owner';
import type { DemandInfo, SelectionActor, SelectionContext } from './demand';
import { pendingChoice, recordWinner } from './record-winner';
import { logEvent } from './tell';

/** Direct choice in the caller's transaction: the agency must be eligible now (else 400). */
export async function runChoose(
  tx: Queryable,
  demand: DemandInfo,
  organizationId: number,
  actor: SelectionActor,
  now: Date,
): Promise<void> {
  const { eligible } = await pendingChoice(tx, demand, 'direct');
  if (!eligible.includes(organizationId)) {
    throw new AppError('invalid_input', {
      message: '所选中介机构不符合条件（须审核通过、业务范围覆盖全部测绘事项且无失信、不合格、黑名单记录）',
      field: 'organizationId',
    });
  }
  const orgName = await recordWinner(
    tx,
    demand,
    {
      fromStates: ['open'],
      values: { winnerId: organizationId },
      actor,
      how: '直接选取',
    },
    now,
  );
  await logEvent(tx, demand, `直接选取中介机构：${orgName}`, actor, now);
}

/** Direct choice by the owner (nothing changes when the agency is not eligible). */
export function chooseDirect(
  ctx: SelectionContext,
  user: SessionUser,
  input: { demandId: number; organizationId: number },
) {
  return actAsOwner(ctx, user, input.demandId, (tx, demand, now) =>
    runChoose(tx, demand, input.organizationId, user, now),
  );
}
