/**
 * resultShare/approve: the holder of the step the application is at decides it — the project's owner
 * at 待建设单位审核 (kind `share_owner`), the authority at 待主管部门审核 (`share_authority`). The
 * authority's approval starts the validity: SHARE_VALID_DAYS from the decision (configuration).
 */
import { and, eq } from 'drizzle-orm';
import { shareApplications } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { decideIn, type ReviewContext } from '@server/modules/review';
import { shareStatus } from '@shared/domain/sharing';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { sharingMessages as m } from '@shared/validation/sharing';
import { applicationFor, isAuthority } from './applications';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The review kind of the step an application in `status` is at, or null when nobody decides it now. */
export function stepOf(status: number) {
  if (status === shareStatus.code.ownerPending) return auditSubject.code.shareOwner;
  if (status === shareStatus.code.authorityPending) return auditSubject.code.shareAuthority;
  return null;
}

export async function decideShare(
  ctx: ReviewContext,
  user: SessionUser,
  input: { pkid: number; auditStatus: number; opinion?: string | undefined; version?: number | undefined },
  validDays: number,
): Promise<{ status: number; version: number; applicationStatus: number }> {
  return ctx.db.transaction(async (tx) => {
    const row = await applicationFor(tx, user, input.pkid);
    const step = stepOf(row.status);
    if (step === null)
      throw new AppError('conflict', { message: m.notEditable(shareStatus.label(row.status)) });
    const holder =
      step === auditSubject.code.shareOwner
        ? row.ownerUserId === user.pkid || user.isAdmin
        : isAuthority(user);
    if (!holder) throw new AppError('forbidden', { message: m.notYourStep });
    const approve = input.auditStatus === auditStatus.code.approved;
    const item = await decideIn(ctx, tx, user, {
      subjectType: step,
      subjectId: row.pkid,
      decision: approve ? 'approve' : 'reject',
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    });
    let applicationStatus: number = approve
      ? step === auditSubject.code.shareOwner
        ? shareStatus.code.authorityPending
        : shareStatus.code.approved
      : step === auditSubject.code.shareOwner
        ? shareStatus.code.ownerRejected
        : shareStatus.code.authorityRejected;
    if (approve && step === auditSubject.code.shareAuthority) {
      const decidedAt = item.decidedAt ?? ctx.services.now();
      const [updated] = await tx
        .update(shareApplications)
        .set({ validUntil: new Date(decidedAt.getTime() + validDays * DAY_MS) })
        .where(
          and(eq(shareApplications.pkid, row.pkid), eq(shareApplications.status, shareStatus.code.approved)),
        )
        .returning({ status: shareApplications.status });
      applicationStatus = updated?.status ?? applicationStatus;
    }
    return { status: item.status, version: item.version, applicationStatus };
  });
}
