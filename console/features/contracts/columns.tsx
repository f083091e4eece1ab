/** The filters the contract lists share, and the filing number column. */
import type { ContractRow } from '@shared/calls/contracts';
import { stages } from '@shared/domain/stages';
import { contractStatus } from '@shared/domain/statuses';
import { statusFilter, type FilterDef } from '@console/kit/list-page';
import { type Column } from '@console/kit/data-table';

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
  statusFilter('status', '合同状态', contractStatus),
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
