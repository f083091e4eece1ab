/** contract/checkContract: what stops a contract from being sent and filed. */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { ContractCheck, ContractProblem } from '@shared/calls/contract-filing';
import { AppError } from '@shared/errors/app-error';
import { toCents } from '@shared/money';
import { CONTRACT_AMOUNT_MAX, filingMessages as m } from '@shared/validation/contract-filing';
import { visibleContract, type StoredContract } from './parties';

const flagNames = (org: { isLostCredit: boolean; isUnqualified: boolean; isBlacklisted: boolean }) =>
  [
    org.isLostCredit ? '失信名单' : '',
    org.isUnqualified ? '不合格名单' : '',
    org.isBlacklisted ? '黑名单' : '',
  ]
    .filter(Boolean)
    .join('、');

/** Every problem that stops the contract from going on (empty: it may be sent and filed). */
export async function problemsOf(db: Queryable, row: StoredContract): Promise<ContractProblem[]> {
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

/** The contract's problems as a 409 naming them all; nothing when there are none. */
export async function refuseProblems(db: Queryable, row: StoredContract): Promise<void> {
  const problems = await problemsOf(db, row);
  if (problems.length === 0) return;
  throw new AppError('conflict', {
    message: `${m.hasProblems}：${problems.map((p) => p.message).join('；')}`,
  });
}

/** contract/checkContract: the problems of a visible contract, for its agency or its owner. */
export async function checkContract(
  db: Queryable,
  user: SessionUser,
  contractId: number,
): Promise<ContractCheck> {
  const { row } = await visibleContract(db, user, contractId);
  const problems = await problemsOf(db, row);
  return { ok: problems.length === 0, problems };
}
