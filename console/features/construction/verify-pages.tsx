/**
 * Verification of construction units: /usercenter/jsdwVerify (the reviewer's to-do, oldest submission
 * first), jsdwVerifyDone (decided by me, newest first) and jsdwVerifyInfo — the owner's own unit, or
 * with ?id= one unit for its reviewers: the information review with the attachments previewed and the
 * decision panel (approve, reject with an opinion), offering only what the server allows now.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  constructionCalls,
  type ConstructionRecord,
  type ConstructionTask,
} from '@shared/calls/construction';
import { constructionExportCalls, type ConstructionUnitRow } from '@shared/calls/construction-export';
import { evaluationListPaths } from '@shared/domain/evaluations';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage } from '@console/kit/record-page';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { verdictFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import {
  isEditable,
  RegistrationStatus,
  RegistrationStatusPage,
} from '@console/components/registration/registration';
import { UnitDetails, UnitRejection, UnitTimeline } from './unit-view';
import { changeLink, UnitChangeTodo, UnitChangeView } from './change-pages';
import {
  registrantColumns,
  submittedColumn,
  type RegistrantOf,
} from '@console/components/registration/registrant-columns';
import { decidedColumns } from '@console/components/review/decided-columns';
import './construction.css';

/** Where the page leads back to after a refusal. */
const unitList = { to: '/usercenter/jsdwVerify', label: '返回列表' };

const INFO = '/usercenter/jsdwVerifyInfo';

const unit: RegistrantOf<{ constructionId: number; name: string; creditCode: string | null }> = {
  noun: '单位名称',
  name: (row) => row.name,
  creditCode: (row) => row.creditCode,
  href: (row) => `${INFO}?id=${row.constructionId}`,
};

const taskColumns: Column<ConstructionTask>[] = [
  ...registrantColumns<ConstructionTask>(unit),
  submittedColumn(),
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
    <ReviewQueuePage
      title="建设单位认证"
      caption="待认证的建设单位"
      description="待您认证的建设单位，按提交时间先后排列。"
      intro={<ViewSwitch view="todo" />}
      call={constructionCalls.todo}
      keywordLabel="单位名称或信用代码"
      columns={taskColumns}
      rowKey={(row) => row.constructionId}
      subjectType="construction_unit"
      subjectIdOf={(row) => row.constructionId}
      labelOf={(row) => row.name}
      noun="建设单位"
      waiting="待认证"
    />
  );
}

const unitColumns: Column<ConstructionUnitRow>[] = [
  ...registrantColumns<ConstructionUnitRow>(unit),
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
        statusFilter('auditStatus', '审核状态', auditStatus),
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
      columns={[...taskColumns, ...decidedColumns<ConstructionTask>()]}
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
  return (
    <RegistrationStatusPage
      title="建设单位认证信息"
      query={self}
      unregistered={{ text: '尚未填写单位信息。', form: '/construction/update' }}
    >
      {(unit) => (
        <>
          <UnitRejection unit={unit} />
          {unit.openChangeId ? (
            <Notice>
              有一项信息变更申请尚未完成。<Link to={changeLink(unit.openChangeId)}>查看变更申请</Link>
            </Notice>
          ) : null}
          {isEditable(unit) ? (
            <Notice>
              <Link to="/construction/update">修改并提交认证</Link>
            </Notice>
          ) : null}
          <UnitDetails unit={unit} />
          <UnitTimeline constructionId={unit.constructionId} />
        </>
      )}
    </RegistrationStatusPage>
  );
}

function ReviewedUnit({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const unit = useRecord(constructionCalls.queryOne, valid ? { constructionId: id } : undefined);
  return (
    <RecordPage record={unit} title="建设单位认证信息" missing="请从列表中选择建设单位" back={unitList}>
      {(data) => <UnitReview unit={data} />}
    </RecordPage>
  );
}

function UnitReview({ unit }: { unit: ConstructionRecord }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const approve = useCallMutation(constructionCalls.approve, {
    invalidates: [
      constructionCalls.queryOne,
      constructionCalls.auditInfo,
      constructionCalls.todo,
      constructionCalls.done,
    ],
  });
  return (
    <>
      <PageHeader title={unit.name} description={<RegistrationStatus record={unit} />} />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <UnitRejection unit={unit} />
      <UnitDetails unit={unit} />
      {/* Issue 24: what the agencies said of this owner (con evaluations), on its record. */}
      <p>
        <Link to={`${evaluationListPaths.con}?constructionId=${unit.constructionId}`}>
          查看测绘单位对该建设单位的评价
        </Link>
      </p>
      <UnitTimeline constructionId={unit.constructionId} />
      <ReviewDecision
        review={unit.review}
        // The panel goes away once nothing is left to decide; the outcome stays above the page.
        onDecide={async (decision) =>
          setOutcome(
            (await approve.mutateAsync({ constructionId: unit.constructionId, ...verdictFields(decision) }))
              .message,
          )
        }
      />
    </>
  );
}
