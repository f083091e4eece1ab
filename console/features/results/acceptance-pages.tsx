/**
 * Acceptance by the acceptance auditors (docs/results.md): the queue on /workflow/ToDoList (search,
 * 我的待办, order, holder, 领取), /workflow/resDetails the acceptance page of one project (each item with
 * its files: 采纳, or 退回 with an opinion picked from the templates or typed; then 提交验收结论; 转办
 * with a reason), /workflow/DoneList the projects the auditor decided.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auditOpinionCalls } from '@shared/calls/audit-opinions';
import { acceptanceCalls, resultCalls, type ResultItem, type ResultProject } from '@shared/calls/results';
import { roles } from '@shared/domain/roles';
import { resultAcceptance } from '@shared/domain/statuses';
import { toAppError } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Field } from '@shared/ui/form';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { resultMessages } from '@shared/validation/results';
import { documentExtensions } from '@shared/validation/upload';
import { callKey, useCall, useCallMutation } from '@console/kit/query';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { uploadWithProgress } from '@console/kit/upload';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { transferFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { useApi } from '@console/lib/api';
import { useHasRole, useUserId } from '@console/lib/current-user';
import { ACCEPT_PAGE, ProjectHead, projectColumns, ResultItemCard } from './result-items';
import { ResultTodoList } from './submission-pages';
import { AcceptanceCounts, ProjectActivityCard } from './workflow-blocks';
import './results.css';

const acceptLink = (row: { projectId: number }) => `${ACCEPT_PAGE}?id=${row.projectId}`;

function AcceptanceQueue() {
  return (
    <ReviewQueuePage
      title="待办事项"
      caption="待验收的项目"
      description="测绘中介机构提交验收的项目，按提交时间先后排列；领取后由您办理，点击项目名称逐项审核成果。"
      call={acceptanceCalls.queryBySelf}
      keywordLabel="项目名称或编号"
      columns={projectColumns(acceptLink).filter((column) => column.key !== 'acceptance')}
      rowKey={(row) => row.projectId}
      subjectType="result"
      subjectIdOf={(row) => row.projectId}
      labelOf={(row) => row.projectName}
      noun="项目"
      waiting="待验收"
      intro={<AcceptanceCounts />}
    />
  );
}

/** /workflow/ToDoList: the auditor's acceptance queue; the agency's and staff's results to-do. */
export function ToDoListPage() {
  const isAuditor = useHasRole(roles.auditor.id, roles.admin.id);
  const isAgency = useHasRole(roles.agency.id, roles.staff.id);
  if (!isAuditor && !isAgency)
    return (
      <>
        <PageHeader title="待办事项" />
        <Notice>
          您的待办在<Link to="/workbench/home">工作台</Link>中。
        </Notice>
      </>
    );
  return (
    <>
      {isAuditor ? <AcceptanceQueue /> : null}
      {isAgency ? <ResultTodoList /> : null}
    </>
  );
}

const doneColumns: Column<{ decidedAt: string; decisionLabel: string; projectId: number }>[] = [
  { key: 'decisionLabel', header: '办理', cell: (row) => row.decisionLabel, nowrap: true },
  { key: 'decidedAt', header: '办理时间', cell: (row) => formatDateTime(row.decidedAt), nowrap: true },
];

/** /workflow/DoneList: the projects whose acceptance the auditor last decided or transferred. */
export function DoneListPage() {
  const isAuditor = useHasRole(roles.auditor.id, roles.admin.id);
  if (!isAuditor)
    return (
      <ListPage
        title="已办事项"
        caption="本机构的测绘成果项目"
        call={resultCalls.queryBySelf}
        filters={[{ name: 'keyword', label: '项目名称或编号' }]}
        columns={projectColumns((row) => `/workflow/caseadd?projectId=${row.projectId}`)}
        rowKey={(row) => row.projectId}
        emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无项目')}
      />
    );
  return (
    <ListPage
      title="已办事项"
      caption="已验收办理的项目"
      description="您最近一次采纳、退回或转办过的成果验收，最新的在前。"
      call={acceptanceCalls.queryDoneBySelf}
      columns={[...projectColumns(acceptLink), ...doneColumns]}
      rowKey={(row) => row.projectId}
      emptyText={() => '暂无已办的成果验收'}
    />
  );
}

const lists = [
  acceptanceCalls.queryProjectByPkid,
  acceptanceCalls.queryBySelf,
  acceptanceCalls.queryDoneBySelf,
];

/** The deciding auditor's evidence for an item (photos, PDF): uploaded through acceptApproveMedia/save. */
function MediaUpload({ item, onDone }: { item: ResultItem; onDone: (outcome: ActionOutcome) => void }) {
  const api = useApi();
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const id = `media-${item.resultId}`;
  const upload = async () => {
    if (!file) return onDone({ tone: 'danger', text: '请选择要上传的审核附件' });
    setBusy(true);
    try {
      await uploadWithProgress(
        api,
        acceptanceCalls.saveMedia,
        { resultId: item.resultId, file },
        documentExtensions,
      );
      onDone({ tone: 'success', text: `${item.name}：${resultMessages.mediaSaved}` });
      setFile(null);
      setInputKey((key) => key + 1);
      await queries.invalidateQueries({ queryKey: callKey(acceptanceCalls.queryProjectByPkid) });
    } catch (error) {
      onDone({ tone: 'danger', text: toAppError(error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="results-decision__media">
      <label htmlFor={id}>{`${item.name}的审核附件`}</label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={documentExtensions.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void upload()}>
        上传附件
      </Button>
    </div>
  );
}

function ItemDecision({
  item,
  version,
  onDone,
}: {
  item: ResultItem;
  version: number;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [opinion, setOpinion] = useState(item.opinion ?? '');
  const [error, setError] = useState<string | undefined>();
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 });
  const adopt = useCallMutation(acceptanceCalls.adopt, { invalidates: lists });
  const reject = useCallMutation(acceptanceCalls.reject, { invalidates: lists });
  const id = `opinion-${item.resultId}`;
  const busy = adopt.isPending || reject.isPending;
  const done = (promise: Promise<{ message: string }>) =>
    void promise.then(
      (answer) => onDone({ tone: 'success', text: `${item.name}：${answer.message}` }),
      (failure: Error) => onDone({ tone: 'danger', text: failure.message }),
    );
  return (
    <div className="results-decision">
      <Field id={id} label={`${item.name}的退回意见`} error={error}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            value={opinion}
            onChange={(event) => setOpinion(event.target.value)}
          />
        )}
      </Field>
      {(templates.data?.rows.length ?? 0) > 0 ? (
        <select
          aria-label={`${item.name}的意见模板`}
          value=""
          onChange={(event) => setOpinion(event.target.value)}
        >
          <option value="">选用审核意见模板</option>
          {templates.data?.rows.map((row) => (
            <option key={row.pkid} value={row.content}>
              {row.content}
            </option>
          ))}
        </select>
      ) : null}
      <MediaUpload item={item} onDone={onDone} />
      <div className="results-decision__actions">
        <Button
          size="sm"
          disabled={busy}
          aria-label={`采纳 ${item.name}`}
          onClick={() => {
            setError(undefined);
            done(adopt.mutateAsync({ resultId: item.resultId, version }));
          }}
        >
          采纳
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          aria-label={`退回 ${item.name}`}
          onClick={() => {
            if (!opinion.trim()) {
              setError('请填写退回意见');
              return;
            }
            setError(undefined);
            done(reject.mutateAsync({ resultId: item.resultId, opinion, version }));
          }}
        >
          退回
        </Button>
      </div>
    </div>
  );
}

function AcceptanceView({ data }: { data: ResultProject }) {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // The certificate the verdict issued (acceptance and issue are one transaction), to follow to it.
  const [certificateNo, setCertificateNo] = useState<string | null>(null);
  const verdict = useCallMutation(acceptanceCalls.submit, { invalidates: lists });
  const transfer = useCallMutation(acceptanceCalls.transferTask, { invalidates: lists });
  const deciding = data.review?.allowed.includes('approve') ?? false;
  const isAuditor = useHasRole(roles.auditor.id, roles.admin.id);
  const version = data.review?.version ?? 0;
  const since = data.records.findLast((record) => record.decision === 1)?.auditedAt ?? null;
  const decidable = (item: ResultItem) =>
    item.status === resultAcceptance.code.submitted ||
    (item.status !== resultAcceptance.code.notSubmitted &&
      item.decidedAt !== null &&
      since !== null &&
      item.decidedAt >= since);
  const undecided = data.items.filter((item) => item.status === resultAcceptance.code.submitted).length;
  const me = useUserId();
  const removeMedia = useCallMutation(resultCalls.deleteMedia, { invalidates: lists });
  // The uploader removes their evidence while the acceptance is pending (the server checks both).
  const mediaAction = (item: ResultItem) =>
    data.acceptance === 1
      ? (file: ResultItem['files'][number]) =>
          file.createdById === me ? (
            <ConfirmAction
              label="删除"
              variant="danger"
              title="删除审核附件"
              question={`确定删除审核附件“${file.fileName}”吗？`}
              action={() => removeMedia.mutateAsync({ resultId: item.resultId, fileId: file.fileId })}
              onDone={setOutcome}
            />
          ) : null
      : undefined;
  return (
    <>
      <PageHeader
        title={`${data.projectName} · 成果详情`}
        description={`项目编号 ${data.projectNo}`}
        actions={
          isAuditor ? (
            <Link to="/workflow/ToDoList">返回待办事项</Link>
          ) : (
            <Link to="/workflow/progressQuery">返回进度查询</Link>
          )
        }
      />
      {outcome ? (
        <Notice tone={outcome.tone === 'danger' ? 'danger' : 'info'}>
          {outcome.text}
          {certificateNo && outcome.tone !== 'danger' ? (
            <>
              {' '}
              <Link to={`/workflow/CertificateList?certificateNo=${encodeURIComponent(certificateNo)}`}>
                在证书列表中查看
              </Link>
            </>
          ) : null}
        </Notice>
      ) : null}
      <ProjectHead data={data} />
      <h2 className="results-subtitle">成果</h2>
      {data.items.map((item) => (
        <ResultItemCard key={item.resultId} item={item} mediaAction={mediaAction(item)}>
          {deciding && decidable(item) ? (
            <ItemDecision item={item} version={version} onDone={setOutcome} />
          ) : null}
        </ResultItemCard>
      ))}
      {deciding ? (
        <Card>
          <p>
            {undecided > 0
              ? `还有 ${undecided} 项成果未采纳或退回。`
              : '每项成果都已审核：全部采纳则项目验收通过，有退回的成果则退回测绘中介机构修改。'}
          </p>
          <Button
            disabled={undecided > 0 || verdict.isPending}
            onClick={() =>
              void verdict.mutateAsync({ pkid: data.projectId, version }).then(
                (answer) => {
                  setCertificateNo(answer.data.certificateNo);
                  setOutcome({ tone: 'success', text: answer.message });
                },
                (error: Error) => setOutcome({ tone: 'danger', text: error.message }),
              )
            }
          >
            提交验收结论
          </Button>
        </Card>
      ) : null}
      <ReviewDecision
        review={data.review}
        offers={['transfer']}
        onDecide={async (decision) =>
          setOutcome({
            tone: 'success',
            text: (await transfer.mutateAsync({ pkid: data.projectId, ...transferFields(decision) })).message,
          })
        }
      />
      <Card>
        <AuditTimeline records={data.records} title="验收记录" />
      </Card>
      <ProjectActivityCard projectId={data.projectId} />
    </>
  );
}

export function ResDetailsPage() {
  const record = useRecordFromUrl(acceptanceCalls.queryProjectByPkid, 'id', (pkid) => ({ pkid }));
  return (
    <RecordPage record={record} title="成果详情" missing="请从待办事项或进度查询中选择项目。">
      {(data) => <AcceptanceView data={data} />}
    </RecordPage>
  );
}
