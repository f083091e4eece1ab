/**
 * Demands by stage (issue 13, projects slice). The spec's rule (section 1): within one project, stage
 * and funding party the items are commissioned together as ONE comprehensive demand. So saving items
 * for a stage that already has a demand never makes a second one:
 * - the demand is still a draft: the items join it;
 * - it was released: the new items become an amendment, reviewed by the authority through the review
 *   workflow (subject 'demand_amend'); approval adds them (kinds.ts, applyDemandAmendment).
 * A unique index (project, stage, funding party) keeps two saves at once from making two demands.
 *
 * Release is one transaction: the demand 0 → 1 and the project 0 → 1 through moveProject, with the
 * hall's pages and map dropped. The selection module's openSelection joins that transaction at merge.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  constructionUnits,
  files,
  projectDemandAmendments,
  projectDemandFiles,
  projectDemands,
  projectLogs,
  projectStageItems,
  projects,
  stages,
  surveyItems,
} from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity/sessions';
import { fileToSendColumns, type FileToSend } from '@server/modules/hall/file-response';
import { decideIn, getReviewState, listReviewRecords, openReview } from '@server/modules/review/service';
import { storeUploadedFile } from '@server/storage/uploads';
import { auditStatus, auditSubject, projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import {
  projectMessages as m,
  type amendmentDecisionSchema,
  type demandSaveSchema,
  type ownerDemandListSchema,
  type projectRecordSchema,
} from '@shared/validation/projects';
import { documentExtensions } from '@shared/validation/upload';
import type { z } from 'zod';
import { openSelection } from '@server/modules/selection/service';
import type { DemandReleaseInput } from '@shared/validation/selection';
import { actorOf, getProject, inScope, logsOf, ownUnit, scopeOf, type Scope } from './service';
import { moveProject } from './status';

const d = projectDemands;
const AMEND = auditSubject.code.demandAmend;

async function itemNamesOf(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: surveyItems.itemId, name: surveyItems.name })
    .from(surveyItems)
    .where(inArray(surveyItems.itemId, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function stageNameOf(db: Queryable, stageId: number): Promise<string> {
  const [row] = await db.select({ name: stages.name }).from(stages).where(eq(stages.stageId, stageId));
  return row?.name ?? `阶段${stageId}`;
}

const rowColumns = {
  demandId: d.pkid,
  projectId: d.projectId,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  constructionId: projects.constructionId,
  constructionName: constructionUnits.name,
  stageId: d.stageId,
  stageName: stages.name,
  fundingParty: d.fundingParty,
  status: d.status,
  remark: d.remark,
  deadline: d.deadline,
  fileCount: sql<number>`(select count(*)::int from project_demand_files f where f.demand_id = ${d.pkid})`,
  pendingAmendment: sql<boolean>`exists (select 1 from project_demand_amendments a where a.demand_id = ${d.pkid} and a.audit_status = ${auditStatus.code.pending})`,
  createdAt: d.createdAt,
  releasedAt: d.releasedAt,
};

function selectDemands(db: Queryable) {
  return db
    .select(rowColumns)
    .from(d)
    .innerJoin(projects, eq(projects.pkid, d.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(stages, eq(stages.stageId, d.stageId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectDemands>['where']>>[number];

async function withItems(db: Queryable, rows: readonly Selected[]) {
  const ids = rows.map((row) => row.demandId);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            demandId: projectStageItems.demandId,
            itemId: projectStageItems.itemId,
            name: surveyItems.name,
          })
          .from(projectStageItems)
          .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
          .where(inArray(projectStageItems.demandId, ids))
          .orderBy(asc(projectStageItems.itemId));
  return rows.map((row) => {
    const { constructionId: _c, remark: _r, deadline: _d, ...rest } = row;
    return {
      ...rest,
      statusName: projectStatus.label(row.status as ProjectStatus),
      itemNames: items.filter((item) => item.demandId === row.demandId).map((item) => item.name),
      pendingAmendment: Boolean(row.pendingAmendment),
    };
  });
}

async function demandPage(db: Queryable, where: SQL | undefined, page: number, size: number) {
  const rows = await selectDemands(db)
    .where(where)
    .orderBy(desc(d.createdAt), desc(d.pkid))
    .limit(size)
    .offset((page - 1) * size);
  const [counted] = await db
    .select({ total: count() })
    .from(d)
    .innerJoin(projects, eq(projects.pkid, d.projectId))
    .where(where);
  return { rows: await withItems(db, rows), total: counted?.total ?? 0 };
}

const pendingAmendment = sql`exists (select 1 from project_demand_amendments a where a.demand_id = ${d.pkid} and a.audit_status = ${auditStatus.code.pending})`;

/** The console's demand list: an owner its own unit's; `amendment=pending` the authority's to-do. */
export async function listDemandRows(
  db: Queryable,
  user: SessionUser,
  input: z.output<typeof ownerDemandListSchema>,
) {
  const scope = await scopeOf(db, user);
  const where = and(
    inScope(scope),
    input.projectName ? ilike(projects.projectName, containsPattern(input.projectName)) : undefined,
    input.stageId !== undefined ? eq(d.stageId, input.stageId) : undefined,
    input.status !== undefined ? eq(d.status, input.status) : undefined,
    input.amendment === 'pending' ? pendingAmendment : undefined,
  );
  return demandPage(db, where, input.page, input.rows);
}

/** findProjectsRecord (the owner's release records) and findProjectsRecordCheck (everyone's). */
export async function demandRecords(
  db: Queryable,
  scope: Scope,
  input: z.output<typeof projectRecordSchema>,
) {
  const where = and(
    inScope(scope),
    input.status !== undefined ? eq(d.status, input.status) : undefined,
    input.projectName ? ilike(projects.projectName, containsPattern(input.projectName)) : undefined,
  );
  return demandPage(db, where, input.pageIndex, input.pageSize);
}

export async function ownScope(db: Queryable, user: SessionUser): Promise<number> {
  return (await ownUnit(db, user))?.id ?? -1;
}

/** getProjectDemandByPkid: the demands of a project the user may see. */
export async function demandsOfProject(db: Queryable, user: SessionUser, projectId: number) {
  await getProject(db, user, { pkid: projectId });
  const rows = await selectDemands(db).where(eq(d.projectId, projectId)).orderBy(asc(d.stageId), asc(d.pkid));
  return withItems(db, rows);
}

/**
 * getProjectDemandStageItemByProjectId / …ByProjectNo: every survey item the project's demands ask for,
 * one row each with its stage and demand, in stage and item order (404 for a project the user may not see).
 */
export async function demandStageItemsOf(
  db: Queryable,
  user: SessionUser,
  by: { pkid?: number; projectNo?: string },
) {
  const project = await getProject(db, user, by);
  const rows = await db
    .select({
      demandId: d.pkid,
      stageId: d.stageId,
      stageName: stages.name,
      itemId: projectStageItems.itemId,
      itemName: surveyItems.name,
      fundingParty: d.fundingParty,
      status: d.status,
    })
    .from(projectStageItems)
    .innerJoin(d, eq(d.pkid, projectStageItems.demandId))
    .innerJoin(stages, eq(stages.stageId, d.stageId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .where(eq(d.projectId, project.pkid))
    .orderBy(asc(d.stageId), asc(projectStageItems.itemId), asc(d.pkid));
  return rows.map((row) => ({ ...row, statusName: projectStatus.label(row.status as ProjectStatus) }));
}

/** A demand the user may see (404 otherwise), with its project row's scope. */
async function visibleDemand(db: Queryable, user: SessionUser, demandId: number) {
  const scope = await scopeOf(db, user);
  const [row] = await selectDemands(db).where(and(eq(d.pkid, demandId), inScope(scope)));
  if (!row) throw new AppError('not_found', { message: m.demandNotFound });
  return { row, scope };
}

async function filesOf(db: Queryable, demandId: number) {
  return db
    .select({
      fileId: projectDemandFiles.fileId,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(projectDemandFiles)
    .innerJoin(files, eq(files.id, projectDemandFiles.fileId))
    .where(eq(projectDemandFiles.demandId, demandId))
    .orderBy(asc(projectDemandFiles.pkid));
}

async function amendmentsOf(db: Queryable, user: SessionUser, demandId: number) {
  const rows = await db
    .select()
    .from(projectDemandAmendments)
    .where(eq(projectDemandAmendments.demandId, demandId))
    .orderBy(asc(projectDemandAmendments.pkid));
  const names = await itemNamesOf(
    db,
    rows.flatMap((row) => row.itemIds),
  );
  return Promise.all(
    rows.map(async (row) => {
      let review = null;
      if (row.auditStatus === auditStatus.code.pending) {
        const state = await getReviewState(db, user, AMEND, row.pkid);
        // No transfer call exists for amendments, so the panel does not offer one.
        const allowed = state.allowed.filter((key) => key === 'approve' || key === 'reject');
        review = { status: state.item.status, version: state.item.version, allowed, reviewers: [] };
      }
      return {
        amendmentId: row.pkid,
        itemNames: row.itemIds.map((id) => names.get(id) ?? String(id)),
        reason: row.reason,
        auditStatus: row.auditStatus,
        createdAt: row.createdAt,
        appliedAt: row.appliedAt,
        review,
        records: await listReviewRecords(db, AMEND, row.pkid),
      };
    }),
  );
}

/** getDemand: by demand, or by an amendment (the reviewers' link from their message). */
export async function getDemandRecord(
  db: Queryable,
  user: SessionUser,
  by: { demandId?: number | undefined; amendmentId?: number | undefined },
) {
  let demandId = by.demandId;
  if (demandId === undefined) {
    const [amendment] = await db
      .select({ demandId: projectDemandAmendments.demandId })
      .from(projectDemandAmendments)
      .where(eq(projectDemandAmendments.pkid, by.amendmentId ?? 0));
    if (!amendment) throw new AppError('not_found', { message: m.amendmentNotFound });
    demandId = amendment.demandId;
  }
  const { row, scope } = await visibleDemand(db, user, demandId);
  const [listed] = await withItems(db, [row]);
  const items = await db
    .select({ itemId: projectStageItems.itemId, itemName: surveyItems.name })
    .from(projectStageItems)
    .innerJoin(surveyItems, eq(surveyItems.itemId, projectStageItems.itemId))
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(projectStageItems.itemId));
  return {
    ...(listed as NonNullable<typeof listed>),
    remark: row.remark,
    deadline: row.deadline,
    items,
    files: await filesOf(db, demandId),
    amendments: await amendmentsOf(db, user, demandId),
    project: await getProject(db, user, { pkid: row.projectId }),
    logs: await logsOf(db, row.projectId),
    canEdit: scope !== null && row.constructionId === scope && row.status === projectStatus.code.draft,
  };
}

type SaveInput = z.output<typeof demandSaveSchema>;

/**
 * saveDemand: creates the stage's demand, merges into its draft, or asks for an amendment of the
 * released one (see the file's comment). Every check runs before anything is written.
 */
export async function saveDemand(ctx: Pick<AppContext, 'db'>, user: SessionUser, input: SaveInput) {
  const { db } = ctx;
  const scope = await ownScope(db, user);
  const [project] = await db
    .select({ status: projects.status, fundingParty: projects.fundingParty, name: projects.projectName })
    .from(projects)
    .where(and(eq(projects.pkid, input.projectId), eq(projects.constructionId, scope)));
  if (!project) throw new AppError('not_found', { message: m.projectNotFound });
  if (project.status === projectStatus.code.terminated)
    throw new AppError('conflict', { message: m.projectTerminated });

  const stageItems = await db
    .select({ id: surveyItems.itemId, name: surveyItems.name, stageId: surveyItems.stageId })
    .from(surveyItems)
    .where(and(inArray(surveyItems.itemId, input.itemIds), eq(surveyItems.isEnabled, true)));
  const stageName = await stageNameOf(db, input.stageId);
  for (const itemId of input.itemIds) {
    const item = stageItems.find((row) => row.id === itemId);
    if (!item) throw new AppError('invalid_input', { message: '测绘事项不正确', field: 'itemIds' });
    if (item.stageId !== input.stageId)
      throw new AppError('invalid_input', {
        message: m.itemOutsideStage(item.name, stageName),
        field: 'itemIds',
      });
  }
  const wanted = [...new Set(input.itemIds)];
  const fundingParty = input.fundingParty ?? project.fundingParty ?? '';
  const now = new Date();

  const [existing] = await db
    .select({ pkid: d.pkid, status: d.status })
    .from(d)
    .where(
      and(eq(d.projectId, input.projectId), eq(d.stageId, input.stageId), eq(d.fundingParty, fundingParty)),
    );
  const present = existing
    ? (
        await db
          .select({ itemId: projectStageItems.itemId })
          .from(projectStageItems)
          .where(eq(projectStageItems.demandId, existing.pkid))
      ).map((row) => row.itemId)
    : [];
  const added = wanted.filter((id) => !present.includes(id));
  const names = added.map((id) => stageItems.find((row) => row.id === id)?.name ?? String(id)).join('、');

  if (!existing) {
    try {
      return await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(d)
          .values({
            projectId: input.projectId,
            stageId: input.stageId,
            fundingParty,
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
          .values(wanted.map((itemId) => ({ projectId: input.projectId, demandId: created.pkid, itemId })));
        await logLine(tx, input.projectId, project.status, `新建测绘需求（${stageName}：${names}）`, user);
        return { demandId: created.pkid, outcome: 'created' as const, amendmentId: null };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', { message: '该阶段的需求刚被保存，请刷新后重试' });
      throw error;
    }
  }
  if (added.length === 0)
    throw new AppError('invalid_input', { message: m.itemsAlreadyIn, field: 'itemIds' });

  if (existing.status === projectStatus.code.draft) {
    await db.transaction(async (tx) => {
      await tx
        .insert(projectStageItems)
        .values(added.map((itemId) => ({ projectId: input.projectId, demandId: existing.pkid, itemId })))
        .onConflictDoNothing();
      await tx
        .update(d)
        .set({
          updatedAt: now,
          ...(input.remark !== undefined ? { remark: input.remark } : {}),
          ...(input.deadline !== undefined ? { deadline: input.deadline } : {}),
        })
        .where(eq(d.pkid, existing.pkid));
      await logLine(tx, input.projectId, project.status, `测绘需求增加事项（${stageName}：${names}）`, user);
    });
    return { demandId: existing.pkid, outcome: 'merged' as const, amendmentId: null };
  }

  const [waiting] = await db
    .select({ pkid: projectDemandAmendments.pkid })
    .from(projectDemandAmendments)
    .where(
      and(
        eq(projectDemandAmendments.demandId, existing.pkid),
        inArray(projectDemandAmendments.auditStatus, [auditStatus.code.draft, auditStatus.code.pending]),
      ),
    );
  if (waiting) throw new AppError('conflict', { message: m.amendmentPending });
  const amendmentId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(projectDemandAmendments)
      .values({
        demandId: existing.pkid,
        projectId: input.projectId,
        itemIds: added,
        reason: input.reason ?? null,
        auditStatus: auditStatus.code.draft,
        createdBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ pkid: projectDemandAmendments.pkid });
    if (!created) throw new Error('amendment insert returned nothing');
    await openReview(tx, { subjectType: AMEND, subjectId: created.pkid, applicantId: user.pkid });
    await decideIn(tx, user, { subjectType: AMEND, subjectId: created.pkid, decision: 'submit' });
    await logLine(
      tx,
      input.projectId,
      project.status,
      `申请追加测绘事项（${stageName}：${names}），待审核`,
      user,
    );
    return created.pkid;
  });
  return { demandId: existing.pkid, outcome: 'amended' as const, amendmentId };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? null;
  return cause?.code === '23505' || cause?.cause?.code === '23505';
}

/** A project log line that is not a status change (from = to = the current status). */
async function logLine(
  tx: Queryable,
  projectId: number,
  status: number,
  content: string,
  user: SessionUser | null,
) {
  await tx.insert(projectLogs).values({
    projectId,
    statusFrom: status,
    statusTo: status,
    content,
    actorId: user?.pkid ?? null,
    actorName: user?.username ?? '系统',
  });
}

/** The owner's own demand still in draft: attachments and release need it (404 / 409 otherwise). */
async function ownDraftDemand(db: Queryable, user: SessionUser, demandId: number) {
  const scope = await ownScope(db, user);
  const [row] = await selectDemands(db).where(and(eq(d.pkid, demandId), eq(projects.constructionId, scope)));
  if (!row) throw new AppError('not_found', { message: m.demandNotFound });
  if (row.status !== projectStatus.code.draft) throw new AppError('conflict', { message: m.demandReleased });
  return row;
}

/** submitFile: one attachment of a draft demand, under the upload rules (documents and images). */
export async function addDemandFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  input: { demandId: number; file: File },
) {
  await ownDraftDemand(ctx.db, user, input.demandId);
  const stored = await storeUploadedFile(ctx, input.file, documentExtensions, user.pkid, {
    field: 'file',
    contentMustMatch: true,
  });
  await ctx.db.insert(projectDemandFiles).values({ demandId: input.demandId, fileId: stored.fileId });
  return stored;
}

export async function removeDemandFile(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: { demandId: number; fileId: string },
) {
  await ownDraftDemand(ctx.db, user, input.demandId);
  const removed = await ctx.db
    .delete(projectDemandFiles)
    .where(and(eq(projectDemandFiles.demandId, input.demandId), eq(projectDemandFiles.fileId, input.fileId)))
    .returning({ pkid: projectDemandFiles.pkid });
  if (removed.length === 0) throw new AppError('not_found', { message: m.fileNotFound });
  return null;
}

/** A demand's attachment for a user who may see the demand. */
export async function demandFile(
  db: Queryable,
  user: SessionUser,
  demandId: number,
  fileId: string,
): Promise<FileToSend> {
  await visibleDemand(db, user, demandId);
  const [file] = await db
    .select(fileToSendColumns)
    .from(projectDemandFiles)
    .innerJoin(files, eq(files.id, projectDemandFiles.fileId))
    .where(and(eq(projectDemandFiles.demandId, demandId), eq(projectDemandFiles.fileId, fileId)));
  if (!file) throw new AppError('not_found', { message: m.fileNotFound });
  return file;
}

/**
 * release: the draft demand goes public. One transaction: the demand 0 → 1 (a conditional update, so
 * of two releases one wins), the project 0 → 1 through moveProject (a project already released for
 * another stage keeps its status and gets a log line), and the hall's pages and map are dropped.
 */
export async function releaseDemand(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services' | 'config'>,
  user: SessionUser,
  { demandId, method, quoteDeadline }: DemandReleaseInput,
) {
  const demand = await ownDraftDemand(ctx.db, user, demandId);
  const [items] = await ctx.db
    .select({ n: count() })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId));
  if (!items?.n) throw new AppError('invalid_input', { message: m.demandHasNoItems });
  const [listed] = await withItems(ctx.db, [demand]);
  const content = `发布测绘需求（${demand.stageName}：${(listed?.itemNames ?? []).join('、')}）`;
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = new Date();
    const [project] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.pkid, demand.projectId));
    if (project?.status === projectStatus.code.terminated)
      throw new AppError('conflict', { message: m.projectTerminated });
    const released = await tx
      .update(d)
      .set({ status: projectStatus.code.published, releasedAt: now, updatedAt: now })
      .where(and(eq(d.pkid, demandId), eq(d.status, projectStatus.code.draft)))
      .returning({ pkid: d.pkid });
    if (released.length === 0) throw new AppError('conflict', { message: m.demandReleased });
    if (project?.status === projectStatus.code.draft)
      await moveProject(tx, {
        projectId: demand.projectId,
        to: projectStatus.code.published,
        actor: actorOf(user),
        content,
      });
    else await logLine(tx, demand.projectId, project?.status ?? 0, content, user);
    // A method named at release opens the selection in the same transaction: the draw's commitment
    // is public from the moment the demand is.
    if (method)
      await openSelection(tx, {
        demandId,
        method,
        actor: user,
        quoteDeadline,
        now,
        allowedMethods: ctx.config.selectionMethods,
      });
    dropPages(['projects']);
  });
  ctx.services.invalidateProjectMap();
  const [row] = await selectDemands(ctx.db).where(eq(d.pkid, demandId));
  const [result] = await withItems(ctx.db, row ? [row] : []);
  if (!result) throw new AppError('not_found', { message: m.demandNotFound });
  return result;
}

/** decideAmendment: the authority approves (the items join the demand) or rejects with an opinion. */
export async function decideAmendment(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: z.output<typeof amendmentDecisionSchema>,
) {
  const item = await ctx.db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: AMEND,
      subjectId: input.amendmentId,
      decision: input.decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}
