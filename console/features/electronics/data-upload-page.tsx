/**
 * 数据上传 (/electronics/DataUpload; issue 23, docs/electronics.md "Vector data"): the case's agency
 * and the archive's keepers upload a GeoJSON, zipped Shapefile or KML into a case through the chunked
 * upload; it is read at once (its reference system found and reprojected), and a file that cannot be
 * read says why and becomes no layer. Their layers are listed and shown on the map; `?layer=` focuses
 * one.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { electronicsCalls, type LayerRow } from '@shared/calls/electronics';
import { classification, vectorFormats } from '@shared/domain/electronics';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice } from '@shared/ui/page';
import { ChunkedUpload } from '@console/kit/chunked-upload';
import type { ActionOutcome } from '@console/kit/confirm-action';
import type { Column } from '@console/kit/data-table';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { useCall, useCallMutation } from '@console/kit/query';
import { StatusBadge } from '@console/kit/status-badge';
import { ArchiveMap, ThreeDimensionalLink } from './archive-map';
import { CaseTargetFields, type CaseTarget } from './case-target-fields';
import { CASE_LIST } from './links';
import './electronics.css';

const layerColumns = (onFocus: (row: LayerRow) => void): readonly Column<LayerRow>[] => [
  { key: 'name', header: '图层名称', cell: (row) => row.name, wide: true },
  {
    key: 'caseNo',
    header: '档案编号',
    cell: (row) => <a href={`${CASE_LIST}?id=${row.caseId}`}>{row.caseNo}</a>,
    nowrap: true,
  },
  { key: 'sourceFormat', header: '格式', cell: (row) => row.sourceFormat, nowrap: true },
  { key: 'crsLabel', header: '坐标系', cell: (row) => `${row.crsLabel}（${row.crsCode}）` },
  { key: 'geometryType', header: '几何类型', cell: (row) => row.geometryType, nowrap: true },
  {
    key: 'featureCount',
    header: '要素',
    cell: (row) => row.featureCount.toLocaleString('zh-CN'),
    nowrap: true,
  },
  {
    key: 'classification',
    header: '密级',
    cell: (row) => <StatusBadge table={classification} value={row.classification} />,
  },
  { key: 'createdAt', header: '上传时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
  {
    key: 'actions',
    header: '操作',
    cell: (row) => (
      <span className="el-actions">
        <Button variant="ghost" size="sm" aria-label={`定位 ${row.name}`} onClick={() => onFocus(row)}>
          定位
        </Button>
        <ThreeDimensionalLink row={row} />
      </span>
    ),
    nowrap: true,
  },
];

/** 上传矢量数据: a case, a name, the file; the upload is read into a layer at once. */
function UploadVector({ onImported }: { onImported: (row: LayerRow, text: string) => void }) {
  const [chosen, setChosen] = useState<CaseTarget | null>(null);
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const importLayer = useCallMutation(electronicsCalls.layerImport, {
    invalidates: [electronicsCalls.layerList, electronicsCalls.layerMap],
  });
  return (
    <Card>
      <h2 className="el-heading">上传矢量数据</h2>
      <div className="el-add">
        <CaseTargetFields value={chosen} onChange={setChosen} />
        <label>
          图层名称
          <input
            value={name}
            maxLength={100}
            placeholder="不填则取文件名"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
      </div>
      {outcome ? (
        <Notice tone={outcome.tone === 'danger' ? 'danger' : undefined}>{outcome.text}</Notice>
      ) : null}
      {importLayer.isPending ? <p role="status">正在读取文件、识别坐标系并转换坐标…</p> : null}
      {chosen ? (
        <ChunkedUpload
          dirid={`vector:${chosen.caseId}`}
          accept={vectorFormats}
          label="选择矢量数据文件"
          onUploaded={(file) => {
            setOutcome(null);
            importLayer.mutate(
              { archiveFileId: file.id, ...(name.trim() ? { name: name.trim() } : {}) },
              {
                onSuccess: (done) => {
                  setName('');
                  setOutcome({ tone: 'success', text: done.message });
                  onImported(done.data, done.message);
                },
                onError: (error) => setOutcome({ tone: 'danger', text: `${file.name}：${error.message}` }),
              },
            );
          }}
        />
      ) : (
        <p className="el-note">请先选择档案。</p>
      )}
      <p className="el-note">
        支持 GeoJSON、Shapefile（.shp、.shx、.dbf、.prj 压缩为一个 zip，属性可为 UTF-8 或 GBK）和
        KML。坐标系按 .prj 或 GeoJSON 的 crs 识别：CGCS2000 经纬度、CGCS2000 高斯-克吕格 3 度带和 6
        度带、WGS84 和 Web 墨卡托；没有坐标系、几何无效或位于本市范围之外的数据不会入库。
      </p>
    </Card>
  );
}

export function DataUploadPage() {
  const [search, setSearch] = useSearchParams();
  const focusId = Number(search.get('layer')) || null;
  const targets = useCall(electronicsCalls.caseTargets, {});
  const map = useCall(electronicsCalls.layerMap, {});
  const rows = map.data ?? [];
  const focus = rows.find((row) => row.layerId === focusId) ?? null;
  const show = (row: LayerRow) =>
    setSearch(
      (current) => {
        current.set('layer', String(row.layerId));
        return current;
      },
      { replace: true },
    );
  return (
    <>
      <ListPage
        title="数据上传"
        caption="矢量图层列表"
        description="上传测绘成果的矢量数据（宗地、建筑轮廓、管线等），识别坐标系后转换为经纬度显示在地图上。"
        intro={
          <>
            {(targets.data?.length ?? 0) > 0 ? <UploadVector onImported={show} /> : null}
            <ArchiveMap rows={rows} focus={focus} />
          </>
        }
        call={electronicsCalls.layerList}
        filters={[
          { name: 'name', label: '名称' },
          { name: 'caseNo', label: '档案编号', placeholder: '如 DA2026000123' },
          statusFilter('classification', '密级', classification),
        ]}
        columns={layerColumns(show)}
        rowKey={(row) => row.layerId}
        rowLabel={(row) => row.name}
        emptyText={(filtered) => (filtered ? '没有符合条件的图层' : '暂无矢量图层')}
      />
    </>
  );
}
