/**
 * Opening an inspection round: the candidates (approved agencies holding an accepted commission on a
 * project in progress, status 已委托 … 成果已提交, ids ascending) and the inspector pool (the chosen
 * 主管部门 accounts, ids ascending) are frozen, a secret salt is made and its sha256 published as the
 * commitment, all before anyone knows who will be drawn.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { writeDroppingPages } from '@server/lib/page-cache';
import {
  agentOrganizations,
  inspectionRounds,
  projectAuthorizations,
  projects,
  userRoles,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { InspectionRoundRow } from '@shared/calls/inspections';
import { inspecteeCount } from '@shared/domain/inspections';
import { frozenCandidates } from '@shared/domain/selection';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { inspectionMessages as m, type InspectionCreateInput } from '@shared/validation/inspections';
import { logRound, sha256hex, toRow } from './rounds';

/** Approved agencies with work in progress now: the round's candidates, ids ascending. */
export async function inspectionCandidates(db: Queryable): Promise<number[]> {
  const a = projectAuthorizations;
  const rows = await db
    .selectDistinct({ id: a.organizationId })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, a.organizationId))
    .where(
      and(
        eq(a.state, authorizationState.code.accepted),
        between(projects.status, projectStatus.code.commissioned, projectStatus.code.resultSubmitted),
        eq(agentOrganizations.auditStatus, auditStatus.code.approved),
      ),
    )
    .orderBy(asc(a.organizationId));
  return frozenCandidates(rows.map((row) => row.id));
}

/** The chosen inspectors, when every one holds the 主管部门 role (400 otherwise). */
async function checkInspectors(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const held = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .where(and(inArray(userRoles.userId, [...ids]), eq(userRoles.roleId, roles.authority.id)));
  if (held.length !== new Set(ids).size)
    throw new AppError('invalid_input', { message: m.inspectorNotAuthority, field: 'inspectorIds' });
  return frozenCandidates(ids);
}

/** Opens a round in the caller's transaction (the seed uses it too); answers the stored round. */
export async function openRound(
  tx: Queryable,
  user: SessionUser,
  input: InspectionCreateInput,
  now: Date,
): Promise<typeof inspectionRounds.$inferSelect> {
  const inspectors = await checkInspectors(tx, input.inspectorIds);
  const candidates = await inspectionCandidates(tx);
  if (candidates.length === 0) throw new AppError('conflict', { message: m.noCandidates });
  const salt = randomBytes(32).toString('hex');
  const [round] = await tx
    .insert(inspectionRounds)
    .values({
      name: input.name,
      state: 'open',
      share: input.share,
      inspectorsPerAgency: input.inspectorsPerAgency,
      commitment: sha256hex(salt),
      salt,
      candidates,
      inspectors,
      createdBy: user.pkid,
      createdByName: user.username,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!round) throw new AppError('internal', { message: '开启检查轮次失败' });
  await logRound(
    tx,
    round,
    user,
    auditDecision.code.inspectionOpened,
    `抽查比例 ${input.share}%（${inspecteeCount(input.share, candidates.length)} 家），候选机构 ${candidates.length} 家，检查人员 ${inspectors.length} 人，每家 ${input.inspectorsPerAgency} 人；承诺值 ${round.commitment}`,
    now,
  );
  return round;
}

/** 开启检查轮次 (organizationCheck/create). */
export async function createRound(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: InspectionCreateInput,
): Promise<InspectionRoundRow> {
  const now = ctx.services.now();
  // The hall's page of the round's public record reads the round.
  const round = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const opened = await openRound(tx, user, input, now);
    dropPages(['agencies']);
    return opened;
  });
  return toRow({ round, recordedCount: 0, targetCount: 0, isInspector: false });
}
