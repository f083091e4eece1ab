/** The columns and filters the contract lists share, and who may call what. */
import { Link, useRouteLoaderData } from 'react-router';
import type { ContractRow } from '@shared/contracts/contracts';
import { roles } from '@shared/domain/roles';
import { stages } from '@shared/domain/stages';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { formatDate, formatMoney } from '@shared/format';
import { StatusBadge, type Column, type FilterDef } from '@console/kit';

export const contractColumns: readonly Column<ContractRow>[] = [
  {
    key: 'contractNo',
    header: '合同编号',
    cell: (row) => (
      <Link to={`/contract/contractDetails?contractId=${row.contractId}`}>{row.contractNo}</Link>
    ),
    nowrap: true,
  },
  { key: 'contractName', header: '合同名称', cell: (row) => row.contractName, wide: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  { key: 'orgName', header: '中介机构', cell: (row) => row.orgName },
  {
    key: 'amount',
    header: '合同金额',
    cell: (row) => <span className="ct-money">{formatMoney(row.amount)}</span>,
    nowrap: true,
  },
  {
    key: 'status',
    header: '合同状态',
    cell: (row) => <StatusBadge table={contractStatus} value={row.status} />,
  },
  {
    key: 'auditStatus',
    header: '备案状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  },
  {
    key: 'signedOn',
    header: '签订日期',
    cell: (row) => (row.signedOn ? formatDate(row.signedOn) : ''),
    nowrap: true,
  },
];

export const filingColumn: Column<ContractRow> = {
  key: 'filingNo',
  header: '备案编号',
  cell: (row) => row.filingNo ?? '',
  nowrap: true,
};

export const contractFilters: FilterDef[] = [
  { name: 'contractNo', label: '合同编号' },
  { name: 'projectName', label: '项目名称' },
  { name: 'projectNo', label: '项目编号' },
  {
    name: 'status',
    label: '合同状态',
    type: 'select',
    options: contractStatus.entries.map((entry) => ({ value: entry.value, label: entry.label })),
  },
  {
    name: 'stageId',
    label: '审批阶段',
    type: 'select',
    options: stages.map((stage) => ({ value: stage.id, label: stage.name })),
  },
];

export const overseerFilters: FilterDef[] = [
  ...contractFilters,
  { name: 'orgName', label: '中介机构' },
  { name: 'ownerName', label: '建设单位' },
  { name: 'signedFrom', label: '签订日期从', type: 'date' },
  { name: 'signedTo', label: '签订日期至', type: 'date' },
];

/** True when the signed-in user's roles may call this contract (the server checks it again). */
export function useMayCall(access: unknown): boolean {
  const shell = useRouteLoaderData<{ user?: { roleid?: string | null } } | undefined>('console');
  const roleIds = (shell?.user?.roleid ?? '').split(',').map((id) => id.trim());
  return roleIds.some((id) => id === roles.admin.id || (Array.isArray(access) && access.includes(id)));
}
