/**
 * 办件档案 (/electronics/CaseList, issue 23): the archive cases the user may see, searchable by number,
 * project, agency, survey item, district, year and level, with export; `?id=` opens one case: its
 * project and certificate, the latest metadata of each file it holds (download; 修改元数据 for the
 * archive's keepers, which appends a version to the hash chain), the count of records above the
 * user's level, and for the keepers the level of the case and who downloaded its classified files.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { certificateCalls } from '@shared/calls/certificates';
import {
  electronicsCalls,
  type ArchiveCaseDetail,
  type ArchiveCaseRow,
  type CaseRecord,
} from '@shared/calls/electronics';
import { classification, metadataKind } from '@shared/domain/electronics';
import { surveyItems } from '@shared/domain/stages';
import { formatDate, formatDateTime, formatSize } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { deferredDialog } from '@console/kit/deferred-dialog';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useRecord } from '@console/kit/query';
import { useDistrictFilter } from '@console/components/filters/district-filter';
import { useApi } from '@console/lib/api';
import { useMayCall } from '@console/lib/current-user';
import { EditMetadata } from './record-edit';
import { shortHash } from './records';
import './electronics.css';
import { yearOptions } from '@console/components/filters/year-options';
import { CASE_LIST, DRAWING_LISTS } from './links';

/** 调整密级 (the keepers), loaded with the first press (./classify-case.tsx). */
const ClassifyCase = deferredDialog(() => import('./classify-case'));

const columns: readonly Column<ArchiveCaseRow>[] = [
  {
    key: 'caseNo',
    header: '档案编号',
    cell: (row) => <Link to={`${CASE_LIST}?id=${row.caseId}`}>{row.caseNo}</Link>,
    nowrap: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  { key: 'agencyName', header: '测绘单位', cell: (row) => row.agencyName ?? '—' },
  { key: 'districtName', header: '区县', cell: (row) => row.districtName ?? '—', nowrap: true },
  { key: 'archivedAt', header: '归档时间', cell: (row) => formatDate(row.archivedAt), nowrap: true },
  { key: 'recordCount', header: '文件', cell: (row) => `共 ${row.recordCount} 份`, nowrap: true },
  {
    key: 'classification',
    header: '密级',
    cell: (row) => <StatusBadge table={classification} value={row.classification} />,
  },
];

function CaseListView() {
  const district = useDistrictFilter('区县');
  return (
    <ListPage
      title="办件档案"
      caption="办件档案列表"
      description="已办结项目的成果档案：验收通过的成果文件、验收证书及其元数据。点击档案编号查看档案。"
      call={electronicsCalls.caseList}
      filters={[
        { name: 'caseNo', label: '档案编号', placeholder: '如 DA2026000123' },
        { name: 'projectName', label: '项目名称' },
        { name: 'orgName', label: '测绘单位' },
        {
          name: 'itemId',
          label: '测绘事项',
          type: 'select',
          options: surveyItems.map((item) => ({ value: item.id, label: item.name })),
        },
        district,
        { name: 'year', label: '归档年份', type: 'select', options: yearOptions(6) },
        statusFilter('classification', '密级', classification),
      ]}
      columns={columns}
      rowKey={(row) => row.caseId}
      rowLabel={(row) => row.caseNo}
      rowActions={(row) => (
        <Link to={`${CASE_LIST}?id=${row.caseId}`} aria-label={`查看档案 ${row.caseNo}`}>
          查看
        </Link>
      )}
      exportFile={{ call: electronicsCalls.caseExport, fileName: '办件档案.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的档案' : '暂无档案：项目办结发证后自动归档')}
    />
  );
}

function recordColumns(
  found: ArchiveCaseDetail,
  download: (record: CaseRecord) => string,
  onEdited: (text: string) => void,
): readonly Column<CaseRecord>[] {
  return [
    { key: 'name', header: '名称', cell: (record) => String(record.content.name ?? '—'), wide: true },
    { key: 'type', header: '类型', cell: (record) => String(record.content.type ?? '—') },
    { key: 'format', header: '格式', cell: (record) => String(record.content.format ?? '—'), nowrap: true },
    {
      key: 'size',
      header: '大小',
      cell: (record) => (typeof record.content.size === 'number' ? formatSize(record.content.size) : '—'),
      nowrap: true,
    },
    {
      key: 'classification',
      header: '密级',
      cell: (record) => <StatusBadge table={classification} value={record.classification} />,
    },
    { key: 'version', header: '版本', cell: (record) => `第 ${record.version} 版`, nowrap: true },
    {
      key: 'hash',
      header: '链哈希',
      cell: (record) => <code title={record.hash}>{shortHash(record.hash)}</code>,
      nowrap: true,
    },
    {
      key: 'actions',
      header: '操作',
      cell: (record) => (
        <span className="el-actions">
          {record.hasFile ? (
            <a href={download(record)} download aria-label={`下载 ${String(record.content.name ?? '')}`}>
              下载
            </a>
          ) : null}
          {found.canEdit ? <EditMetadata record={record} onDone={onEdited} /> : null}
        </span>
      ),
      nowrap: true,
    },
  ];
}

function CaseView({ found }: { found: ArchiveCaseDetail }) {
  const api = useApi();
  const mayOpenCertificate = useMayCall(certificateCalls.get.access);
  const [outcome, setOutcome] = useState<string | null>(null);
  const download = (record: CaseRecord) =>
    callUrl(api, electronicsCalls.recordDownload, { id: record.recordId });
  return (
    <>
      <PageHeader
        title={`档案 ${found.caseNo}`}
        description={<StatusBadge table={classification} value={found.classification} />}
        actions={
          <>
            {found.canEdit ? (
              <ClassifyCase
                found={found}
                onDone={setOutcome}
                trigger={<Button variant="secondary">调整密级</Button>}
              />
            ) : null}
            <Link to={`${DRAWING_LISTS.drawing}?caseNo=${found.caseNo}`}>本档案图件</Link>
            <Link to={`${DRAWING_LISTS.document}?caseNo=${found.caseNo}`}>本档案图文档</Link>
            <Link to={CASE_LIST}>返回列表</Link>
          </>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <DetailSection
        title="项目与证书"
        items={[
          { label: '档案编号', value: found.caseNo },
          { label: '项目名称', value: found.projectName },
          { label: '项目编号', value: found.projectNo },
          { label: '建设单位', value: found.ownerName },
          { label: '测绘单位', value: found.agencyName ?? '—' },
          { label: '区县', value: found.districtName ?? '—' },
          { label: '测绘事项', value: found.itemNames.join('、') || '—', wide: true },
          {
            label: '验收证书',
            value:
              found.certificateNo && found.certificateId && mayOpenCertificate ? (
                <Link to={`/workflow/CertificateDetiles?id=${found.certificateId}`}>
                  {found.certificateNo}
                </Link>
              ) : (
                (found.certificateNo ?? '—')
              ),
          },
          { label: '归档时间', value: formatDateTime(found.archivedAt) },
        ]}
      />
      <Card>
        <h2 className="el-heading">档案文件与元数据</h2>
        {found.hiddenCount > 0 ? (
          <Notice>另有 {found.hiddenCount} 份内部或涉密文件，您没有查看权限。</Notice>
        ) : null}
        {found.records.length === 0 ? (
          <p className="el-empty">该档案暂无可查看的文件。</p>
        ) : (
          <DataTable
            caption={`档案 ${found.caseNo} 的文件`}
            columns={recordColumns(found, download, setOutcome)}
            rows={found.records}
            rowKey={(record) => record.recordId}
          />
        )}
        <p className="el-note">
          每份文件的元数据都记入哈希链：修改元数据会追加新版本，原版本保留；
          {metadataKind.label(metadataKind.code.document)}共 12 项，详见元数据目录。
        </p>
      </Card>
      {found.canEdit ? (
        <Card>
          <h2 className="el-heading">内部、涉密文件下载记录</h2>
          {found.downloads.length === 0 ? (
            <p className="el-empty">暂无下载记录。</p>
          ) : (
            <DataTable
              caption="内部、涉密文件下载记录"
              columns={[
                { key: 'name', header: '文件', cell: (row) => row.name ?? '—', wide: true },
                {
                  key: 'classification',
                  header: '密级',
                  cell: (row) => <StatusBadge table={classification} value={row.classification} />,
                },
                { key: 'userName', header: '下载人', cell: (row) => row.userName },
                {
                  key: 'downloadedAt',
                  header: '下载时间',
                  cell: (row) => formatDateTime(row.downloadedAt),
                  nowrap: true,
                },
              ]}
              rows={found.downloads}
              rowKey={(row) => row.pkid}
            />
          )}
        </Card>
      ) : null}
    </>
  );
}

function CaseDetail({ id }: { id: number }) {
  const record = useRecord(electronicsCalls.caseDetail, { id });
  return (
    <RecordPage
      record={record}
      title="档案详情"
      missing="请从档案列表中选择档案"
      back={{ to: CASE_LIST, label: '返回档案列表' }}
    >
      {(found) => <CaseView found={found} />}
    </RecordPage>
  );
}

export function CaseListPage() {
  const id = useUrlId('id');
  return id === undefined ? <CaseListView /> : <CaseDetail id={id} />;
}
