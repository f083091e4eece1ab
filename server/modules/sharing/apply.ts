/**
 * resultShare/apply: a sharing department saves its application for a project's results (a new one,
 * or its draft) and, when asked, submits it to the project's owner (review kind `share_owner`), in one
 * transaction. Refused: a project that is not accepted or has no adopted result (409), a second open
 * application for the same project (pending, or approved and still valid: 409), a draft that is not
 * the user's (404) or no longer a draft (409).
 */
import { and, eq, inArray, gt, or, isNull } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { projects, shareApplications } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { decideIn, openReview } from '@server/modules/review';
import { shareStatus } from '@shared/domain/sharing';
import { auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { sharingMessages as m, type ShareApplyInput } from '@shared/validation/sharing';
import { isShareable } from './shareable';

const a = shareApplications;
const S = shareStatus.code;

export async function applyForShare(
  db: Database,
  user: SessionUser,
  input: ShareApplyInput,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ pkid: projects.pkid })
      .from(projects)
      .where(eq(projects.pkid, input.projectId));
    if (!project) throw new AppError('not_found', { message: m.projectNotFound, field: 'projectId' });
    if (!(await isShareable(tx, input.projectId)))
      throw new AppError('conflict', { message: m.projectNotShareable });
    let pkid = input.pkid;
    if (pkid === undefined) {
      const [open] = await tx
        .select({ pkid: a.pkid })
        .from(a)
        .where(
          and(
            eq(a.applicantId, user.pkid),
            eq(a.projectId, input.projectId),
            or(
              inArray(a.status, [S.draft, S.ownerPending, S.authorityPending]),
              and(eq(a.status, S.approved), or(isNull(a.validUntil), gt(a.validUntil, now))),
            ),
          ),
        );
      if (open) throw new AppError('conflict', { message: m.alreadyOpen });
      const [created] = await tx
        .insert(a)
        .values({
          projectId: input.projectId,
          applicantId: user.pkid,
          purpose: input.purpose,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ pkid: a.pkid });
      pkid = created!.pkid;
      await openReview(tx, {
        subjectType: auditSubject.code.shareOwner,
        subjectId: pkid,
        applicantId: user.pkid,
      });
    } else {
      const [draft] = await tx
        .select({ status: a.status, projectId: a.projectId })
        .from(a)
        .where(and(eq(a.pkid, pkid), eq(a.applicantId, user.pkid)))
        .for('update');
      if (!draft || draft.projectId !== input.projectId)
        throw new AppError('not_found', { message: m.applicationNotFound });
      if (draft.status !== S.draft)
        throw new AppError('conflict', { message: m.notEditable(shareStatus.label(draft.status)) });
      await tx.update(a).set({ purpose: input.purpose, updatedAt: now }).where(eq(a.pkid, pkid));
    }
    if (input.submit)
      await decideIn({ services: { now: () => now } }, tx, user, {
        subjectType: auditSubject.code.shareOwner,
        subjectId: pkid,
        decision: 'submit',
      });
    return pkid;
  });
}
