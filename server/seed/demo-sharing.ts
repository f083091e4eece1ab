/**
 * Demo result sharing (issue 22, sharing slice), written after the projects in the seed's transaction
 * (it reads the seeded rows, so it is not part of the demo digest):
 *
 * - adopted results for a few accepted projects (已验收 / 已办结): owner01's first six and four of other
 *   owners. The results seed of the acceptance slice may have written items already: existing items and
 *   files are kept, and only items without an agency file get one (a copy of a stored demo PDF under the
 *   result's own name, the same stored bytes).
 * - share01's applications in every state, each with its review items and records as the workflow
 *   writes them: approved and valid (with downloads), waiting for owner01, waiting for the authority,
 *   expired (with downloads), and one owner01 did not agree to.
 */
import { and, asc, eq, inArray, ne, notExists } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { fixDemandCatalogue } from '@server/modules/results';
import { roles } from '@shared/domain/roles';
import { DEFAULT_SHARE_VALID_DAYS, shareStatus } from '@shared/domain/sharing';
import { auditDecision, authorizationState, resultAcceptance } from '@shared/domain/statuses';
import { DAY, HOUR, ids, OWNER_UNIT_ID } from './demo-context';

const S = shareStatus.code;

/** owner01's first six accepted projects and four of other owners, each with its accepted demands. */
async function acceptedProjects(t: Queryable) {
  const rows = await t
    .select({
      projectId: schema.projects.pkid,
      constructionId: schema.projects.constructionId,
      completedAt: schema.projects.completedAt,
      updatedAt: schema.projects.updatedAt,
      demandId: schema.projectAuthorizations.demandId,
    })
    .from(schema.projects)
    .innerJoin(
      schema.projectAuthorizations,
      and(
        eq(schema.projectAuthorizations.projectId, schema.projects.pkid),
        eq(schema.projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .where(inArray(schema.projects.status, [6, 7]))
    .orderBy(asc(schema.projects.pkid));
  const byProject = new Map<number, { projectId: number; own: boolean; at: Date; demandIds: number[] }>();
  for (const row of rows) {
    const entry = byProject.get(row.projectId) ?? {
      projectId: row.projectId,
      own: row.constructionId === OWNER_UNIT_ID,
      at: row.completedAt ?? row.updatedAt,
      demandIds: [],
    };
    entry.demandIds.push(row.demandId);
    byProject.set(row.projectId, entry);
  }
  const all = [...byProject.values()];
  return {
    own: all.filter((p) => p.own).slice(0, 6),
    others: all.filter((p) => !p.own).slice(0, 4),
  };
}

/** Adopted result items with a file for the project's fixed catalogue (existing ones kept). */
async function adoptResults(
  t: Queryable,
  project: { projectId: number; at: Date; demandIds: number[] },
  pdf: { storageKey: string; size: number; sha256: string },
): Promise<number> {
  for (const demandId of project.demandIds) await fixDemandCatalogue(t, demandId);
  const entries = await t
    .select({
      demandId: schema.demandResultCatalogues.demandId,
      itemId: schema.demandResultCatalogues.itemId,
      entryId: schema.resultCatalogueEntries.entryId,
    })
    .from(schema.demandResultCatalogues)
    .innerJoin(
      schema.resultCatalogueEntries,
      eq(schema.resultCatalogueEntries.versionId, schema.demandResultCatalogues.versionId),
    )
    .where(inArray(schema.demandResultCatalogues.demandId, project.demandIds));
  if (entries.length === 0) return 0;
  await t
    .insert(schema.projectResults)
    .values(entries.map((entry) => ({ projectId: project.projectId, ...entry })))
    .onConflictDoNothing();
  const decidedAt = new Date(project.at.getTime() - 2 * DAY);
  await t
    .update(schema.projectResults)
    .set({
      status: resultAcceptance.code.adopted,
      submittedBy: ids.agency,
      submittedAt: new Date(decidedAt.getTime() - 3 * DAY),
      round: 1,
      decidedBy: ids.auditor,
      decidedAt,
    })
    .where(
      and(
        eq(schema.projectResults.projectId, project.projectId),
        ne(schema.projectResults.status, resultAcceptance.code.adopted),
      ),
    );
  const bare = await t
    .select({ resultId: schema.projectResults.resultId, name: schema.resultCatalogueEntries.name })
    .from(schema.projectResults)
    .innerJoin(
      schema.resultCatalogueEntries,
      eq(schema.resultCatalogueEntries.entryId, schema.projectResults.entryId),
    )
    .where(
      and(
        eq(schema.projectResults.projectId, project.projectId),
        notExists(
          t
            .select({ pkid: schema.projectResultFiles.pkid })
            .from(schema.projectResultFiles)
            .where(
              and(
                eq(schema.projectResultFiles.resultId, schema.projectResults.resultId),
                eq(schema.projectResultFiles.byAuditor, false),
              ),
            ),
        ),
      ),
    );
  for (const item of bare) {
    const [file] = await t
      .insert(schema.files)
      .values({
        originalName: `${item.name}.pdf`,
        contentType: 'application/pdf',
        ...pdf,
        createdBy: ids.agency,
        createdAt: decidedAt,
      })
      .returning({ id: schema.files.id });
    await t.insert(schema.projectResultFiles).values({
      resultId: item.resultId,
      fileId: file!.id,
      createdBy: ids.agency,
      createdAt: new Date(decidedAt.getTime() - 4 * DAY),
    });
  }
  return bare.length;
}

interface Step {
  type: 'share_owner' | 'share_authority';
  decision: 'submit' | 'approve' | 'reject';
  at: Date;
  opinion?: string;
}

export async function seedDemoSharing(
  t: Queryable,
  now: Date,
): Promise<{ applications: number; downloads: number }> {
  const [pdf] = await t
    .select({ storageKey: schema.files.storageKey, size: schema.files.size, sha256: schema.files.sha256 })
    .from(schema.files)
    .where(eq(schema.files.contentType, 'application/pdf'))
    .orderBy(asc(schema.files.createdAt))
    .limit(1);
  const people = await t
    .select({ pkid: schema.users.pkid, username: schema.users.username })
    .from(schema.users)
    .where(inArray(schema.users.pkid, [ids.owner, ids.authority, ids.sharing]));
  const nameOf = (pkid: number) => people.find((p) => p.pkid === pkid)?.username ?? '';
  const { own, others } = await acceptedProjects(t);
  if (!pdf || own.length < 5 || people.length < 3) return { applications: 0, downloads: 0 };
  for (const project of [...own, ...others]) await adoptResults(t, project, pdf);

  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const stepRoles = { share_owner: roles.owner.id, share_authority: roles.authority.id };
  const deciders = { share_owner: ids.owner, share_authority: ids.authority };
  const plans: {
    project: (typeof own)[number];
    purpose: string;
    status: number;
    steps: Step[];
    downloads: number;
  }[] = [
    {
      project: own[0]!,
      purpose: '用于片区城市更新规划编制，核对现状建筑面积和用地范围',
      status: S.approved,
      steps: [
        { type: 'share_owner', decision: 'submit', at: at(12) },
        { type: 'share_owner', decision: 'approve', at: at(11) },
        { type: 'share_authority', decision: 'submit', at: at(11) },
        { type: 'share_authority', decision: 'approve', at: at(10) },
      ],
      downloads: 3,
    },
    {
      project: own[1]!,
      purpose: '用于不动产登记前的房屋面积核验',
      status: S.ownerPending,
      steps: [{ type: 'share_owner', decision: 'submit', at: at(1, 3) }],
      downloads: 0,
    },
    {
      project: own[2]!,
      purpose: '用于地下管线普查数据的比对更新',
      status: S.authorityPending,
      steps: [
        { type: 'share_owner', decision: 'submit', at: at(3) },
        { type: 'share_owner', decision: 'approve', at: at(2) },
        { type: 'share_authority', decision: 'submit', at: at(2) },
      ],
      downloads: 0,
    },
    {
      project: own[3]!,
      purpose: '用于消防验收资料核对',
      status: S.approved,
      steps: [
        { type: 'share_owner', decision: 'submit', at: at(130) },
        { type: 'share_owner', decision: 'approve', at: at(129) },
        { type: 'share_authority', decision: 'submit', at: at(129) },
        { type: 'share_authority', decision: 'approve', at: at(128) },
      ],
      downloads: 2,
    },
    {
      project: own[4]!,
      purpose: '了解项目情况',
      status: S.ownerRejected,
      steps: [
        { type: 'share_owner', decision: 'submit', at: at(20) },
        {
          type: 'share_owner',
          decision: 'reject',
          at: at(19),
          opinion: '申请用途不明确，请说明具体使用范围',
        },
      ],
      downloads: 0,
    },
  ];

  let downloads = 0;
  for (const plan of plans) {
    const approval = plan.steps.find((s) => s.type === 'share_authority' && s.decision === 'approve');
    const [application] = await t
      .insert(schema.shareApplications)
      .values({
        projectId: plan.project.projectId,
        applicantId: ids.sharing,
        purpose: plan.purpose,
        status: plan.status,
        submittedAt: plan.steps[0]!.at,
        approvedAt: approval?.at ?? null,
        validUntil: approval ? new Date(approval.at.getTime() + DEFAULT_SHARE_VALID_DAYS * DAY) : null,
        createdAt: plan.steps[0]!.at,
        updatedAt: plan.steps.at(-1)!.at,
      })
      .returning({ pkid: schema.shareApplications.pkid });
    const pkid = application!.pkid;
    for (const type of ['share_owner', 'share_authority'] as const) {
      const steps = plan.steps.filter((s) => s.type === type);
      if (steps.length === 0) continue;
      const last = steps.at(-1)!;
      const submitted = steps.find((s) => s.decision === 'submit')!;
      await t.insert(schema.reviewItems).values({
        subjectType: type,
        subjectId: pkid,
        status: last.decision === 'submit' ? 1 : last.decision === 'approve' ? 2 : 3,
        applicantId: ids.sharing,
        // The owner step is owner01's alone (its named reviewer); the authority's is the pool's.
        assigneeId: type === 'share_owner' ? ids.owner : null,
        version: steps.length,
        submittedAt: submitted.at,
        decidedAt: last.decision === 'submit' ? null : last.at,
        createdAt: submitted.at,
        updatedAt: last.at,
      });
      for (const step of steps) {
        const by = step.decision === 'submit' ? ids.sharing : deciders[type];
        await t.insert(schema.auditRecords).values({
          subjectType: type,
          subjectId: pkid,
          decision:
            step.decision === 'submit'
              ? auditDecision.code.submitted
              : step.decision === 'approve'
                ? auditDecision.code.approved
                : auditDecision.code.rejected,
          opinion: step.opinion ?? null,
          auditorId: by,
          auditorName: nameOf(by),
          roleId: step.decision === 'submit' ? roles.sharing.id : stepRoles[type],
          fromStatus: step.decision === 'submit' ? 0 : 1,
          toStatus: step.decision === 'submit' ? 1 : step.decision === 'approve' ? 2 : 3,
          auditedAt: step.at,
        });
      }
    }
    if (plan.downloads > 0 && approval) {
      const shared = await t
        .select({ fileId: schema.projectResultFiles.fileId })
        .from(schema.projectResultFiles)
        .innerJoin(
          schema.projectResults,
          eq(schema.projectResults.resultId, schema.projectResultFiles.resultId),
        )
        .where(
          and(
            eq(schema.projectResults.projectId, plan.project.projectId),
            eq(schema.projectResultFiles.byAuditor, false),
          ),
        )
        .orderBy(asc(schema.projectResultFiles.pkid));
      for (let i = 0; i < plan.downloads && shared.length > 0; i++) {
        await t.insert(schema.shareDownloads).values({
          applicationId: pkid,
          fileId: shared[i % shared.length]!.fileId,
          userId: ids.sharing,
          downloadedAt: new Date(approval.at.getTime() + (i + 1) * 26 * HOUR),
        });
        downloads++;
      }
    }
  }
  return { applications: plans.length, downloads };
}
