/**
 * A district sub-office's results (docs/results.md "District sub-offices"): /workflow/
 * ResultDetailsSubofficemenu lists the projects of its district whose results were submitted for
 * acceptance (filters: project state, survey item, agency, year of submission), and
 * /workflow/resDetailsSubOffice?id shows one of them: its items with their files (预览 and 下载 through
 * the archive), acceptance states and opinions, the acceptance records and the certificate. The server
 * limits both to the sub-office's district.
 */
import { Link } from 'react-router';
import { districtResultCalls, type DistrictResult, type DistrictResultRow } from '@shared/calls/results';
import { certificateState, certificateVerifyPath } from '@shared/domain/certificates';
import { surveyItems } from '@shared/domain/stages';
import { projectStatus } from '@shared/domain/statuses';
import { formatDate, formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { ListPage, type FilterDef } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { ProjectHead, projectColumns, ResultItemCard } from './result-items';
import { ProjectActivityCard, ProjectLocationText } from './workflow-blocks';
import './results.css';
import { yearOptions } from '@console/components/filters/year-options';

export const SUBOFFICE_LIST = '/workflow/ResultDetailsSubofficemenu';
export const SUBOFFICE_DETAIL = '/workflow/resDetailsSubOffice';

const filters: readonly FilterDef[] = [
  {
    name: 'status',
    label: '项目状态',
    type: 'select',
    options: projectStatus.entries.filter((entry) => [5, 6, 7].includes(entry.value)),
  },
  {
    name: 'itemId',
    label: '测绘事项',
    type: 'select',
    options: surveyItems.map((item) => ({ value: item.id, label: item.name })),
  },
  { name: 'orgName', label: '测绘机构' },
  {
    name: 'year',
    label: '提交年份',
    type: 'select',
    options: yearOptions(5),
  },
];

const extraColumns: Column<DistrictResultRow>[] = [
  {
    key: 'submittedAt',
    header: '提交验收',
    cell: (row) => (row.submittedAt ? formatDate(row.submittedAt) : ''),
    nowrap: true,
  },
  { key: 'certificateNo', header: '证书编号', cell: (row) => row.certificateNo ?? '', nowrap: true },
];

/** /workflow/ResultDetailsSubofficemenu: the district's submitted results. */
export function SubOfficeResultsPage() {
  return (
    <ListPage
      title="分局成果"
      caption="本辖区提交验收的测绘成果"
      description="本分局辖区内已提交验收、已验收和已办结项目的测绘成果，最近提交的在前；点击项目名称查看成果详情。"
      call={districtResultCalls.list}
      filters={filters}
      columns={[
        ...projectColumns<DistrictResultRow>((row) => `${SUBOFFICE_DETAIL}?id=${row.projectId}`),
        ...extraColumns,
      ]}
      rowKey={(row) => row.projectId}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '本辖区暂无提交验收的测绘成果')}
    />
  );
}

function CertificateSection({ data }: { data: DistrictResult }) {
  const certificate = data.certificate;
  if (!certificate)
    return (
      <Card>
        <h2 className="results-subtitle">验收证书</h2>
        <p>{data.status === 6 ? '已验收，证书尚未颁发。' : '项目验收通过后颁发证书。'}</p>
      </Card>
    );
  return (
    <DetailSection
      title="验收证书"
      items={[
        { label: '证书编号', value: certificate.certificateNo },
        { label: '状态', value: <StatusBadge table={certificateState} value={certificate.state} /> },
        { label: '颁发时间', value: formatDateTime(certificate.issuedAt) },
        ...(certificate.revokedAt
          ? [
              { label: '撤销时间', value: formatDateTime(certificate.revokedAt) },
              { label: '撤销原因', value: certificate.revokeReason ?? '' },
            ]
          : []),
        {
          label: '证书核验',
          value: (
            <a href={certificateVerifyPath(certificate.certificateNo)} target="_blank" rel="noreferrer">
              在网上办事大厅核验
            </a>
          ),
        },
      ]}
    />
  );
}

function SubOfficeView({ data }: { data: DistrictResult }) {
  return (
    <>
      <PageHeader
        title="分局成果详情"
        description={`${data.projectName}（${data.projectNo}）`}
        actions={<Link to={SUBOFFICE_LIST}>返回分局成果</Link>}
      />
      <ProjectHead data={data} />
      <DetailSection
        title="辖区与提交"
        items={[
          { label: '所在区县', value: data.districtName ?? '' },
          ...(data.items[0]
            ? [
                {
                  label: '项目位置',
                  value: <ProjectLocationText projectId={data.projectId} itemId={data.items[0].itemId} />,
                },
              ]
            : []),
          { label: '提交验收', value: data.submittedAt ? formatDateTime(data.submittedAt) : '尚未提交' },
        ]}
      />
      <h2 className="results-subtitle">成果</h2>
      {data.items.length === 0 ? <Notice>该项目没有成果项。</Notice> : null}
      {data.items.map((item) => (
        <ResultItemCard key={item.resultId} item={item} />
      ))}
      <Card>
        <AuditTimeline records={data.records} title="验收记录" />
      </Card>
      <CertificateSection data={data} />
      <ProjectActivityCard projectId={data.projectId} />
    </>
  );
}

/** /workflow/resDetailsSubOffice?id: one project of the district, its results and certificate. */
export function SubOfficeResultPage() {
  const record = useRecordFromUrl(districtResultCalls.detail, 'id', (projectId) => ({ projectId }));
  return (
    <RecordPage record={record} title="分局成果详情" missing="请从分局成果列表中选择项目。">
      {(data) => <SubOfficeView data={data} />}
    </RecordPage>
  );
}
