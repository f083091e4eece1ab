/**
 * The agency's side of results (docs/results.md): /checkaddaccreditation/resultsSubmission lists its
 * projects with results, /workflow/ToDoList (agency and staff) those waiting for it, /workflow/caseadd
 * is one project: each catalogue entry with its files (uploaded through the archive's chunked upload,
 * folder `result:<id>`), description and the last return's opinion, and 提交验收.
 * /workflow/progressQuery lets the owner (and the agency) follow the progress.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { resultCalls, type ResultItem, type ResultProject } from '@shared/calls/results';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Field } from '@shared/ui/form';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { callKey, useCall, useCallMutation } from '@console/kit/query';
import { ChunkedUpload } from '@console/kit/chunked-upload';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { ACCEPT_PAGE, ProjectHead, projectColumns, ResultItemCard, SUBMIT_PAGE } from './result-items';
import './results.css';

const submitLink = (row: { projectId: number }) => `${SUBMIT_PAGE}?projectId=${row.projectId}`;

export function ResultsSubmissionPage() {
  return (
    <ListPage
      title="成果提交"
      caption="本机构受托项目的测绘成果"
      description="合同已备案的受托项目：按成果目录逐项上传测绘成果，全部必交成果上传后提交验收；点击项目名称办理。"
      call={resultCalls.queryBySelf}
      filters={[{ name: 'keyword', label: '项目名称或编号' }]}
      columns={projectColumns(submitLink)}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无需要提交成果的项目')}
    />
  );
}

/** The agency's and staff's to-do of results (part of /workflow/ToDoList). */
export function ResultTodoList() {
  return (
    <ListPage
      title="待办事项"
      caption="待上传、提交或修改成果的项目"
      description="合同已备案或测绘中、尚未提交验收的项目，以及有成果被退回的项目。"
      call={resultCalls.todo}
      filters={[{ name: 'keyword', label: '项目名称或编号' }]}
      columns={projectColumns(submitLink)}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无待办的成果')}
    />
  );
}

/** The owner's (and agency's) progress of results: /workflow/progressQuery. */
export function ProgressQueryPage() {
  return (
    <ListPage
      title="进度查询"
      caption="项目测绘成果进度"
      description="合同已备案之后的项目：测绘成果的上传、提交和验收进度；点击项目名称查看每项成果和验收记录。"
      call={resultCalls.queryBySelf}
      filters={[{ name: 'keyword', label: '项目名称或编号' }]}
      // 成果详情 opens for every role (the owner reads; only the auditor deciding it sees the actions).
      columns={projectColumns((row) => `${ACCEPT_PAGE}?id=${row.projectId}`)}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无合同已备案的项目')}
    />
  );
}

const lists = [resultCalls.query, resultCalls.queryBySelf, resultCalls.todo, resultCalls.uploadProcess];

function Description({ item }: { item: ResultItem }) {
  const [text, setText] = useState(item.description ?? '');
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const save = useCallMutation(resultCalls.update, { invalidates: lists });
  const id = `description-${item.resultId}`;
  return (
    <div className="results-item__describe">
      <Field id={id} label="成果说明" error={outcome?.tone === 'danger' ? outcome.text : undefined}>
        {(control) => (
          <textarea
            {...control}
            value={text}
            maxLength={500}
            rows={2}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <Button
        size="sm"
        variant="secondary"
        disabled={save.isPending}
        aria-label={`保存说明 ${item.name}`}
        onClick={() =>
          void save.mutateAsync({ resultId: item.resultId, description: text }).then(
            (answer) => setOutcome({ tone: 'success', text: answer.message }),
            (error: Error) => setOutcome({ tone: 'danger', text: error.message }),
          )
        }
      >
        保存说明
      </Button>
      {outcome?.tone === 'success' ? <span role="status">{outcome.text}</span> : null}
    </div>
  );
}

function EditableItem({ item, onDone }: { item: ResultItem; onDone: (outcome: ActionOutcome) => void }) {
  const client = useQueryClient();
  const removeFile = useCallMutation(resultCalls.deleteMedia, { invalidates: lists });
  const changeable = item.status === 0 || item.status === 3;
  const refresh = () => {
    for (const call of lists) void client.invalidateQueries({ queryKey: callKey(call) });
  };
  return (
    <ResultItemCard
      item={item}
      {...(changeable
        ? {
            fileAction: (file: ResultItem['files'][number]) => (
              <ConfirmAction
                label="删除"
                variant="danger"
                title="删除文件"
                question={`确定删除“${file.fileName}”吗？`}
                action={() => removeFile.mutateAsync({ resultId: item.resultId, fileId: file.fileId })}
                onDone={onDone}
              />
            ),
          }
        : {})}
    >
      {changeable ? (
        <>
          <ChunkedUpload
            dirid={`result:${item.resultId}`}
            accept={item.formats}
            describe={`${item.itemName}：${item.name}`}
            label={`选择${item.name}文件`}
            onUploaded={(file) => {
              refresh();
              onDone({ tone: 'success', text: `已上传：${file.name}` });
            }}
          />
          <Description item={item} />
        </>
      ) : null}
    </ResultItemCard>
  );
}

function SubmissionView({ data }: { data: ResultProject }) {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const submit = useCallMutation(resultCalls.save, { invalidates: lists });
  const missing = data.items.filter((item) => item.required && item.files.every((file) => file.byAuditor));
  return (
    <>
      <PageHeader
        title={`${data.projectName} · 测绘成果`}
        description={`项目编号 ${data.projectNo}`}
        actions={<Link to="/checkaddaccreditation/resultsSubmission">返回成果提交</Link>}
      />
      {outcome ? <Notice tone={outcome.tone === 'danger' ? 'danger' : 'info'}>{outcome.text}</Notice> : null}
      {data.acceptance === 3 && data.canEdit ? (
        <Notice tone="danger">有成果被退回：请按退回意见修改后重新提交验收。</Notice>
      ) : null}
      {!data.canEdit && data.status >= projectStatus.code.resultSubmitted && data.acceptance !== 3 ? (
        <Notice>
          {data.acceptance === 2 ? '测绘成果已验收。' : '测绘成果正在验收中，验收结束前不能修改。'}
        </Notice>
      ) : null}
      <ProjectHead data={data} />
      <h2 className="results-subtitle">成果目录</h2>
      {data.items.map((item) =>
        data.canEdit ? (
          <EditableItem key={item.resultId} item={item} onDone={setOutcome} />
        ) : (
          <ResultItemCard key={item.resultId} item={item} />
        ),
      )}
      {data.canEdit ? (
        <Card>
          {missing.length > 0 ? (
            <p>尚未上传的必交成果：{missing.map((item) => item.name).join('、')}</p>
          ) : null}
          <Button
            disabled={!data.canSubmit || submit.isPending}
            onClick={() =>
              void submit.mutateAsync({ projectId: data.projectId }).then(
                (answer) => setOutcome({ tone: 'success', text: answer.message }),
                (error: Error) => setOutcome({ tone: 'danger', text: error.message }),
              )
            }
          >
            提交验收
          </Button>
        </Card>
      ) : null}
      <ProjectLog projectId={data.projectId} projectNo={data.projectNo} />
      {data.records.length > 0 ? (
        <Card>
          <AuditTimeline records={data.records} title="验收记录" />
        </Card>
      ) : null}
    </>
  );
}

export function ProjectLog({ projectId, projectNo }: { projectId: number; projectNo: string }) {
  const progress = useCall(resultCalls.uploadProcess, { projectId, projectNo });
  if (!progress.data) return null;
  return (
    <Card>
      <h2 className="results-subtitle">办理进度（必交成果已采纳 {progress.data.percent}%）</h2>
      <ol className="results-log">
        {[...progress.data.logs].reverse().map((log) => (
          <li key={log.pkid}>
            <time>{formatDateTime(log.createdAt)}</time> {log.content}
            {log.actorName ? `（${log.actorName}）` : ''}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function CaseAddPage() {
  const record = useRecordFromUrl(resultCalls.query, 'projectId', (projectId) => ({ projectId }));
  return (
    <RecordPage
      record={record}
      title="测绘成果"
      missing="请从成果提交或待办事项中选择项目。"
      back={{ to: '/checkaddaccreditation/resultsSubmission', label: '返回成果提交' }}
    >
      {(data) => <SubmissionView data={data} />}
    </RecordPage>
  );
}
