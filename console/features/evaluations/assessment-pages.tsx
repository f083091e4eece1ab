/**
 * The authority's quarterly assessment of agencies (smd; shared/domain/evaluations.ts).
 * /evaluatemanger/smdEvaluteList: the assessments (every signed-in user; an agency finds its own),
 * for the authority the agencies still to assess this quarter, for the administrator the criteria;
 * `?id=` opens one (its appeal and the decision). /evaluatemanger/smdEvalute?organizationId=&period=:
 * the authority's form.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { evaluationCalls, type EvaluationRow, type SmdCandidate } from '@shared/calls/evaluations';
import { creditGradeLabels, type CreditGrade } from '@shared/domain/credit-score';
import { appealStateLabels, periodLabel, recentPeriods } from '@shared/domain/evaluations';
import { beijingDate } from '@shared/domain/working-days';
import { formatDateTime } from '@shared/format';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { EvaluationView } from '@console/components/evaluations/evaluation-view';
import { ScoredForm, type Saved } from '@console/components/evaluations/scored-form';
import { smdSaveSchema } from '@shared/validation/evaluations';
import { useMayCall } from '@console/lib/current-user';
import { CriteriaCard } from '@console/components/evaluations/criteria-card';
import { SavedNotice } from './saved-notice';

const LIST = '/evaluatemanger/smdEvaluteList';
const FORM = '/evaluatemanger/smdEvalute';

const periodOptions = () =>
  recentPeriods(beijingDate(new Date())).map((period) => ({ value: period, label: periodLabel(period) }));

const assessmentColumns: readonly Column<EvaluationRow>[] = [
  {
    key: 'orgName',
    header: '测绘单位',
    cell: (row) => <Link to={`${LIST}?id=${row.id}`}>{row.orgName}</Link>,
    wide: true,
  },
  { key: 'period', header: '考核期', cell: (row) => periodLabel(row.period ?? ''), nowrap: true },
  { key: 'average', header: '平均分', cell: (row) => `${row.average} 分`, nowrap: true },
  {
    key: 'appealState',
    header: '申诉',
    cell: (row) => (row.appealState ? appealStateLabels[row.appealState] : '—'),
    nowrap: true,
  },
  { key: 'evaluatorName', header: '考核人', cell: (row) => row.evaluatorName ?? '—', nowrap: true },
  { key: 'createdAt', header: '考核时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

const candidateColumns: readonly Column<SmdCandidate>[] = [
  { key: 'orgName', header: '测绘单位', cell: (row) => row.orgName, wide: true },
  {
    key: 'creditGrade',
    header: '信用等级',
    cell: (row) => (row.creditGrade ? creditGradeLabels[row.creditGrade as CreditGrade] : '—'),
    nowrap: true,
  },
  {
    key: 'evaluationId',
    header: '考核',
    nowrap: true,
    cell: (row) =>
      row.evaluationId ? (
        <Link to={`${LIST}?id=${row.evaluationId}`}>已考核，查看</Link>
      ) : (
        <Link to={`${FORM}?organizationId=${row.organizationId}&period=${row.period}`}>
          考核 {row.orgName}
        </Link>
      ),
  },
];

function AssessmentLists() {
  const authority = useMayCall(evaluationCalls.smdCandidates.access);
  return (
    <>
      {authority ? (
        <ListPage
          title="测绘需求评价列表"
          caption="待考核的测绘单位"
          description="主管部门按季度考核测绘单位（成果质量抽查、按时完成、投诉处理等），每个单位每季度一次；考核结果计入信用评价。"
          call={evaluationCalls.smdCandidates}
          filters={[
            {
              name: 'period',
              label: '考核期',
              type: 'select',
              options: periodOptions(),
              placeholder: '本季度',
            },
            { name: 'orgName', label: '机构名称' },
          ]}
          columns={candidateColumns}
          rowKey={(row) => row.organizationId}
          emptyText="暂无审核通过的测绘单位"
          urlPrefix="c"
        />
      ) : null}
      <ListPage
        title={authority ? '考核记录' : '测绘需求评价列表'}
        caption="主管部门考核记录"
        description={
          authority ? undefined : '主管部门按季度对测绘单位的考核结果；被考核单位可在 10 个工作日内申诉。'
        }
        call={evaluationCalls.list}
        fixedInput={{ kind: 'smd' }}
        filters={[{ name: 'period', label: '考核期', type: 'select', options: periodOptions() }]}
        columns={assessmentColumns}
        rowKey={(row) => row.id}
        emptyText={(filtered) => (filtered ? '该考核期暂无考核记录' : '暂无考核记录')}
      />
      <CriteriaCard kind="smd" />
    </>
  );
}

export function AssessmentListPage() {
  const id = useUrlId('id');
  return id ? <EvaluationView key={id} kind="smd" id={id} /> : <AssessmentLists />;
}

export function AssessPage() {
  const authority = useMayCall(evaluationCalls.smdSave.access);
  const [search] = useSearchParams();
  const organizationId = useUrlId('organizationId');
  const period = search.get('period') ?? '';
  const [saved, setSaved] = useState<Saved | null>(null);
  const record = useRecord(
    evaluationCalls.smdCandidates,
    authority && organizationId ? { organizationId, period, page: 1, rows: 1 } : undefined,
  );
  if (!authority)
    return (
      <>
        <PageHeader title="考核测绘单位" />
        <Notice>
          考核由主管部门进行。<Link to={LIST}>查看考核记录</Link>
        </Notice>
      </>
    );
  return (
    <RecordPage
      record={record}
      title="考核测绘单位"
      missing="请从待考核的测绘单位中选择"
      back={{ to: LIST, label: '返回考核列表' }}
    >
      {(page) => {
        const candidate = page.rows[0];
        if (!candidate) return <Notice tone="danger">没有找到该测绘单位，或该单位尚未审核通过</Notice>;
        return (
          <>
            <PageHeader
              title={`考核测绘单位：${candidate.orgName}`}
              description={`${periodLabel(candidate.period)}。请按各项评价指标打分（1 到 5 分），每个单位每季度考核一次，提交后被考核单位可在 10 个工作日内申诉。`}
            />
            {saved ? (
              <SavedNotice saved={saved} list={LIST} what="考核结果" />
            ) : candidate.evaluationId ? (
              <Notice>
                该单位本考核期已考核。<Link to={`${LIST}?id=${candidate.evaluationId}`}>查看考核结果</Link>
              </Notice>
            ) : (
              <ScoredForm
                kind="smd"
                call={evaluationCalls.smdSave}
                schema={smdSaveSchema}
                identity={{ organizationId: String(candidate.organizationId), period: candidate.period }}
                invalidates={[evaluationCalls.list, evaluationCalls.smdCandidates]}
                commentLabel="考核意见"
                submitLabel="提交考核"
                onSaved={setSaved}
              />
            )}
          </>
        );
      }}
    </RecordPage>
  );
}
