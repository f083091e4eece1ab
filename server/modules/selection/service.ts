/**
 * Selecting the agency of a released demand, three ways (issue 13; shared/domain/selection.ts):
 * direct choice among eligible agencies, a verifiable draw, a price comparison.
 *
 * Eligible means approved, no credit flag in force (agencySelectableCondition, the one definition),
 * and a business scope covering every survey item of the demand. The draw's salt is created when the
 * method is first chosen and only its sha256 (the commitment) is public; no answer carries the salt
 * before `drawn_at` is set (publicRecord is the one place that decides). Every write that records a
 * winner is conditional on `winner_id is null`, so of two presses at once one wins and the other is a
 * 409. Quotes are visible to their own agency only until the price comparison closes, which the job
 * `selection-price-close` does at the deadline (the job runner's clock, so tests move time).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  demandSelections,
  projectDemands,
  projectLogs,
  projects,
  projectStageItems,
  selectionQuotes,
} from '@server/db/schema';
import { eligibleCondition } from '@server/modules/projects/eligibility';
import type { SessionUser } from '@server/modules/identity/sessions';
import { sendMessage } from '@server/modules/messages/service';
import type {
  EligibleAgency,
  InvitationRow,
  OwnerDemandRow,
  OwnerSelection,
  PublicSelection,
  QuoteRow,
} from '@shared/contracts/selection';
import {
  DEFAULT_QUOTE_DAYS,
  drawHashInput,
  drawWinner,
  frozenCandidates,
  MIN_QUOTES,
  selectionMethodLabels,
  type SelectionMethod,
  type SelectionState,
} from '@shared/domain/selection';
import { stageName, surveyItemName } from '@shared/domain/stages';
import { authorizationState, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import type { QuoteInput, SetMethodInput } from '@shared/validation/selection';

type SelectionContext = Pick<AppContext, 'db' | 'config' | 'services'>;
type Selection = typeof demandSelections.$inferSelect;

export const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Who acts: a signed-in user, or null for the closing job (recorded as 系统). */
export interface SelectionActor {
  pkid: number;
  username: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const OWNER_LINK = (demandId: number) => `/demandmanger/demandOption?demandId=${demandId}`;
const AGENCY_LINK = '/notdchy/DemandOption';

// ---------------------------------------------------------------------------------------------
// Reading the demand, ownership, eligibility
// ---------------------------------------------------------------------------------------------

export interface DemandInfo {
  demandId: number;
  projectId: number;
  projectName: string;
  projectNo: string;
  projectStatus: number;
  demandStatus: number;
  stageId: number;
  ownerUserId: number | null;
}

export async function demandInfo(db: Queryable, demandId: number, lock = false): Promise<DemandInfo> {
  const query = db
    .select({
      demandId: projectDemands.pkid,
      projectId: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      projectStatus: projects.status,
      demandStatus: projectDemands.status,
      stageId: projectDemands.stageId,
      ownerUserId: constructionUnits.userId,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(eq(projectDemands.pkid, demandId));
  const [row] = lock ? await query.for('update', { of: projectDemands }) : await query;
  if (!row) throw new AppError('not_found', { message: '该测绘需求不存在' });
  return row;
}

/**
 * The demand, when `user` owns it (its project's construction unit is the user's) or is an
 * administrator; another owner's demand answers 404 like a missing one.
 */
async function ownDemand(db: Queryable, user: SessionUser, demandId: number, lock = false) {
  const demand = await demandInfo(db, demandId, lock);
  if (!user.isAdmin && demand.ownerUserId !== user.pkid) {
    throw new AppError('not_found', { message: '该测绘需求不存在' });
  }
  return demand;
}

function requireReleased(demand: DemandInfo): void {
  if (demand.demandStatus !== projectStatus.code.published) {
    throw new AppError('conflict', {
      message: `该需求当前为“${projectStatus.label(demand.demandStatus)}”，只有已发布的需求可以选取中介机构`,
    });
  }
}

async function itemIdsOf(db: Queryable, demandId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(projectStageItems.itemId));
  return rows.map((row) => row.itemId);
}

/** Ids of the agencies eligible for the demand now, ascending (the draw's frozen order). */
export async function eligibleAgencyIds(db: Queryable, demandId: number): Promise<number[]> {
  const itemIds = await itemIdsOf(db, demandId);
  const rows = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eligibleCondition(itemIds))
    .orderBy(asc(agentOrganizations.organizationId));
  return frozenCandidates(rows.map((row) => row.id));
}

async function selectionOf(db: Queryable, demandId: number, lock = false): Promise<Selection | undefined> {
  const query = db.select().from(demandSelections).where(eq(demandSelections.demandId, demandId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function logEvent(
  tx: Queryable,
  demand: DemandInfo,
  content: string,
  actor: SelectionActor | null,
  at: Date,
): Promise<void> {
  // Not a status change (moveProject is for those): a log line with from = to, as DOMAIN.md allows.
  await tx.insert(projectLogs).values({
    projectId: demand.projectId,
    statusFrom: demand.projectStatus,
    statusTo: demand.projectStatus,
    content,
    actorId: actor?.pkid ?? null,
    actorName: actor?.username ?? '系统',
    createdAt: at,
  });
}

async function agencyUsers(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { userId: number | null; orgName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: agentOrganizations.organizationId,
      userId: agentOrganizations.userId,
      orgName: agentOrganizations.orgName,
    })
    .from(agentOrganizations)
    .where(inArray(agentOrganizations.organizationId, ids));
  return new Map(rows.map((row) => [row.id, { userId: row.userId, orgName: row.orgName }]));
}

async function hasAuthorization(db: Queryable, demandId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(projectDemands)
    .where(and(eq(projectDemands.pkid, demandId), authorizedAlready));
  return row !== undefined;
}

function assertAllowed(method: SelectionMethod, allowed: readonly SelectionMethod[]): void {
  if (!allowed.includes(method)) {
    throw new AppError('invalid_input', {
      message: `本系统未开放“${selectionMethodLabels[method]}”方式，请选择：${allowed.map((m) => selectionMethodLabels[m]).join('、')}`,
      field: 'method',
    });
  }
}

function checkDeadline(deadline: Date, now: Date): void {
  if (deadline.getTime() <= now.getTime()) {
    throw new AppError('invalid_input', { message: '报价截止时间必须晚于当前时间', field: 'quoteDeadline' });
  }
  if (deadline.getTime() > now.getTime() + 90 * DAY_MS) {
    throw new AppError('invalid_input', { message: '报价截止时间不能超过 90 天', field: 'quoteDeadline' });
  }
}

/** Opens quoting: freezes the invited agencies and tells each of them. */
async function inviteQuotes(tx: Queryable, demand: DemandInfo, deadline: Date): Promise<number[]> {
  const invited = await eligibleAgencyIds(tx, demand.demandId);
  if (invited.length === 0) {
    throw new AppError('conflict', { message: '没有符合条件的中介机构可以邀请报价' });
  }
  const users = await agencyUsers(tx, invited);
  for (const id of invited) {
    const userId = users.get(id)?.userId;
    if (!userId) continue;
    await sendMessage(tx, {
      toUserId: userId,
      content: `您被邀请参与项目“${demand.projectName}”测绘需求的比选报价，请于 ${formatDateTime(deadline)} 前报价`,
      link: AGENCY_LINK,
    });
  }
  return invited;
}

// ---------------------------------------------------------------------------------------------
// Opening a selection (release calls this in its transaction) and changing the method
// ---------------------------------------------------------------------------------------------

export interface OpenSelectionInput {
  demandId: number;
  method: SelectionMethod;
  actor: SelectionActor;
  /** Price comparison: when quoting ends; default DEFAULT_QUOTE_DAYS after `now`. */
  quoteDeadline?: Date | undefined;
  /** The product's clock (ctx.services.now()); default the real time. */
  now?: Date;
  /** SELECTION_METHODS (ctx.config.selectionMethods); default all three. */
  allowedMethods?: readonly SelectionMethod[];
}

/**
 * Creates the demand's selection record in the caller's transaction: the method, a secret random
 * salt (32 bytes, hex) and its public commitment sha256hex(salt); for a price comparison the invited
 * agencies (told by message) and the deadline. A demand has one selection: a second call is a 409.
 */
export async function openSelection(tx: Queryable, input: OpenSelectionInput): Promise<Selection> {
  const now = input.now ?? new Date();
  assertAllowed(input.method, input.allowedMethods ?? ['direct', 'draw', 'price']);
  const demand = await demandInfo(tx, input.demandId, true);
  requireReleased(demand);
  if (await selectionOf(tx, input.demandId)) {
    throw new AppError('conflict', { message: '该需求已确定选取方式' });
  }
  const salt = randomBytes(32).toString('hex');
  const commitment = sha256hex(salt);
  let invited: number[] | null = null;
  let quoteDeadline: Date | null = null;
  if (input.method === 'price') {
    quoteDeadline = input.quoteDeadline ?? new Date(now.getTime() + DEFAULT_QUOTE_DAYS * DAY_MS);
    checkDeadline(quoteDeadline, now);
    invited = await inviteQuotes(tx, demand, quoteDeadline);
  }
  const [row] = await tx
    .insert(demandSelections)
    .values({
      demandId: input.demandId,
      method: input.method,
      state: input.method === 'price' ? 'quoting' : 'open',
      commitment,
      salt,
      invited,
      quoteDeadline,
      openedBy: input.actor.pkid,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', { message: '该需求已确定选取方式' });
  await logEvent(
    tx,
    demand,
    `确定中介机构选取方式：${selectionMethodLabels[input.method]}（随机抽取承诺值 ${commitment}）`,
    input.actor,
    now,
  );
  return row;
}

/**
 * The owner chooses the method of a released demand that has none yet (the seeded ones), or changes
 * it while nothing is decided: before a draw or a direct choice; after a price comparison closed
 * with too few quotes, only to direct choice. Quoting in progress and a recorded winner refuse (409).
 */
export async function setMethod(ctx: SelectionContext, user: SessionUser, input: SetMethodInput) {
  const now = ctx.services.now();
  const allowed = ctx.config.selectionMethods;
  assertAllowed(input.method, allowed);
  await ctx.db.transaction(async (tx) => {
    const demand = await ownDemand(tx, user, input.demandId, true);
    requireReleased(demand);
    const current = await selectionOf(tx, input.demandId, true);
    if (!current && (await hasAuthorization(tx, input.demandId))) {
      throw new AppError('conflict', { message: '该需求已授权中介机构，无需再选取' });
    }
    if (!current) {
      await openSelection(tx, { ...input, actor: user, now, allowedMethods: allowed });
      return;
    }
    if (current.state === 'done') {
      throw new AppError('conflict', { message: '已选定中介机构，不能更改选取方式' });
    }
    if (current.state === 'quoting') {
      throw new AppError('conflict', { message: '比选报价进行中，截止后才能更改选取方式' });
    }
    if (current.state === 'insufficient' && input.method !== 'direct') {
      throw new AppError('conflict', {
        message: '报价不足三家时，只能延长一次报价截止时间或改为直接选取',
      });
    }
    if (current.method === input.method) return;
    let invited: number[] | null = null;
    let quoteDeadline: Date | null = null;
    if (input.method === 'price') {
      quoteDeadline = input.quoteDeadline ?? new Date(now.getTime() + DEFAULT_QUOTE_DAYS * DAY_MS);
      checkDeadline(quoteDeadline, now);
      invited = await inviteQuotes(tx, demand, quoteDeadline);
    }
    await tx
      .update(demandSelections)
      .set({
        method: input.method,
        state: input.method === 'price' ? 'quoting' : 'open',
        // An earlier invitation list stays for the record when switching to direct after quoting.
        ...(input.method === 'price' ? { invited, quoteDeadline } : {}),
        updatedAt: now,
      })
      .where(and(eq(demandSelections.demandId, input.demandId), isNull(demandSelections.winnerId)));
    await logEvent(
      tx,
      demand,
      `更改中介机构选取方式：${selectionMethodLabels[current.method as SelectionMethod]} → ${selectionMethodLabels[input.method]}`,
      user,
      now,
    );
  });
  return getOwnerSelection(ctx, user, input.demandId);
}

// ---------------------------------------------------------------------------------------------
// Eligible agencies with pass rate and workload (getAgentOrganizationByItems)
// ---------------------------------------------------------------------------------------------

/** Eligible agencies of the owner's demand: pass rate of decided results, open authorizations. */
export async function listEligibleAgencies(
  ctx: SelectionContext,
  user: SessionUser,
  demandId: number,
): Promise<EligibleAgency[]> {
  await ownDemand(ctx.db, user, demandId);
  const itemIds = await itemIdsOf(ctx.db, demandId);
  const { adopted, rejected } = resultAcceptance.code;
  const { pending, accepted } = authorizationState.code;
  const o = agentOrganizations;
  const passed =
    sql<number>`(select count(*) from project_stage_items i join project_authorizations a on a.demand_id = i.demand_id
      where a.organization_id = ${o.organizationId} and a.state = ${accepted} and i.result_acceptance = ${adopted})`.mapWith(
      Number,
    );
  const decided =
    sql<number>`(select count(*) from project_stage_items i join project_authorizations a on a.demand_id = i.demand_id
      where a.organization_id = ${o.organizationId} and a.state = ${accepted} and i.result_acceptance in (${adopted}, ${rejected}))`.mapWith(
      Number,
    );
  // Workload: authorizations waiting for an answer or accepted on projects not yet accepted or ended.
  const workload =
    sql<number>`(select count(*) from project_authorizations a join projects p on p.pkid = a.project_id
      where a.organization_id = ${o.organizationId} and a.state in (${pending}, ${accepted}) and p.status between 1 and 5)`.mapWith(
      Number,
    );
  const rows = await ctx.db
    .select({
      organizationId: o.organizationId,
      orgName: o.orgName,
      qualificationGrade: o.qualificationGrade,
      adopted: passed,
      decided,
      workload,
    })
    .from(o)
    .where(eligibleCondition(itemIds))
    .orderBy(asc(o.organizationId));
  return rows.map((row) => ({
    ...row,
    passRate: row.decided === 0 ? null : row.adopted / row.decided,
  }));
}

// ---------------------------------------------------------------------------------------------
// Direct choice, the draw
// ---------------------------------------------------------------------------------------------

async function recordWinner(
  tx: Queryable,
  demandId: number,
  fromStates: SelectionState[],
  values: Partial<typeof demandSelections.$inferInsert> & { winnerId: number },
  now: Date,
): Promise<void> {
  const updated = await tx
    .update(demandSelections)
    .set({ ...values, state: 'done', updatedAt: now })
    .where(
      and(
        eq(demandSelections.demandId, demandId),
        isNull(demandSelections.winnerId),
        inArray(demandSelections.state, fromStates),
      ),
    )
    .returning({ demandId: demandSelections.demandId });
  if (updated.length === 0) {
    throw new AppError('conflict', { message: '该需求已选定中介机构，不能重复选取' });
  }
}

async function tellWinner(tx: Queryable, demand: DemandInfo, winnerId: number, how: string) {
  const agency = (await agencyUsers(tx, [winnerId])).get(winnerId);
  if (agency?.userId) {
    await sendMessage(tx, {
      toUserId: agency.userId,
      content: `贵机构经${how}被选为项目“${demand.projectName}”的测绘中介机构，请等待建设单位授权`,
      link: AGENCY_LINK,
    });
  }
  return agency?.orgName ?? '';
}

async function tellOwner(tx: Queryable, demand: DemandInfo, content: string) {
  if (demand.ownerUserId) {
    await sendMessage(tx, { toUserId: demand.ownerUserId, content, link: OWNER_LINK(demand.demandId) });
  }
}

function requireMethod(selection: Selection | undefined, method: SelectionMethod): Selection {
  if (!selection) throw new AppError('conflict', { message: '请先选择中介机构选取方式' });
  if (selection.winnerId !== null) {
    throw new AppError('conflict', {
      message: selection.drawnAt ? '该需求已抽取，不能再次抽取' : '该需求已选定中介机构，不能重复选取',
    });
  }
  if (selection.method !== method) {
    throw new AppError('conflict', {
      message: `该需求的选取方式为“${selectionMethodLabels[selection.method as SelectionMethod]}”`,
    });
  }
  return selection;
}

/** Direct choice in the caller's transaction: the agency must be eligible now (else 400). */
export async function runChoose(
  tx: Queryable,
  demand: DemandInfo,
  organizationId: number,
  actor: SelectionActor,
  now: Date,
): Promise<void> {
  requireReleased(demand);
  requireMethod(await selectionOf(tx, demand.demandId, true), 'direct');
  const eligible = await eligibleAgencyIds(tx, demand.demandId);
  if (!eligible.includes(organizationId)) {
    throw new AppError('invalid_input', {
      message: '所选中介机构不符合条件（须审核通过、业务范围覆盖全部测绘事项且无失信、不合格、黑名单记录）',
      field: 'organizationId',
    });
  }
  await recordWinner(
    tx,
    demand.demandId,
    ['open'],
    { winnerId: organizationId, decidedAt: now, decidedBy: actor.pkid, decidedByName: actor.username },
    now,
  );
  const orgName = await tellWinner(tx, demand, organizationId, '直接选取');
  await logEvent(tx, demand, `直接选取中介机构：${orgName}`, actor, now);
}

/** Direct choice by the owner (nothing changes when the agency is not eligible). */
export async function chooseDirect(
  ctx: SelectionContext,
  user: SessionUser,
  input: { demandId: number; organizationId: number },
) {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const demand = await ownDemand(tx, user, input.demandId, true);
    await runChoose(tx, demand, input.organizationId, user, now);
  });
  return getOwnerSelection(ctx, user, input.demandId);
}

/** The draw over `candidates` with the selection's salt: the winner and when. */
function drawOver(selection: Selection, candidates: number[]): number {
  return drawWinner(sha256hex(drawHashInput(selection.salt, selection.demandId, candidates)), candidates);
}

/**
 * The verifiable draw in the caller's transaction: the candidates are frozen (eligible ids
 * ascending), the salt is revealed and the winner is computed from both; one draw per demand.
 */
export async function runDraw(tx: Queryable, demand: DemandInfo, actor: SelectionActor, now: Date) {
  requireReleased(demand);
  const selection = requireMethod(await selectionOf(tx, demand.demandId, true), 'draw');
  const candidates = await eligibleAgencyIds(tx, demand.demandId);
  if (candidates.length === 0) {
    throw new AppError('conflict', { message: '没有符合条件的中介机构，无法抽取' });
  }
  const winnerId = drawOver(selection, candidates);
  await recordWinner(
    tx,
    demand.demandId,
    ['open'],
    {
      winnerId,
      candidates,
      drawnAt: now,
      decidedAt: now,
      decidedBy: actor.pkid,
      decidedByName: actor.username,
    },
    now,
  );
  const orgName = await tellWinner(tx, demand, winnerId, '随机抽取');
  await logEvent(tx, demand, `随机抽取中介机构：${candidates.length} 家候选，抽中${orgName}`, actor, now);
}

/** The owner presses 抽取 (the second press on the same demand is a 409). */
export async function drawAgency(ctx: SelectionContext, user: SessionUser, demandId: number) {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const demand = await ownDemand(tx, user, demandId, true);
    await runDraw(tx, demand, user, now);
  });
  return getOwnerSelection(ctx, user, demandId);
}

// ---------------------------------------------------------------------------------------------
// Price comparison
// ---------------------------------------------------------------------------------------------

async function ownAgencyId(db: Queryable, user: SessionUser): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) throw new AppError('forbidden', { message: '只有中介机构账号可以报价' });
  return org.id;
}

/** An invited agency quotes (or revises its quote) before the deadline. */
export async function submitQuote(ctx: SelectionContext, user: SessionUser, input: QuoteInput) {
  const now = ctx.services.now();
  const organizationId = await ownAgencyId(ctx.db, user);
  return ctx.db.transaction(async (tx) => {
    const selection = await selectionOf(tx, input.demandId, true);
    if (!selection?.invited?.includes(organizationId)) {
      throw new AppError('not_found', { message: '没有该需求的报价邀请' });
    }
    if (selection.state !== 'quoting' || !selection.quoteDeadline || selection.quoteDeadline <= now) {
      throw new AppError('conflict', { message: '报价已截止' });
    }
    if (!(await eligibleAgencyIds(tx, input.demandId)).includes(organizationId)) {
      throw new AppError('conflict', { message: '贵机构当前不符合选取条件，不能报价' });
    }
    const [quote] = await tx
      .insert(selectionQuotes)
      .values({
        demandId: input.demandId,
        organizationId,
        amount: input.amount,
        plan: input.plan,
        quotedBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [selectionQuotes.demandId, selectionQuotes.organizationId],
        set: { amount: input.amount, plan: input.plan, quotedBy: user.pkid, updatedAt: now },
      })
      .returning();
    return toQuoteRow(quote!, '');
  });
}

function toQuoteRow(q: typeof selectionQuotes.$inferSelect, orgName: string): QuoteRow {
  return {
    organizationId: q.organizationId,
    orgName,
    amount: q.amount,
    plan: q.plan,
    quotedAt: q.updatedAt.toISOString(),
  };
}

/** Valid quotes of a selection: from invited agencies still eligible, lowest first. */
async function validQuotes(tx: Queryable, selection: Selection) {
  const eligible = await eligibleAgencyIds(tx, selection.demandId);
  const invited = new Set(selection.invited ?? []);
  const rows = await tx
    .select({ quote: selectionQuotes, orgName: agentOrganizations.orgName })
    .from(selectionQuotes)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, selectionQuotes.organizationId))
    .where(eq(selectionQuotes.demandId, selection.demandId))
    .orderBy(asc(selectionQuotes.amount), asc(selectionQuotes.organizationId));
  return rows.filter((r) => invited.has(r.quote.organizationId) && eligible.includes(r.quote.organizationId));
}

/** The lowest valid quote wins; a tie is drawn over the tied agencies with the demand's salt. */
async function settleLowest(
  tx: Queryable,
  demand: DemandInfo,
  selection: Selection,
  quotes: Awaited<ReturnType<typeof validQuotes>>,
  actor: SelectionActor | null,
  now: Date,
): Promise<void> {
  const lowest = quotes[0]!.quote.amount;
  // numeric(14,2) compares exactly as its text from PostgreSQL (same scale): no floats involved.
  const tied = frozenCandidates(
    quotes.filter((q) => q.quote.amount === lowest).map((q) => q.quote.organizationId),
  );
  const winnerId = tied.length === 1 ? tied[0]! : drawOver(selection, tied);
  await recordWinner(
    tx,
    selection.demandId,
    ['quoting', 'insufficient'],
    {
      winnerId,
      ...(tied.length > 1 ? { candidates: tied, drawnAt: now } : {}),
      decidedAt: now,
      decidedBy: actor?.pkid ?? null,
      decidedByName: actor?.username ?? '系统',
    },
    now,
  );
  const orgName = await tellWinner(tx, demand, winnerId, '比选报价');
  const how = tied.length > 1 ? `，${tied.length} 家报价相同，随机抽取决定` : '';
  await tellOwner(
    tx,
    demand,
    `项目“${demand.projectName}”比选报价结束：${orgName}以最低报价 ${lowest} 元中选${how}`,
  );
  await logEvent(
    tx,
    demand,
    `比选报价结束：${quotes.length} 家有效报价，${orgName}以 ${lowest} 元中选${how}`,
    actor,
    now,
  );
}

/**
 * The job selection-price-close: every price comparison whose deadline passed closes. With at least
 * MIN_QUOTES valid quotes the lowest wins; with fewer the owner decides (extend once, direct, or take
 * the lowest). Repeatable: a closed comparison is no longer `quoting`.
 */
export async function closeDueQuotes(ctx: Pick<AppContext, 'db'>, now: Date): Promise<string> {
  const due = await ctx.db
    .select({ demandId: demandSelections.demandId })
    .from(demandSelections)
    .where(and(eq(demandSelections.state, 'quoting'), lte(demandSelections.quoteDeadline, now)))
    .orderBy(asc(demandSelections.demandId));
  let settled = 0;
  let insufficient = 0;
  for (const { demandId } of due) {
    await ctx.db.transaction(async (tx) => {
      const selection = await selectionOf(tx, demandId, true);
      if (selection?.state !== 'quoting' || !selection.quoteDeadline || selection.quoteDeadline > now) return;
      const demand = await demandInfo(tx, demandId);
      const quotes = await validQuotes(tx, selection);
      if (quotes.length >= MIN_QUOTES) {
        await settleLowest(tx, demand, selection, quotes, null, now);
        settled++;
        return;
      }
      await tx
        .update(demandSelections)
        .set({ state: 'insufficient', updatedAt: now })
        .where(and(eq(demandSelections.demandId, demandId), eq(demandSelections.state, 'quoting')));
      const options = selection.deadlineExtended ? '可改为直接选取' : '可延长一次截止时间或改为直接选取';
      await tellOwner(
        tx,
        demand,
        `项目“${demand.projectName}”比选报价已截止，有效报价 ${quotes.length} 家，不足 ${MIN_QUOTES} 家：${options}${quotes.length > 0 ? '，或按最低报价确定' : ''}`,
      );
      await logEvent(
        tx,
        demand,
        `比选报价截止：有效报价 ${quotes.length} 家，不足 ${MIN_QUOTES} 家`,
        null,
        now,
      );
      insufficient++;
    });
  }
  return `${settled} 个比选报价确定中选机构，${insufficient} 个报价不足`;
}

/** Too few quotes: the owner extends the deadline, once. */
export async function extendDeadline(
  ctx: SelectionContext,
  user: SessionUser,
  input: { demandId: number; quoteDeadline: Date },
) {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const demand = await ownDemand(tx, user, input.demandId, true);
    const selection = await selectionOf(tx, input.demandId, true);
    if (selection?.method !== 'price' || selection.state !== 'insufficient') {
      throw new AppError('conflict', { message: '只有报价不足三家的比选报价可以延长截止时间' });
    }
    if (selection.deadlineExtended) {
      throw new AppError('conflict', { message: '报价截止时间只能延长一次' });
    }
    checkDeadline(input.quoteDeadline, now);
    await tx
      .update(demandSelections)
      .set({ state: 'quoting', quoteDeadline: input.quoteDeadline, deadlineExtended: true, updatedAt: now })
      .where(and(eq(demandSelections.demandId, input.demandId), eq(demandSelections.state, 'insufficient')));
    const users = await agencyUsers(tx, selection.invited ?? []);
    for (const { userId } of users.values()) {
      if (!userId) continue;
      await sendMessage(tx, {
        toUserId: userId,
        content: `项目“${demand.projectName}”比选报价截止时间延长至 ${formatDateTime(input.quoteDeadline)}`,
        link: AGENCY_LINK,
      });
    }
    await logEvent(tx, demand, `延长比选报价截止时间至 ${formatDateTime(input.quoteDeadline)}`, user, now);
  });
  return getOwnerSelection(ctx, user, input.demandId);
}

/** Too few quotes: the owner takes the lowest of those received. */
export async function acceptLowest(ctx: SelectionContext, user: SessionUser, demandId: number) {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const demand = await ownDemand(tx, user, demandId, true);
    const selection = await selectionOf(tx, demandId, true);
    if (selection?.method !== 'price' || selection.state !== 'insufficient') {
      throw new AppError('conflict', { message: '只有已截止且报价不足三家的比选报价可以按最低报价确定' });
    }
    const quotes = await validQuotes(tx, selection);
    if (quotes.length === 0) throw new AppError('conflict', { message: '没有有效报价' });
    await settleLowest(tx, demand, selection, quotes, user, now);
  });
  return getOwnerSelection(ctx, user, demandId);
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

async function orgName(db: Queryable, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await agencyUsers(db, [id])).get(id)?.orgName ?? null;
}

/**
 * What anyone may see of a selection. The ONE place that decides whether the salt is shown: only
 * once a draw happened (`drawnAt`). Candidates likewise appear with the draw.
 */
async function publicRecord(db: Queryable, selection: Selection): Promise<PublicSelection> {
  const drawn = selection.drawnAt !== null;
  const candidates = drawn ? (selection.candidates ?? []) : null;
  const names = candidates ? await agencyUsers(db, candidates) : new Map();
  return {
    demandId: selection.demandId,
    method: selection.method as SelectionMethod,
    state: selection.state as SelectionState,
    commitment: selection.commitment,
    salt: drawn ? selection.salt : null,
    candidates: candidates
      ? candidates.map((id) => ({ organizationId: id, orgName: names.get(id)?.orgName ?? '' }))
      : null,
    hashInput: drawn && candidates ? drawHashInput(selection.salt, selection.demandId, candidates) : null,
    hash:
      drawn && candidates ? sha256hex(drawHashInput(selection.salt, selection.demandId, candidates)) : null,
    drawnAt: selection.drawnAt?.toISOString() ?? null,
    winnerId: selection.winnerId,
    winnerName: await orgName(db, selection.winnerId),
    decidedAt: selection.decidedAt?.toISOString() ?? null,
    decidedByName: selection.decidedByName,
    quoteDeadline: selection.quoteDeadline?.toISOString() ?? null,
  };
}

/** The public record of a released demand's selection (null when no method was chosen yet). */
export async function getPublicSelection(db: Queryable, demandId: number): Promise<PublicSelection | null> {
  const demand = await demandInfo(db, demandId).catch(() => null);
  if (!demand || demand.demandStatus === projectStatus.code.draft) {
    throw new AppError('not_found', { message: '该测绘需求不存在或尚未发布' });
  }
  const selection = await selectionOf(db, demandId);
  return selection ? publicRecord(db, selection) : null;
}

/** The owner's view: the public record, the quoting state, and the quotes once quoting closed. */
export async function getOwnerSelection(
  ctx: SelectionContext,
  user: SessionUser,
  demandId: number,
): Promise<OwnerSelection> {
  const demand = await ownDemand(ctx.db, user, demandId);
  const selection = await selectionOf(ctx.db, demandId);
  const base = {
    demandId,
    projectName: demand.projectName,
    projectNo: demand.projectNo,
    demandStatus: demand.demandStatus,
    allowedMethods: [...ctx.config.selectionMethods],
  };
  if (!selection) {
    return { ...base, record: null, invitedCount: 0, quoteCount: 0, deadlineExtended: false, quotes: null };
  }
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(selectionQuotes)
    .where(eq(selectionQuotes.demandId, demandId));
  // Quotes stay private while quoting is open: the owner sees how many, not who or how much.
  const closed = selection.method === 'price' && selection.state !== 'quoting';
  let quotes: QuoteRow[] | null = null;
  if (closed) {
    const rows = await ctx.db
      .select({ quote: selectionQuotes, orgName: agentOrganizations.orgName })
      .from(selectionQuotes)
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, selectionQuotes.organizationId))
      .where(eq(selectionQuotes.demandId, demandId))
      .orderBy(asc(selectionQuotes.amount), asc(selectionQuotes.organizationId));
    quotes = rows.map((r) => toQuoteRow(r.quote, r.orgName));
  }
  return {
    ...base,
    record: await publicRecord(ctx.db, selection),
    invitedCount: selection.invited?.length ?? 0,
    quoteCount: counted?.n ?? 0,
    deadlineExtended: selection.deadlineExtended,
    quotes,
  };
}

function itemNamesQuery(db: Queryable, demandIds: number[]) {
  return demandIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ demandId: projectStageItems.demandId, itemId: projectStageItems.itemId })
        .from(projectStageItems)
        .where(inArray(projectStageItems.demandId, demandIds))
        .orderBy(asc(projectStageItems.itemId));
}

async function itemNamesByDemand(db: Queryable, demandIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (const row of await itemNamesQuery(db, demandIds)) {
    names.set(row.demandId, [...(names.get(row.demandId) ?? []), surveyItemName(row.itemId)]);
  }
  return names;
}

/** SQL: the demand has an authorization waiting for an answer or accepted. */
const authorizedAlready = sql`exists (select 1 from project_authorizations a where a.demand_id = ${projectDemands.pkid} and a.state in (${authorizationState.code.pending}, ${authorizationState.code.accepted}))`;

/** The owner's released demands with their selection (the demandOption list). */
export async function listOwnerDemands(
  ctx: SelectionContext,
  user: SessionUser,
  paging: { page: number; rows: number },
): Promise<{ rows: OwnerDemandRow[]; total: number }> {
  const mine = user.isAdmin ? sql`true` : eq(constructionUnits.userId, user.pkid);
  const where = and(
    mine,
    // Demands waiting for an agency (released, none authorized yet), and every one with a selection.
    or(
      and(eq(projectDemands.status, projectStatus.code.published), sql`not ${authorizedAlready}`),
      sql`${demandSelections.demandId} is not null`,
    ),
  );
  const winner = sql<
    string | null
  >`(select org_name from agent_organizations w where w.organization_id = ${demandSelections.winnerId})`;
  const base = ctx.db
    .select({
      demandId: projectDemands.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      stageId: projectDemands.stageId,
      demandStatus: projectDemands.status,
      releasedAt: projectDemands.releasedAt,
      method: demandSelections.method,
      state: demandSelections.state,
      quoteDeadline: demandSelections.quoteDeadline,
      winnerName: winner,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(demandSelections, eq(demandSelections.demandId, projectDemands.pkid))
    .where(where);
  const rows = await base
    .orderBy(desc(projectDemands.releasedAt), desc(projectDemands.pkid))
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows);
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(demandSelections, eq(demandSelections.demandId, projectDemands.pkid))
    .where(where);
  const names = await itemNamesByDemand(
    ctx.db,
    rows.map((r) => r.demandId),
  );
  return {
    rows: rows.map((r) => ({
      demandId: r.demandId,
      projectName: r.projectName,
      projectNo: r.projectNo,
      stageName: stageName(r.stageId),
      itemNames: names.get(r.demandId) ?? [],
      demandStatus: r.demandStatus,
      releasedAt: r.releasedAt?.toISOString() ?? null,
      method: (r.method as SelectionMethod | null) ?? null,
      state: (r.state as SelectionState | null) ?? null,
      quoteDeadline: r.quoteDeadline?.toISOString() ?? null,
      winnerName: r.winnerName,
    })),
    total: counted?.n ?? 0,
  };
}

/** The agency's quote invitations, with its own quote (never another agency's). */
export async function listInvitations(
  ctx: SelectionContext,
  user: SessionUser,
  paging: { page: number; rows: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const organizationId = await ownAgencyId(ctx.db, user);
  const where = and(
    eq(demandSelections.method, 'price'),
    arrayContains(demandSelections.invited, [organizationId]),
  );
  const rows = await ctx.db
    .select({
      selection: demandSelections,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      stageId: projectDemands.stageId,
      quote: selectionQuotes,
    })
    .from(demandSelections)
    .innerJoin(projectDemands, eq(projectDemands.pkid, demandSelections.demandId))
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .leftJoin(
      selectionQuotes,
      and(
        eq(selectionQuotes.demandId, demandSelections.demandId),
        eq(selectionQuotes.organizationId, organizationId),
      ),
    )
    .where(where)
    .orderBy(desc(demandSelections.quoteDeadline), desc(demandSelections.demandId))
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows);
  const [counted] = await ctx.db.select({ n: count() }).from(demandSelections).where(where);
  const names = await itemNamesByDemand(
    ctx.db,
    rows.map((r) => r.selection.demandId),
  );
  const now = ctx.services.now();
  return {
    rows: rows.map((r) => ({
      demandId: r.selection.demandId,
      projectName: r.projectName,
      projectNo: r.projectNo,
      stageName: stageName(r.stageId),
      itemNames: names.get(r.selection.demandId) ?? [],
      state: r.selection.state as SelectionState,
      quoteDeadline: r.selection.quoteDeadline?.toISOString() ?? null,
      open:
        r.selection.state === 'quoting' &&
        r.selection.quoteDeadline !== null &&
        r.selection.quoteDeadline > now,
      myAmount: r.quote?.amount ?? null,
      myPlan: r.quote?.plan ?? null,
      quotedAt: r.quote?.updatedAt.toISOString() ?? null,
      won: r.selection.winnerId === null ? null : r.selection.winnerId === organizationId,
    })),
    total: counted?.n ?? 0,
  };
}
