/**
 * /query/projectQuery: every project filter (name, number or code, district, status, stage, survey
 * item, contract state, owner, agency, overdue, registration dates), kept in the URL so reload, back
 * and a link from districtCounty or the map keep them; the list paged and the filtered set exported.
 */
import { hallCalls } from '@shared/calls/hall';
import { queryCalls, type ProjectQueryRow } from '@shared/calls/queries';
import { stages } from '@shared/domain/stages';
import { contractStatus, projectStatus } from '@shared/domain/statuses';
import { formatDate, formatMoney } from '@shared/format';
import { ListPage, statusFilter, type FilterDef } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import './queries.css';

const columns: readonly Column<ProjectQueryRow>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'districtName', header: '区县', cell: (row) => row.districtName, nowrap: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  { key: 'stageName', header: '当前阶段', cell: (row) => row.stageName ?? '—' },
  {
    key: 'agencyNames',
    header: '测绘机构',
    cell: (row) => (row.agencyNames.length > 0 ? row.agencyNames.join('、') : '—'),
  },
  {
    key: 'status',
    header: '状态',
    cell: (row) => (
      <>
        <StatusBadge table={projectStatus} value={row.status} />
        {row.overdue ? <span className="qr-overdue">逾期</span> : null}
      </>
    ),
    nowrap: true,
  },
  {
    key: 'contractAmount',
    header: '合同金额（元）',
    cell: (row) => (row.contractAmount === null ? '—' : formatMoney(row.contractAmount)),
    nowrap: true,
  },
  {
    key: 'createdAt',
    header: '登记日期',
    cell: (row) => formatDate(row.createdAt),
    nowrap: true,
    sortable: true,
  },
];

const stageOptions = stages.map((stage) => ({ value: stage.id, label: stage.name }));
const itemOptions = stages.flatMap((stage) =>
  stage.items.map((item) => ({ value: item.id, label: item.name })),
);

export function ProjectQueryPage() {
  const districts = useCall(hallCalls.districts, {});
  const filters: FilterDef[] = [
    { name: 'projectName', label: '项目名称' },
    { name: 'projectNo', label: '项目编号或代码' },
    {
      name: 'districtCode',
      label: '区县',
      type: 'select',
      options: (districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName })),
    },
    statusFilter('status', '项目状态', projectStatus),
    { name: 'stageId', label: '审批阶段', type: 'select', options: stageOptions },
    { name: 'itemId', label: '测绘事项', type: 'select', options: itemOptions },
    statusFilter('contractStatus', '合同状态', contractStatus),
    { name: 'ownerName', label: '建设单位' },
    { name: 'agencyName', label: '测绘机构' },
    { name: 'overdue', label: '逾期', type: 'select', options: [{ value: '1', label: '仅逾期项目' }] },
    { name: 'start', label: '登记日期自', type: 'date' },
    { name: 'end', label: '登记日期至', type: 'date' },
  ];
  return (
    <ListPage
      title="项目查询"
      caption="项目查询结果"
      description="按名称、编号、区县、状态、阶段、事项、合同、建设单位、测绘机构、逾期和登记日期查询项目；条件保存在地址中，导出的是当前条件下的全部项目。"
      call={queryCalls.projects}
      filters={filters}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.projectName}
      exportFile={{ call: queryCalls.projectsExport, fileName: '项目查询.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无项目')}
    />
  );
}
