/** contract/add: the agency drafts the contract of an accepted authorization. */
import type { AppContext } from '@server/app-context';
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  constructionUnits,
  contracts,
  demandSelections,
  projectAuthorizations,
  projectDemands,
  projects,
  selectionQuotes,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf, logProjectEvent } from '@server/modules/projects';
import { openReview } from '@server/modules/review';
import { auditSubject, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { filingMessages as m, type ContractAddInput } from '@shared/validation/contract-filing';
import { beijingDate } from '@shared/validation/jobs';
import { currentTemplate } from '../templates';

const c = contracts;

/**
 * SQL: a contract of the authorization exists (by the authorization, or for its demand and agency):
 * an authorization has one contract. The values are the authorization's columns or its values.
 */
export function contractOfAuthorization(authorization: {
  pkid: number | SQLWrapper;
  demandId: number | SQLWrapper;
  organizationId: number | SQLWrapper;
}): SQL {
  return or(
    eq(c.authorizationId, authorization.pkid),
    and(eq(c.demandId, authorization.demandId), eq(c.organizationId, authorization.organizationId)),
  ) as SQL;
}

async function nextContractId(tx: Queryable): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('contracts', 'contract_id'))::int as id`,
  );
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  return Number(rows[0]?.id);
}

/** The authorization locked, when the user's agency holds it and it may have a contract drafted. */
async function draftableAuthorization(tx: Queryable, user: SessionUser, authorizationId: number) {
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
    .where(eq(a.pkid, authorizationId))
    .for('update', { of: a });
  if (!auth || (!user.isAdmin && auth.organizationId !== org))
    throw new AppError('not_found', { message: m.authorizationNotFound, field: 'authorizationId' });
  if (
    auth.state !== authorizationState.code.accepted ||
    auth.projectStatus !== projectStatus.code.commissioned
  )
    throw new AppError('conflict', { message: m.authorizationNotAccepted, field: 'authorizationId' });
  const [existing] = await tx.select({ id: c.contractId }).from(c).where(contractOfAuthorization(auth));
  if (existing) throw new AppError('conflict', { message: m.contractExists, field: 'authorizationId' });
  return auth;
}

/** The agency's winning quote when the demand's agency was selected by price comparison. */
async function winningQuote(tx: Queryable, demandId: number, organizationId: number) {
  const [quote] = await tx
    .select({ amount: selectionQuotes.amount })
    .from(demandSelections)
    .innerJoin(
      selectionQuotes,
      and(
        eq(selectionQuotes.demandId, demandSelections.demandId),
        eq(selectionQuotes.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(demandSelections.demandId, demandId),
        eq(demandSelections.method, 'price'),
        eq(demandSelections.winnerId, organizationId),
      ),
    );
  return quote?.amount ?? null;
}

/** contract/add: a draft from an accepted authorization of the user's agency. */
export async function addContract(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: ContractAddInput,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const auth = await draftableAuthorization(tx, user, input.authorizationId);
    // The amount of a price comparison is the winning quote unless the agency typed one.
    const quote = await winningQuote(tx, auth.demandId, auth.organizationId);
    const template = await currentTemplate(tx, auth.stageId);
    const now = ctx.services.now();
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
      amount: input.amount ?? quote,
      startOn: input.startOn ?? null,
      endOn: input.endOn ?? null,
      paymentTerms: input.paymentTerms ?? null,
      templateId: template?.templateId ?? null,
      createdBy: user.pkid,
      createdAt: now,
      updatedAt: now,
    });
    await openReview(tx, {
      subjectType: auditSubject.code.contract,
      subjectId: contractId,
      applicantId: user.pkid,
    });
    await logProjectEvent(tx, {
      projectId: auth.projectId,
      actor: user,
      content: `起草测绘合同（${contractNo}）`,
      at: now,
    });
    return contractId;
  });
}
