/**
 * Offline projects (ours, issue 13; docs/offline-projects.md): /workflow/offlineProjectList lists an
 * agency's own offline projects (新增, 修改, 删除) or, for the reviewers, their queue of pending ones
 * (search, 我的待办, order, holder, 领取: projectOffline/toDoList) above every one; /workflow/offlineProject is one project: with no id the agency's form to record one,
 * with ?id= its documents and review trail, the agency's form to fix and resubmit a rejected one, and
 * the reviewer's decision panel.
 */
import { useHasRole } from '@console/lib/current-user';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { hallCalls } from '@shared/calls/hall';
import { offlineCalls, type OfflineDetail, type OfflineRow } from '@shared/calls/offline';
import { roles } from '@shared/domain/roles';
import { stages } from '@shared/domain/stages';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { offlineFieldsSchema } from '@shared/validation/offline';
import { documentExtensions } from '@shared/validation/upload';
import { Attachments, DetailSection } from '@console/kit/detail';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FileField, KeptFiles } from '@console/kit/file-field';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { SurveyItemPicker, surveyItemLabels } from '@console/components/survey-items/survey-item-picker';
import { verdictFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { useApi } from '@console/lib/api';
import './offline.css';

const LIST = '/workflow/offlineProjectList';
const ONE = '/workflow/offlineProject';

const columns: readonly Column<OfflineRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${ONE}?id=${row.pkid}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '', nowrap: true },
  { key: 'items', header: '测绘事项', cell: (row) => `${row.stageName}：${row.itemNames.join('、')}` },
  { key: 'orgName', header: '测绘机构', cell: (row) => row.orgName },
  { key: 'surveyedOn', header: '完成日期', cell: (row) => row.surveyedOn, nowrap: true },
  {
    key: 'auditStatus',
    header: '审核状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  },
  { key: 'updatedAt', header: '更新时间', cell: (row) => formatDateTime(row.updatedAt), nowrap: true },
];

/** The reviewers' queue: the offline projects to review (search, 我的待办, order, holder, 领取). */
function OfflineTodoList() {
  return (
    <ReviewQueuePage
      // The page's heading is its menu label; the whole list below is 全部线下项目.
      title="线下项目"
      caption="待审核的线下项目"
      description="待您审核的线下项目，按提交时间先后排列；领取后由您办理，点击项目名称审核。"
      urlPrefix="todo"
      call={offlineCalls.todo}
      keywordLabel="项目名称或编号"
      // Every queue row is pending: the status and update time give way to the holder and deadline.
      columns={columns.filter((column) => column.key !== 'auditStatus' && column.key !== 'updatedAt')}
      rowKey={(row) => row.pkid}
      subjectType="project_offline"
      subjectIdOf={(row) => row.pkid}
      labelOf={(row) => row.projectName}
      alsoRefreshes={[offlineCalls.query]}
      noun="线下项目"
    />
  );
}

export function OfflineListPage() {
  const isAuditor = useHasRole(roles.auditor.id);
  return (
    <>
      {isAuditor ? <OfflineTodoList /> : null}
      <OfflineList queued={isAuditor} />
    </>
  );
}

function OfflineList({ queued }: { queued: boolean }) {
  const isAgency = useHasRole(roles.agency.id);
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const remove = useCallMutation(offlineCalls.remove, { invalidates: [offlineCalls.query] });
  return (
    <ListPage
      title={queued ? '全部线下项目' : '线下项目'}
      caption="线下项目列表"
      description={
        isAgency
          ? '本机构在系统外承接并已完成测绘的项目，登记后由线下成果审核人员审核，审核通过的计入项目统计。'
          : '测绘中介机构登记的全部线下项目；待您审核的项目在上方“待审核的线下项目”中领取和审核。'
      }
      actions={
        isAgency ? (
          <Link className="offline-action-link" to={ONE}>
            登记线下项目
          </Link>
        ) : null
      }
      call={offlineCalls.query}
      filters={[
        { name: 'projectName', label: '项目名称' },
        statusFilter('auditStatus', '审核状态', auditStatus),
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.projectName}
      feedback={feedback}
      rowActions={(row) => (
        <>
          <Link to={`${ONE}?id=${row.pkid}`}>
            {isAgency
              ? row.auditStatus === auditStatus.code.rejected
                ? '修改'
                : '详情'
              : row.auditStatus === auditStatus.code.pending
                ? '审核'
                : '详情'}
          </Link>
          {isAgency &&
          (row.auditStatus === auditStatus.code.draft || row.auditStatus === auditStatus.code.rejected) ? (
            <>
              {' '}
              <ConfirmAction
                label="删除"
                ariaLabel={`删除 ${row.projectName}`}
                variant="danger"
                title="删除线下项目"
                question={`确定删除“${row.projectName}”吗？删除后不能恢复。`}
                action={() => remove.mutateAsync({ pkids: [row.pkid] })}
                onDone={setFeedback}
              />
            </>
          ) : null}
        </>
      )}
      emptyText={(filtered) =>
        filtered
          ? '没有符合条件的线下项目'
          : isAgency
            ? '本机构还没有登记线下项目，请点击“登记线下项目”'
            : '暂无线下项目'
      }
    />
  );
}

const labels = {
  projectName: '项目名称',
  projectNo: '项目编号',
  constructionName: '建设单位',
  districtCode: '所在区县',
  address: '项目地址',
  ...surveyItemLabels,
  surveyedOn: '测绘完成日期',
  remark: '备注',
} as const;

function OfflineForm({
  current,
  onSaved,
}: {
  current?: OfflineDetail;
  onSaved: (pkid: number, message: string) => void;
}) {
  const districts = useCall(hallCalls.districts, {});
  const add = useCallMutation(offlineCalls.add, { invalidates: [offlineCalls.query, offlineCalls.get] });
  const update = useCallMutation(offlineCalls.update, {
    invalidates: [offlineCalls.query, offlineCalls.get],
  });
  const [report, setReport] = useState<File | null>(null);
  const [other, setOther] = useState<File | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useContractForm(offlineFieldsSchema, {
    projectName: current?.projectName ?? '',
    projectNo: current?.projectNo ?? '',
    constructionName: current?.constructionName ?? '',
    districtCode: current?.districtCode ?? '',
    address: current?.address ?? '',
    stageId: current?.stageId ?? '',
    itemIds: current?.itemIds.map(String) ?? [],
    surveyedOn: current?.surveyedOn ?? '',
    remark: current?.remark ?? '',
  });
  const kept = (current?.files ?? []).filter((f) => !removed.includes(f.fileId));
  return (
    <Card>
      <KitForm
        form={form}
        fields={labels}
        submitLabel={current ? '保存并重新提交审核' : '登记并提交审核'}
        successMessage={null}
        onSubmit={async (values) => {
          const fields = { ...values, itemIds: values.itemIds.join(','), ...(other ? { other } : {}) };
          // A new project needs its report; one being fixed keeps its files unless every one is removed.
          const saving = current
            ? report || kept.length > 0
              ? update.mutateAsync({
                  ...fields,
                  ...(report ? { report } : {}),
                  pkid: current.pkid,
                  ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}),
                })
              : null
            : report
              ? add.mutateAsync({ ...fields, report })
              : null;
          setFileError(saving ? undefined : '请上传测绘成果报告等项目文件');
          if (!saving) return;
          const result = await saving;
          onSaved(result.data.pkid, result.message);
        }}
      >
        <div className="offline-form__grid">
          <TextField form={form} name="projectName" label={labels.projectName} />
          <TextField
            form={form}
            name="projectNo"
            label={labels.projectNo}
            hint="项目代码或合同编号，可不填"
          />
          <TextField form={form} name="constructionName" label={labels.constructionName} />
          <TextField
            form={form}
            name="districtCode"
            label={labels.districtCode}
            options={(districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName }))}
          />
          <TextField form={form} name="address" label={labels.address} />
          <TextField form={form} name="surveyedOn" label={labels.surveyedOn} type="date" />
          <SurveyItemPicker form={form} stages={stages} />
        </div>
        <TextField form={form} name="remark" label={labels.remark} multiline />
        <div className="offline-files">
          <FileField
            id="offline-report"
            label={current ? '测绘成果报告（重新上传时选择）' : '测绘成果报告（必须）'}
            allowed={documentExtensions}
            onFile={setReport}
            error={fileError}
          />
          <FileField
            id="offline-other"
            label="其他材料（图件、合同等）"
            allowed={documentExtensions}
            onFile={setOther}
          />
          <KeptFiles files={kept} onRemove={(fileId) => setRemoved((before) => [...before, fileId])} />
        </div>
      </KitForm>
    </Card>
  );
}

function OfflineDetailView({ pkid }: { pkid: number }) {
  const api = useApi();
  const detail = useRecord(offlineCalls.get, { pkid });
  const [outcome, setOutcome] = useState<string | null>(null);
  const decide = useCallMutation(offlineCalls.updateStatus, {
    invalidates: [offlineCalls.get, offlineCalls.query, offlineCalls.todo],
  });
  const href = (file: { fileId: string }) => callUrl(api, offlineCalls.file, { pkid, fileId: file.fileId });
  return (
    <RecordPage record={detail} title="线下项目">
      {(data) => (
        <>
          <PageHeader
            title={`${data.projectName} · 线下项目`}
            description={<StatusBadge table={auditStatus} value={data.auditStatus} />}
            actions={<Link to={LIST}>返回列表</Link>}
          />
          {outcome ? <Notice>{outcome}</Notice> : null}
          {data.auditStatus === auditStatus.code.rejected && data.canEdit ? (
            <Notice tone="danger">
              审核不通过：{[...data.records].reverse().find((r) => r.decision === 3)?.opinion ?? ''}
              。请修改后重新提交。
            </Notice>
          ) : null}
          <DetailSection
            title="项目信息"
            items={[
              { label: '项目名称', value: data.projectName },
              { label: '项目编号', value: data.projectNo ?? '' },
              { label: '建设单位', value: data.constructionName },
              { label: '所在区县', value: data.districtName ?? '' },
              { label: '项目地址', value: data.address ?? '' },
              { label: '审批阶段', value: data.stageName },
              { label: '测绘事项', value: data.itemNames.join('、') },
              { label: '测绘机构', value: data.orgName },
              { label: '测绘完成日期', value: data.surveyedOn },
              { label: '登记时间', value: formatDateTime(data.createdAt) },
              { label: '备注', value: data.remark ?? '', wide: true },
            ]}
          >
            <Attachments files={data.files} href={href} title="项目文件" />
          </DetailSection>
          {data.canEdit ? (
            <>
              <h2 className="offline-subtitle">修改并重新提交</h2>
              <OfflineForm current={data} onSaved={(_, message) => setOutcome(message)} />
            </>
          ) : null}
          <Card>
            <AuditTimeline records={data.records} title="审核记录" />
          </Card>
          <ReviewDecision
            review={data.review}
            offers={['approve', 'reject']}
            onDecide={async (decision) =>
              setOutcome((await decide.mutateAsync({ pkid, ...verdictFields(decision) })).message)
            }
          />
        </>
      )}
    </RecordPage>
  );
}

export function OfflineProjectPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id'));
  const isAgency = useHasRole(roles.agency.id);
  if (Number.isInteger(id) && id > 0) return <OfflineDetailView key={id} pkid={id} />;
  if (!isAgency)
    return (
      <>
        <PageHeader title="线下项目" />
        <Notice>
          请从<Link to={LIST}>线下项目列表</Link>中选择项目。
        </Notice>
      </>
    );
  return (
    <>
      <PageHeader
        title="登记线下项目"
        description="登记本机构在系统外承接并已完成测绘的项目，上传测绘成果报告等文件，提交后由线下成果审核人员审核。"
        actions={<Link to={LIST}>返回列表</Link>}
      />
      <OfflineForm onSaved={(pkid) => void navigate(`${ONE}?id=${pkid}`)} />
    </>
  );
}
