/**
 * What review decisions do to authorization changes (server/modules/review/hooks.ts): a change request
 * like any other (server/modules/review/change-tables.ts) whose approval replaces an agency rather than
 * fields. Its apply step, in the decision's transaction: the replaced authorization becomes 3 (已变更),
 * the new agency is offered a pending authorization (it accepts or declines it like any other), both
 * agencies are told, and the project log keeps both names. The project's status does not move: an
 * accepted project stays 已委托 while the new agency answers. A rejection is logged on the project.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { agentOrganizations, projectAuthChanges, projectAuthorizations, projects } from '@server/db/schema';
import { dueAt } from '@server/modules/deadlines';
import { sendMessage } from '@server/modules/messages';
import { logProjectEvent } from '@server/modules/projects';
import {
  applyOnApproval,
  changeItems,
  type ChangeTable,
  type ReviewHookContext,
  type ReviewHooks,
} from '@server/modules/review';
import { assertAgencyEligible } from '@server/modules/selection';
import type { ReviewItemSources } from '@server/db/review-items';
import { auditSubject, authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';

type AuthChange = typeof projectAuthChanges.$inferSelect;

/** Requests to replace the agency of a demand: one pending request per demand. */
export const authChanges: ChangeTable<typeof projectAuthChanges> = {
  subjectType: auditSubject.code.authChange,
  table: projectAuthChanges,
  subjectId: projectAuthChanges.demandId,
};

/** The project's name and both agencies of a change (for its log line and messages). */
async function partiesOf(hook: ReviewHookContext, change: AuthChange) {
  const [project] = await hook.tx
    .select({ name: projects.projectName })
    .from(projects)
    .where(eq(projects.pkid, change.projectId));
  const orgs = await hook.tx
    .select({
      id: agentOrganizations.organizationId,
      name: agentOrganizations.orgName,
      userId: agentOrganizations.userId,
    })
    .from(agentOrganizations)
    .where(inArray(agentOrganizations.organizationId, [change.fromOrganizationId, change.toOrganizationId]));
  return {
    projectName: project?.name ?? '',
    fromOrg: orgs.find((o) => o.id === change.fromOrganizationId),
    toOrg: orgs.find((o) => o.id === change.toOrganizationId),
  };
}

async function logRejection(hook: ReviewHookContext, change: AuthChange): Promise<void> {
  const { fromOrg, toOrg } = await partiesOf(hook, change);
  await logProjectEvent(hook.tx, {
    projectId: change.projectId,
    actor: hook.actor,
    content: `授权变更未通过审核（${fromOrg?.name} → ${toOrg?.name}）：${hook.opinion ?? ''}`,
    at: hook.at,
  });
}

/** Ends the replaced authorization and offers the demand to the new agency; answers the new offer's id. */
async function moveAuthorization(hook: ReviewHookContext, change: AuthChange): Promise<number> {
  const { tx, at } = hook;
  // The new agency must still be eligible when the authority approves (it may have been flagged since).
  await assertAgencyEligible(tx, change.demandId, change.toOrganizationId);
  const revoked = await tx
    .update(projectAuthorizations)
    .set({ state: authorizationState.code.revoked, reason: `授权变更：${change.reason}`, respondedAt: at })
    .where(
      and(
        eq(projectAuthorizations.pkid, change.authorizationId),
        inArray(projectAuthorizations.state, [
          authorizationState.code.pending,
          authorizationState.code.accepted,
        ]),
      ),
    )
    .returning({ pkid: projectAuthorizations.pkid });
  if (revoked.length === 0) throw new AppError('conflict', { message: '原委托已被答复或变更，请刷新后重试' });
  // The new agency's answer is a to-do with its service deadline, like any offer (docs/deadlines.md).
  const deadline = await dueAt(tx, 'authorization', at);
  const [offered] = await tx
    .insert(projectAuthorizations)
    .values({
      projectId: change.projectId,
      demandId: change.demandId,
      organizationId: change.toOrganizationId,
      state: authorizationState.code.pending,
      authorizedBy: change.applicantId,
      authorizedAt: at,
      dueAt: deadline.dueAt,
      remindAt: deadline.remindAt,
    })
    .returning({ pkid: projectAuthorizations.pkid });
  if (!offered) throw new Error('authorization insert returned nothing');
  await tx
    .update(projectAuthChanges)
    .set({ newAuthorizationId: offered.pkid })
    .where(eq(projectAuthChanges.pkid, change.pkid));
  return offered.pkid;
}

/** The apply step of an approved change: the agency is replaced, the project logs it, both agencies are told. */
export async function replaceAgency(hook: ReviewHookContext, change: AuthChange): Promise<void> {
  const offered = await moveAuthorization(hook, change);
  const { projectName, fromOrg, toOrg } = await partiesOf(hook, change);
  await logProjectEvent(hook.tx, {
    projectId: change.projectId,
    actor: hook.actor,
    content: `授权变更审核通过：委托由${fromOrg?.name}变更为${toOrg?.name}，等待${toOrg?.name}接受委托`,
    at: hook.at,
  });
  if (fromOrg?.userId)
    await sendMessage(hook.tx, {
      toUserId: fromOrg.userId,
      content: `项目“${projectName}”的授权变更已审核通过，该项目改由${toOrg?.name}承担，贵机构的委托已终止`,
      link: `/notdchy/Detials?id=${change.authorizationId}`,
      at: hook.at,
    });
  if (toOrg?.userId)
    await sendMessage(hook.tx, {
      toUserId: toOrg.userId,
      content: `项目“${projectName}”经授权变更委托贵机构承担测绘，请在待办需求中接受或拒绝`,
      link: `/notdchy/Detials?id=${offered}`,
      at: hook.at,
    });
}

export const authorizationReviewHooks: ReviewHooks = {
  [auditSubject.code.authChange]: applyOnApproval(authChanges, replaceAgency, { onRejection: logRejection }),
};

/** Authorization changes as review items (server/db/review-items.ts). */
export const authorizationReviewItems: ReviewItemSources = {
  [auditSubject.code.authChange]: { ...changeItems(authChanges), project: projectAuthChanges.projectId },
};
