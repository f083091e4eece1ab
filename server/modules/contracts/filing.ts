/**
 * A contract's life from an accepted authorization to filing (issue 14; shared/contracts/
 * contract-filing.ts). Status (contractStatus): 0 草稿 → send → 1 待确认 → owner confirms (SMS code) →
 * 2 已确认, or returns with a reason → 0 (returned); the agency confirms with its SMS code and submits
 * the filing (review subject `contract`: audit status 0/3 → 1), the auditors approve (filing-hook.ts:
 * filing number, status 3, project 2 → 3) or reject (→ 3, the agency may resubmit, or edit: then the
 * contract is a draft again and both confirmations are cleared). Every step writes a project log line
 * and tells the other party. Only the agency's organization account drafts and submits; only the
 * owner's account confirms; another party's contract answers 404 like a missing one.
 */
import { and, asc, desc, eq, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Database, Queryable } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  contractTemplates,
  contracts,
  demandSelections,
  projectAuthorizations,
  projectDemands,
  projects,
  reviewItems,
  selectionQuotes,
  stages,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import { checkPhoneCode, sendPhoneCode } from '@server/modules/identity/sms/service';
import { sendMessage } from '@server/modules/messages/service';
import { agencyAccountOf, ownUnitOf } from '@server/modules/projects/parties';
import { logProjectEvent } from '@server/modules/projects/status';
import { isReviewerOf } from '@server/modules/review/pool';
import {
  decideIn,
  getReviewState,
  listDone,
  listReviewRecords,
  listTodo,
  openReview,
  reviewersOf,
  withSubjects,
  type ReviewRecord,
} from '@server/modules/review/service';
import type {
  ContractAction,
  ContractApplication,
  ContractCheck,
  ContractProblem,
  Draftable,
  FilingTask,
} from '@shared/contracts/contract-filing';
import { roles } from '@shared/domain/roles';
import {
  auditStatus,
  auditSubject,
  authorizationState,
  contractStatus,
  projectStatus,
} from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { amountInWords, toCents } from '@shared/money';
import {
  CONTRACT_AMOUNT_MAX,
  filingMessages as m,
  type ContractAddInput,
  type ContractUpdateInput,
} from '@shared/validation/contract-filing';
import { beijingDate } from '@shared/validation/jobs';
import { deadlineView } from '@server/modules/deadlines/service';
import { contractScope, seesAll } from './scope';
import { findVisible, itemsOf, rowColumns, toRow, withContractJoins, type ContractRecord } from './service';
import { currentTemplate } from './templates';

const c = contracts;
const CONTRACT = auditSubject.code.contract;
const S = contractStatus.code;
const A = auditStatus.code;

type Paging = { pageIdx: number; pageSize: number };

// ---------------------------------------------------------------------------------------------------
// Drafting

/** Accepted authorizations of the user's agency that have no contract yet (contract/draftable). */
export async function listDraftable(
  db: Queryable,
  user: SessionUser,
  input: Paging & { projectName?: string | undefined },
): Promise<{ rows: Draftable[]; total: number }> {
  const org = await agencyAccountOf(db, user);
  if (org === null && !user.isAdmin) return { rows: [], total: 0 };
  const a = projectAuthorizations;
  const where = and(
    eq(a.state, authorizationState.code.accepted),
    eq(projects.status, projectStatus.code.commissioned),
    org === null ? undefined : eq(a.organizationId, org),
    input.projectName ? sql`${projects.projectName} ilike ${`%${input.projectName}%`}` : undefined,
    notExists(
      db
        .select({ one: sql`1` })
        .from(c)
        .where(
          or(
            eq(c.authorizationId, a.pkid),
            and(eq(c.demandId, a.demandId), eq(c.organizationId, a.organizationId)),
          ),
        ),
    ),
  );
  const rows = await db
    .select({
      authorizationId: a.pkid,
      projectId: a.projectId,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      ownerName: constructionUnits.name,
      stageName: stages.name,
      demandId: a.demandId,
      acceptedAt: a.respondedAt,
      selectionMethod: demandSelections.method,
      winningQuote: selectionQuotes.amount,
      total: sql<number>`count(*) over()::int`,
    })
    .from(a)
    .innerJoin(projects, eq(projects.pkid, a.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(projectDemands, eq(projectDemands.pkid, a.demandId))
    .leftJoin(stages, eq(stages.stageId, projectDemands.stageId))
    .leftJoin(demandSelections, eq(demandSelections.demandId, a.demandId))
    .leftJoin(
      selectionQuotes,
      and(
        eq(selectionQuotes.demandId, a.demandId),
        eq(selectionQuotes.organizationId, a.organizationId),
        eq(demandSelections.method, 'price'),
        eq(demandSelections.winnerId, a.organizationId),
      ),
    )
    .where(where)
    .orderBy(desc(a.respondedAt), desc(a.pkid))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  const out: Draftable[] = [];
  for (const { total: _total, demandId, acceptedAt, winningQuote, ...row } of rows)
    out.push({
      ...row,
      items: await itemsOf(db, demandId),
      acceptedAt: acceptedAt?.toISOString() ?? null,
      winningQuote: row.selectionMethod === 'price' ? (winningQuote ?? null) : null,
    });
  return { rows: out, total: rows[0]?.total ?? 0 };
}

async function nextContractId(tx: Queryable): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('contracts', 'contract_id'))::int as id`,
  );
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  return Number(rows[0]?.id);
}

/** contract/add: a draft from an accepted authorization of the user's agency. */
export async function addContract(db: Database, user: SessionUser, input: ContractAddInput): Promise<number> {
  return db.transaction(async (tx) => {
    const org = await agencyAccountOf(tx, user);
    const a = projectAuthorizations;
    const [auth] = await tx
      .select({
        pkid: a.pkid,
        state: a.state,
        organizationId: a.organizationId,
        projectId: a.projectId,
        demandId: a.demandId,
        projectName: projects.projectName,
        projectStatus: projects.status,
        constructionId: projects.constructionId,
        stageId: projectDemands.stageId,
        ownerUserId: constructionUnits.userId,
      })
      .from(a)
      .innerJoin(projects, eq(projects.pkid, a.projectId))
      .innerJoin(projectDemands, eq(projectDemands.pkid, a.demandId))
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(eq(a.pkid, input.authorizationId))
      .for('update', { of: a });
    if (!auth || (!user.isAdmin && auth.organizationId !== org))
      throw new AppError('not_found', { message: m.authorizationNotFound, field: 'authorizationId' });
    if (
      auth.state !== authorizationState.code.accepted ||
      auth.projectStatus !== projectStatus.code.commissioned
    )
      throw new AppError('conflict', { message: m.authorizationNotAccepted, field: 'authorizationId' });
    const [existing] = await tx
      .select({ id: c.contractId })
      .from(c)
      .where(
        or(
          eq(c.authorizationId, auth.pkid),
          and(eq(c.demandId, auth.demandId), eq(c.organizationId, auth.organizationId)),
        ),
      );
    if (existing) throw new AppError('conflict', { message: m.contractExists, field: 'authorizationId' });
    // The amount of a price comparison is the winning quote unless the agency typed one.
    const [quote] = await tx
      .select({ amount: selectionQuotes.amount })
      .from(demandSelections)
      .innerJoin(
        selectionQuotes,
        and(
          eq(selectionQuotes.demandId, demandSelections.demandId),
          eq(selectionQuotes.organizationId, auth.organizationId),
        ),
      )
      .where(
        and(
          eq(demandSelections.demandId, auth.demandId),
          eq(demandSelections.method, 'price'),
          eq(demandSelections.winnerId, auth.organizationId),
        ),
      );
    const template = await currentTemplate(tx, auth.stageId);
    const now = new Date();
    const contractId = await nextContractId(tx);
    const contractNo = `YZHT${beijingDate(now).slice(0, 4)}${String(contractId).padStart(6, '0')}`;
    await tx.insert(c).values({
      contractId,
      contractNo,
      contractName: input.contractName ?? `${auth.projectName}测绘服务合同`,
      projectId: auth.projectId,
      demandId: auth.demandId,
      organizationId: auth.organizationId,
      constructionId: auth.constructionId,
      authorizationId: auth.pkid,
      amount: input.amount ?? quote?.amount ?? null,
      startOn: input.startOn ?? null,
      endOn: input.endOn ?? null,
      paymentTerms: input.paymentTerms ?? null,
      templateId: template?.templateId ?? null,
      createdBy: user.pkid,
      createdAt: now,
      updatedAt: now,
    });
    await openReview(tx, { subjectType: CONTRACT, subjectId: contractId, applicantId: user.pkid });
    await logProjectEvent(tx, {
      projectId: auth.projectId,
      actor: user,
      content: `起草测绘合同（${contractNo}）`,
    });
    return contractId;
  });
}

/** The contract locked for a change by its agency's organization account (404 for anyone else). */
async function lockForAgency(tx: Queryable, user: SessionUser, contractId: number) {
  const org = await agencyAccountOf(tx, user);
  const [row] = await tx.select().from(c).where(eq(c.contractId, contractId)).for('update');
  if (!row || (!user.isAdmin && row.organizationId !== org))
    throw new AppError('not_found', { message: m.notFound });
  return row;
}

async function lockForOwner(tx: Queryable, user: SessionUser, contractId: number) {
  const unit = await ownUnitOf(tx, user);
  const [row] = await tx.select().from(c).where(eq(c.contractId, contractId)).for('update');
  if (!row || (!user.isAdmin && row.constructionId !== unit))
    throw new AppError('not_found', { message: m.notFound });
  return row;
}

/** Editable: a draft (returned or not), or a confirmed contract whose filing was rejected. */
function isEditable(row: { status: number; auditStatus: number }): boolean {
  return row.status === S.draft || (row.status === S.confirmed && row.auditStatus === A.rejected);
}

function refuseEdit(row: { status: number; auditStatus: number }): never {
  if (row.status === S.filed) throw new AppError('conflict', { message: m.alreadyFiled });
  throw new AppError('conflict', { message: m.notEditable });
}

/** contract/update: the agency edits a draft; editing after a rejected filing makes it a draft again. */
export async function updateContract(
  db: Database,
  user: SessionUser,
  input: ContractUpdateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, input.contractId);
    if (!isEditable(row)) refuseEdit(row);
    const startOn = input.startOn ?? row.startOn;
    const endOn = input.endOn ?? row.endOn;
    if (startOn && endOn && endOn < startOn)
      throw new AppError('invalid_input', { message: m.endBeforeStart, field: 'endOn' });
    const reopened = row.status !== S.draft;
    const now = new Date();
    await tx
      .update(c)
      .set({
        ...(input.contractName !== undefined ? { contractName: input.contractName } : {}),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.paymentTerms !== undefined ? { paymentTerms: input.paymentTerms } : {}),
        startOn,
        endOn,
        ...(reopened
          ? {
              status: S.draft,
              signedOn: null,
              ownerConfirmedBy: null,
              ownerConfirmedName: null,
              ownerConfirmedAt: null,
              ownerSmsCode: null,
              agencyConfirmedBy: null,
              agencyConfirmedName: null,
              agencyConfirmedAt: null,
              agencySmsCode: null,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(c.contractId, row.contractId));
    if (reopened)
      await logProjectEvent(tx, {
        projectId: row.projectId,
        actor: user,
        content: `备案未通过后修改合同（${row.contractNo}），须重新经建设单位确认`,
      });
  });
}

/** metadata/delete/{id}: the agency deletes a draft it never sent (nor had filed). */
export async function deleteContract(db: Database, user: SessionUser, contractId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, contractId);
    if (row.status !== S.draft || row.ownerConfirmedAt !== null || row.auditStatus !== A.draft)
      throw new AppError('conflict', { message: m.notDeletable });
    const [record] = await tx
      .select({ status: reviewItems.status })
      .from(reviewItems)
      .where(and(eq(reviewItems.subjectType, CONTRACT), eq(reviewItems.subjectId, contractId)));
    if (record && record.status !== A.draft) throw new AppError('conflict', { message: m.notDeletable });
    await tx
      .delete(reviewItems)
      .where(and(eq(reviewItems.subjectType, CONTRACT), eq(reviewItems.subjectId, contractId)));
    await tx.delete(c).where(eq(c.contractId, contractId));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `删除合同草稿（${row.contractNo}）`,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Checking

const flagNames = (org: { isLostCredit: boolean; isUnqualified: boolean; isBlacklisted: boolean }) =>
  [
    org.isLostCredit ? '失信名单' : '',
    org.isUnqualified ? '不合格名单' : '',
    org.isBlacklisted ? '黑名单' : '',
  ]
    .filter(Boolean)
    .join('、');

/** Every problem that stops the contract from going on (empty: it may be sent and filed). */
export async function problemsOf(db: Queryable, row: typeof c.$inferSelect): Promise<ContractProblem[]> {
  const problems: ContractProblem[] = [];
  if (!row.contractName?.trim()) problems.push({ field: 'contractName', message: m.contractNameRequired });
  const cents = toCents(row.amount);
  if (cents === null) problems.push({ field: 'amount', message: m.amountRequired });
  else if (cents <= 0n) problems.push({ field: 'amount', message: m.amountPositive });
  else if (cents > (toCents(CONTRACT_AMOUNT_MAX) ?? 0n))
    problems.push({ field: 'amount', message: m.amountTooLarge });
  if (!row.startOn) problems.push({ field: 'startOn', message: m.startRequired });
  if (!row.endOn) problems.push({ field: 'endOn', message: m.endRequired });
  if (row.startOn && row.endOn && row.endOn < row.startOn)
    problems.push({ field: 'endOn', message: m.endBeforeStart });
  if (!row.paymentTerms?.trim()) problems.push({ field: 'paymentTerms', message: m.paymentRequired });
  const [org] = await db
    .select({
      orgName: agentOrganizations.orgName,
      isLostCredit: agentOrganizations.isLostCredit,
      isUnqualified: agentOrganizations.isUnqualified,
      isBlacklisted: agentOrganizations.isBlacklisted,
    })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, row.organizationId));
  if (!org) problems.push({ field: 'contract', message: m.partyMissing });
  else {
    // Selection only offered agencies without flags: a flag now was set since the selection.
    const flags = flagNames(org);
    if (flags) problems.push({ field: 'contract', message: m.creditFlagged(org.orgName, flags) });
  }
  return problems;
}

async function lockedParty(tx: Queryable, user: SessionUser, contractId: number) {
  await findVisible(tx, user, contractId);
  const [row] = await tx.select().from(c).where(eq(c.contractId, contractId));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return row;
}

/** contract/checkContract: the problems of a visible contract, for its agency or its owner. */
export async function checkContract(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ContractCheck> {
  const row = await lockedParty(db, user, contractId);
  const problems = await problemsOf(db, row);
  return { ok: problems.length === 0, problems };
}

function refuseProblems(problems: ContractProblem[]): void {
  if (problems.length === 0) return;
  throw new AppError('conflict', {
    message: `${m.hasProblems}：${problems.map((p) => p.message).join('；')}`,
  });
}

// ---------------------------------------------------------------------------------------------------
// Confirmation

async function ownerAccountOf(db: Queryable, constructionId: number): Promise<number | null> {
  const [unit] = await db
    .select({ userId: constructionUnits.userId })
    .from(constructionUnits)
    .where(eq(constructionUnits.constructionId, constructionId));
  return unit?.userId ?? null;
}

async function agencyAccount(db: Queryable, organizationId: number): Promise<number | null> {
  const [org] = await db
    .select({ userId: agentOrganizations.userId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, organizationId));
  return org?.userId ?? null;
}

const applyLink = (contractId: number) => `/usercenter/contractApply?contractId=${contractId}`;

/** contract/submitConfirm: a draft without problems goes to the owner (0 → 1). */
export async function sendToOwner(db: Database, user: SessionUser, contractId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, contractId);
    if (row.status !== S.draft) throw refuseEdit(row);
    refuseProblems(await problemsOf(tx, row));
    await tx
      .update(c)
      .set({ status: S.awaitingConfirmation, updatedAt: new Date() })
      .where(eq(c.contractId, contractId));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `提交建设单位确认合同（${row.contractNo}）`,
    });
    const owner = await ownerAccountOf(tx, row.constructionId);
    if (owner !== null)
      await sendMessage(tx, {
        toUserId: owner,
        content: `合同（${row.contractNo}）待您确认`,
        link: applyLink(contractId),
      });
  });
}

/** The phone of the signed-in user, masked for the answer. */
function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** contract/sendConfirmCode: a code to the user's own phone, for a contract it is a party to. */
export async function sendConfirmCode(
  ctx: AppContext,
  user: SessionUser,
  contractId: number,
  ip: string,
): Promise<{ phone: string }> {
  await findVisible(ctx.db, user, contractId);
  const phone = user.userphone?.trim();
  if (!phone) throw new AppError('conflict', { message: m.noPhone });
  await sendPhoneCode(ctx, phone, ip);
  return { phone: maskPhone(phone) };
}

/** Spends the SMS code the user entered (400 on the smsCode field when wrong or expired). */
async function spendCode(ctx: AppContext, user: SessionUser, code: string): Promise<void> {
  const phone = user.userphone?.trim();
  if (!phone) throw new AppError('conflict', { message: m.noPhone });
  try {
    await checkPhoneCode(ctx, phone, code);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, { message: error.message, field: 'smsCode' });
    throw error;
  }
}

/** contract/confirm: the owner confirms with its SMS code (1 → 2, signed today). */
export async function confirmContract(
  ctx: AppContext,
  user: SessionUser,
  input: { contractId: number; smsCode: string },
): Promise<void> {
  const before = await lockForOwner(ctx.db, user, input.contractId);
  if (before.status !== S.awaitingConfirmation) throw new AppError('conflict', { message: m.notAwaiting });
  await spendCode(ctx, user, input.smsCode);
  await ctx.db.transaction(async (tx) => {
    const row = await lockForOwner(tx, user, input.contractId);
    if (row.status !== S.awaitingConfirmation) throw new AppError('conflict', { message: m.notAwaiting });
    const now = new Date();
    await tx
      .update(c)
      .set({
        status: S.confirmed,
        signedOn: beijingDate(now),
        ownerConfirmedBy: user.pkid,
        ownerConfirmedName: user.username,
        ownerConfirmedAt: now,
        ownerSmsCode: input.smsCode,
        returnReason: null,
        returnedAt: null,
        returnedBy: null,
        updatedAt: now,
      })
      .where(eq(c.contractId, row.contractId));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `建设单位确认合同（${row.contractNo}）`,
    });
    const agency = await agencyAccount(tx, row.organizationId);
    if (agency !== null)
      await sendMessage(tx, {
        toUserId: agency,
        content: `建设单位已确认合同（${row.contractNo}），请提交备案`,
        link: applyLink(row.contractId),
      });
  });
}

/** contract/return: the owner returns it with a reason (1 → 0, marked returned). */
export async function returnContract(
  db: Database,
  user: SessionUser,
  input: { contractId: number; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, user, input.contractId);
    if (row.status !== S.awaitingConfirmation) throw new AppError('conflict', { message: m.notAwaiting });
    const now = new Date();
    await tx
      .update(c)
      .set({
        status: S.draft,
        returnReason: input.reason,
        returnedAt: now,
        returnedBy: user.pkid,
        updatedAt: now,
      })
      .where(eq(c.contractId, row.contractId));
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `建设单位退回合同（${row.contractNo}）：${input.reason}`,
    });
    const agency = await agencyAccount(tx, row.organizationId);
    if (agency !== null)
      await sendMessage(tx, {
        toUserId: agency,
        content: `合同（${row.contractNo}）被建设单位退回：${input.reason}`,
        link: applyLink(row.contractId),
      });
  });
}

// ---------------------------------------------------------------------------------------------------
// Filing

/** contract/addRecord: the agency confirms (SMS code, once per confirmed text) and submits the filing. */
export async function submitFiling(
  ctx: AppContext,
  user: SessionUser,
  input: { contractId: number; smsCode?: string | undefined },
): Promise<void> {
  const check = (row: typeof c.$inferSelect) => {
    if (row.status === S.filed) throw new AppError('conflict', { message: m.alreadyFiled });
    if (row.status !== S.confirmed) throw new AppError('conflict', { message: m.notConfirmed });
    if (row.auditStatus === A.pending) throw new AppError('conflict', { message: m.alreadySubmitted });
  };
  const before = await lockForAgency(ctx.db, user, input.contractId);
  check(before);
  refuseProblems(await problemsOf(ctx.db, before));
  const needsCode = before.agencyConfirmedAt === null;
  if (needsCode) {
    if (!input.smsCode) throw new AppError('invalid_input', { message: m.smsRequired, field: 'smsCode' });
    await spendCode(ctx, user, input.smsCode);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await lockForAgency(tx, user, input.contractId);
    check(row);
    const now = new Date();
    if (needsCode)
      await tx
        .update(c)
        .set({
          agencyConfirmedBy: user.pkid,
          agencyConfirmedName: user.username,
          agencyConfirmedAt: now,
          agencySmsCode: input.smsCode ?? null,
          updatedAt: now,
        })
        .where(eq(c.contractId, row.contractId));
    // Contracts drafted before the review engine knew them get their item here (idempotent).
    const applicant = (await agencyAccount(tx, row.organizationId)) ?? user.pkid;
    await openReview(tx, { subjectType: CONTRACT, subjectId: row.contractId, applicantId: applicant });
    await decideIn(tx, user, { subjectType: CONTRACT, subjectId: row.contractId, decision: 'submit' });
    await logProjectEvent(tx, {
      projectId: row.projectId,
      actor: user,
      content: `${row.auditStatus === A.rejected ? '重新提交' : '提交'}合同备案（${row.contractNo}）`,
    });
  });
}

/** contract/approve: the filing approved (filed by the kind's hook) or rejected with an opinion. */
export async function decideFiling(
  db: Database,
  user: SessionUser,
  input: {
    contractId: number;
    auditStatus: number;
    opinion?: string | undefined;
    version?: number | undefined;
  },
) {
  const decision = input.auditStatus === A.approved ? 'approve' : 'reject';
  const item = await db.transaction(async (tx) => {
    await findVisible(tx, user, input.contractId);
    return decideIn(tx, user, {
      subjectType: CONTRACT,
      subjectId: input.contractId,
      decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    });
  });
  const [row] = await db.select({ filingNo: c.filingNo }).from(c).where(eq(c.contractId, input.contractId));
  return { auditStatus: item.status, version: item.version, filingNo: row?.filingNo ?? null };
}

export async function transferFiling(
  db: Database,
  user: SessionUser,
  input: { contractId: number; askReason: string; transferStaffId: number; version?: number | undefined },
) {
  const item = await db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: CONTRACT,
      subjectId: input.contractId,
      decision: 'transfer',
      opinion: input.askReason,
      transferToId: input.transferStaffId,
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version, filingNo: null };
}

export async function filingTimeline(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ReviewRecord[]> {
  await findVisible(db, user, contractId);
  return listReviewRecords(db, CONTRACT, contractId);
}

// ---------------------------------------------------------------------------------------------------
// One application

/** What `user` may do on the contract now (the page's buttons; the calls check again). */
async function actionsOf(
  db: Queryable,
  user: SessionUser,
  row: typeof c.$inferSelect,
): Promise<ContractAction[]> {
  const actions: ContractAction[] = [];
  const isAgency = user.isAdmin || (await agencyAccountOf(db, user)) === row.organizationId;
  const isOwner = user.isAdmin || (await ownUnitOf(db, user)) === row.constructionId;
  if (isAgency && user.roleIds.includes(roles.agency.id)) {
    if (isEditable(row)) actions.push('edit');
    if (row.status === S.draft && row.auditStatus === A.draft && row.ownerConfirmedAt === null)
      actions.push('delete');
    if (row.status === S.draft) actions.push('send');
    if (row.status === S.confirmed && row.auditStatus !== A.pending) actions.push('record');
  }
  if (isOwner && user.roleIds.includes(roles.owner.id) && row.status === S.awaitingConfirmation)
    actions.push('confirm', 'return');
  return actions;
}

export async function getApplication(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ContractApplication> {
  const visible = await findVisible(db, user, contractId);
  const [row] = await db.select().from(c).where(eq(c.contractId, contractId));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  const { demandId, templateId, stageId: _s, projectDistrict: _d, ...fields } = visible;
  const [template] =
    templateId === null
      ? []
      : await db
          .select({
            templateId: contractTemplates.templateId,
            version: contractTemplates.version,
            title: contractTemplates.title,
          })
          .from(contractTemplates)
          .where(eq(contractTemplates.templateId, templateId));
  let review: ContractApplication['review'] = null;
  try {
    const state = await getReviewState(db, user, CONTRACT, contractId);
    if (state.item.status !== A.draft || state.item.submittedAt !== null) {
      const reviewers = state.allowed.includes('transfer')
        ? await db
            .select({ pkid: users.pkid, username: users.username })
            .from(users)
            .where(inArray(users.pkid, await reviewersOf(db, CONTRACT)))
        : [];
      review = { status: state.item.status, version: state.item.version, allowed: state.allowed, reviewers };
    }
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  return {
    ...toRow(fields as ContractRecord),
    authorizationId: row.authorizationId,
    items: await itemsOf(db, demandId),
    amountInWords: row.amount === null ? null : amountInWords(row.amount),
    startOn: row.startOn,
    endOn: row.endOn,
    paymentTerms: row.paymentTerms,
    returnReason: row.returnReason,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    ownerConfirmation: row.ownerConfirmedAt
      ? { name: row.ownerConfirmedName, at: row.ownerConfirmedAt.toISOString(), smsCode: row.ownerSmsCode }
      : null,
    agencyConfirmation: row.agencyConfirmedAt
      ? { name: row.agencyConfirmedName, at: row.agencyConfirmedAt.toISOString(), smsCode: row.agencySmsCode }
      : null,
    template: template ?? null,
    actions: await actionsOf(db, user, row),
    agencyNeedsCode: row.agencyConfirmedAt === null,
    review,
  };
}

// ---------------------------------------------------------------------------------------------------
// Lists

async function namesOf(db: Queryable, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ pkid: users.pkid, username: users.username })
    .from(users)
    .where(inArray(users.pkid, wanted));
  return new Map(rows.map((row) => [row.pkid, row.username]));
}

/** Pending filings (the authority oversees all of them; it does not decide). */
async function overseenFilings(db: Queryable, input: Paging, which: 'todo' | 'done') {
  const where =
    which === 'todo'
      ? eq(reviewItems.status, A.pending)
      : and(inArray(reviewItems.status, [A.approved, A.rejected]), isNotNull(reviewItems.decidedAt));
  const items = await db
    .select({
      subjectId: reviewItems.subjectId,
      status: reviewItems.status,
      version: reviewItems.version,
      submittedAt: reviewItems.submittedAt,
      decidedAt: reviewItems.decidedAt,
      dueAt: reviewItems.dueAt,
      assigneeId: reviewItems.assigneeId,
      total: sql<number>`count(*) over()::int`,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.subjectType, CONTRACT), where))
    .orderBy(
      ...(which === 'todo'
        ? [asc(reviewItems.submittedAt), asc(reviewItems.pkid)]
        : [desc(reviewItems.decidedAt), desc(reviewItems.pkid)]),
    )
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  const now = new Date();
  return {
    total: items[0]?.total ?? 0,
    tasks: items.map((item) => ({
      ...item,
      overdue: deadlineView(item.dueAt, now, item.status === A.pending ? null : item.decidedAt).overdue,
      decidedAs: which === 'done' ? auditStatus.label(item.status) : undefined,
      decidedOn: which === 'done' ? (item.decidedAt ?? undefined) : undefined,
    })),
  };
}

type TaskLike = {
  subjectId: number;
  version: number;
  submittedAt: Date | null;
  dueAt: Date | null;
  overdue: boolean;
  assigneeId: number | null;
  decidedAs?: string | undefined;
  decidedOn?: Date | undefined;
};

async function toTasks(db: Queryable, tasks: TaskLike[]): Promise<FilingTask[]> {
  const [joined, names] = await Promise.all([
    withSubjects(
      tasks,
      (ids) => withContractJoins(db.select(rowColumns).from(c).$dynamic()).where(inArray(c.contractId, ids)),
      (row) => row.contractId,
    ),
    namesOf(
      db,
      tasks.map((task) => task.assigneeId),
    ),
  ]);
  return joined.map(({ task, subject }) => ({
    ...toRow(subject as ContractRecord),
    version: task.version,
    submittedAt: task.submittedAt?.toISOString() ?? null,
    assigneeName: task.assigneeId === null ? null : (names.get(task.assigneeId) ?? null),
    dueAt: task.dueAt?.toISOString() ?? null,
    overdue: task.overdue,
    ...(task.decidedAs !== undefined ? { decidedAs: task.decidedAs } : {}),
    ...(task.decidedOn !== undefined ? { decidedOn: task.decidedOn.toISOString() } : {}),
  }));
}

/**
 * contract/toDoContract and contract/doneContract: a reviewer's filing to-do or the filings it decided
 * last (review workflow); the authority sees every pending or decided one.
 */
export async function listFilings(db: Queryable, user: SessionUser, input: Paging, which: 'todo' | 'done') {
  if (await isReviewerOf(db, CONTRACT, user.pkid)) {
    const query = { subjectType: CONTRACT, page: input.pageIdx, rows: input.pageSize };
    const page = which === 'todo' ? await listTodo(db, user, query) : await listDone(db, user, query);
    return { rows: await toTasks(db, page.rows), total: page.total };
  }
  if (!seesAll(user)) return { rows: [], total: 0 };
  const page = await overseenFilings(db, input, which);
  return { rows: await toTasks(db, page.tasks), total: page.total };
}

/** Conditions on contracts for the parties' to-do ('backlog') and done lists, by the user's roles. */
function partyCondition(user: SessionUser, which: 'backlog' | 'done'): SQL | undefined {
  const has = (role: string) => user.isAdmin || user.roleIds.includes(role);
  const parts: SQL[] = [];
  const agencySide = has(roles.agency.id) || has(roles.staff.id);
  if (which === 'backlog') {
    if (agencySide)
      parts.push(
        or(
          eq(c.status, S.draft),
          and(eq(c.status, S.confirmed), inArray(c.auditStatus, [A.draft, A.rejected])),
        ) as SQL,
      );
    if (has(roles.owner.id)) parts.push(eq(c.status, S.awaitingConfirmation));
  } else {
    if (agencySide)
      parts.push(
        or(
          inArray(c.status, [S.awaitingConfirmation, S.filed, S.terminated]),
          and(eq(c.status, S.confirmed), inArray(c.auditStatus, [A.pending, A.approved])),
        ) as SQL,
      );
    if (has(roles.owner.id))
      parts.push(
        or(
          inArray(c.status, [S.confirmed, S.filed, S.terminated]),
          and(eq(c.status, S.draft), isNotNull(c.returnedAt)),
        ) as SQL,
      );
    // Everyone else (and everyone, for what it oversees): the filed contracts in scope.
    parts.push(eq(c.status, S.filed));
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
}

async function listParty(db: Queryable, user: SessionUser, input: Paging, which: 'backlog' | 'done') {
  const scope = await contractScope(db, user);
  const where = and(...(scope ? [scope] : []), partyCondition(user, which));
  const rows = await withContractJoins(
    db
      .select({
        ...rowColumns,
        returned: sql<boolean>`(${c.status} = ${S.draft} and ${c.returnedAt} is not null)`,
        total: sql<number>`count(*) over()::int`,
      })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(c.updatedAt), desc(c.contractId))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  return {
    rows: rows.map(({ total: _t, returned, ...row }) => ({
      ...toRow(row as ContractRecord),
      returned: Boolean(returned),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** contract/backlog: what waits for the user (agency: drafts, returned, to file; owner: to confirm). */
export const listBacklog = (db: Queryable, user: SessionUser, input: Paging) =>
  listParty(db, user, input, 'backlog');
/** contract/queryDoneList: what the user handed on or finished; other roles: filed contracts in scope. */
export const listPartyDone = (db: Queryable, user: SessionUser, input: Paging) =>
  listParty(db, user, input, 'done');
