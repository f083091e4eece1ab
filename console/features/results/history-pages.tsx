/**
 * The second half's lists and the project's page (projectHistory/query and achieveQuery; the server
 * narrows each list to what the user may see):
 * - /workflow/myCaseList: the agency's and its staff's authorized projects in 3–7 with their result
 *   progress; each opens its survey case (myDetials) and its results (caseadd);
 * - /workflow/myProjectList: the owner's projects in 3–7 with their agency, progress and certificate;
 * - /workflow/projectList: every project in 3–7 for the supervisors, filtered;
 * - /workflow/achieCompleteList: the completed projects with their results and certificate numbers;
 * - /workflow/detials?id=<projectId>: one project read-only: the project, its agency and case, each
 *   catalogue entry with its files, state and opinion, the certificate, the acceptance's records and the
 *   project's log.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { agencyCalls } from '@shared/calls/agencies';
import { certificateCalls } from '@shared/calls/certificates';
import {
  projectHistoryCalls,
  resultCalls,
  type AchieveRow,
  type ProjectHistoryRow,
  type ResultProject,
} from '@shared/calls/results';
import { certificateState } from '@shared/domain/certificates';
import { projectStatus } from '@shared/domain/statuses';
import { formatDate } from '@shared/format';
import { Card, PageHeader } from '@shared/ui/page';
import { HISTORY_STATUSES } from '@shared/validation/results';
import { DetailSection } from '@console/kit/detail';
import { ListPage, type FilterDef } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { useMayCall } from '@console/lib/current-user';
import { AcceptanceBadge, progressText, ResultItemCard, SUBMIT_PAGE } from './result-items';
import { ProjectLog } from './submission-pages';
import './results.css';

const DETAIL_PAGE = '/workflow/detials';
const CERTIFICATE_PAGE = '/workflow/CertificateDetiles';
const detailLink = (row: { projectId: number }) => `${DETAIL_PAGE}?id=${row.projectId}`;

const statusOptions = projectStatus.entries.filter((entry) =>
  (HISTORY_STATUSES as readonly number[]).includes(entry.value),
);
const statusFilter: FilterDef = { name: 'status', label: '项目状态', type: 'select', options: statusOptions };
const nameFilter: FilterDef = { name: 'projectName', label: '项目名称或编号' };

/** The district and agency filters of the supervisors' lists, and the year's. */
function useSupervisorFilters(yearLabel: string): FilterDef[] {
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  return [
    {
      name: 'districtCode',
      label: '所在区县',
      type: 'select',
      options: (districts.data ?? []).map((option) => ({ value: option.value, label: option.label })),
    },
    { name: 'orgName', label: '测绘机构' },
    { name: 'year', label: yearLabel, placeholder: '如 2026' },
  ];
}

/** The certificate's number, linked to its page for those who may open it. */
function CertificateCell({ certificate }: { certificate: ProjectHistoryRow['certificate'] }) {
  const mayOpen = useMayCall(certificateCalls.get.access);
  if (!certificate) return <span className="results-muted">未发证</span>;
  const text = `${certificate.certificateNo}${certificate.state === certificateState.code.revoked ? '（已撤销）' : ''}`;
  return mayOpen ? (
    <Link
      to={`${CERTIFICATE_PAGE}?id=${certificate.pkid}`}
      aria-label={`查看证书 ${certificate.certificateNo}`}
    >
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

const nameColumn: Column<ProjectHistoryRow> = {
  key: 'projectName',
  header: '项目名称',
  cell: (row) => <Link to={detailLink(row)}>{row.projectName}</Link>,
  wide: true,
};
const column = {
  projectNo: { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  constructionName: { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  orgName: { key: 'orgName', header: '测绘机构', cell: (row) => row.orgName },
  districtName: { key: 'districtName', header: '区县', cell: (row) => row.districtName ?? '', nowrap: true },
  status: {
    key: 'status',
    header: '项目状态',
    cell: (row) => <StatusBadge table={projectStatus} value={row.status} />,
  },
  progress: { key: 'progress', header: '成果进度', cell: (row) => progressText(row) },
  acceptance: {
    key: 'acceptance',
    header: '验收',
    cell: (row) => <AcceptanceBadge value={row.acceptance} />,
  },
  certificate: {
    key: 'certificate',
    header: '验收证书',
    cell: (row) => <CertificateCell certificate={row.certificate} />,
  },
} satisfies Record<string, Column<ProjectHistoryRow>>;

function RowLinks({ children }: { children: ReactNode }) {
  return <span className="results-row-links">{children}</span>;
}

export function MyCaseListPage() {
  return (
    <ListPage
      title="我的办件"
      caption="本机构受托项目的办件"
      description="合同已备案至已办结的受托项目及其成果进度：办件查看作业安排和档案，成果提交逐项上传测绘成果，点击项目名称查看详情。"
      call={projectHistoryCalls.query}
      filters={[nameFilter, statusFilter]}
      columns={[
        nameColumn,
        column.projectNo,
        column.constructionName,
        column.status,
        column.progress,
        column.acceptance,
        {
          key: 'caseNo',
          header: '办件',
          cell: (row) =>
            row.caseId === null ? (
              <span className="results-muted">未建办件</span>
            ) : (
              <Link to={`/workflow/myDetials?id=${row.caseId}`} aria-label={`办件 ${row.caseNo ?? ''}`}>
                {row.caseNo}
              </Link>
            ),
          nowrap: true,
        },
      ]}
      rowKey={(row) => row.projectId}
      rowActions={(row) => (
        <RowLinks>
          <Link to={`${SUBMIT_PAGE}?projectId=${row.projectId}`} aria-label={`成果提交 ${row.projectName}`}>
            成果提交
          </Link>
        </RowLinks>
      )}
      emptyText={(filtered) => (filtered ? '没有符合条件的办件' : '暂无合同已备案的受托项目')}
    />
  );
}

export function MyProjectListPage() {
  return (
    <ListPage
      title="我的项目"
      caption="本单位合同已备案之后的项目"
      description="合同已备案至已办结的项目：测绘机构、成果进度和验收证书；点击项目名称查看详情。"
      call={projectHistoryCalls.query}
      filters={[nameFilter, statusFilter]}
      columns={[
        nameColumn,
        column.projectNo,
        column.orgName,
        column.status,
        column.progress,
        column.certificate,
      ]}
      rowKey={(row) => row.projectId}
      rowActions={(row) => (
        <RowLinks>
          <Link
            to={`/workflow/progressQuery?keyword=${encodeURIComponent(row.projectNo)}`}
            aria-label={`进度查询 ${row.projectName}`}
          >
            进度
          </Link>
          <Link to={detailLink(row)} aria-label={`详情 ${row.projectName}`}>
            详情
          </Link>
        </RowLinks>
      )}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无合同已备案的项目')}
    />
  );
}

export function ProjectListPage() {
  const filters = useSupervisorFilters('立项年份');
  return (
    <ListPage
      title="项目列表"
      caption="合同已备案之后的项目"
      description="合同已备案、测绘中、成果已提交、已验收和已办结的项目；点击项目名称查看成果、证书和办理记录。"
      call={projectHistoryCalls.query}
      filters={[nameFilter, statusFilter, ...filters]}
      columns={[
        nameColumn,
        column.projectNo,
        column.constructionName,
        column.orgName,
        column.districtName,
        column.status,
        column.progress,
        column.certificate,
      ]}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无合同已备案的项目')}
    />
  );
}

const achieveColumns: readonly Column<AchieveRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={detailLink(row)}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'orgName', header: '测绘机构', cell: (row) => row.orgName },
  { key: 'districtName', header: '区县', cell: (row) => row.districtName ?? '', nowrap: true },
  {
    key: 'results',
    header: '成果',
    cell: (row) =>
      row.adopted === 0
        ? '无已采纳成果'
        : `${row.itemNames.join('、')}：已采纳 ${row.adopted}/${row.total} 项，${row.fileCount} 个文件`,
  },
  {
    key: 'certificate',
    header: '证书编号',
    cell: (row) => <CertificateCell certificate={row.certificate} />,
    nowrap: true,
  },
  {
    key: 'completedAt',
    header: '办结日期',
    cell: (row) => (row.completedAt ? formatDate(row.completedAt) : ''),
    nowrap: true,
  },
];

export function AchieCompleteListPage() {
  const filters = useSupervisorFilters('办结年份');
  return (
    <ListPage
      title="成果办结"
      caption="已办结项目的成果"
      description="已办结的项目及其测绘成果和验收证书编号；点击项目名称查看每项成果及其文件。"
      call={projectHistoryCalls.achieveQuery}
      filters={[nameFilter, { name: 'certificateNo', label: '证书编号' }, ...filters]}
      columns={achieveColumns}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '暂无已办结的项目')}
    />
  );
}

export function DetialsPage() {
  const record = useRecordFromUrl(resultCalls.query, 'id', (projectId) => ({ projectId }));
  return (
    <RecordPage record={record} title="项目详情" missing="请从项目列表、我的项目或我的办件中选择项目。">
      {(data) => <ProjectDetail data={data} />}
    </RecordPage>
  );
}

function ProjectDetail({ data }: { data: ResultProject }) {
  const head = useCall(projectHistoryCalls.query, { projectId: data.projectId, page: 1, rows: 1 });
  const row = head.data?.rows[0];
  return (
    <>
      <PageHeader
        title={`${data.projectName} · 项目详情`}
        description={<StatusBadge table={projectStatus} value={data.status} />}
      />
      <DetailSection
        title="项目信息"
        items={[
          { label: '项目名称', value: data.projectName },
          { label: '项目编号', value: data.projectNo },
          { label: '建设单位', value: data.constructionName },
          { label: '所在区县', value: row?.districtName ?? '' },
          { label: '测绘机构', value: data.orgName },
          {
            label: '办件',
            value: row?.caseId ? (
              <Link to={`/workflow/myDetials?id=${row.caseId}`}>{row.caseNo}</Link>
            ) : (
              '未建办件'
            ),
          },
          { label: '审批阶段', value: data.stageNames.join('、') },
          { label: '项目状态', value: projectStatus.label(data.status) },
          { label: '成果进度', value: progressText(data) },
          { label: '验收', value: <AcceptanceBadge value={data.acceptance} /> },
        ]}
      />
      <DetailSection
        title="验收证书"
        items={
          row?.certificate
            ? [
                { label: '证书编号', value: <CertificateCell certificate={row.certificate} /> },
                { label: '证书状态', value: certificateState.label(row.certificate.state) },
                { label: '发证日期', value: formatDate(row.certificate.issuedAt) },
              ]
            : [{ label: '证书编号', value: '尚未发证' }]
        }
      />
      <h2 className="results-subtitle">成果目录</h2>
      {data.items.length === 0 ? (
        <Card>
          <p>该项目没有成果目录。</p>
        </Card>
      ) : (
        data.items.map((item) => <ResultItemCard key={item.resultId} item={item} />)
      )}
      <Card>
        <AuditTimeline records={data.records} title="验收记录" />
      </Card>
      <ProjectLog projectId={data.projectId} projectNo={data.projectNo} />
    </>
  );
}
