/**
 * One inspection round (机构检查?id=): its public draw record with how to recompute it (and a button
 * that does so in this browser), the drawn agencies with their inspectors and results, the actions
 * the reader may take now (抽取, 录入结果, 公开检查结果, 导出) and the round's trail.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import {
  inspectionCalls,
  type InspectionDetail,
  type InspectionPublic,
  type InspectionTarget,
} from '@shared/calls/inspections';
import {
  INSPECTION_RULE_TEXT,
  inspectionResultTable,
  inspectionResults,
  inspectionStateTable,
  inspectionResultLabels,
} from '@shared/domain/inspections';
import { formatDateTime } from '@shared/format';
import { Button, buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { inspectionRecordSchema } from '@shared/validation/inspections';
import { useApi } from '@console/lib/api';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation } from '@console/kit/query';
import { verifyInspectionDraw } from './verify';
import './inspections.css';

const LIST = '/evaluatemanger/organizationCheckList';
const refreshed = { invalidates: [inspectionCalls.detail, inspectionCalls.list] };

const ids = (list: readonly number[]) => <code className="inspection-code">{list.join(',')}</code>;

function DrawRecordSection({ record }: { record: InspectionPublic }) {
  const drawn = record.salt !== null;
  const [check, setCheck] = useState<string | null>(null);
  const items = [
    { label: '状态', value: <StatusBadge table={inspectionStateTable} value={record.state} /> },
    { label: '轮次编号', value: String(record.id) },
    {
      label: '抽查比例',
      value: `${record.share}%（${record.inspecteeCount} / ${record.candidates.length} 家）`,
    },
    { label: '每家检查人员', value: `${record.inspectorsPerAgency} 人` },
    {
      label: '承诺值（随机数 salt 的 SHA-256）',
      value: <code className="inspection-code">{record.commitment}</code>,
      wide: true,
    },
    {
      label: '随机数',
      value: drawn ? <code className="inspection-code">{record.salt}</code> : '抽取前保密，抽取时公开',
      wide: true,
    },
    {
      label: `候选机构（${record.candidates.length} 家，编号升序）`,
      value: record.candidates.map((c) => `${c.organizationId} ${c.orgName}`).join('；'),
      wide: true,
    },
    { label: '候选机构编号', value: ids(record.candidates.map((c) => c.organizationId)), wide: true },
    {
      label: `检查人员名单（${record.inspectors.length} 人，编号升序）`,
      value: record.inspectors.map((p) => `${p.userId} ${p.username}`).join('；'),
      wide: true,
    },
    { label: '检查人员编号', value: ids(record.inspectors.map((p) => p.userId)), wide: true },
    { label: '开启', value: `${record.createdByName}，${formatDateTime(record.createdAt)}` },
    { label: '抽取时间', value: record.drawnAt ? formatDateTime(record.drawnAt) : '尚未抽取' },
    { label: '公开时间', value: record.publishedAt ? formatDateTime(record.publishedAt) : '尚未公开' },
  ];
  return (
    <DetailSection title="抽取公示" items={items}>
      <div className="inspection-explain">
        <h3>如何复核</h3>
        <ol>
          {INSPECTION_RULE_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        {drawn ? (
          <p>
            <Button
              size="sm"
              variant="secondary"
              onClick={async () => setCheck((await verifyInspectionDraw(record)) ?? 'ok')}
            >
              在本浏览器中复核
            </Button>
          </p>
        ) : null}
        {check === 'ok' ? (
          <Notice>复核通过：承诺值与随机数相符，计算出的检查对象和检查人员与公示一致。</Notice>
        ) : null}
        {check && check !== 'ok' ? <Notice tone="danger">复核未通过：{check}</Notice> : null}
      </div>
    </DetailSection>
  );
}

const resultOptions = inspectionResults.map((value) => ({ value, label: inspectionResultLabels[value] }));

function RecordResultDialog({
  target,
  onDone,
}: {
  target: InspectionTarget;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const form = useContractForm(inspectionRecordSchema, {
    targetId: String(target.targetId),
    result: target.result ?? 'qualified',
    findings: target.findings ?? '',
  });
  const save = useCallMutation(inspectionCalls.record, refreshed);
  return (
    <FormDialog
      trigger={
        <Button size="sm" aria-label={`${target.result ? '修改结果' : '录入结果'}：${target.orgName}`}>
          {target.result ? '修改结果' : '录入结果'}
        </Button>
      }
      title={`检查结果：${target.orgName}`}
      description="公开前可以修改；公开后计入机构信用分，并在办事大厅该机构页面公示。"
      form={form}
      fields={{ result: '检查结果', findings: '检查情况' }}
      submitLabel="保存"
      onSubmit={async (values) => {
        const answer = await save.mutateAsync(values);
        onDone({ tone: 'success', text: answer.message });
      }}
    >
      <TextField form={form} name="result" label="检查结果" options={resultOptions} />
      <TextField form={form} name="findings" label="检查情况" multiline hint="不超过 2000 个字" />
    </FormDialog>
  );
}

function targetColumns(onDone: (outcome: ActionOutcome) => void): Column<InspectionTarget>[] {
  return [
    { key: 'drawOrder', header: '抽取顺序', nowrap: true, cell: (row) => String(row.drawOrder + 1) },
    { key: 'orgName', header: '检查对象', cell: (row) => `${row.organizationId} ${row.orgName}`, wide: true },
    {
      key: 'inspectors',
      header: '检查人员',
      cell: (row) => row.inspectors.map((p) => `${p.userId} ${p.username}`).join('、'),
    },
    {
      key: 'result',
      header: '检查结果',
      nowrap: true,
      cell: (row) =>
        row.result ? <StatusBadge table={inspectionResultTable} value={row.result} /> : '未录入',
    },
    { key: 'findings', header: '检查情况', cell: (row) => row.findings ?? '—', wide: true },
    {
      key: 'recorded',
      header: '录入',
      cell: (row) => (row.recordedAt ? `${row.recordedByName ?? ''} ${formatDateTime(row.recordedAt)}` : '—'),
    },
    {
      key: 'action',
      header: '操作',
      nowrap: true,
      cell: (row) => (row.mayRecord ? <RecordResultDialog target={row} onDone={onDone} /> : null),
    },
  ];
}

function RoundView({ detail }: { detail: InspectionDetail }) {
  const api = useApi();
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const draw = useCallMutation(inspectionCalls.draw, refreshed);
  const publish = useCallMutation(inspectionCalls.publish, refreshed);
  const { record, targets } = detail;
  const id = record.id;
  const missing = targets.filter((row) => row.result === null).length;
  return (
    <>
      <PageHeader
        title={record.name}
        description={<StatusBadge table={inspectionStateTable} value={record.state} />}
        actions={
          <>
            {detail.mayDraw ? (
              <ConfirmAction
                label="抽取"
                variant="primary"
                size="md"
                title="抽取检查对象和检查人员"
                question={`将公开随机数，并按公示规则从 ${record.candidates.length} 家候选机构中抽取 ${record.inspecteeCount} 家及其检查人员。每个轮次只能抽取一次，确定抽取吗？`}
                action={() => draw.mutateAsync({ id })}
                onDone={setFeedback}
              />
            ) : null}
            {detail.mayPublish ? (
              <ConfirmAction
                label="公开检查结果"
                variant="primary"
                size="md"
                title="公开检查结果"
                question="公开后检查结果在办事大厅各机构页面公示，计入机构信用分，且不能再修改。确定公开吗？"
                action={() => publish.mutateAsync({ id })}
                onDone={setFeedback}
              />
            ) : null}
            {record.drawnAt ? (
              <a
                className={buttonClass({ variant: 'secondary' })}
                href={callUrl(api, inspectionCalls.exportExcel, { id })}
                download
              >
                导出检查结果
              </a>
            ) : null}
            <Link to={LIST}>返回检查轮次列表</Link>
          </>
        }
      />
      {feedback ? (
        <Notice tone={feedback.tone === 'danger' ? 'danger' : 'info'} role="status">
          {feedback.text}
        </Notice>
      ) : null}
      <DrawRecordSection record={record} />
      <Card className="inspection-card" aria-labelledby="inspection-targets-title">
        <h2 id="inspection-targets-title" className="kit-detail__title">
          检查对象及结果
        </h2>
        {record.drawnAt === null ? (
          <p className="inspection-muted">尚未抽取：抽取后在这里列出抽中的机构、检查人员和检查结果。</p>
        ) : (
          <>
            {record.state === 'drawn' ? (
              <p className="inspection-muted">
                {missing > 0
                  ? `还有 ${missing} 家未录入检查结果；全部录入后由开启人公开。`
                  : '检查结果已全部录入，等待开启人公开。'}
              </p>
            ) : null}
            <DataTable
              caption="检查对象及结果"
              columns={targetColumns(setFeedback)}
              rows={targets}
              rowKey={(row) => row.targetId}
            />
          </>
        )}
      </Card>
      <Card className="inspection-card" aria-labelledby="inspection-trail-title">
        <h2 id="inspection-trail-title" className="kit-detail__title">
          操作记录
        </h2>
        <ol className="inspection-trail">
          {detail.trail.map((line) => (
            <li key={line.pkid}>
              <span className="inspection-muted">{formatDateTime(line.at)}</span> {line.actorName}：
              <strong>{line.action}</strong>
              {line.opinion ? <span className="inspection-opinion">{line.opinion}</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

export function RoundPage() {
  const round = useRecordFromUrl(inspectionCalls.detail, 'id', (id) => ({ id }));
  return (
    <RecordPage
      record={round}
      title="检查轮次"
      missing="请从检查轮次列表中选择"
      back={{ to: LIST, label: '返回检查轮次列表' }}
    >
      {(detail) => <RoundView detail={detail} />}
    </RecordPage>
  );
}
