/**
 * The agency's rating of the owner (con; shared/domain/evaluations.ts), the other direction of the
 * owner's rating of the agency. /evaluatemanger/conEvaluteList: for an agency the finished demands it
 * may rate; the ratings its parties and the supervisors see (`?constructionId=` narrows to one owner's
 * record); for the administrator the criteria; `?id=` opens one. /evaluatemanger/conEvalute
 * ?projectDemandId=: the agency's form.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { evaluationCalls, type ConEvaluable, type EvaluationRow } from '@shared/calls/evaluations';
import { appealStateLabels } from '@shared/domain/evaluations';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { EvaluationView } from '@console/components/evaluations/evaluation-view';
import { ScoredForm, type Saved } from '@console/components/evaluations/scored-form';
import { conSaveSchema } from '@shared/validation/evaluations';
import { useMayCall } from '@console/lib/current-user';
import { CriteriaCard } from '@console/components/evaluations/criteria-card';
import { SavedNotice } from './saved-notice';

const LIST = '/evaluatemanger/conEvaluteList';
const FORM = '/evaluatemanger/conEvalute';

const ratingColumns: readonly Column<EvaluationRow>[] = [
  {
    key: 'constructionName',
    header: '建设单位',
    cell: (row) => <Link to={`${LIST}?id=${row.id}`}>{row.constructionName}</Link>,
    wide: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName ?? '—', wide: true },
  { key: 'orgName', header: '测绘单位', cell: (row) => row.orgName },
  { key: 'average', header: '平均分', cell: (row) => `${row.average} 分`, nowrap: true },
  {
    key: 'appealState',
    header: '申诉',
    cell: (row) => (row.appealState ? appealStateLabels[row.appealState] : '—'),
    nowrap: true,
  },
  { key: 'createdAt', header: '评价时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

const evaluableColumns: readonly Column<ConEvaluable>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  {
    key: 'evaluationId',
    header: '评价',
    nowrap: true,
    cell: (row) =>
      row.evaluationId ? (
        <Link to={`${LIST}?id=${row.evaluationId}`}>已评价，查看</Link>
      ) : (
        <Link to={`${FORM}?projectDemandId=${row.projectDemandId}`}>评价 {row.constructionName}</Link>
      ),
  },
];

function OwnerRatingLists() {
  const agency = useMayCall(evaluationCalls.conEvaluable.access);
  const constructionId = useUrlId('constructionId');
  return (
    <>
      {agency ? (
        <ListPage
          title="建设单位评价列表"
          caption="可评价建设单位的测绘需求"
          description="项目成果验收后，测绘单位可对建设单位的配合程度、付款及时性和资料提供情况作出评价，每个需求一次。"
          call={evaluationCalls.conEvaluable}
          filters={[{ name: 'constructionName', label: '建设单位' }]}
          columns={evaluableColumns}
          rowKey={(row) => row.projectDemandId}
          emptyText="暂无可评价的测绘需求"
          urlPrefix="c"
        />
      ) : null}
      {constructionId ? (
        <Notice>
          仅显示该建设单位收到的评价。<Link to={LIST}>查看全部</Link>
        </Notice>
      ) : null}
      <ListPage
        title={agency ? '本单位作出的评价' : '建设单位评价列表'}
        caption="测绘单位对建设单位的评价"
        description={
          agency ? undefined : '测绘单位对建设单位的评价；被评价的建设单位可在 10 个工作日内申诉。'
        }
        call={evaluationCalls.list}
        fixedInput={constructionId ? { kind: 'con', constructionId } : { kind: 'con' }}
        columns={ratingColumns}
        rowKey={(row) => row.id}
        emptyText="暂无评价"
      />
      <CriteriaCard kind="con" />
    </>
  );
}

export function OwnerRatingListPage() {
  const id = useUrlId('id');
  return id ? <EvaluationView key={id} kind="con" id={id} /> : <OwnerRatingLists />;
}

export function RateOwnerPage() {
  const agency = useMayCall(evaluationCalls.conSave.access);
  const projectDemandId = useUrlId('projectDemandId');
  const record = useRecord(
    evaluationCalls.conEvaluable,
    agency && projectDemandId ? { projectDemandId, page: 1, rows: 1 } : undefined,
  );
  const [saved, setSaved] = useState<Saved | null>(null);
  if (!agency)
    return (
      <>
        <PageHeader title="评价建设单位" />
        <Notice>
          建设单位由承担测绘的测绘单位评价。<Link to={LIST}>查看评价列表</Link>
        </Notice>
      </>
    );
  return (
    <RecordPage
      record={record}
      title="评价建设单位"
      missing="请从可评价的测绘需求中选择"
      back={{ to: LIST, label: '返回评价列表' }}
    >
      {(page) => {
        const demand = page.rows[0];
        if (!demand) return <Notice tone="danger">没有找到该需求，或该需求的成果尚未验收</Notice>;
        return (
          <>
            <PageHeader
              title={`评价建设单位：${demand.constructionName}`}
              description={`项目“${demand.projectName}”（${demand.projectNo}）。请按各项评价指标打分（1 到 5 分），每个需求评价一次。`}
            />
            {saved ? (
              <SavedNotice saved={saved} list={LIST} what="评价" />
            ) : demand.evaluationId ? (
              <Notice>
                该需求已评价。<Link to={`${LIST}?id=${demand.evaluationId}`}>查看评价</Link>
              </Notice>
            ) : (
              <ScoredForm
                kind="con"
                call={evaluationCalls.conSave}
                schema={conSaveSchema}
                identity={{ projectDemandId: String(demand.projectDemandId) }}
                invalidates={[evaluationCalls.list, evaluationCalls.conEvaluable]}
                commentLabel="评价内容"
                submitLabel="提交评价"
                onSaved={setSaved}
              />
            )}
          </>
        );
      }}
    </RecordPage>
  );
}
