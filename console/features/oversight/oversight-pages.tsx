/**
 * The oversight hub (中枢清单, issue 25): /omphalos/governorOmphalosList, every open review task in the
 * city with its project, step, holder, start and deadline (soonest first, overdue marked), and
 * /omphalos/governorOmphalosListRF, the tasks sent back for rework with the reason and how often. Both
 * filter by district and step; each row opens the page where the task is, as the work home's to-dos do.
 * The authority sees the city, a district sub-office its district (the server narrows).
 */
import { Link } from 'react-router';
import { oversightCalls, type OversightOpenRow, type OversightReturnedRow } from '@shared/calls/oversight';
import { auditSubject } from '@shared/domain/statuses';
import { formatDate, formatDateTime } from '@shared/format';
import { OVERSIGHT_POOL } from '@shared/validation/oversight';
import { deadlineColumn } from '@console/kit/deadline-column';
import { ListPage, statusFilter, type FilterDef } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { useDistrictFilter } from '@console/components/filters/district-filter';

/** The subject, opening the page where the task is (none for a kind without one). */
function TaskLink({ row }: { row: Pick<OversightOpenRow, 'href' | 'subjectName'> }) {
  return row.href ? <Link to={row.href}>{row.subjectName}</Link> : <>{row.subjectName}</>;
}

const projectCell = (row: Pick<OversightOpenRow, 'projectName'>) => row.projectName ?? '—';
const districtCell = (row: Pick<OversightOpenRow, 'districtName'>) => row.districtName ?? '—';

const openColumns: readonly Column<OversightOpenRow>[] = [
  { key: 'subjectName', header: '办理事项', cell: (row) => <TaskLink row={row} />, wide: true },
  { key: 'projectName', header: '所属项目', cell: projectCell },
  { key: 'districtName', header: '区县', cell: districtCell, nowrap: true },
  { key: 'stepName', header: '办理环节', cell: (row) => row.stepName },
  { key: 'holderName', header: '办理人', cell: (row) => row.holderName ?? '待领取' },
  {
    key: 'submittedAt',
    header: '开始时间',
    cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : '—'),
    nowrap: true,
  },
  deadlineColumn<OversightOpenRow>(),
];

const returnedColumns: readonly Column<OversightReturnedRow>[] = [
  { key: 'subjectName', header: '退回事项', cell: (row) => <TaskLink row={row} />, wide: true },
  { key: 'projectName', header: '所属项目', cell: projectCell },
  { key: 'districtName', header: '区县', cell: districtCell, nowrap: true },
  { key: 'stepName', header: '办理环节', cell: (row) => row.stepName },
  { key: 'applicantName', header: '整改方', cell: (row) => row.applicantName ?? '—' },
  { key: 'reason', header: '退回原因', cell: (row) => row.reason ?? '（未填写）' },
  { key: 'times', header: '退回次数', cell: (row) => `${row.times} 次`, nowrap: true },
  {
    key: 'rejectedAt',
    header: '退回时间',
    cell: (row) => formatDate(row.rejectedAt),
    nowrap: true,
  },
];

const stepFilter = statusFilter('subjectType', '办理环节', auditSubject);

export function OversightOpenPage() {
  const district = useDistrictFilter();
  const holders = useCall(oversightCalls.holders, {});
  const filters: FilterDef[] = [
    district,
    stepFilter,
    {
      name: 'holder',
      label: '办理人',
      type: 'select',
      options: [
        { value: OVERSIGHT_POOL, label: '待领取' },
        ...(holders.data ?? []).map((h) => ({ value: h.pkid, label: `${h.username}（${h.tasks}）` })),
      ],
    },
    {
      name: 'overdue',
      label: '是否超期',
      type: 'select',
      options: [
        { value: '1', label: '已超期' },
        { value: '0', label: '未超期' },
      ],
    },
  ];
  return (
    <ListPage
      title="中枢清单"
      caption="全市待办事项"
      description="全市正在办理的审核事项：所属项目、办理环节、办理人、开始时间和办理期限，按期限先后排列，超期的标出。点击事项打开办理页面。"
      call={oversightCalls.openTasks}
      filters={filters}
      columns={openColumns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.subjectName}
      emptyText={(filtered) => (filtered ? '没有符合条件的待办事项' : '当前没有待办事项')}
    />
  );
}

export function OversightReturnedPage() {
  const district = useDistrictFilter();
  return (
    <ListPage
      title="中枢反馈清单"
      caption="退回整改事项"
      description="被退回整改、尚未重新提交的事项（备案、成果、合同等），含最近一次退回的原因和累计退回次数。点击事项打开办理页面。"
      call={oversightCalls.returnedTasks}
      filters={[district, stepFilter]}
      columns={returnedColumns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.subjectName}
      emptyText={(filtered) => (filtered ? '没有符合条件的退回事项' : '当前没有退回整改的事项')}
    />
  );
}
