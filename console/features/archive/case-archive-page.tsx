/**
 * 办件详情 (/workflow/myDetials?id=<caseId>): a survey case with its archive folder (`case:<caseId>`,
 * docs/archive.md): the files stored in it, each with 预览 and 下载, and the resumable chunked upload
 * for those who work on the case (its agency and the staff assigned to it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { archiveCalls, type ArchiveFile } from '@shared/calls/archive';
import { caseCalls, type CaseDetail } from '@shared/calls/offline';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime, formatSize } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useApi } from '@console/lib/api';
import {
  callKey,
  ChunkedUpload,
  DataTable,
  DetailSection,
  RecordPage,
  StatusBadge,
  useCall,
  useRecordFromUrl,
  type Column,
} from '@console/kit';

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
