/**
 * Recording an agency's result (organizationCheck/record) and publishing a round's results
 * (organizationCheck/publish).
 * - Only an inspector drawn for that agency records its result; they may correct it until publication.
 * - The round's opener (or the administrator) publishes once every drawn agency has a result. The
 *   results then show under each agency in the hall, each agency is told, and its credit score is
 *   recounted in the same transaction (shared/domain/credit-score.ts counts published results).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, inspectionRounds, inspectionTargets } from '@server/db/schema';
import { refreshCreditScores } from '@server/modules/credit';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import type { InspectionDetail } from '@shared/calls/inspections';
import { inspectionResultLabels, type InspectionResult } from '@shared/domain/inspections';
import { auditDecision } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { inspectionMessages as m, type InspectionRecordInput } from '@shared/validation/inspections';
import { AGENCY_SCORE_LINK } from './draw-round';
import {
  changeShownRound,
  getRoundDetail,
  logRound,
  mayManage,
  orgNames,
  targetsOf,
  visibleRound,
} from './rounds';

/** Writes a result in the caller's transaction (the seed uses it too); answers the round's id. */
export async function writeResult(
  tx: Queryable,
  user: SessionUser,
  input: InspectionRecordInput,
  now: Date,
): Promise<number> {
  const [target] = await tx
    .select()
    .from(inspectionTargets)
    .where(eq(inspectionTargets.pkid, input.targetId))
    .for('update');
  if (!target) throw new AppError('not_found', { message: m.targetNotFound, field: 'targetId' });
  // A round the user may not see answers 404 as its target would (its existence is not theirs).
  const round = await visibleRound(tx, user, target.roundId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('not_found', { message: m.targetNotFound, field: 'targetId' });
    throw error;
  });
  if (!target.inspectors.includes(user.pkid)) throw new AppError('forbidden', { message: m.notInspector });
  if (round.state === 'published') throw new AppError('conflict', { message: m.alreadyPublished });
  if (round.state !== 'drawn') throw new AppError('conflict', { message: m.notDrawn });
  await tx
    .update(inspectionTargets)
    .set({
      result: input.result,
      findings: input.findings,
      recordedBy: user.pkid,
      recordedByName: user.username,
      recordedAt: now,
    })
    .where(eq(inspectionTargets.pkid, target.pkid));
  const orgName = (await orgNames(tx, [target.organizationId])).get(target.organizationId) ?? '';
  await logRound(
    tx,
    round,
    user,
    auditDecision.code.inspectionRecorded,
    `${orgName}：${inspectionResultLabels[input.result]}${target.result ? `（原为${inspectionResultLabels[target.result as InspectionResult]}）` : ''}`,
    now,
  );
  return round.pkid;
}

export async function recordResult(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: InspectionRecordInput,
): Promise<InspectionDetail> {
  const now = ctx.services.now();
  const roundId = await ctx.db.transaction((tx) => writeResult(tx, user, input, now));
  return getRoundDetail(ctx.db, user, roundId);
}

/** Publishes a round's results in the caller's transaction (the seed uses it too). */
export async function publishResults(tx: Queryable, user: SessionUser, id: number, now: Date): Promise<void> {
  const round = await visibleRound(tx, user, id, true);
  if (!mayManage(user, round)) throw new AppError('forbidden', { message: m.onlyCreator });
  if (round.state === 'published') throw new AppError('conflict', { message: m.alreadyPublished });
  if (round.state !== 'drawn') throw new AppError('conflict', { message: m.notDrawn });
  const [missing] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(inspectionTargets)
    .where(and(eq(inspectionTargets.roundId, round.pkid), isNull(inspectionTargets.result)));
  if ((missing?.n ?? 0) > 0) throw new AppError('conflict', { message: m.resultsMissing });
  const updated = await tx
    .update(inspectionRounds)
    .set({ state: 'published', publishedAt: now, publishedBy: user.pkid, updatedAt: now })
    .where(and(eq(inspectionRounds.pkid, round.pkid), eq(inspectionRounds.state, 'drawn')))
    .returning({ pkid: inspectionRounds.pkid });
  if (updated.length === 0) throw new AppError('conflict', { message: m.alreadyPublished });
  const targets = await targetsOf(tx, round.pkid);
  const orgs = await orgNames(
    tx,
    targets.map((row) => row.organizationId),
  );
  const results = targets.map(
    (row) => `${orgs.get(row.organizationId)}：${inspectionResultLabels[row.result as InspectionResult]}`,
  );
  await logRound(tx, round, user, auditDecision.code.inspectionPublished, results.join('；'), now);
  for (const row of targets) {
    const label = inspectionResultLabels[row.result as InspectionResult];
    await refreshCreditScores(tx, {
      scope: { organizationId: row.organizationId },
      today: beijingDate(now),
      at: now,
      cause: `双随机抽查结果公开（“${round.name}”：${label}）`,
    });
    const [agency] = await tx
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, row.organizationId));
    if (agency?.userId)
      await sendMessage(tx, {
        toUserId: agency.userId,
        content: `“${round.name}”的检查结果已公开：贵机构的检查结果为${label}。`,
        link: AGENCY_SCORE_LINK,
        at: now,
      });
  }
}

/** 公开检查结果 (organizationCheck/publish): the hall's agency pages are dropped from the page cache. */
export async function publishRound(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  id: number,
): Promise<InspectionDetail> {
  return changeShownRound(ctx, user, id, (tx, now) => publishResults(tx, user, id, now));
}
