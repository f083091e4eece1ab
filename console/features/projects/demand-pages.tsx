/**
 * The owner's demand pages (spec section 2, /demandmanger):
 * - release: the unit's projects, and for the chosen one the demand form by stage (drawStage): one
 *   comprehensive demand per stage and funding party, so a second save merges into the draft or, once
 *   released, asks for an amendment the authority reviews;
 * - releaseList: the release records (findProjectsRecord) with their state and actions;
 * - submitFile: a draft demand's attachments (the upload rules) and its release;
 * - demandQuery: demands the user may see; the authority filters those with an amendment to review.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRoleIds } from '@console/lib/current-user';
import { callUrl } from '@shared/api/call';
import { projectCalls, type DemandRecord, type DemandRow, type ProjectRow } from '@shared/calls/projects';
import { roles } from '@shared/domain/roles';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { demandSaveSchema } from '@shared/validation/projects';
import { documentExtensions } from '@shared/validation/upload';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Attachments } from '@console/kit/detail';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FileField } from '@console/kit/file-field';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { uploadWithProgress } from '@console/kit/upload';
import { useCall, useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { type WithDeadline } from '@console/kit/deadline-column';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { SurveyItemPicker, surveyItemLabels } from '@console/components/survey-items/survey-item-picker';
import { useApi } from '@console/lib/api';
import { ReleaseDialog } from './release-dialog';
import './demands.css';

const DETAILS = '/demandmanger/demandDetails';
const FILES = '/demandmanger/submitFile';

const projectColumns: Column<ProjectRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`/demandmanger/release?projectId=${row.pkid}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  { key: 'demandCount', header: '需求数', cell: (row) => row.demandCount },
  { key: 'status', header: '状态', cell: (row) => <StatusBadge table={projectStatus} value={row.status} /> },
  { key: 'createdAt', header: '创建时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

export const demandColumns: Column<DemandRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${DETAILS}?id=${row.demandId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'stageName', header: '审批阶段', cell: (row) => row.stageName },
  { key: 'itemNames', header: '测绘事项', cell: (row) => row.itemNames.join('、') },
  {
    key: 'status',
    header: '状态',
    cell: (row) => (
      <>
        <StatusBadge table={projectStatus} value={row.status} />
        {row.pendingAmendment ? <span className="demand-flag">追加待审核</span> : null}
      </>
    ),
  },
  {
    key: 'releasedAt',
    header: '发布时间',
    cell: (row) => (row.releasedAt ? formatDateTime(row.releasedAt) : '未发布'),
    nowrap: true,
  },
];

export function ReleasePage() {
  const [search] = useSearchParams();
  const projectId = Number(search.get('projectId'));
  const chosen = Number.isInteger(projectId) && projectId > 0 ? projectId : null;
  return (
    <>
      {chosen ? <DemandForProject projectId={chosen} saved={search.get('saved') === '1'} /> : null}
      <ListPage
        title="发布需求"
        caption="本单位的项目"
        description="选择项目，按审批阶段选择测绘事项发布需求。同一项目、同一阶段、同一出资方的测绘事项合并为一个综合需求。"
        actions={
          <Link className="demand-action-link" to="/demandmanger/newProjece">
            新建项目
          </Link>
        }
        call={projectCalls.query}
        filters={[{ name: 'projectName', label: '项目名称' }, statusFilter('status', '状态', projectStatus)]}
        columns={projectColumns}
        rowKey={(row) => row.pkid}
        rowActions={(row) => (
          <>
            <Link to={`/demandmanger/release?projectId=${row.pkid}`}>发布需求</Link>
            {row.status === projectStatus.code.draft ? (
              <>
                {' '}
                <Link to={`/demandmanger/DemandXmXg?id=${row.pkid}`}>修改</Link>
              </>
            ) : null}
          </>
        )}
        emptyText="本单位还没有项目，请先新建项目"
      />
    </>
  );
}

const demandLabels = {
  ...surveyItemLabels,
  fundingParty: '出资方',
  deadline: '期望完成日期',
  remark: '需求说明',
  reason: '追加原因',
} as const;

function DemandForProject({ projectId, saved }: { projectId: number; saved: boolean }) {
  const navigate = useNavigate();
  const project = useCall(projectCalls.getProject, { pkid: projectId });
  const catalog = useCall(projectCalls.findAllStageItem, {});
  const existing = useCall(projectCalls.getProjectDemandByPkid, { projectId });
  const save = useCallMutation(projectCalls.saveDemand, {
    invalidates: [
      projectCalls.getProjectDemandByPkid,
      projectCalls.findProjectsRecord,
      projectCalls.listDemands,
      projectCalls.getDemand,
      projectCalls.query,
    ],
  });
  const form = useContractForm(demandSaveSchema, {
    projectId,
    stageId: '',
    itemIds: [],
    fundingParty: '',
    remark: '',
    deadline: '',
    reason: '',
  });
  const stageId = Number(form.watch('stageId'));
  const stages = (catalog.data ?? []).map((s) => ({
    id: s.stageId,
    name: s.stageName,
    items: s.items.map((item) => ({ id: item.itemId, name: item.itemName })),
  }));
  if (project.error) return <Notice tone="danger">{project.error.message}</Notice>;
  const data = project.data?.pkid === projectId ? project.data : undefined;
  if (!data) return <p>正在加载项目…</p>;
  const sameStage = (existing.data ?? []).filter((d) => d.stageId === stageId);
  return (
    <Card>
      <h2 className="demand-card-title">
        {data.projectName}（{data.projectNo}）
      </h2>
      {saved ? <Notice>项目已保存，请按审批阶段发布测绘需求。</Notice> : null}
      <p>
        所在区县：{data.districtName ?? ''}；出资方：{data.fundingParty ?? ''}；状态：
        <StatusBadge table={projectStatus} value={data.status} />
      </p>
      {data.status === projectStatus.code.terminated ? (
        <Notice tone="danger">项目已终止，不能发布需求。</Notice>
      ) : (
        <KitForm
          form={form}
          fields={demandLabels}
          submitLabel="保存需求"
          successMessage={null}
          onSubmit={async (values) => {
            const result = await save.mutateAsync({
              ...values,
              itemIds: values.itemIds.join(','),
            });
            const next =
              result.data.outcome === 'amended'
                ? `${DETAILS}?id=${result.data.demandId}&notice=amended`
                : `${FILES}?demandId=${result.data.demandId}`;
            void navigate(next);
          }}
        >
          <SurveyItemPicker form={form} stages={stages} />
          {sameStage.length > 0 ? (
            <Notice>
              该阶段已有需求（{sameStage.map((d) => `${d.itemNames.join('、')}，${d.statusName}`).join('；')}
              ）。
              {sameStage.some((d) => d.status !== projectStatus.code.draft)
                ? '新增事项将作为追加申请提交主管部门审核，审核通过后并入原需求。'
                : '新增事项将并入该草稿需求。'}
            </Notice>
          ) : null}
          <TextField
            form={form}
            name="fundingParty"
            label={demandLabels.fundingParty}
            hint="不填则为项目的出资方"
          />
          <TextField form={form} name="deadline" label={demandLabels.deadline} type="date" />
          <TextField form={form} name="remark" label={demandLabels.remark} multiline />
          <TextField
            form={form}
            name="reason"
            label={demandLabels.reason}
            hint="向已发布需求追加事项时填写"
          />
        </KitForm>
      )}
    </Card>
  );
}

export function ReleaseListPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      title="已发布需求"
      caption="本单位的需求发布记录"
      description="本单位按阶段保存和发布的测绘需求；草稿需求可上传附件后发布。"
      call={projectCalls.findProjectsRecord}
      filters={[{ name: 'projectName', label: '项目名称' }, statusFilter('status', '状态', projectStatus)]}
      columns={demandColumns}
      rowKey={(row) => row.demandId}
      feedback={feedback}
      rowActions={(row) =>
        row.status === projectStatus.code.draft ? (
          <>
            <Link to={`${FILES}?demandId=${row.demandId}`}>附件</Link>{' '}
            <ReleaseDialog
              demandId={row.demandId}
              subject={`“${row.projectName}”${row.stageName}`}
              onDone={setFeedback}
            />
          </>
        ) : (
          <Link to={`${DETAILS}?id=${row.demandId}`}>详情</Link>
        )
      }
      emptyText="暂无需求记录"
    />
  );
}

export function SubmitFilePage() {
  const demand = useRecordFromUrl(projectCalls.getDemand, 'demandId', (demandId) => ({ demandId }));
  if (demand.missing)
    return (
      <>
        <PageHeader title="需求附件" />
        <Notice>
          请从<Link to="/demandmanger/releaseList">需求记录</Link>中选择草稿需求上传附件。
        </Notice>
      </>
    );
  return (
    <RecordPage record={demand} title="需求附件">
      {(data) => <DemandFiles demand={data} onUploaded={() => demand.refetch()} />}
    </RecordPage>
  );
}

/** A draft demand's attachments (upload, remove) and its release. */
function DemandFiles({ demand, onUploaded }: { demand: DemandRecord; onUploaded: () => Promise<unknown> }) {
  const api = useApi();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [fieldKey, setFieldKey] = useState(0);
  const invalidates = [projectCalls.getDemand, projectCalls.findProjectsRecord, projectCalls.listDemands];
  const remove = useCallMutation(projectCalls.removeFile, { invalidates });
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const href = (f: { fileId: string }) =>
    callUrl(api, projectCalls.demandFile, { demandId: demand.demandId, fileId: f.fileId });

  const upload = async () => {
    if (!file) {
      setProblem('请选择要上传的文件');
      return;
    }
    setProblem(undefined);
    try {
      await uploadWithProgress(
        api,
        projectCalls.submitFile,
        { demandId: demand.demandId, file },
        documentExtensions,
        (loaded, total) => setProgress(`已上传 ${Math.round((loaded / Math.max(total, 1)) * 100)}%`),
      );
      setProgress('附件已上传');
      setFile(null);
      setFieldKey((k) => k + 1);
      await onUploaded();
    } catch (error) {
      setProgress(null);
      setProblem(error instanceof Error ? error.message : '上传失败');
    }
  };

  return (
    <>
      <PageHeader
        title="需求附件"
        description={`${demand.projectName}（${demand.projectNo}）· ${demand.stageName}：${demand.itemNames.join('、')}`}
      />
      {feedback ? (
        <Notice tone={feedback.tone === 'danger' ? 'danger' : 'info'}>{feedback.text}</Notice>
      ) : null}
      <Card>
        <h2 className="demand-card-title">已上传的附件</h2>
        {demand.files.length > 0 ? (
          <>
            <Attachments files={demand.files} href={href} />
            {demand.canEdit ? (
              <ul className="demand-file-actions">
                {demand.files.map((f) => (
                  <li key={f.fileId}>
                    <ConfirmAction
                      label={`删除 ${f.fileName}`}
                      variant="danger"
                      title="删除附件"
                      question={`确定删除“${f.fileName}”吗？`}
                      action={() => remove.mutateAsync({ demandId: demand.demandId, fileId: f.fileId })}
                      onDone={setFeedback}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p>尚未上传附件。</p>
        )}
        {demand.canEdit ? (
          <div className="demand-upload">
            <FileField
              key={fieldKey}
              id="demand-file"
              label="上传附件"
              hint="可上传项目批复、红线图等文档或图片，单个不超过 50MB"
              allowed={documentExtensions}
              onFile={setFile}
              error={problem}
            />
            <Button type="button" variant="secondary" onClick={() => void upload()}>
              上传
            </Button>
            {progress ? <p role="status">{progress}</p> : null}
          </div>
        ) : (
          <Notice>需求已发布，附件不能再修改。</Notice>
        )}
      </Card>
      {demand.canEdit ? (
        <Card>
          <h2 className="demand-card-title">发布需求</h2>
          <p>发布后需求将在办事大厅的需求查询和项目分布地图中公开，项目状态变为“已发布”。</p>
          <ReleaseDialog
            demandId={demand.demandId}
            subject={`“${demand.projectName}”${demand.stageName}`}
            trigger={<Button type="button">发布需求</Button>}
            onDone={(outcome) => {
              setFeedback(outcome);
              if (outcome.tone !== 'danger') void navigate(`${DETAILS}?id=${demand.demandId}`);
            }}
          />
        </Card>
      ) : null}
    </>
  );
}

type AmendmentRow = DemandRow &
  WithDeadline & { amendmentId: number; holderName?: string | null | undefined };

const amendmentColumns: Column<AmendmentRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${DETAILS}?amendmentId=${row.amendmentId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'stageName', header: '审批阶段', cell: (row) => row.stageName },
  { key: 'itemNames', header: '现有测绘事项', cell: (row) => row.itemNames.join('、') },
];

/** The authority's queue of amendments to review (search, 我的待办, order, holder, 领取). */
function AmendmentTodoList() {
  return (
    <ReviewQueuePage
      // The page's heading is its menu label; the whole list below is 全部需求.
      title="需求查询"
      caption="待审核的需求追加"
      description="需求追加审核：待您审核的需求追加申请，按提交时间先后排列；领取后由您办理，点击项目名称审核。"
      urlPrefix="todo"
      call={projectCalls.amendmentTodo}
      keywordLabel="项目名称或编号"
      columns={amendmentColumns}
      rowKey={(row) => row.amendmentId}
      subjectType="demand_amend"
      subjectIdOf={(row) => row.amendmentId}
      labelOf={(row) => row.projectName}
      noun="需求追加"
    />
  );
}

export function DemandQueryPage() {
  const roleIds = useRoleIds();
  const isReviewer = roleIds.includes(roles.authority.id) || roleIds.includes(roles.admin.id);
  return (
    <>
      {isReviewer ? <AmendmentTodoList /> : null}
      <DemandQuery isReviewer={isReviewer} />
    </>
  );
}

function DemandQuery({ isReviewer }: { isReviewer: boolean }) {
  return (
    <ListPage
      title={isReviewer ? '全部需求' : '需求查询'}
      caption="测绘需求"
      description={
        isReviewer
          ? '全部测绘需求；待您审核的追加申请在上方“待审核的需求追加”中领取和审核。'
          : '本单位的测绘需求及其办理状态。'
      }
      call={projectCalls.listDemands}
      filters={[
        { name: 'projectName', label: '项目名称' },
        statusFilter('status', '状态', projectStatus),
        ...(isReviewer
          ? [
              {
                name: 'amendment',
                label: '追加申请',
                type: 'select' as const,
                options: [{ value: 'pending', label: '追加待审核' }],
              },
            ]
          : []),
      ]}
      columns={demandColumns}
      rowKey={(row) => row.demandId}
      rowActions={(row) => <Link to={`${DETAILS}?id=${row.demandId}`}>详情</Link>}
      emptyText="暂无测绘需求"
    />
  );
}
