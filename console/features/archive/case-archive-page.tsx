/**
 * 办件详情 (/workflow/myDetials?id=<caseId>): a survey case with its archive folder (`case:<caseId>`,
 * docs/archive.md): the files stored in it, each with 预览 and 下载, and the resumable chunked upload
 * for those who work on the case (its agency and the staff assigned to it); and the case's history of
 * results (hisCityCases/getBycaseId): its staff per survey item and each result with its acceptance.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { archiveCalls, type ArchiveFile } from '@shared/calls/archive';
import { caseCalls, type CaseDetail } from '@shared/calls/offline';
import type { ResultItem } from '@shared/calls/results';
import { workflowCalls } from '@shared/calls/workflow';
import { projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { formatDateTime, formatSize } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useApi } from '@console/lib/api';
import { callKey, useCall } from '@console/kit/query';
import { ChunkedUpload } from '@console/kit/chunked-upload';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import './archive.css';

export function CaseArchivePage() {
  const detail = useRecordFromUrl(caseCalls.get, 'id', (caseId) => ({ caseId }));
  if (detail.missing)
    return (
      <>
        <PageHeader title="办件详情" />
        <Notice>
          请从<Link to="/workflow/myCaseList">我的办件</Link>中选择办件。
        </Notice>
      </>
    );
  return (
    <RecordPage record={detail} title="办件详情">
      {(data) => <CaseArchive detail={data} />}
    </RecordPage>
  );
}

const resultColumns: readonly Column<ResultItem>[] = [
  { key: 'itemName', header: '测绘事项', cell: (item) => item.itemName, nowrap: true },
  {
    key: 'name',
    header: '成果名称',
    cell: (item) => `${item.name}（${item.required ? '必交' : '选交'}）`,
    wide: true,
  },
  {
    key: 'status',
    header: '验收状态',
    cell: (item) => <StatusBadge table={resultAcceptance} value={item.status} />,
    nowrap: true,
  },
  { key: 'files', header: '文件数', cell: (item) => String(item.files.filter((f) => !f.byAuditor).length) },
  {
    key: 'submittedAt',
    header: '提交时间',
    cell: (item) => (item.submittedAt ? formatDateTime(item.submittedAt) : ''),
    nowrap: true,
  },
  {
    key: 'decidedAt',
    header: '验收时间',
    cell: (item) => (item.decidedAt ? `${formatDateTime(item.decidedAt)} ${item.decidedByName ?? ''}` : ''),
    nowrap: true,
  },
  { key: 'opinion', header: '退回意见', cell: (item) => item.opinion ?? '' },
];

/** The case's history of results (hisCityCases/getBycaseId): who works on each item, what became of each result. */
function CaseResults({ caseId }: { caseId: number }) {
  const { data, error } = useCall(workflowCalls.caseById, { caseId });
  return (
    <Card>
      <h2 className="kit-detail__title">作业人员与成果验收</h2>
      {error ? (
        <Notice tone="danger">{error.message}</Notice>
      ) : !data ? (
        <p>正在加载…</p>
      ) : (
        <>
          <p>
            {data.staff.length === 0
              ? '尚未指派作业人员'
              : data.staff.map((one) => `${one.itemName}：${one.staffName}`).join('；')}
          </p>
          {data.results.length === 0 ? (
            <p>暂无成果</p>
          ) : (
            <DataTable
              caption="办件的测绘成果及验收情况"
              columns={resultColumns}
              rows={data.results}
              rowKey={(item) => item.resultId}
              rowLabel={(item) => `${item.itemName}：${item.name}`}
            />
          )}
        </>
      )}
    </Card>
  );
}

function CaseArchive({ detail }: { detail: CaseDetail }) {
  const api = useApi();
  const client = useQueryClient();
  const dirid = `case:${detail.caseId}`;
  const folder = useCall(archiveCalls.findList, { dirid });
  const columns: readonly Column<ArchiveFile>[] = [
    { key: 'name', header: '文件名称', cell: (file) => file.relativePath, wide: true },
    { key: 'size', header: '大小', cell: (file) => formatSize(file.size), nowrap: true },
    { key: 'describe', header: '描述', cell: (file) => file.describe ?? '' },
    { key: 'createdByName', header: '上传人', cell: (file) => file.createdByName ?? '' },
    { key: 'createdAt', header: '上传时间', cell: (file) => formatDateTime(file.createdAt), nowrap: true },
    {
      key: 'sha256',
      header: 'SHA-256',
      cell: (file) => (
        <code className="archive-hash" title={file.sha256}>
          {file.sha256.slice(0, 12)}…
        </code>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={`办件详情 · ${detail.caseNo}`}
        description={<StatusBadge table={projectStatus} value={detail.projectStatus} />}
      />
      <DetailSection
        title="办件信息"
        items={[
          { label: '项目名称', value: detail.projectName },
          { label: '项目编号', value: detail.projectNo },
          { label: '测绘机构', value: detail.orgName },
          { label: '建设单位', value: detail.constructionName },
          { label: '计划开始', value: detail.plannedStart },
          { label: '计划完成', value: detail.plannedEnd },
        ]}
      />
      <CaseResults caseId={detail.caseId} />
      <Card>
        <h2 className="kit-detail__title">案卷文件</h2>
        {folder.error ? (
          <Notice tone="danger">{folder.error.message}</Notice>
        ) : !folder.data ? (
          <p>正在加载…</p>
        ) : folder.data.files.length === 0 ? (
          <p>暂无文件</p>
        ) : (
          <DataTable
            caption="案卷文件"
            columns={columns}
            rows={folder.data.files}
            rowKey={(file) => file.id}
            rowLabel={(file) => file.name}
            rowActions={(file) => (
              <>
                <a
                  href={callUrl(api, archiveCalls.preview, { id: file.id })}
                  target="_blank"
                  rel="noreferrer"
                >
                  预览<span className="visually-hidden">{file.name}</span>
                </a>{' '}
                <a href={callUrl(api, archiveCalls.download, { id: file.id })} download>
                  下载<span className="visually-hidden">{file.name}</span>
                </a>
              </>
            )}
          />
        )}
      </Card>
      {folder.data?.canWrite ? (
        <Card>
          <h2 className="kit-detail__title">上传文件</h2>
          <ChunkedUpload
            dirid={dirid}
            accept={folder.data.formats}
            describe={`办件${detail.caseNo}`}
            allowFolders
            onUploaded={() => void client.invalidateQueries({ queryKey: callKey(archiveCalls.findList) })}
          />
        </Card>
      ) : null}
    </>
  );
}
