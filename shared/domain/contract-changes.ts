/**
 * Filing changes (备案变更, issue 14): what a party may change in a filed contract, the labels of those
 * fields, and which of them a change touches. A change carries the whole set twice (`before`, as the
 * contract was when it was asked for, and `data`, with the edits); only an approval writes `data` over
 * the contract (server/modules/review/change-tables.ts), so the previous version stays readable in the
 * change itself.
 */
import { toCents } from '@shared/money';

/** The fields of a contract a filing change may touch (property names of the contracts table). */
export interface ContractChangeFields {
  /** 元, exact decimal text ('1234.50'); null when the contract had none. */
  amount: string | null;
  /** 履行期限 (schedule): start and end date, 'YYYY-MM-DD'. */
  startOn: string | null;
  endOn: string | null;
  /** 付款方式. */
  paymentTerms: string | null;
  /** The signed contract document (files.id), replaced when the change uploads a new one. */
  fileId: string | null;
}

export const contractChangeFieldKeys = ['amount', 'startOn', 'endOn', 'paymentTerms', 'fileId'] as const;
export type ContractChangeFieldKey = (typeof contractChangeFieldKeys)[number];

export const contractChangeFieldLabels: Record<ContractChangeFieldKey, string> = {
  amount: '合同金额',
  startOn: '履行开始日期',
  endOn: '履行结束日期',
  paymentTerms: '付款方式',
  fileId: '合同文件（附件）',
};

function same(key: ContractChangeFieldKey, a: string | null, b: string | null): boolean {
  if (key === 'amount') return toCents(a) === toCents(b);
  return (a ?? '') === (b ?? '');
}

/** The keys whose value differs between the two versions (amounts compared exactly, in cents). */
export function changedContractFields(
  before: ContractChangeFields,
  data: ContractChangeFields,
): ContractChangeFieldKey[] {
  return contractChangeFieldKeys.filter((key) => !same(key, before[key], data[key]));
}
