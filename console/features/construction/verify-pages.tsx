/**
 * Verification of construction units: /usercenter/jsdwVerify (the reviewer's to-do, oldest submission
 * first), jsdwVerifyDone (decided by me, newest first) and jsdwVerifyInfo — the owner's own unit, or
 * with ?id= one unit for its reviewers: the information review with the attachments previewed and the
 * decision panel (approve, reject with an opinion), offering only what the server allows now.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import { constructionCalls, type ConstructionTask } from '@shared/contracts/construction';
import { constructionExportCalls, type ConstructionUnitRow } from '@shared/contracts/construction-export';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage, StatusBadge, useCall, useCallMutation, type Column, deadlineColumn } from '@console/kit';
import { DecisionPanel, type Decision, verdictFields } from '@console/components/review/decision-panel';
import { UnitDetails, UnitRejection, UnitStatusLine, UnitTimeline } from './unit-view';
import { changeLink, UnitChangeTodo, UnitChangeView } from './change-pages';
import './construction.css';

const INFO = '/usercenter/jsdwVerifyInfo';

const taskColumns: Column<ConstructionTask>[] = [
  {
    key: 'name',
    header: '单位名称',
    cell: (row) => <Link to={`${INFO}?id=${row.constructionId}`}>{row.name}</Link>,
    wide: true,
  },
  { key: 'creditCode', header: '统一社会信用代码', cell: (row) => row.creditCode ?? '', nowrap: true },
  { key: 'legalPersonName', header: '法定代表人', cell: (row) => row.legalPersonName ?? '' },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  {
    key: 'auditStatus',
    header: '状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  },
  {
    key: 'submittedAt',
    header: '提交时间',
    cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : ''),
    nowrap: true,
  },
];

/** The two views of /usercenter/jsdwVerify: the reviewer's to-do, or every unit (?view=all). */
type View = 'todo' | 'changes' | 'all';
const views: readonly (readonly [View, string, string])[] = [
  ['todo', '待我认证', '/usercenter/jsdwVerify'],
  ['changes', '变更待审', '/usercenter/jsdwVerify?view=changes'],
  ['all', '全部建设单位', '/usercenter/jsdwVerify?view=all'],
];

function ViewSwitch({ view }: { view: View }) {
  return (
    <nav className="unit-views" aria-label="建设单位视图">
      {views.map(([key, label, to]) => (
        <Link key={key} to={to} aria-current={key === view ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function UnitTodoPage() {
  const [search] = useSearchParams();
  if (search.get('view') === 'all') return <UnitDirectory />;
  if (search.get('view') === 'changes') return <UnitChangeTodo intro={<ViewSwitch view="changes" />} />;
  return (
    <ListPage
      title="建设单位认证"
      caption="待认证的建设单位"
      description="待您认证的建设单位，按提交时间先后排列。"
      intro={<ViewSwitch view="todo" />}
      call={constructionCalls.todo}
      columns={[...taskColumns, deadlineColumn()]}
      rowKey={(row) => row.constructionId}
      emptyText="暂无待认证的建设单位"
    />
  );
}

const unitColumns: Column<ConstructionUnitRow>[] = [
  {
    key: 'name',
    header: '单位名称',
    cell: (row) => <Link to={`${INFO}?id=${row.constructionId}`}>{row.name}</Link>,
    wide: true,
  },
  { key: 'creditCode', header: '统一社会信用代码', cell: (row) => row.creditCode ?? '', nowrap: true },
  { key: 'legalPersonName', header: '法定代表人', cell: (row) => row.legalPersonName ?? '' },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  {
    key: 'auditStatus',
    header: '状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  },
  { key: 'createdAt', header: '登记时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

/** Every unit in any state, filtered in the URL, exported with the same filters (construction/exportExcel). */
function UnitDirectory() {
  return (
    <ListPage
      title="建设单位认证"
      caption="全部建设单位"
      description="所有登记的建设单位，最新登记在前；导出的 Excel 与当前筛选条件一致。"
      intro={<ViewSwitch view="all" />}
      call={constructionExportCalls.list}
      filters={[
        { name: 'name', label: '单位名称' },
        { name: 'creditCode', label: '统一社会信用代码' },
        {
          name: 'auditStatus',
          label: '审核状态',
          type: 'select',
          options: auditStatus.entries.map((entry) => ({ value: entry.value, label: entry.label })),
        },
      ]}
      columns={unitColumns}
      rowKey={(row) => row.constructionId}
      exportFile={{ call: constructionExportCalls.exportExcel, fileName: '建设单位.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的建设单位，请调整筛选条件' : '暂无建设单位')}
    />
  );
}

export function UnitDonePage() {
  return (
    <ListPage
      title="已办单位认证"
      caption="我已审核的建设单位"
      call={constructionCalls.done}
      columns={[
        ...taskColumns,
        { key: 'decidedAs', header: '我的处理', cell: (row) => row.decidedAs ?? '' },
        {
          key: 'decidedOn',
          header: '处理时间',
          cell: (row) => (row.decidedOn ? formatDateTime(row.decidedOn) : ''),
          nowrap: true,
        },
      ]}
      rowKey={(row) => `${row.constructionId}-${row.decidedOn ?? ''}`}
      emptyText="暂无已审核的建设单位"
    />
  );
}

export function UnitInfoPage() {
  const [search] = useSearchParams();
  const raw = search.get('id');
  const changeId = search.get('changeId');
  if (changeId !== null) return <UnitChangeView id={Number(changeId)} />;
  return raw === null ? <OwnUnitInfo /> : <ReviewedUnit id={Number(raw)} />;
}

function OwnUnitInfo() {
  const self = useCall(constructionCalls.querySelf, {});
  if (self.isPending) return <PageHeader title="建设单位认证信息" description="正在加载…" />;
  if (self.error) return <Notice tone="danger">{self.error.message}</Notice>;
  const unit = self.data;
  if (!unit)
    return (
      <>
        <PageHeader title="建设单位认证信息" />
        <Notice>
          尚未填写单位信息。<Link to="/construction/update">去填写</Link>
        </Notice>
      </>
    );
  return (
    <>
      <PageHeader title="建设单位认证信息" description={<UnitStatusLine unit={unit} />} />
      <UnitRejection unit={unit} />
      {unit.openChangeId ? (
        <Notice>
          有一项信息变更申请尚未完成。<Link to={changeLink(unit.openChangeId)}>查看变更申请</Link>
        </Notice>
      ) : null}
      {unit.auditStatus === auditStatus.code.draft || unit.auditStatus === auditStatus.code.rejected ? (
        <Notice>
          <Link to="/construction/update">修改并提交认证</Link>
        </Notice>
      ) : null}
      <UnitDetails unit={unit} />
      <UnitTimeline constructionId={unit.constructionId} />
    </>
  );
}

function ReviewedUnit({ id }: { id: number }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const unit = useCall(constructionCalls.queryOne, { constructionId: id }, { enabled: valid });
  const review = unit.data?.review;
  const reviewing = Boolean(review && review.allowed.some((key) => key === 'approve' || key === 'reject'));
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const approve = useCallMutation(constructionCalls.approve, {
    invalidates: [
      constructionCalls.queryOne,
      constructionCalls.auditInfo,
      constructionCalls.todo,
      constructionCalls.done,
    ],
  });

  if (!valid) return <Notice tone="danger">请从列表中选择建设单位</Notice>;
  if (unit.error)
    return (
      <>
        <PageHeader title="建设单位认证信息" />
        <Notice tone="danger">
          {unit.error.message} <Link to="/usercenter/jsdwVerify">返回列表</Link>
        </Notice>
      </>
    );
  const data = unit.data?.constructionId === id ? unit.data : undefined;
  if (!data) return <PageHeader title="建设单位认证信息" description="正在加载…" />;

  const decide = async (decision: Decision) => {
    const result = await approve.mutateAsync({
      constructionId: id,
      ...verdictFields(decision),
    });
    // The panel goes away once nothing is left to decide; the outcome stays above the page.
    setOutcome(result.message);
  };

  return (
    <>
      <PageHeader title={data.name} description={<UnitStatusLine unit={data} />} />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <UnitRejection unit={data} />
      <UnitDetails unit={data} />
      <UnitTimeline constructionId={id} />
      {data.review && reviewing ? (
        <DecisionPanel
          status={data.review.status as AuditStatus}
          version={data.review.version}
          allowed={data.review.allowed as ReviewDecisionKey[]}
          opinions={templates.data?.rows ?? []}
          reviewers={[]}
          onDecide={decide}
        />
      ) : null}
    </>
  );
}
