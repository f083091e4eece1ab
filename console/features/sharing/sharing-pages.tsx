/**
 * Result sharing (issue 22; shared/calls/sharing.ts): /workflow/AchievementSharing (a sharing
 * department browses accepted results by metadata and applies), /workflow/applyProjectList (the
 * applications: its own for the department; those of its projects for an owner; all for the authority,
 * with those waiting for the user's decision first), /workflow/applyDetials (one application, or with
 * ?projectId= the form of a new one: data, timeline, the holder's decision, the files and their
 * downloads), /workflow/applyProjectRecording (download records) and /workflow/myProjectListShare (an
 * owner's projects whose results were shared, and with whom).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { hallCalls } from '@shared/calls/hall';
import {
  sharingCalls,
  type ShareableRow,
  type ShareDetail,
  type ShareDownloadRow,
  type SharedProjectRow,
  type ShareRow,
} from '@shared/calls/sharing';
import { roles } from '@shared/domain/roles';
import { shareStatus } from '@shared/domain/sharing';
import { surveyItems } from '@shared/domain/stages';
import { formatDate, formatDateTime, formatSize } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { shareApplySchema } from '@shared/validation/sharing';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { verdictFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { useApi } from '@console/lib/api';
import { useHasRole } from '@console/lib/current-user';

const DETAIL = '/workflow/applyDetials';
const LIST = '/workflow/applyProjectList';

function validityText(row: {
  status: number;
  validity: 'valid' | 'expired' | null;
  validUntil: string | null;
}) {
  if (row.validity === 'valid') return `有效期至 ${formatDate(row.validUntil!)}`;
  if (row.validity === 'expired') return `已于 ${formatDate(row.validUntil!)} 过期`;
  return '';
}

// ── 成果共享: browse accepted results and apply ──────────────────────────────────────────────────

const shareableColumns: readonly Column<ShareableRow>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'districtName', header: '区县', cell: (row) => row.districtName ?? '' },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'orgName', header: '测绘机构', cell: (row) => row.orgName ?? '' },
  {
    key: 'itemNames',
    header: '测绘事项（成果文件）',
    cell: (row) => `${row.itemNames.join('、')}（${row.fileCount} 个）`,
  },
  {
    key: 'acceptedAt',
    header: '验收时间',
    cell: (row) => (row.acceptedAt ? formatDate(row.acceptedAt) : ''),
    nowrap: true,
  },
  {
    key: 'myApplication',
    header: '本单位申请',
    cell: (row) =>
      row.myApplication ? (
        <>
          <StatusBadge table={shareStatus} value={row.myApplication.status} />
          {row.myApplication.validity === 'expired' ? '（已过期）' : ''}
        </>
      ) : (
        '未申请'
      ),
  },
];

/** Whether the department may apply again for a project (nothing open, nothing valid). */
function mayApply(row: ShareableRow): boolean {
  const mine = row.myApplication;
  if (!mine) return true;
  if (mine.status === shareStatus.code.approved) return mine.validity === 'expired';
  return mine.status === shareStatus.code.ownerRejected || mine.status === shareStatus.code.authorityRejected;
}

export function AchievementSharingPage() {
  const districts = useCall(hallCalls.districts, {});
  return (
    <ListPage
      title="成果共享"
      caption="可申请共享的测绘成果"
      description="已验收的项目及其已采纳的测绘成果。申请经建设单位和行业主管部门审核通过后，可在有效期内下载。"
      call={sharingCalls.shareable}
      filters={[
        {
          name: 'itemId',
          label: '测绘事项',
          type: 'select',
          options: surveyItems.map((item) => ({ value: item.id, label: item.name })),
        },
        {
          name: 'districtCode',
          label: '区县',
          type: 'select',
          options: (districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName })),
        },
        { name: 'year', label: '验收年份', placeholder: '如 2026' },
        { name: 'orgName', label: '测绘机构' },
        { name: 'keyword', label: '关键字', placeholder: '项目名称、编号或建设单位' },
      ]}
      columns={shareableColumns}
      rowKey={(row) => row.projectId}
      rowLabel={(row) => row.projectName}
      rowActions={(row) => (
        <>
          {row.myApplication ? <Link to={`${DETAIL}?id=${row.myApplication.pkid}`}>查看申请</Link> : null}
          {row.myApplication && mayApply(row) ? ' ' : null}
          {mayApply(row) ? (
            <Link to={`${DETAIL}?projectId=${row.projectId}`} aria-label={`申请共享 ${row.projectName}`}>
              申请共享
            </Link>
          ) : null}
        </>
      )}
      emptyText={(filtered) => (filtered ? '没有符合条件的成果' : '暂无可共享的成果')}
    />
  );
}

// ── 共享申请: the applications ───────────────────────────────────────────────────────────────────

const applicationColumns: readonly Column<ShareRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${DETAIL}?id=${row.pkid}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'applicant', header: '申请单位', cell: (row) => row.applicantDept ?? row.applicantName },
  { key: 'purpose', header: '申请用途', cell: (row) => row.purpose },
  {
    key: 'status',
    header: '状态',
    cell: (row) => (
      <>
        <StatusBadge table={shareStatus} value={row.status} /> {validityText(row)}
      </>
    ),
  },
  {
    key: 'submittedAt',
    header: '提交时间',
    cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : ''),
    nowrap: true,
  },
  { key: 'downloads', header: '下载次数', cell: (row) => String(row.downloads), nowrap: true },
];

export function ApplyProjectListPage() {
  const isReviewer = useHasRole(roles.owner.id) || useHasRole(roles.authority.id);
  return (
    <>
      {isReviewer ? (
        <ListPage
          title="共享申请"
          caption="待我审核的共享申请"
          description="等待您审核的成果共享申请：建设单位先审本单位项目的申请，行业主管部门再审。"
          call={sharingCalls.list}
          fixedInput={{ todo: true }}
          urlPrefix="todo"
          columns={applicationColumns}
          rowKey={(row) => row.pkid}
          rowLabel={(row) => row.projectName}
          rowActions={(row) => <Link to={`${DETAIL}?id=${row.pkid}`}>审核</Link>}
          emptyText="暂无待审核的共享申请"
        />
      ) : null}
      <ListPage
        title={isReviewer ? '全部共享申请' : '共享申请'}
        caption="成果共享申请列表"
        description={
          isReviewer
            ? '您可以查看的全部成果共享申请。'
            : '本单位的成果共享申请。新的申请请在“成果共享”中选择项目提交。'
        }
        actions={isReviewer ? null : <Link to="/workflow/AchievementSharing">申请共享成果</Link>}
        call={sharingCalls.list}
        filters={[statusFilter('status', '状态', shareStatus), { name: 'keyword', label: '关键字' }]}
        columns={applicationColumns}
        rowKey={(row) => row.pkid}
        rowLabel={(row) => row.projectName}
        rowActions={(row) => <Link to={`${DETAIL}?id=${row.pkid}`}>详情</Link>}
        emptyText={(filtered) => (filtered ? '没有符合条件的申请' : '暂无共享申请')}
      />
    </>
  );
}

// ── 申请详情 ─────────────────────────────────────────────────────────────────────────────────────

const applyLabels = { purpose: '申请用途', projectId: '项目', pkid: '申请', submit: '提交' } as const;

function ApplyForm({ projectId, current }: { projectId: number; current?: ShareDetail }) {
  const navigate = useNavigate();
  const apply = useCallMutation(sharingCalls.apply, {
    invalidates: [sharingCalls.get, sharingCalls.list, sharingCalls.shareable],
  });
  const form = useContractForm(shareApplySchema, {
    ...(current ? { pkid: current.pkid } : {}),
    projectId,
    purpose: current?.purpose ?? '',
    submit: true,
  });
  return (
    <Card>
      <KitForm
        form={form}
        fields={applyLabels}
        submitLabel="提交申请"
        successMessage={null}
        onSubmit={async (values) => {
          const result = await apply.mutateAsync(values);
          void navigate(`${DETAIL}?id=${result.data.pkid}&saved=1`);
        }}
      >
        <TextField
          form={form}
          name="purpose"
          label={applyLabels.purpose}
          hint="说明使用成果的业务和范围，建设单位和行业主管部门据此审核（500 字以内）"
          multiline
        />
      </KitForm>
    </Card>
  );
}

function NewApplication({ projectId }: { projectId: number }) {
  const list = useCall(sharingCalls.shareable, { page: 1, rows: 100 });
  const project = list.data?.rows.find((row) => row.projectId === projectId);
  return (
    <>
      <PageHeader
        title="申请共享成果"
        description="提交后由项目的建设单位审核，再由行业主管部门审核；审核通过后在有效期内可下载已采纳的成果文件。"
        actions={<Link to="/workflow/AchievementSharing">返回成果共享</Link>}
      />
      {project ? (
        <DetailSection
          title="申请的项目"
          items={[
            { label: '项目名称', value: project.projectName },
            { label: '项目编号', value: project.projectNo },
            { label: '建设单位', value: project.constructionName },
            { label: '测绘机构', value: project.orgName ?? '' },
            { label: '测绘事项', value: project.itemNames.join('、') },
            { label: '成果文件', value: `${project.fileCount} 个` },
          ]}
        />
      ) : null}
      <ApplyForm projectId={projectId} />
    </>
  );
}

function ApplicationView({ pkid }: { pkid: number }) {
  const api = useApi();
  const [search] = useSearchParams();
  const detail = useRecord(sharingCalls.get, { pkid });
  const [outcome, setOutcome] = useState<string | null>(null);
  // Just submitted from the form (?saved=1): say so while it waits for the owner.
  const justSaved = search.get('saved') !== null;
  const decide = useCallMutation(sharingCalls.decide, {
    invalidates: [sharingCalls.get, sharingCalls.list],
  });
  return (
    <RecordPage record={detail} title="申请详情">
      {(data) => (
        <>
          <PageHeader
            title={`${data.projectName} · 共享申请`}
            description={
              <>
                <StatusBadge table={shareStatus} value={data.status} /> {validityText(data)}
              </>
            }
            actions={<Link to={LIST}>返回列表</Link>}
          />
          {outcome ? (
            <Notice>{outcome}</Notice>
          ) : justSaved && data.status === shareStatus.code.ownerPending ? (
            <Notice>共享申请已提交，请等待建设单位审核</Notice>
          ) : null}
          {data.validity === 'expired' && data.canDownload === false && data.files.length === 0 ? (
            <Notice tone="danger">
              申请已于 {formatDate(data.validUntil!)}{' '}
              到期，不能再下载成果；如需继续使用，请在“成果共享”中重新申请。
            </Notice>
          ) : null}
          <DetailSection
            title="申请信息"
            items={[
              { label: '项目名称', value: data.projectName },
              { label: '项目编号', value: data.projectNo },
              { label: '建设单位', value: data.constructionName },
              { label: '申请单位', value: data.applicantDept ?? data.applicantName },
              { label: '申请人', value: data.applicantName },
              { label: '提交时间', value: data.submittedAt ? formatDateTime(data.submittedAt) : '' },
              { label: '审核通过时间', value: data.approvedAt ? formatDateTime(data.approvedAt) : '' },
              { label: '有效期至', value: data.validUntil ? formatDate(data.validUntil) : '' },
              { label: '申请用途', value: data.purpose, wide: true },
            ]}
          />
          {data.canEdit ? <ApplyForm projectId={data.projectId} current={data} /> : null}
          {data.files.length > 0 ? (
            <Card>
              <h2>成果文件</h2>
              <DataTable
                caption="已采纳的成果文件"
                rows={data.files}
                rowKey={(file) => file.id}
                columns={[
                  { key: 'itemName', header: '测绘事项', cell: (file) => file.itemName },
                  { key: 'entryName', header: '成果', cell: (file) => file.entryName },
                  { key: 'fileName', header: '文件', cell: (file) => file.fileName, wide: true },
                  { key: 'size', header: '大小', cell: (file) => formatSize(file.size), nowrap: true },
                  {
                    key: 'download',
                    header: '操作',
                    cell: (file) => (
                      <a
                        href={callUrl(api, sharingCalls.downloadAchieveFile, { id: file.id })}
                        download={file.fileName}
                        aria-label={`下载 ${file.fileName}`}
                      >
                        下载
                      </a>
                    ),
                  },
                ]}
              />
            </Card>
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
          {data.status === shareStatus.code.approved ? <DownloadList applicationId={pkid} /> : null}
        </>
      )}
    </RecordPage>
  );
}

export function ApplyDetailsPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const projectId = Number(search.get('projectId'));
  const isApplicant = useHasRole(roles.sharing.id);
  if (Number.isInteger(id) && id > 0) return <ApplicationView key={id} pkid={id} />;
  if (isApplicant && Number.isInteger(projectId) && projectId > 0)
    return <NewApplication key={projectId} projectId={projectId} />;
  return (
    <>
      <PageHeader title="申请详情" />
      <Notice>
        请从<Link to={LIST}>共享申请列表</Link>中选择申请。
      </Notice>
    </>
  );
}

// ── 下载记录 ─────────────────────────────────────────────────────────────────────────────────────

const downloadColumns: readonly Column<ShareDownloadRow>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'itemName', header: '测绘事项', cell: (row) => row.itemName },
  { key: 'fileName', header: '文件', cell: (row) => row.fileName },
  { key: 'userName', header: '下载人', cell: (row) => row.userName },
  { key: 'userDept', header: '单位', cell: (row) => row.userDept ?? '' },
  { key: 'downloadedAt', header: '下载时间', cell: (row) => formatDateTime(row.downloadedAt), nowrap: true },
  {
    key: 'application',
    header: '申请',
    cell: (row) => <Link to={`${DETAIL}?id=${row.applicationId}`}>查看申请</Link>,
    nowrap: true,
  },
];

function DownloadList({ applicationId }: { applicationId?: number }) {
  return (
    <ListPage
      title="下载记录"
      caption="成果下载记录"
      description={
        applicationId
          ? '本申请下每一次成果文件下载。'
          : '共享单位在申请有效期内下载成果文件的每一次记录：谁、何时、哪个文件。'
      }
      call={sharingCalls.downloads}
      {...(applicationId ? { fixedInput: { applicationId }, urlPrefix: 'downloads' } : {})}
      filters={
        applicationId ? [] : [{ name: 'keyword', label: '关键字', placeholder: '项目名称、编号或文件名' }]
      }
      columns={applicationId ? downloadColumns.filter((c) => c.key !== 'application') : downloadColumns}
      rowKey={(row) => row.pkid}
      emptyText="暂无下载记录"
    />
  );
}

export function ApplyProjectRecordingPage() {
  return <DownloadList />;
}

// ── 共享项目 ─────────────────────────────────────────────────────────────────────────────────────

const sharedColumns: readonly Column<SharedProjectRow>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'applicant', header: '共享给', cell: (row) => row.applicantDept ?? row.applicantName },
  { key: 'purpose', header: '用途', cell: (row) => row.purpose },
  {
    key: 'validUntil',
    header: '有效期',
    cell: (row) =>
      validityText({ status: shareStatus.code.approved, validity: row.validity, validUntil: row.validUntil }),
    nowrap: true,
  },
  { key: 'downloads', header: '下载次数', cell: (row) => String(row.downloads), nowrap: true },
  {
    key: 'application',
    header: '申请',
    cell: (row) => <Link to={`${DETAIL}?id=${row.applicationId}`}>查看申请</Link>,
    nowrap: true,
  },
];

export function MyProjectListSharePage() {
  return (
    <ListPage
      title="共享项目"
      caption="成果已共享的项目"
      description="本单位项目中，测绘成果经审核共享给其他单位的记录。"
      call={sharingCalls.sharedProjects}
      filters={[{ name: 'keyword', label: '关键字', placeholder: '项目名称或编号' }]}
      columns={sharedColumns}
      rowKey={(row) => row.applicationId}
      emptyText="暂无共享的项目"
    />
  );
}
