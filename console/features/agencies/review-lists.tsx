/**
 * The reviewers' lists of agency applications: /intermediary/orglist (to do, oldest submission
 * first) and /intermediary/orgdonelist (decided by me, newest first); /intermediary/orgquery browses
 * approved agencies.
 */
import { useMayCall } from '@console/lib/current-user';
import { Link } from 'react-router';
import { agencyCalls, type AgencyReviewTask } from '@shared/calls/agencies';
import { hallCalls, type AgencySummary } from '@shared/calls/hall';
import { creditFlag, qualificationGrade } from '@shared/domain/statuses';
import { ListPage, statusFilter, type FilterDef } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { stages } from '@shared/domain/stages';
import { registrantColumns, submittedColumn } from '@console/components/registration/registrant-columns';
import { decidedColumns } from '@console/components/review/decided-columns';
import { scopeText } from './agency-view';

const taskColumns = (link: string): Column<AgencyReviewTask>[] => [
  ...registrantColumns<AgencyReviewTask>({
    noun: '机构名称',
    name: (row) => row.orgName,
    creditCode: (row) => row.credential,
    href: (row) => `${link}?id=${row.organizationId}`,
  }),
  submittedColumn(),
];

export function AgencyTodoPage() {
  return (
    <ReviewQueuePage
      title="机构列表"
      caption="待审核的机构申请"
      description="待您审核的机构申请，按提交时间先后排列；可按办理期限排序，领取后只由您办理。"
      call={agencyCalls.todo}
      keywordLabel="机构名称或信用代码"
      columns={taskColumns('/intermediary/informationReviewShow')}
      rowKey={(row) => row.organizationId}
      subjectType="agent_org"
      subjectIdOf={(row) => row.organizationId}
      labelOf={(row) => row.orgName}
      canClaim={useMayCall(agencyCalls.approve.access)}
      noun="机构申请"
    />
  );
}

export function AgencyDonePage() {
  return (
    <ListPage
      title="已审机构"
      caption="我已审核的机构申请"
      call={agencyCalls.done}
      columns={[...taskColumns('/intermediary/orgManageDetail'), ...decidedColumns<AgencyReviewTask>()]}
      rowKey={(row) => row.organizationId}
      emptyText="暂无已审核的机构申请"
    />
  );
}

export function agencyDirectoryColumns(link: string): Column<AgencySummary>[] {
  return [
    {
      key: 'orgName',
      header: '机构名称',
      cell: (row) => <Link to={`${link}?id=${row.organizationId}`}>{row.orgName}</Link>,
      wide: true,
    },
    {
      key: 'qualificationGrade',
      header: '资质等级',
      cell: (row) => (row.qualificationGrade ? qualificationGrade.label(row.qualificationGrade) : ''),
    },
    { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
    { key: 'businessScope', header: '业务范围', cell: (row) => scopeText(row.businessScope) },
    {
      key: 'creditFlags',
      header: '信用状况',
      cell: (row) =>
        row.creditFlags.length === 0
          ? '良好'
          : row.creditFlags.map((flag) => <StatusBadge key={flag} table={creditFlag} value={flag} />),
    },
  ];
}

export function AgencyQueryPage() {
  const mayExport = useMayCall(agencyCalls.exportExcel.access);
  return (
    <ListPage
      title="机构查询"
      caption="审核通过的中介机构"
      call={hallCalls.agencies}
      filters={useDirectoryFilters()}
      exportFile={mayExport ? { call: agencyCalls.exportExcel, fileName: '中介机构名录.xlsx' } : undefined}
      columns={agencyDirectoryColumns('/intermediary/orgdetail')}
      rowKey={(row) => row.organizationId}
    />
  );
}

/** The directory's filters: name, business scope, grade, district, credit (all in the URL). */
function useDirectoryFilters(): FilterDef[] {
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  return [
    { name: 'orgName', label: '机构名称' },
    {
      name: 'itemId',
      label: '业务范围',
      type: 'select',
      options: stages.flatMap((stage) => stage.items.map((item) => ({ value: item.id, label: item.name }))),
    },
    statusFilter('qualificationGrade', '资质等级', qualificationGrade),
    {
      name: 'districtCode',
      label: '所在区县',
      type: 'select',
      options: (districts.data ?? []).map((option) => ({ value: option.value, label: option.label })),
    },
    {
      name: 'credit',
      label: '信用状况',
      type: 'select',
      options: [
        { value: 'good', label: '良好' },
        ...creditFlag.entries.map((entry) => ({ value: entry.value, label: entry.label })),
      ],
    },
  ];
}

/**
 * /usercenter/agency: owners browse approved agencies to choose one. Unless a credit filter is
 * chosen, the list holds only the agencies that may be chosen for a new demand (credit 良好 is
 * credit/flags.ts's agencySelectableCondition on the server); a flagged agency shows with its record
 * when the owner filters by its flag.
 */
export function OwnerAgencyPage() {
  return (
    <ListPage
      title="中介机构"
      caption="审核通过的中介机构"
      description="按业务范围、资质等级、所在区县和信用状况查找审核通过的测绘中介机构。默认只列出可以选择的机构；有失信、不合格或黑名单记录的机构不能选择，可按信用状况查看。"
      call={hallCalls.agencies}
      fixedInput={{ credit: 'good' }}
      filters={useDirectoryFilters()}
      columns={agencyDirectoryColumns('/usercenter/agencyDetiles')}
      rowKey={(row) => row.organizationId}
    />
  );
}
