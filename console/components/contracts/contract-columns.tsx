/**
 * The columns of a list of contracts, shared by the contract lists and the intermediary group's
 * contract download page (features do not import each other).
 */
import { Link } from 'react-router';
import type { ContractRow } from '@shared/calls/contracts';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { formatDate, formatMoney } from '@shared/format';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import './contracts.css';

/** Number (to the contract's page), name, parties, amount, states and signing date. */
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
