/**
 * /evaluatemanger/smoEvaluteList: the ratings a user may see (an owner its own and the demands it can
 * still rate, an agency those about it, the authority all); /evaluatemanger/smoEvalute?projectDemandId=:
 * the owner rates the agency of a finished demand (quality, timeliness, service 1–5 and a comment).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMayCall } from '@console/lib/current-user';
import { satisfactionCalls, type RatableDemand, type SatisfactionRow } from '@shared/calls/satisfaction';
import { SMO_CRITERIA } from '@shared/domain/evaluations';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { satisfactionSaveSchema } from '@shared/validation/satisfaction';
import {
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCallMutation,
  useContractForm,
  useUrlId,
  type Column,
} from '@console/kit';
import { EvaluationView } from '@console/components/evaluations/evaluation-view';
import { ScoreFields } from '@console/components/evaluations/score-fields';

const ratingColumns: readonly Column<SatisfactionRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`/evaluatemanger/smoEvaluteList?id=${row.tableId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'orgName', header: '测绘单位', cell: (row) => row.orgName },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'quality', header: '成果质量', cell: (row) => `${row.quality} 分`, nowrap: true },
  { key: 'timeliness', header: '及时性', cell: (row) => `${row.timeliness} 分`, nowrap: true },
  { key: 'service', header: '服务态度', cell: (row) => `${row.service} 分`, nowrap: true },
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
    </>
  );
}

const [quality, timeliness, service] = SMO_CRITERIA;
const smoFields = [
  { name: 'quality', label: quality },
  { name: 'timeliness', label: timeliness },
  { name: 'service', label: service },
] as const;

export function RateAgencyPage() {
  const [search] = useSearchParams();
  const demandId = Number(search.get('projectDemandId'));
  const valid = Number.isInteger(demandId) && demandId > 0;
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm(satisfactionSaveSchema, {
    projectDemandId: String(demandId),
    quality: '',
    timeliness: '',
    service: '',
    comment: '',
  });
  const save = useCallMutation(satisfactionCalls.save, {
    invalidates: [satisfactionCalls.query, satisfactionCalls.ratable, satisfactionCalls.summary],
  });
  if (!valid) return <Notice tone="danger">请从可评价的需求列表中选择</Notice>;
  return (
    <>
      <PageHeader
        title="评价测绘机构"
        description="请根据测绘单位的成果质量、及时性和服务态度打分（1 到 5 分），每个需求只能评价一次。"
      />
      {done ? (
        <Notice>
          {done} <Link to="/evaluatemanger/smoEvaluteList">返回评价列表</Link>
        </Notice>
      ) : (
        <KitForm
          form={form}
          fields={{ quality, timeliness, service, comment: '评价内容' }}
          submitLabel="提交评价"
          onSubmit={async (values) => {
            const answer = await save.mutateAsync(values);
            setDone(answer.message);
          }}
        >
          <ScoreFields form={form} fields={smoFields} />
          <TextField form={form} name="comment" label="评价内容" hint="选填，不超过 500 个字" />
        </KitForm>
      )}
    </>
  );
}
