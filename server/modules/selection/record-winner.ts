/**
 * The one way a winner is recorded, whichever the method: a write conditional on `winner_id is null`,
 * so of two presses at once one wins and the other is a 409; the winner is told at once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { demandSelections } from '@server/db/schema';
import {
  drawHashInput,
  drawWinner,
  selectionMethodLabels,
  type SelectionMethod,
  type SelectionState,
} from '@shared/domain/selection';
import { AppError } from '@shared/errors/app-error';
import {
  eligibleAgencyIds,
  requireReleased,
  selectionOf,
  type DemandInfo,
  type Selection,
  type SelectionActor,
} from './demand';
import { sha256hex } from './open-selection';
import { AUTHORIZE_LINK, tellAgencies, tellOwner } from './tell';

/** The selection, when it uses `method` and has no winner yet (409 otherwise). */
function requireMethod(selection: Selection | undefined, method: SelectionMethod): Selection {
  if (!selection) throw new AppError('conflict', { message: '请先选择中介机构选取方式' });
  if (selection.winnerId !== null) {
    throw new AppError('conflict', {
      message: selection.drawnAt ? '该需求已抽取，不能再次抽取' : '该需求已选定中介机构，不能重复选取',
    });
  }
  if (selection.method !== method) {
    throw new AppError('conflict', {
      message: `该需求的选取方式为“${selectionMethodLabels[selection.method as SelectionMethod]}”`,
    });
  }
  return selection;
}

/** The released demand's selection by `method`, still without a winner, and the agencies eligible now. */
export async function pendingChoice(tx: Queryable, demand: DemandInfo, method: SelectionMethod) {
  requireReleased(demand);
  const selection = requireMethod(await selectionOf(tx, demand.demandId, true), method);
  return { selection, eligible: await eligibleAgencyIds(tx, demand.demandId, method) };
}

/** The draw over `candidates` with the selection's salt: the winner's id. */
export function drawOver(selection: Selection, candidates: number[]): number {
  return drawWinner(sha256hex(drawHashInput(selection.salt, selection.demandId, candidates)), candidates);
}

/** How a winner is recorded: the states it may leave, the columns it sets, who and how chose it. */
export interface WinnerRecord {
  fromStates: SelectionState[];
  /** The winner and, when a draw decided, the candidates and when it was drawn. */
  values: Pick<typeof demandSelections.$inferInsert, 'candidates' | 'drawnAt'> & { winnerId: number };
  /** Who decided: the owner, or null for the closing job (recorded as 系统). */
  actor: SelectionActor | null;
  /** The message's words for how the agency was chosen (直接选取, 随机抽取, 比选报价). */
  how: string;
  /** What the owner's message adds after the agency's name (e.g. the winning quote). */
  detail?: string;
}

/**
 * Records the winner (the selection is done) and tells its agency and the owner, whose message leads
 * to the next step (委托, AUTHORIZE_LINK); returns the agency's name.
 */
export async function recordWinner(
  tx: Queryable,
  demand: DemandInfo,
  { fromStates, values, actor, how, detail = '' }: WinnerRecord,
  now: Date,
): Promise<string> {
  const updated = await tx
    .update(demandSelections)
    .set({
      ...values,
      state: 'done',
      decidedAt: now,
      decidedBy: actor?.pkid ?? null,
      decidedByName: actor?.username ?? '系统',
      updatedAt: now,
    })
    .where(
      and(
        eq(demandSelections.demandId, demand.demandId),
        isNull(demandSelections.winnerId),
        inArray(demandSelections.state, fromStates),
      ),
    )
    .returning({ demandId: demandSelections.demandId });
  if (updated.length === 0) {
    throw new AppError('conflict', { message: '该需求已选定中介机构，不能重复选取' });
  }
  const agencies = await tellAgencies(
    tx,
    [values.winnerId],
    `贵机构经${how}被选为项目“${demand.projectName}”的测绘中介机构，请等待建设单位授权`,
    now,
  );
  const orgName = agencies.get(values.winnerId)?.orgName ?? '';
  await tellOwner(
    tx,
    demand,
    `项目“${demand.projectName}”经${how}选定测绘中介机构：${orgName}${detail}。下一步：请委托该机构承担测绘`,
    now,
    AUTHORIZE_LINK(demand.projectId),
  );
  return orgName;
}
