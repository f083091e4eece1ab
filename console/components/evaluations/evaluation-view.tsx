/**
 * One evaluation of any kind (the lists' `?id=`): who evaluated whom, the scores as given, the appeal
 * and its review. The evaluated party appeals here (once, within the appeal period); the authority
 * decides the appeal with the review's decision panel; the timeline shows both.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { evaluationCalls, type EvaluationDetail } from '@shared/calls/evaluations';
import {
  appealStateLabels,
  evaluationKindLabels,
  evaluationListPaths,
  periodLabel,
  type EvaluationKind,
} from '@shared/domain/evaluations';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { appealSchema } from '@shared/validation/evaluations';
import { DataTable } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { RecordPage } from '@console/kit/record-page';
import { useCallMutation, useRecord } from '@console/kit/query';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { decisionFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';

const invalidates = [evaluationCalls.detail, evaluationCalls.list];

function AppealForm({ kind, id, until }: { kind: EvaluationKind; id: number; until: string }) {
  const form = useContractForm(appealSchema, { kind, id: String(id), reason: '' });
  const appeal = useCallMutation(evaluationCalls.appeal, { invalidates });
  return (
    <Card>
      <h2>提出申诉</h2>
      <p>如对本评价有异议，可在 {until} 前提出申诉，每个评价只能申诉一次，由主管部门处理。</p>
      <KitForm
        form={form}
        fields={{ reason: '申诉理由' }}
        submitLabel="提交申诉"
        onSubmit={async (values) => {
          await appeal.mutateAsync(values);
        }}
      >
        <TextField form={form} name="reason" label="申诉理由" multiline hint="不超过 1000 个字" />
      </KitForm>
    </Card>
  );
}

function EvaluationBody({ data }: { data: EvaluationDetail }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const decide = useCallMutation(evaluationCalls.decideAppeal, { invalidates });
  const withdrawn = data.appealState === 'upheld';
  return (
    <>
      {withdrawn ? <Notice tone="danger">申诉成立，本评价已撤销，不再计入信用评价。</Notice> : null}
      {outcome ? <Notice>{outcome}</Notice> : null}
      <DetailSection
        title={evaluationKindLabels[data.kind]}
        items={[
          { label: '测绘单位', value: data.orgName },
          // smd assesses an agency for a quarter; smo and con are about one demand between two parties.
          ...(data.kind === 'smd'
            ? [{ label: '考核期', value: periodLabel(data.period ?? '') }]
            : [
                { label: '建设单位', value: data.constructionName },
                { label: '项目名称', value: data.projectName },
              ]),
          { label: '平均分', value: `${data.average} 分` },
          { label: '评价人', value: data.evaluatorName },
          { label: '评价时间', value: formatDateTime(data.createdAt) },
          { label: '评价指标版本', value: `第 ${data.criteriaVersion} 版` },
          { label: '评价内容', value: data.comment, wide: true },
        ]}
      />
      <Card>
        <DataTable
          caption="各项评分"
          rows={data.scores}
          rowKey={(row) => row.label}
          columns={[
            { key: 'label', header: '评价指标', cell: (row) => row.label, wide: true },
            { key: 'score', header: '评分', cell: (row) => `${row.score} 分`, nowrap: true },
          ]}
        />
      </Card>
      {data.appeal ? (
        <DetailSection
          title="申诉"
          items={[
            { label: '状态', value: appealStateLabels[data.appeal.state] },
            { label: '申诉人', value: data.appeal.appellantName },
            { label: '申诉时间', value: formatDateTime(data.appeal.createdAt) },
            {
              label: '处理时间',
              value: data.appeal.decidedAt ? formatDateTime(data.appeal.decidedAt) : null,
            },
            { label: '申诉理由', value: data.appeal.reason, wide: true },
          ]}
        />
      ) : null}
      {data.mayAppeal ? <AppealForm kind={data.kind} id={data.id} until={data.appealUntil} /> : null}
      {data.records.length > 0 ? (
        <Card>
          <AuditTimeline records={data.records} title="申诉处理记录" />
        </Card>
      ) : null}
      {data.review?.allowed.includes('approve') ? (
        <Notice>
          处理申诉：审核通过即申诉成立，本评价撤销、不再计入信用评价；审核不通过即维持评价（须填写意见）。
        </Notice>
      ) : null}
      <ReviewDecision
        review={data.review}
        offers={['approve', 'reject']}
        onDecide={async (decision) =>
          setOutcome(
            (await decide.mutateAsync({ kind: data.kind, id: data.id, ...decisionFields(decision) })).message,
          )
        }
      />
    </>
  );
}

export function EvaluationView({ kind, id }: { kind: EvaluationKind; id: number }) {
  const record = useRecord(evaluationCalls.detail, { kind, id });
  const list = evaluationListPaths[kind];
  return (
    <RecordPage record={record} title="评价详情" back={{ to: list, label: '返回评价列表' }}>
      {(data) => (
        <>
          <PageHeader title="评价详情" description={<Link to={list}>返回评价列表</Link>} />
          <EvaluationBody data={data} />
        </>
      )}
    </RecordPage>
  );
}
