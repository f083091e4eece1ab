/**
 * What review decisions do to sharing applications (decision 0005; shared/domain/sharing.ts). Two
 * kinds, one per step, both with the application's id as subject:
 *
 * - `share_owner`: decided by the project's owner, the one named reviewer of each application
 *   (`shareNamedReviewers`: never the pool of every owner, never transferred). Submitted → 1 待建设单位审核;
 *   rejected → 4; approved → 2 and the application goes on to the authority in its applicant's name
 *   (the `share_authority` item opened and submitted in the same transaction, so the authority's pool is
 *   told and the timeline shows the hand-over).
 * - `share_authority`: the authority's pool. Approved → 3 with its time (the validity is set by the
 *   deciding service from the configuration); rejected → 5.
 *
 * A rejection at either step is final: the department applies again with a new application.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { constructionUnits, projects, shareApplications, userRoles, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import {
  decideIn,
  openReview,
  requireSubjectRow,
  type NamedReviewers,
  type ReviewHookContext,
  type ReviewHooks,
} from '@server/modules/review';
import { roles } from '@shared/domain/roles';
import { shareStatus, type ShareStatus } from '@shared/domain/sharing';
import { auditStatus, auditSubject } from '@shared/domain/statuses';

const OWNER_STEP = auditSubject.code.shareOwner;
const AUTHORITY_STEP = auditSubject.code.shareAuthority;
const S = shareStatus.code;

async function setStatus(hook: ReviewHookContext, status: ShareStatus, extra: Record<string, unknown> = {}) {
  const rows = await hook.tx
    .update(shareApplications)
    .set({ status, updatedAt: hook.at, ...extra })
    .where(eq(shareApplications.pkid, hook.subjectId))
    .returning({ pkid: shareApplications.pkid, applicantId: shareApplications.applicantId });
  requireSubjectRow(rows);
  return rows[0]!;
}

/**
 * The applicant as the decider of the hand-over's submission (the engine's submit is the applicant's
 * decision; the application goes on to the authority as the applicant sent it).
 */
async function applicantActor(tx: Queryable, userId: number): Promise<SessionUser> {
  const [user] = await tx.select().from(users).where(eq(users.pkid, userId));
  if (!user) throw new Error(`applicant ${userId} vanished`);
  const held = await tx
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return {
    pkid: user.pkid,
    loginname: user.loginname,
    username: user.username,
    depid: user.depid,
    depname: null,
    userphone: user.userphone,
    useremail: user.useremail,
    userlevel: user.userlevel,
    userstate: user.userstate,
    roleIds: held.map((row) => row.roleId),
    isAdmin: held.some((row) => row.roleId === roles.admin.id),
    sessionHash: '',
    tgtHash: '',
  };
}

async function applyOwnerStep(hook: ReviewHookContext): Promise<void> {
  if (hook.decision === 'transfer') return;
  if (hook.to === auditStatus.code.pending) {
    await setStatus(hook, S.ownerPending, { submittedAt: hook.at });
  } else if (hook.to === auditStatus.code.rejected) {
    await setStatus(hook, S.ownerRejected);
  } else if (hook.to === auditStatus.code.approved) {
    const row = await setStatus(hook, S.authorityPending);
    await openReview(hook.tx, {
      subjectType: AUTHORITY_STEP,
      subjectId: row.pkid,
      applicantId: row.applicantId,
    });
    // The authority's step is submitted at the owner's decision's instant.
    await decideIn(
      { services: { now: () => hook.at } },
      hook.tx,
      await applicantActor(hook.tx, row.applicantId),
      {
        subjectType: AUTHORITY_STEP,
        subjectId: row.pkid,
        decision: 'submit',
      },
    );
  } else if (hook.to === auditStatus.code.draft) {
    await setStatus(hook, S.draft);
  }
}

async function applyAuthorityStep(hook: ReviewHookContext): Promise<void> {
  if (hook.decision === 'transfer') return;
  if (hook.to === auditStatus.code.pending) await setStatus(hook, S.authorityPending);
  else if (hook.to === auditStatus.code.approved) await setStatus(hook, S.approved, { approvedAt: hook.at });
  else if (hook.to === auditStatus.code.rejected) await setStatus(hook, S.authorityRejected);
}

export const sharingReviewHooks: ReviewHooks = {
  [OWNER_STEP]: applyOwnerStep,
  [AUTHORITY_STEP]: applyAuthorityStep,
};

/** The owner step's one reviewer: the account of the project's construction unit. */
export const shareNamedReviewers: NamedReviewers = {
  [OWNER_STEP]: async (db, subjectId) => {
    const [row] = await db
      .select({ userId: constructionUnits.userId })
      .from(shareApplications)
      .innerJoin(projects, eq(projects.pkid, shareApplications.projectId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(eq(shareApplications.pkid, subjectId));
    return row?.userId ?? null;
  },
};
