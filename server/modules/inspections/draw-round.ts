/**
 * The draw of a round (organizationCheck/draw): the salt is revealed and the inspected agencies and
 * their inspectors are derived from it and the frozen lists (shared/domain/inspections.ts), so anyone
 * can recompute them from the public record. Once per round: the write is conditional on
 * `state = 'open'`, so of two presses at once one draws and the other is a 409.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, inspectionRounds, inspectionTargets } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import type { InspectionDetail } from '@shared/calls/inspections';
import {
  deriveInspectionDraw,
  inspectionDrawSteps,
  inspectionHashInput,
  type DrawnInspection,
  type InspectionDrawBasis,
} from '@shared/domain/inspections';
import { auditDecision } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { inspectionMessages as m } from '@shared/validation/inspections';
import {
  changeShownRound,
  logRound,
  mayManage,
  orgNames,
  sha256hex,
  userNames,
  visibleRound,
  type Round,
} from './rounds';

export const roundLink = (id: number) => `/evaluatemanger/organizationCheckList?id=${id}`;
/** Where an agency's account reads its score and the events behind it (机构评价). */
export const AGENCY_SCORE_LINK = '/evaluatemanger/orgEvalute';

/** The draw of a round, computed from its public facts (what a checker recomputes). */
export function drawOf(round: Round): DrawnInspection[] {
  const basis: InspectionDrawBasis = {
    salt: round.salt,
    roundId: round.pkid,
    candidates: round.candidates,
    inspectors: round.inspectors,
    share: round.share,
    inspectorsPerAgency: round.inspectorsPerAgency,
  };
  const hashes = Array.from({ length: inspectionDrawSteps(basis) }, (_, step) =>
    sha256hex(inspectionHashInput(basis, step)),
  );
  return deriveInspectionDraw(basis, hashes);
}

/** Draws a round in the caller's transaction and tells the drawn inspectors and agencies. */
export async function runDraw(tx: Queryable, user: SessionUser, roundId: number, now: Date): Promise<void> {
  const round = await visibleRound(tx, user, roundId, true);
  if (!mayManage(user, round)) throw new AppError('forbidden', { message: m.onlyCreator });
  if (round.state !== 'open') throw new AppError('conflict', { message: m.alreadyDrawn });
  const drawn = drawOf(round);
  const updated = await tx
    .update(inspectionRounds)
    .set({ state: 'drawn', drawnAt: now, drawnBy: user.pkid, updatedAt: now })
    .where(and(eq(inspectionRounds.pkid, round.pkid), eq(inspectionRounds.state, 'open')))
    .returning({ pkid: inspectionRounds.pkid });
  if (updated.length === 0) throw new AppError('conflict', { message: m.alreadyDrawn });
  await tx.insert(inspectionTargets).values(
    drawn.map((row, drawOrder) => ({
      roundId: round.pkid,
      organizationId: row.organizationId,
      drawOrder,
      inspectors: row.inspectorIds,
    })),
  );
  const orgs = await orgNames(
    tx,
    drawn.map((row) => row.organizationId),
  );
  const people = await userNames(
    tx,
    drawn.flatMap((row) => row.inspectorIds),
  );
  await logRound(
    tx,
    round,
    user,
    auditDecision.code.inspectionDrawn,
    `公开随机数 ${round.salt}；抽中 ${drawn.length} 家：${drawn
      .map(
        (row) =>
          `${orgs.get(row.organizationId)}（检查人员：${row.inspectorIds.map((id) => people.get(id)).join('、')}）`,
      )
      .join('；')}`,
    now,
  );
  // Each inspector is told the agencies they inspect; each agency that it was drawn and by whom.
  const byInspector = new Map<number, string[]>();
  for (const row of drawn)
    for (const id of row.inspectorIds)
      byInspector.set(id, [...(byInspector.get(id) ?? []), orgs.get(row.organizationId) ?? '']);
  for (const [inspectorId, agencies] of byInspector)
    await sendMessage(tx, {
      toUserId: inspectorId,
      content: `您被抽为“${round.name}”的检查人员，检查对象：${agencies.join('、')}。请检查后录入检查结果。`,
      link: roundLink(round.pkid),
      at: now,
    });
  const accounts = await tx
    .select({ id: agentOrganizations.organizationId, userId: agentOrganizations.userId })
    .from(agentOrganizations)
    .where(
      inArray(
        agentOrganizations.organizationId,
        drawn.map((row) => row.organizationId),
      ),
    );
  const accountOf = new Map(accounts.map((row) => [row.id, row.userId]));
  for (const row of drawn) {
    const account = accountOf.get(row.organizationId);
    if (account === null || account === undefined) continue;
    await sendMessage(tx, {
      toUserId: account,
      content: `贵机构被抽中为“${round.name}”的检查对象，检查人员：${row.inspectorIds.map((id) => people.get(id)).join('、')}。`,
      link: null,
      at: now,
    });
  }
}

/**
 * 抽取 (organizationCheck/draw): the round's opener or the administrator; a second draw is a 409. The
 * round's public page then shows the salt and the drawn agencies.
 */
export async function drawRound(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  id: number,
): Promise<InspectionDetail> {
  return changeShownRound(ctx, user, id, (tx, now) => runDraw(tx, user, id, now));
}
