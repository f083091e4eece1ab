/**
 * Vector data of the archive (issue 23; docs/electronics.md "Vector data"):
 * - 数据上传 (/electronics/DataUpload): the case's agency and the archive's keepers upload a GeoJSON,
 *   zipped Shapefile or KML into a case through the chunked upload; it is read at once (its reference
 *   system found and reprojected), and a file that cannot be read says why and becomes no layer. Their
 *   layers are listed and shown on the map; `?layer=` focuses one.
 * - 地图管理 (/electronics/MapManagement): the keepers order, show or hide, style, rename and classify
 *   every layer, drawn over the city as they set them.
 */
import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { hallCalls } from '@shared/calls/hall';
import { electronicsCalls, type LayerRow } from '@shared/calls/electronics';
import { classification, vectorFormats } from '@shared/domain/electronics';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { layerUpdateSchema } from '@shared/validation/electronics';
import { ChunkedUpload } from '@console/kit/chunked-upload';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { type Column } from '@console/kit/data-table';
import { useApi } from '@console/lib/api';
import { CASE_LIST } from './case-pages';
import { CaseTargetFields, type CaseTarget } from './case-target-fields';
import type { MapLayer } from './layer-map';
import './electronics.css';

const LayerMap = lazy(() => import('./layer-map'));

export const THREE_DIMENSIONAL = '/electronics/ThreeDimensional';

/** Each shown layer's features, fetched once (a layer's features never change after import). */
export function useLayerData(rows: readonly LayerRow[]): MapLayer[] {
  const api = useApi();
  const results = useQueries({
    queries: rows.map((row) => ({
      queryKey: ['electronics', 'layer-data', row.layerId],
      queryFn: async () => {
        const response = await fetch(callUrl(api, electronicsCalls.layerData, { id: row.layerId }), {
          credentials: 'same-origin',
        });
        if (!response.ok) throw new Error(`图层“${row.name}”加载失败（${response.status}）`);
        return (await response.json()) as GeoJSON.FeatureCollection;
      },
      enabled: row.visible,
      staleTime: Infinity,
    })),
  });
  return rows.map((row, index) => ({ row, data: results[index]?.data }));
}

/** The map with the layers; `focus` is the layer whose extent is shown (also 三维展示's 2D view). */
export function ArchiveMap({ rows, focus }: { rows: readonly LayerRow[]; focus: LayerRow | null }) {
  const config = useCall(hallCalls.mapConfig, {});
  const districts = useCall(hallCalls.mapDistricts, {});
  const layers = useLayerData(rows);
  const loading = layers.filter((layer) => layer.row.visible && !layer.data).length;
  return (
    <Card className="el-map">
      <div className="el-map__canvas" data-testid="archive-map">
        {config.data && districts.data ? (
          <Suspense fallback={<p role="status">正在加载地图…</p>}>
            <LayerMap
              config={config.data}
              districts={districts.data}
              layers={layers}
              focus={focus?.bbox ?? null}
            />
          </Suspense>
        ) : (
          <p role="status">正在加载地图…</p>
        )}
      </div>
      <p className="el-note" role="status">
        {loading > 0
          ? `正在加载 ${loading} 个图层…`
          : `共 ${rows.length} 个图层，显示 ${rows.filter((row) => row.visible).length} 个。点击要素查看属性。`}
      </p>
    </Card>
  );
}

/** 三维展示 of a building layer (footprints with 高度 or 层数), for the rows that have one. */
function ThreeDimensionalLink({ row }: { row: LayerRow }) {
  return row.extrudable ? (
    <Button asChild variant="ghost" size="sm">
      <Link to={`${THREE_DIMENSIONAL}?layerId=${row.layerId}`} aria-label={`三维展示 ${row.name}`}>
        三维
      </Link>
    </Button>
  ) : null;
}

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

/** A layer's settings as 图层设置 sends them (a blank fill or label field: none). */
const settingsOf = (row: LayerRow) => ({
  id: row.layerId,
  name: row.name,
  color: row.style.color,
  width: row.style.width,
  fill: row.style.fill ?? '',
  fillOpacity: row.style.fillOpacity,
  labelField: row.style.labelField ?? '',
  visible: row.visible,
  classification: row.classification,
});

/** 图层设置 (the keepers): name, level, look; the label field among the layer's attributes. */
function LayerSettings({ row, onDone }: { row: LayerRow; onDone: (outcome: ActionOutcome) => void }) {
  const form = useContractForm(layerUpdateSchema, settingsOf(row));
  const update = useCallMutation(electronicsCalls.layerUpdate, {
    invalidates: [electronicsCalls.layerMap, electronicsCalls.layerList],
  });
  return (
    <FormDialog
      trigger={
        <Button variant="secondary" size="sm" aria-label={`设置图层 ${row.name}`}>
          设置
        </Button>
      }
      title={`图层设置：${row.name}`}
      description="名称和密级的修改会在元数据哈希链上追加新版本；样式只影响地图显示。"
      form={form}
      fields={{
        name: '名称',
        color: '线条颜色',
        width: '线宽',
        fill: '填充颜色',
        fillOpacity: '填充透明度',
        labelField: '标注字段',
        classification: '密级',
      }}
      submitLabel="保存"
      onSubmit={async (values) =>
        onDone({ tone: 'success', text: (await update.mutateAsync(values)).message })
      }
    >
      <TextField form={form} name="name" label="名称" />
      <TextField form={form} name="color" label="线条颜色" type="color" />
      <TextField form={form} name="width" label="线宽" type="number" hint="0.5 到 10" />
      <TextField form={form} name="fill" label="填充颜色" hint="如 #4a7cc0；留空则面不填充" />
      <TextField
        form={form}
        name="fillOpacity"
        label="填充透明度"
        type="number"
        hint="0（透明）到 1（不透明）"
      />
      <TextField
        form={form}
        name="labelField"
        label="标注字段"
        hint="地图放大到街道级别时显示；不选则不标注"
        options={row.fields.map((field) => ({ value: field, label: field }))}
      />
      <TextField
        form={form}
        name="classification"
        label="密级"
        options={classification.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
      />
    </FormDialog>
  );
}

export function MapManagementPage() {
  const map = useCall(electronicsCalls.layerMap, {});
  const [focus, setFocus] = useState<LayerRow | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const update = useCallMutation(electronicsCalls.layerUpdate, {
    invalidates: [electronicsCalls.layerMap, electronicsCalls.layerList],
  });
  const move = useCallMutation(electronicsCalls.layerMove, { invalidates: [electronicsCalls.layerMap] });
  const rows = map.data ?? [];
  // The panel lists the top layer first; the map draws the bottom one first.
  const topFirst = [...rows].reverse();
  const toggle = (row: LayerRow) =>
    update.mutate(
      { ...settingsOf(row), visible: !row.visible },
      { onError: (error) => setOutcome({ tone: 'danger', text: error.message }) },
    );
  return (
    <>
      <PageHeader
        title="地图管理"
        description="全部矢量图层叠加在城市底图上：调整图层顺序、显示或隐藏、样式、名称和密级。"
      />
      {outcome ? (
        <Notice tone={outcome.tone === 'danger' ? 'danger' : undefined}>{outcome.text}</Notice>
      ) : null}
      {map.error ? <Notice tone="danger">{map.error.message}</Notice> : null}
      <div className="el-map-layout">
        <ArchiveMap rows={rows} focus={focus} />
        <Card className="el-layer-panel">
          <h2 className="el-heading">图层（上层在前）</h2>
          {rows.length === 0 && map.data ? (
            <p className="el-empty">暂无图层：在数据上传中上传矢量数据。</p>
          ) : null}
          <ol className="el-layer-list" aria-label="图层列表">
            {topFirst.map((row, index) => (
              <li key={row.layerId}>
                <label>
                  <input
                    type="checkbox"
                    checked={row.visible}
                    disabled={update.isPending}
                    onChange={() => toggle(row)}
                  />
                  <span className="el-swatch" style={{ background: row.style.color }} aria-hidden="true" />
                  {row.name}
                </label>
                <span className="el-layer-meta">
                  {row.featureCount.toLocaleString('zh-CN')} 个要素 ·{' '}
                  <StatusBadge table={classification} value={row.classification} />
                </span>
                <span className="el-actions">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`定位 ${row.name}`}
                    onClick={() => setFocus(row)}
                  >
                    定位
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`上移 ${row.name}`}
                    disabled={index === 0 || move.isPending}
                    onClick={() => move.mutate({ id: row.layerId, direction: 'up' })}
                  >
                    上移
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`下移 ${row.name}`}
                    disabled={index === topFirst.length - 1 || move.isPending}
                    onClick={() => move.mutate({ id: row.layerId, direction: 'down' })}
                  >
                    下移
                  </Button>
                  <ThreeDimensionalLink row={row} />
                  <LayerSettings row={row} onDone={setOutcome} />
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
