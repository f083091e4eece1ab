/**
 * What the submission and acceptance pages share: the project's head (numbers, state, progress), one
 * result item (catalogue entry, state, files with 下载, description, the last return's opinion) and the
 * list columns of projects with results.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { archiveCalls } from '@shared/calls/archive';
import {
  resultCalls,
  type ResultItem,
  type ResultProject,
  type ResultProjectRow,
} from '@shared/calls/results';
import { auditStatus, projectStatus, resultAcceptance } from '@shared/domain/statuses';
import { formatDateTime, formatSize } from '@shared/format';
import { Card } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import { useApi } from '@console/lib/api';

/** What the archive's preview opens in the browser (the others it downloads). */
const previewable = (name: string) => /\.(pdf|png|jpe?g|gif|bmp|webp)$/i.test(name);

export const SUBMIT_PAGE = '/workflow/caseadd';
export const ACCEPT_PAGE = '/workflow/resDetails';

/** 已采纳 n / 必交 m, and how many were returned. */
export function progressText(
  row: Pick<ResultProjectRow, 'total' | 'uploaded' | 'adopted' | 'rejected'>,
): string {
  const parts = [`已上传 ${row.uploaded}/${row.total}`, `已采纳 ${row.adopted}`];
  if (row.rejected > 0) parts.push(`已退回 ${row.rejected}`);
  return parts.join('，');
}

/** The acceptance's state in words (before any submission: 未提交). */
export function AcceptanceBadge({ value }: { value: number | null }) {
  if (value === null) return <span>未提交验收</span>;
  const label =
    value === auditStatus.code.pending
      ? '验收中'
      : value === auditStatus.code.approved
        ? '已验收'
        : value === auditStatus.code.rejected
          ? '已退回修改'
          : '未提交验收';
  return <span className="results-acceptance">{label}</span>;
}

/** The columns of a list of projects with results; the name links to `href`. */
export function projectColumns<Row extends ResultProjectRow>(href: (row: Row) => string): Column<Row>[] {
  return [
    {
      key: 'projectName',
      header: '项目名称',
      cell: (row) => <Link to={href(row)}>{row.projectName}</Link>,
      wide: true,
    },
    { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
    { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
    { key: 'orgName', header: '测绘机构', cell: (row) => row.orgName },
    {
      key: 'status',
      header: '项目状态',
      cell: (row) => <StatusBadge table={projectStatus} value={row.status} />,
    },
    { key: 'progress', header: '成果进度', cell: (row) => progressText(row) },
    { key: 'acceptance', header: '验收', cell: (row) => <AcceptanceBadge value={row.acceptance} /> },
  ];
}

export function ProjectHead({ data }: { data: ResultProject }) {
  return (
    <DetailSection
      title="项目信息"
      items={[
        { label: '项目名称', value: data.projectName },
        { label: '项目编号', value: data.projectNo },
        { label: '建设单位', value: data.constructionName },
        { label: '测绘机构', value: data.orgName },
        { label: '审批阶段', value: data.stageNames.join('、') },
        { label: '项目状态', value: projectStatus.label(data.status) },
        { label: '成果进度', value: progressText(data) },
        { label: '验收', value: <AcceptanceBadge value={data.acceptance} /> },
      ]}
    />
  );
}

type ResultFile = ResultItem['files'][number];

/** Files of an item, each with 预览 (through the archive, when it has a record there) and 下载. */
function FileList({
  label,
  item,
  files,
  action,
}: {
  label: string;
  item: ResultItem;
  files: readonly ResultFile[];
  action?: ((file: ResultFile) => ReactNode) | undefined;
}) {
  const api = useApi();
  return (
    <ul className="results-item__files" aria-label={label}>
      {files.map((file) => (
        <li key={file.fileId}>
          <span>{file.fileName}</span>
          <span className="results-item__size">{formatSize(file.size)}</span>
          {file.archiveId !== null && previewable(file.fileName) ? (
            <a
              href={callUrl(api, archiveCalls.preview, { id: file.archiveId })}
              target="_blank"
              rel="noreferrer"
              aria-label={`预览 ${file.fileName}`}
            >
              预览
            </a>
          ) : null}
          <a
            href={
              file.archiveId !== null
                ? callUrl(api, archiveCalls.download, { id: file.archiveId })
                : callUrl(api, resultCalls.file, { resultId: item.resultId, fileId: file.fileId })
            }
            download
            aria-label={`下载 ${file.fileName}`}
          >
            下载
          </a>
          {action ? action(file) : null}
        </li>
      ))}
    </ul>
  );
}

/** One result item: its entry, state and files; `actions` are the page's (upload, adopt, …). */
export function ResultItemCard({
  item,
  children,
  fileAction,
  mediaAction,
}: {
  item: ResultItem;
  children?: ReactNode;
  /** An action beside each of the agency's files (删除 while the item may change). */
  fileAction?: (file: ResultFile) => ReactNode;
  /** An action beside each of the auditors' files (删除 by its uploader before the verdict). */
  mediaAction?: (file: ResultFile) => ReactNode;
}) {
  const title = `${item.itemName}：${item.name}`;
  const results = item.files.filter((file) => !file.byAuditor);
  const media = item.files.filter((file) => file.byAuditor);
  return (
    <Card className="results-item" aria-label={title}>
      <div className="results-item__head">
        <h3 className="results-item__title">
          {title}
          <span className="results-item__required">{item.required ? '（必交）' : '（选交）'}</span>
        </h3>
        <StatusBadge table={resultAcceptance} value={item.status} />
      </div>
      <p className="results-item__rule">
        格式：{item.formats.join('、')}；单个文件不超过 {formatSize(item.maxSize)}
      </p>
      {item.status === resultAcceptance.code.rejected && item.opinion ? (
        <p className="results-item__opinion" role="note">
          退回意见：{item.opinion}
        </p>
      ) : null}
      {item.description ? <p className="results-item__description">成果说明：{item.description}</p> : null}
      {results.length === 0 ? (
        <p className="results-item__empty">尚未上传文件</p>
      ) : (
        <FileList label={`${title}的文件`} item={item} files={results} action={fileAction} />
      )}
      {media.length > 0 ? (
        <div className="results-item__media">
          <p className="results-item__media-title">审核附件</p>
          <FileList label={`${title}的审核附件`} item={item} files={media} action={mediaAction} />
        </div>
      ) : null}
      {item.submittedAt ? (
        <p className="results-item__meta">
          {item.submittedByName ?? ''} 于 {formatDateTime(item.submittedAt)} 提交
          {item.decidedAt ? `；${item.decidedByName ?? ''} 于 ${formatDateTime(item.decidedAt)} 审核` : ''}
        </p>
      ) : null}
      {children}
    </Card>
  );
}
