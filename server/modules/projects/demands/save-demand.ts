/**
 * saveDemand (issue 13, projects slice). The spec's rule (section 1): within one project, stage and
 * funding party the items are commissioned together as ONE comprehensive demand. So saving items for a
 * stage that already has a demand never makes a second one:
 * - the demand is still a draft: the items join it;
 * - it was released: the new items become an amendment, reviewed by the authority through the review
 *   workflow (subject 'demand_amend'); approval adds them (review-hooks.ts).
 * A unique index (project, stage, funding party) keeps two saves at once from making two demands.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Database, Queryable } from '@server/db/database';
import {
  projectDemandAmendments,
  projectDemands,
  projectStageItems,
  projects,
  stages,
  surveyItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { submitForReview } from '@server/modules/review';
import { auditStatus, auditSubject, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m, type demandSaveSchema } from '@shared/validation/projects';
import type { z } from 'zod';
import { logProjectEvent } from '../status';
import { ownScope } from './demand-rows';

const d = projectDemands;
const AMEND = auditSubject.code.demandAmend;

type SaveInput = z.output<typeof demandSaveSchema>;

/** What a save writes once its checks passed: the items it adds, named for the log line. */
interface Addition {
  input: SaveInput;
  fundingParty: string;
  itemIds: number[];
  /** `stage：item、item` for the log line. */
  what: string;
  now: Date;
}

/** The user's own project, unless terminated (404 / 409). */
async function ownProject(db: Queryable, user: SessionUser, projectId: number) {
  const scope = await ownScope(db, user);
  const [project] = await db
    .select({ status: projects.status, fundingParty: projects.fundingParty, name: projects.projectName })
    .from(projects)
    .where(and(eq(projects.pkid, projectId), eq(projects.constructionId, scope)));
  if (!project) throw new AppError('not_found', { message: m.projectNotFound });
  if (project.status === projectStatus.code.terminated)
    throw new AppError('conflict', { message: m.projectTerminated });
  return project;
}

/** The stage's name and its items' names, once every item is an enabled item of the stage (400). */
async function checkItems(db: Queryable, input: SaveInput) {
  const stageItems = await db
    .select({ id: surveyItems.itemId, name: surveyItems.name, stageId: surveyItems.stageId })
    .from(surveyItems)
    .where(and(inArray(surveyItems.itemId, input.itemIds), eq(surveyItems.isEnabled, true)));
  const [stage] = await db
    .select({ name: stages.name })
    .from(stages)
    .where(eq(stages.stageId, input.stageId));
  const stageName = stage?.name ?? `阶段${input.stageId}`;
  for (const itemId of input.itemIds) {
    const item = stageItems.find((row) => row.id === itemId);
    if (!item) throw new AppError('invalid_input', { message: '测绘事项不正确', field: 'itemIds' });
    if (item.stageId !== input.stageId)
      throw new AppError('invalid_input', {
        message: m.itemOutsideStage(item.name, stageName),
        field: 'itemIds',
      });
  }
  const nameOf = (id: number) => stageItems.find((row) => row.id === id)?.name ?? String(id);
  return (ids: number[]) => `${stageName}：${ids.map(nameOf).join('、')}`;
}

/** The stage's demand for the funding party, if there is one, with the items it has. */
async function stageDemand(db: Queryable, input: SaveInput, fundingParty: string) {
  const [existing] = await db
    .select({ pkid: d.pkid, status: d.status })
    .from(d)
    .where(
      and(eq(d.projectId, input.projectId), eq(d.stageId, input.stageId), eq(d.fundingParty, fundingParty)),
    );
  if (!existing) return undefined;
  const items = await db
    .select({ itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, existing.pkid));
  return { ...existing, itemIds: items.map((row) => row.itemId) };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? null;
  return cause?.code === '23505' || cause?.cause?.code === '23505';
}

/** The stage's first demand, a draft with the items. */
async function createDemand(db: Database, user: SessionUser, add: Addition) {
  const { input, now } = add;
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(d)
        .values({
          projectId: input.projectId,
          stageId: input.stageId,
          fundingParty: add.fundingParty,
          remark: input.remark ?? null,
          deadline: input.deadline ?? null,
          status: projectStatus.code.draft,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ pkid: d.pkid });
      if (!created) throw new Error('demand insert returned nothing');
      await tx
        .insert(projectStageItems)
        .values(
          add.itemIds.map((itemId) => ({ projectId: input.projectId, demandId: created.pkid, itemId })),
        );
      await logProjectEvent(tx, {
        projectId: input.projectId,
        actor: user,
        content: `新建测绘需求（${add.what}）`,
        at: now,
      });
      return { demandId: created.pkid, outcome: 'created' as const, amendmentId: null };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', { message: '该阶段的需求刚被保存，请刷新后重试' });
    throw error;
  }
}

/** The items join the stage's draft demand (its remark and deadline as given). */
async function mergeIntoDraft(db: Database, user: SessionUser, demandId: number, add: Addition) {
  const { input, now } = add;
  await db.transaction(async (tx) => {
    await tx
      .insert(projectStageItems)
      .values(add.itemIds.map((itemId) => ({ projectId: input.projectId, demandId, itemId })))
      .onConflictDoNothing();
    await tx
      .update(d)
      .set({
        updatedAt: now,
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        ...(input.deadline !== undefined ? { deadline: input.deadline } : {}),
      })
      .where(eq(d.pkid, demandId));
    await logProjectEvent(tx, {
      projectId: input.projectId,
      actor: user,
      content: `测绘需求增加事项（${add.what}）`,
      at: now,
    });
  });
  return { demandId, outcome: 'merged' as const, amendmentId: null };
}

/** The items of a released demand become an amendment, submitted for review (one open at a time). */
async function requestAmendment(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  demandId: number,
  add: Addition,
) {
  const { db } = ctx;
  const { input, now } = add;
  const [waiting] = await db
    .select({ pkid: projectDemandAmendments.pkid })
    .from(projectDemandAmendments)
    .where(
      and(
        eq(projectDemandAmendments.demandId, demandId),
        inArray(projectDemandAmendments.auditStatus, [auditStatus.code.draft, auditStatus.code.pending]),
      ),
    );
  if (waiting) throw new AppError('conflict', { message: m.amendmentPending });
  const amendmentId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(projectDemandAmendments)
      .values({
        demandId,
        projectId: input.projectId,
        itemIds: add.itemIds,
        reason: input.reason ?? null,
        auditStatus: auditStatus.code.draft,
        createdBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ pkid: projectDemandAmendments.pkid });
    if (!created) throw new Error('amendment insert returned nothing');
    await submitForReview(ctx, tx, user, { subjectType: AMEND, subjectId: created.pkid });
    await logProjectEvent(tx, {
      projectId: input.projectId,
      actor: user,
      content: `申请追加测绘事项（${add.what}），待审核`,
      at: now,
    });
    return created.pkid;
  });
  return { demandId, outcome: 'amended' as const, amendmentId };
}

/**
 * saveDemand: creates the stage's demand, merges into its draft, or asks for an amendment of the
 * released one (see the file's comment). Every check runs before anything is written.
 */
export async function saveDemand(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: SaveInput,
) {
  const { db } = ctx;
  const project = await ownProject(db, user, input.projectId);
  const describe = await checkItems(db, input);
  const wanted = [...new Set(input.itemIds)];
  const fundingParty = input.fundingParty ?? project.fundingParty ?? '';
  const now = ctx.services.now();
  const existing = await stageDemand(db, input, fundingParty);
  const added = wanted.filter((id) => !existing?.itemIds.includes(id));
  const add: Addition = { input, fundingParty, itemIds: added, what: describe(added), now };
  if (!existing) return createDemand(db, user, add);
  if (added.length === 0)
    throw new AppError('invalid_input', { message: m.itemsAlreadyIn, field: 'itemIds' });
  if (existing.status === projectStatus.code.draft) return mergeIntoDraft(db, user, existing.pkid, add);
  return requestAmendment(ctx, user, existing.pkid, add);
}
