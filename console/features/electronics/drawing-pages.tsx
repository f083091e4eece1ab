/**
 * Drawings of the archive (issue 23; docs/electronics.md "Drawings"): 图件管理
 * (/electronics/DrawingManagement) and 图文档管理 (/drawdoc/DrawDocManagement) list the latest version
 * of each drawing of one category in the cases the user sees, and let the case's agency and the
 * archive's keepers add one through the chunked upload; 图件详情 (/electronics/DrawingFileDetails?id=)
 * previews a version (PDF pages, DXF drawn with its layers; DWG downloads only), lists the versions
 * with who uploaded them and when, takes a new version and, for the keepers, edits the metadata.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import {
  electronicsCalls,
  type DrawingDetail,
  type DrawingRow,
  type DrawingVersion,
} from '@shared/calls/electronics';
import {
  classification,
  drawingCategory,
  drawingFormats,
  metadataKind,
  type DrawingCategory,
} from '@shared/domain/electronics';
import { formatDateTime, formatSize } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { callKey, useCall } from '@console/kit/query';
import { ChunkedUpload } from '@console/kit/chunked-upload';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useApi } from '@console/lib/api';
import { CASE_LIST, DRAWING_LISTS } from './links';
import { CaseTargetFields, type CaseTarget } from './case-target-fields';
import { EditMetadata } from './record-edit';
import { shortHash } from './records';
import './electronics.css';

/** The preview (PDF pages, DXF layers), loaded by the drawing's page only: the lists do not show it. */
const DrawingPreview = lazy(() =>
  import('./drawing-preview').then(({ DrawingPreview }) => ({ default: DrawingPreview })),
);

export const DRAWING_DETAILS = '/electronics/DrawingFileDetails';

/** Each category's list page. */
const lists: Record<DrawingCategory, { title: string; path: string; description: string }> = {
  [drawingCategory.code.drawing]: {
    title: '图件管理',
    path: DRAWING_LISTS.drawing,
    description: '档案中的成果图件（PDF、DXF、DWG），每行为最新版本。点击名称查看预览、版本和元数据。',
  },
  [drawingCategory.code.document]: {
    title: '图文档管理',
    path: DRAWING_LISTS.document,
    description:
      '档案中的设计图纸与图文说明（PDF、DXF、DWG），每行为最新版本。点击名称查看预览、版本和元数据。',
  },
};

const fileName = (row: { name: string; format: string }) => `${row.name}.${row.format.toLowerCase()}`;

const columns: readonly Column<DrawingRow>[] = [
  {
    key: 'name',
    header: '名称',
    cell: (row) => <Link to={`${DRAWING_DETAILS}?id=${row.drawingId}`}>{row.name}</Link>,
    wide: true,
  },
  { key: 'format', header: '格式', cell: (row) => row.format, nowrap: true },
  { key: 'version', header: '版本', cell: (row) => `第 ${row.version} 版`, nowrap: true },
  {
    key: 'caseNo',
    header: '档案编号',
    cell: (row) => <Link to={`${CASE_LIST}?id=${row.caseId}`}>{row.caseNo}</Link>,
    nowrap: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  {
    key: 'classification',
    header: '密级',
    cell: (row) => <StatusBadge table={classification} value={row.classification} />,
  },
  { key: 'updatedAt', header: '更新时间', cell: (row) => formatDateTime(row.updatedAt), nowrap: true },
];

/** Refreshes every drawing query after an upload. */
function useRefreshDrawings() {
  const client = useQueryClient();
  return () => {
    for (const call of [electronicsCalls.drawingList, electronicsCalls.drawingDetail])
      void client.invalidateQueries({ queryKey: callKey(call) });
  };
}

/** 上传图件: a case the user may add to, an optional name, then the chunked upload. */
function AddDrawing({ category, onDone }: { category: DrawingCategory; onDone: (text: string) => void }) {
  const label = drawingCategory.label(category);
  const [chosen, setChosen] = useState<CaseTarget | null>(null);
  const [name, setName] = useState('');
  const refresh = useRefreshDrawings();
  return (
    <Card>
      <h2 className="el-heading">上传{label}</h2>
      <div className="el-add">
        <CaseTargetFields value={chosen} onChange={setChosen} />
        <label>
          {label}名称
          <input
            value={name}
            maxLength={100}
            placeholder="不填则取文件名"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
      </div>
      {chosen ? (
        <ChunkedUpload
          dirid={`${category === drawingCategory.code.drawing ? 'drawing' : 'drawdoc'}:${chosen.caseId}`}
          accept={drawingFormats}
          describe={name.trim() || undefined}
          label={`选择${label}文件`}
          onUploaded={(file) => {
            refresh();
            setName('');
            onDone(`已上传${label}：${file.name}（档案 ${chosen.caseNo}）`);
          }}
        />
      ) : (
        <p className="el-note">请先选择档案，再选择 PDF、DXF 或 DWG 文件上传。</p>
      )}
    </Card>
  );
}

export function DrawingList({ category }: { category: DrawingCategory }) {
  const api = useApi();
  const page = lists[category];
  const targets = useCall(electronicsCalls.caseTargets, {});
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const mayAdd = (targets.data?.length ?? 0) > 0;
  return (
    <ListPage
      title={page.title}
      caption={`${page.title}列表`}
      description={page.description}
      actions={
        mayAdd ? (
          <Button variant={adding ? 'secondary' : 'primary'} onClick={() => setAdding(!adding)}>
            {adding ? '收起上传' : `上传${drawingCategory.label(category)}`}
          </Button>
        ) : null
      }
      intro={
        <>
          {outcome ? <Notice>{outcome}</Notice> : null}
          {adding ? <AddDrawing category={category} onDone={setOutcome} /> : null}
        </>
      }
      call={electronicsCalls.drawingList}
      fixedInput={{ category }}
      filters={[
        { name: 'name', label: '名称' },
        { name: 'caseNo', label: '档案编号', placeholder: '如 DA2026000123' },
        { name: 'projectName', label: '项目名称' },
        {
          name: 'format',
          label: '格式',
          type: 'select',
          options: drawingFormats.map((format) => ({ value: format, label: format.toUpperCase() })),
        },
        statusFilter('classification', '密级', classification),
      ]}
      columns={columns}
      rowKey={(row) => row.drawingId}
      rowLabel={(row) => row.name}
      rowActions={(row) => (
        <span className="el-actions">
          <Link to={`${DRAWING_DETAILS}?id=${row.drawingId}`} aria-label={`查看 ${row.name}`}>
            查看
          </Link>
          <a
            href={callUrl(api, electronicsCalls.recordDownload, { id: row.recordId })}
            download
            aria-label={`下载 ${fileName(row)}`}
          >
            下载
          </a>
        </span>
      )}
      emptyText={(filtered) =>
        filtered ? '没有符合条件的图件' : `暂无${drawingCategory.label(category)}：测绘单位可在办件档案中上传`
      }
    />
  );
}

function versionColumns(
  found: DrawingDetail,
  shown: number,
  onShow: (version: DrawingVersion) => void,
  download: (version: DrawingVersion) => string,
): readonly Column<DrawingVersion>[] {
  return [
    { key: 'version', header: '版本', cell: (version) => `第 ${version.version} 版`, nowrap: true },
    {
      key: 'change',
      header: '变更',
      cell: (version) => (version.newFile ? '上传文件' : '修改元数据'),
      nowrap: true,
    },
    { key: 'fileName', header: '文件', cell: (version) => version.fileName, wide: true },
    {
      key: 'size',
      header: '大小',
      cell: (version) => (version.size === null ? '—' : formatSize(version.size)),
      nowrap: true,
    },
    {
      key: 'classification',
      header: '密级',
      cell: (version) => <StatusBadge table={classification} value={version.classification} />,
    },
    { key: 'createdByName', header: '操作人', cell: (version) => version.createdByName, nowrap: true },
    { key: 'createdAt', header: '时间', cell: (version) => formatDateTime(version.createdAt), nowrap: true },
    {
      key: 'hash',
      header: '链哈希',
      cell: (version) => <code title={version.hash}>{shortHash(version.hash)}</code>,
      nowrap: true,
    },
    {
      key: 'actions',
      header: '操作',
      cell: (version) => (
        <span className="el-actions">
          {version.recordId === shown ? (
            <span>预览中</span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`预览第 ${version.version} 版`}
              onClick={() => onShow(version)}
            >
              预览
            </Button>
          )}
          <a href={download(version)} download aria-label={`下载第 ${version.version} 版 ${found.name}`}>
            下载
          </a>
        </span>
      ),
      nowrap: true,
    },
  ];
}

function DrawingView({ found }: { found: DrawingDetail }) {
  const api = useApi();
  const refresh = useRefreshDrawings();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = found.versions.find((version) => version.recordId === shownId) ?? found.versions[0];
  const format = shown ? (shown.fileName.split('.').pop() ?? '').toUpperCase() : found.format;
  const list = lists[found.category as DrawingCategory] ?? lists[drawingCategory.code.drawing];
  return (
    <>
      <PageHeader
        title={`${drawingCategory.label(found.category)} ${found.name}`}
        description={<StatusBadge table={classification} value={found.classification} />}
        actions={
          <>
            {found.canEdit ? (
              <EditMetadata
                record={{
                  recordId: found.recordId,
                  kind: metadataKind.code.document,
                  classification: found.classification,
                  content: found.content,
                }}
                onDone={(text) => {
                  refresh();
                  setOutcome(text);
                }}
              />
            ) : null}
            <Link to={list.path}>返回{list.title}</Link>
          </>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <DetailSection
        title="图件信息"
        items={[
          { label: '名称', value: found.name },
          { label: '类别', value: drawingCategory.label(found.category) },
          { label: '格式', value: found.format },
          { label: '大小', value: found.size === null ? '—' : formatSize(found.size) },
          { label: '当前版本', value: `第 ${found.version} 版` },
          {
            label: '所属档案',
            value: <Link to={`${CASE_LIST}?id=${found.caseId}`}>{found.caseNo}</Link>,
          },
          { label: '项目名称', value: found.projectName },
          { label: '建设单位', value: found.ownerName },
          { label: '测绘单位', value: found.agencyName ?? '—' },
          { label: '管理单位', value: String(found.content.managingUnit ?? '—') },
          { label: '入库日期', value: String(found.content.loadDate ?? '—') },
          { label: '链哈希', value: <code title={found.hash}>{shortHash(found.hash)}</code> },
        ]}
      />
      <Card>
        <h2 className="el-heading">
          预览{shown && shown.recordId !== found.recordId ? `（第 ${shown.version} 版）` : ''}
        </h2>
        {shown ? (
          <Suspense fallback={<p role="status">正在加载预览…</p>}>
            <DrawingPreview
              key={shown.recordId}
              url={callUrl(api, electronicsCalls.recordPreview, { id: shown.recordId })}
              format={format}
              name={shown.fileName}
            />
          </Suspense>
        ) : (
          <p className="el-empty">该图件暂无可查看的版本。</p>
        )}
      </Card>
      <Card>
        <h2 className="el-heading">版本记录</h2>
        <DataTable
          caption={`${found.name} 的版本`}
          columns={versionColumns(
            found,
            shown?.recordId ?? 0,
            (version) => setShownId(version.recordId),
            (version) => callUrl(api, electronicsCalls.recordDownload, { id: version.recordId }),
          )}
          rows={found.versions}
          rowKey={(version) => version.recordId}
        />
        <p className="el-note">
          每个版本都记入元数据哈希链：上传新文件或修改元数据都追加新版本，原版本保留并可下载。
        </p>
        {found.canUpload ? (
          <div className="el-new-version">
            <h3>上传新版本</h3>
            <ChunkedUpload
              dirid={`drawing-version:${found.drawingId}`}
              accept={drawingFormats}
              label="选择新版本文件"
              onUploaded={(file) => {
                refresh();
                setShownId(null);
                setOutcome(`已上传新版本：${file.name}`);
              }}
            />
          </div>
        ) : null}
      </Card>
    </>
  );
}

export function DrawingFileDetailsPage() {
  const record = useRecordFromUrl(electronicsCalls.drawingDetail, 'id', (id) => ({ id }));
  return (
    <RecordPage
      record={record}
      title="图件详情"
      missing="请从图件管理中选择图件"
      back={{ to: lists[drawingCategory.code.drawing].path, label: '返回图件管理' }}
    >
      {(found) => <DrawingView found={found} />}
    </RecordPage>
  );
}

export const DrawingManagementPage = () => <DrawingList category={drawingCategory.code.drawing} />;
export const DrawDocManagementPage = () => <DrawingList category={drawingCategory.code.document} />;
