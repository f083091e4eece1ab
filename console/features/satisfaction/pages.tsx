/**
 * /evaluatemanger/smoEvaluteList: the ratings a user may see (an owner its own and the demands it can
 * still rate, an agency those about it, the authority all), and for the administrator the smo
 * criteria; /evaluatemanger/smoEvalute?projectDemandId=: the owner rates the agency of a finished
 * demand on the current smo criteria (each 1–5) and a comment, the shared scored form.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMayCall } from '@console/lib/current-user';
import { satisfactionCalls, type RatableDemand, type SatisfactionRow } from '@shared/calls/satisfaction';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useUrlId } from '@console/kit/record-page';
import { type Column } from '@console/kit/data-table';
import { CriteriaCard } from '@console/components/evaluations/criteria-card';
import { EvaluationView } from '@console/components/evaluations/evaluation-view';
import { satisfactionSaveSchema } from '@shared/validation/satisfaction';
import { ScoredForm, type Saved } from '@console/components/evaluations/scored-form';

const LIST = '/evaluatemanger/smoEvaluteList';

const ratingColumns: readonly Column<SatisfactionRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${LIST}?id=${row.tableId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'orgName', header: '测绘单位', cell: (row) => row.orgName },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  // Each rating's own labels: criteria edited later do not rename an old rating's scores.
  {
    key: 'scores',
    header: '评分',
    cell: (row) => row.scores.map((item) => `${item.label} ${item.score} 分`).join('、'),
  },
  { key: 'average', header: '平均分', cell: (row) => `${row.average} 分`, nowrap: true },
  { key: 'comment', header: '评价内容', cell: (row) => row.comment ?? '—' },
  { key: 'createdAt', header: '评价时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

const ratableColumns: readonly Column<RatableDemand>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'orgName', header: '测绘单位', cell: (row) => row.orgName },
  {
    key: 'projectStatus',
    header: '项目状态',
    cell: (row) => <StatusBadge table={projectStatus} value={row.projectStatus} />,
  },
  {
    key: 'tableId',
    header: '评价',
    nowrap: true,
    cell: (row) =>
      row.tableId ? (
        '已评价'
      ) : (
        <Link to={`/evaluatemanger/smoEvalute?projectDemandId=${row.projectDemandId}`}>
          评价 {row.orgName}
        </Link>
      ),
  },
];

/** The ratings, or with `?id=` one of them (its appeal by the agency, the authority's decision). */
export function RatingListPage() {
  const id = useUrlId('id');
  return id ? <EvaluationView key={id} kind="smo" id={id} /> : <RatingLists />;
}

function RatingLists() {
  // Only owners rate (ratable's roles): the others never ask for it (issue 21: it answered them 403).
  const owner = useMayCall(satisfactionCalls.ratable.access);
  return (
    <>
      {owner ? (
        <ListPage
          title="测绘机构评价列表"
          caption="可评价的测绘需求"
          description="项目成果验收后，可对承担测绘的单位作出评价，每个需求评价一次。"
          call={satisfactionCalls.ratable}
          columns={ratableColumns}
          rowKey={(row) => row.projectDemandId}
          emptyText="暂无可评价的测绘需求"
        />
      ) : null}
      <ListPage
        title={owner ? '我的评价' : '测绘机构评价列表'}
        caption="满意度评价"
        call={satisfactionCalls.query}
        columns={ratingColumns}
        rowKey={(row) => row.tableId}
        emptyText="暂无评价"
      />
      <CriteriaCard kind="smo" />
    </>
  );
}

export function RateAgencyPage() {
  const projectDemandId = useUrlId('projectDemandId');
  const [saved, setSaved] = useState<Saved | null>(null);
  if (!projectDemandId) return <Notice tone="danger">请从可评价的需求列表中选择</Notice>;
  return (
    <>
      <PageHeader
        title="评价测绘机构"
        description="请按各项评价指标为测绘单位打分（1 到 5 分），每个需求只能评价一次。"
      />
      {saved ? (
        <Notice>
          {saved.message}。<Link to={`${LIST}?id=${saved.id}`}>查看评价</Link>，或
          <Link to={LIST}>返回评价列表</Link>。
        </Notice>
      ) : (
        <ScoredForm
          kind="smo"
          call={satisfactionCalls.save}
          schema={satisfactionSaveSchema}
          identity={{ projectDemandId: String(projectDemandId) }}
          invalidates={[satisfactionCalls.query, satisfactionCalls.ratable, satisfactionCalls.summary]}
          commentLabel="评价内容"
          submitLabel="提交评价"
          onSaved={setSaved}
        />
      )}
    </>
  );
}
