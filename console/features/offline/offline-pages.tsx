/**
 * Offline projects (ours, issue 13; docs/offline-projects.md): /workflow/offlineProjectList lists an
 * agency's own offline projects (新增, 修改, 删除) or, for the reviewers, every one with the pending ones
 * first to pick; /workflow/offlineProject is one project: with no id the agency's form to record one,
 * with ?id= its documents and review trail, the agency's form to fix and resubmit a rejected one, and
 * the reviewer's decision panel.
 */
import { useState } from 'react';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import { hallCalls } from '@shared/contracts/hall';
import { offlineCalls, type OfflineDetail, type OfflineRow } from '@shared/contracts/offline';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { roles } from '@shared/domain/roles';
import { stages } from '@shared/domain/stages';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { offlineFieldsSchema } from '@shared/validation/offline';
import { documentExtensions } from '@shared/validation/upload';
import {
  Attachments,
  ConfirmAction,
  DetailSection,
  FileField,
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type ActionOutcome,
  type Column,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { DecisionPanel, type Decision, verdictFields } from '@console/components/review/decision-panel';
import { useApi } from '@console/lib/api';
import './offline.css';

/** Whether the signed-in user holds one of the roles (the administrator always does). */
function useHasRole(...wanted: string[]): boolean {
  const shell = useRouteLoaderData<{ user?: { roleid?: string | null } } | undefined>('console');
  const held = (shell?.user?.roleid ?? '').split(',').map((id) => id.trim());
  return held.some((id) => id === roles.admin.id || wanted.includes(id));
}

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

export function OfflineListPage() {
  const isAgency = useHasRole(roles.agency.id);
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const remove = useCallMutation(offlineCalls.remove, { invalidates: [offlineCalls.query] });
  return (
    <ListPage
      title="线下项目"
      caption="线下项目列表"
      description={
        isAgency
          ? '本机构在系统外承接并已完成测绘的项目，登记后由线下成果审核人员审核，审核通过的计入项目统计。'
          : '测绘中介机构登记的线下项目；选择“待审核”查看待您审核的项目，点击项目名称审核。'
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
        {
          name: 'auditStatus',
          label: '审核状态',
          type: 'select',
          options: auditStatus.entries.map((e) => ({ value: e.value, label: e.label })),
        },
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
  stageId: '审批阶段',
  itemIds: '测绘事项',
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
    stageId: (current?.stageId ?? '') as never,
    itemIds: (current?.itemIds.map(String) ?? []) as never,
    surveyedOn: current?.surveyedOn ?? '',
    remark: current?.remark ?? '',
  });
  const stageId = Number(form.watch('stageId'));
  const stage = stages.find((s) => s.id === stageId);
  const kept = (current?.files ?? []).filter((f) => !removed.includes(f.fileId));
  return (
    <Card>
      <KitForm
        form={form}
        fields={labels}
        submitLabel={current ? '保存并重新提交审核' : '登记并提交审核'}
        successMessage={null}
        onSubmit={async (values) => {
          if (!report && kept.length === 0) {
            setFileError('请上传测绘成果报告等项目文件');
            return;
          }
          setFileError(undefined);
          const fields = { ...values, itemIds: (values.itemIds as number[]).join(',') };
          const files = { ...(report ? { report } : {}), ...(other ? { other } : {}) };
          const result = current
            ? await update.mutateAsync({
                ...fields,
                ...files,
                pkid: current.pkid,
                ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}),
              } as never)
            : await add.mutateAsync({ ...fields, ...files } as never);
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
          <TextField
            form={form}
            name="stageId"
            label={labels.stageId}
            options={stages.map((s) => ({ value: s.id, label: s.name }))}
          />
        </div>
        {stage ? (
          <fieldset className="offline-items">
            <legend>测绘事项</legend>
            {stage.items.map((item) => (
              <label key={item.id} className="offline-items__item">
                <input type="checkbox" value={item.id} {...form.register('itemIds')} />
                {item.name}
              </label>
            ))}
            {form.formState.errors.itemIds ? (
              <p className="offline-items__error" role="alert">
                {String(form.formState.errors.itemIds.message ?? '')}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <p className="offline-hint">请选择审批阶段后勾选测绘事项。</p>
        )}
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
          {kept.length > 0 ? (
            <ul className="offline-files__list">
              {kept.map((file) => (
                <li key={file.fileId}>
                  已上传：{file.fileName}{' '}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoved((before) => [...before, file.fileId])}
                  >
                    删除
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </KitForm>
    </Card>
  );
}

function OfflineDetailView({ pkid }: { pkid: number }) {
  const api = useApi();
  const [outcome, setOutcome] = useState<string | null>(null);
  const detail = useCall(offlineCalls.get, { pkid });
  const reviewing = Boolean(detail.data?.review?.allowed.some((k) => k === 'approve' || k === 'reject'));
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const decide = useCallMutation(offlineCalls.updateStatus, {
    invalidates: [offlineCalls.get, offlineCalls.query],
  });
  if (detail.error) return <Notice tone="danger">{detail.error.message}</Notice>;
  const data = detail.data?.pkid === pkid ? detail.data : undefined;
  if (!data) return <PageHeader title="线下项目" description="正在加载…" />;
  const href = (file: { fileId: string }) => callUrl(api, offlineCalls.file, { pkid, fileId: file.fileId });
  const onDecide = async (decision: Decision) => {
    const answer = await decide.mutateAsync({
      pkid,
      ...verdictFields(decision),
    });
    setOutcome(answer.message);
  };
  return (
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
      {data.review && reviewing ? (
        <DecisionPanel
          status={data.review.status as AuditStatus}
          version={data.review.version}
          allowed={data.review.allowed.filter((k) => k !== 'transfer') as ReviewDecisionKey[]}
          opinions={templates.data?.rows ?? []}
          reviewers={data.review.reviewers}
          onDecide={onDecide}
        />
      ) : null}
    </>
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
