/**
 * The auth_change kind's review hook (server/modules/review/kinds.ts): mirrors the decision into
 * project_auth_changes and applies an approval in the decision's transaction: the replaced
 * authorization becomes 3 (已变更), the new agency is offered a pending authorization (it accepts or
 * declines it like any other), both agencies are told, and the project log keeps both names. The
 * project's status does not move: an accepted project stays 已委托 while the new agency answers.
 */
import { dueAt } from '@server/modules/deadlines/service';
import { and, eq, inArray } from 'drizzle-orm';
import { agentOrganizations, projectAuthChanges, projectAuthorizations, projects } from '@server/db/schema';
import { sendMessage } from '@server/modules/messages/service';
import type { ReviewHookContext } from '@server/modules/review/kinds';
import { auditStatus, authorizationState } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { authorizationMessages as m } from '@shared/validation/authorizations';
import { assertAgencyEligible } from './eligibility';
import { logProjectEvent } from './status';

export async function applyAuthChange(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const { tx, at } = hook;
  const [change] = await tx
    .update(projectAuthChanges)
    .set({ auditStatus: hook.to, updatedAt: at })
    .where(eq(projectAuthChanges.pkid, hook.subjectId))
    .returning();
  if (!change) throw new AppError('not_found', { message: m.changeNotFound });
  const [project] = await tx
    .select({ name: projects.projectName })
    .from(projects)
    .where(eq(projects.pkid, change.projectId));
  const orgs = await tx
    .select({
      id: agentOrganizations.organizationId,
      name: agentOrganizations.orgName,
      userId: agentOrganizations.userId,
    })
    .from(agentOrganizations)
    .where(inArray(agentOrganizations.organizationId, [change.fromOrganizationId, change.toOrganizationId]));
  const fromOrg = orgs.find((o) => o.id === change.fromOrganizationId);
  const toOrg = orgs.find((o) => o.id === change.toOrganizationId);
  const projectName = project?.name ?? '';

  if (hook.to === auditStatus.code.rejected) {
    await logProjectEvent(tx, {
      projectId: change.projectId,
      actor: hook.actor,
      content: `授权变更未通过审核（${fromOrg?.name} → ${toOrg?.name}）：${hook.opinion ?? ''}`,
    });
    return;
  }
  if (hook.to !== auditStatus.code.approved) return;

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
    .set({ newAuthorizationId: offered.pkid, appliedAt: at })
    .where(eq(projectAuthChanges.pkid, change.pkid));
  await logProjectEvent(tx, {
    projectId: change.projectId,
    actor: hook.actor,
    content: `授权变更审核通过：委托由${fromOrg?.name}变更为${toOrg?.name}，等待${toOrg?.name}接受委托`,
  });
  if (fromOrg?.userId)
    await sendMessage(tx, {
      toUserId: fromOrg.userId,
      content: `项目“${projectName}”的授权变更已审核通过，该项目改由${toOrg?.name}承担，贵机构的委托已终止`,
      link: `/notdchy/Detials?id=${change.authorizationId}`,
    });
  if (toOrg?.userId)
    await sendMessage(tx, {
      toUserId: toOrg.userId,
      content: `项目“${projectName}”经授权变更委托贵机构承担测绘，请在待办需求中接受或拒绝`,
      link: `/notdchy/Detials?id=${offered.pkid}`,
    });
}
