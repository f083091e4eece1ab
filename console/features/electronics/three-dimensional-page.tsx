/**
 * 三维展示 (/electronics/ThreeDimensional; docs/electronics.md "The 3D view"): a building layer the
 * user reads (footprints with 高度 or 层数: `extrudable`), chosen here or linked with `?layerId=`, its
 * buildings extruded in 3D by three.js. three comes with building-scene.ts through import(), so only
 * this page fetches it. Without WebGL the page says so and shows the footprints on the archive's 2D map.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { electronicsCalls, type LayerRow } from '@shared/calls/electronics';
import { metresPerFloor } from '@shared/domain/electronics';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Field } from '@shared/ui/form';
import { useCall } from '@console/kit/query';
import {
  DEFAULT_HEIGHT,
  extrusionOf,
  groundOf,
  heightRamp,
  type Building,
  type Extrusion,
} from './extrusion';
import { ArchiveMap, useLayerData } from './archive-map';
import './electronics.css';

/** The building layers listed in the choice (the newest first); a search finds the others. */
const LIST_MAX = 100;
/** The buildings listed under the view. */
const TABLE_MAX = 500;

export const NO_WEBGL = '当前浏览器不支持 WebGL，已改为二维显示';

/** Whether the browser makes a WebGL context (the context is given back at once). */
function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

const metres = (value: number) => `${Number(value.toFixed(1)).toLocaleString('zh-CN')} 米`;

function BuildingFacts({ building }: { building: Building }) {
  return (
    <dl className="el-3d__facts">
      <dt>名称</dt>
      <dd>{building.name}</dd>
      <dt>层数</dt>
      <dd>{building.floors ?? '—'}</dd>
      <dt>高度</dt>
      <dd>
        {metres(building.height)}
        {building.heightSource === 'floors'
          ? `（按层数 × ${metresPerFloor} 米）`
          : building.heightSource === 'default'
            ? '（缺少高度和层数，按默认值）'
            : ''}
      </dd>
    </dl>
  );
}

type SceneState = 'loading' | 'drawn' | 'failed';

/** The 3D view: loads three (its own chunk) and draws; `onFail` when WebGL or the chunk fails. */
function Scene({
  extrusion,
  label,
  onFail,
}: {
  extrusion: Extrusion;
  label: string;
  onFail: (reason: 'webgl' | 'load') => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<SceneState>('loading');
  const [hovered, setHovered] = useState<Building | null>(null);
  const [selected, setSelected] = useState<Building | null>(null);
  // The latest onFail without drawing the scene anew when the parent renders.
  const failed = useRef(onFail);
  useEffect(() => {
    failed.current = onFail;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let stopped = false;
    let dispose: (() => void) | null = null;
    setState('loading');
    import('./building-scene').then(
      ({ createBuildingScene }) => {
        if (stopped) return;
        try {
          const scene = createBuildingScene(element, extrusion, {
            label,
            onHover: setHovered,
            onSelect: setSelected,
            onDrawn: () => setState('drawn'),
          });
          dispose = () => scene.dispose();
        } catch {
          // three could not make a WebGL context although the check found one (a lost GPU, a blocklist).
          setState('failed');
          failed.current('webgl');
        }
      },
      () => {
        if (stopped) return;
        setState('failed');
        failed.current('load');
      },
    );
    return () => {
      stopped = true;
      dispose?.();
      setHovered(null);
      setSelected(null);
    };
  }, [extrusion, label]);

  const shown = hovered ?? selected;
  return (
    <div className="el-3d">
      <div ref={container} className="el-3d__view" data-testid="three-dimensional-view" data-state={state}>
        {state === 'loading' ? (
          <p role="status" className="el-3d__loading">
            正在加载三维视图…
          </p>
        ) : null}
      </div>
      <aside className="el-3d__side" aria-label="建筑信息">
        <h2 className="el-heading">建筑</h2>
        <div aria-live="polite" data-testid="building-info">
          {shown ? (
            <BuildingFacts building={shown} />
          ) : (
            <p className="el-note">指向或点击一栋建筑，查看其名称、层数和高度。</p>
          )}
        </div>
        <h2 className="el-heading el-3d__legend-title">高度</h2>
        <div
          className="el-3d__ramp"
          style={{ background: `linear-gradient(to right, ${heightRamp.join(', ')})` }}
          aria-hidden="true"
        />
        <p className="el-3d__ramp-labels">
          <span>{metres(extrusion.minHeight)}</span>
          <span>{metres(extrusion.maxHeight)}</span>
        </p>
        <p className="el-note">
          拖动旋转，右键拖动平移，滚轮缩放；选中视图后可用方向键平移。地面网格每格 {groundOf(extrusion).cell}{' '}
          米。
        </p>
      </aside>
    </div>
  );
}

/** The buildings as a table: what the view shows, for a screen reader and for looking one up. */
function BuildingTable({ extrusion }: { extrusion: Extrusion }) {
  const rows = extrusion.buildings.slice(0, TABLE_MAX);
  return (
    <details className="el-3d__table">
      <summary>建筑列表（{extrusion.buildings.length.toLocaleString('zh-CN')} 栋）</summary>
      <table>
        <caption className="visually-hidden">建筑列表</caption>
        <thead>
          <tr>
            <th scope="col">名称</th>
            <th scope="col">层数</th>
            <th scope="col">高度</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((building) => (
            <tr key={building.index}>
              <td>{building.name}</td>
              <td>{building.floors ?? '—'}</td>
              <td>
                {metres(building.height)}
                {building.heightSource === 'default' ? '（默认）' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {extrusion.buildings.length > TABLE_MAX ? <p className="el-note">仅列出前 {TABLE_MAX} 栋。</p> : null}
    </details>
  );
}

/** A chosen layer: its features, then the 3D view, or the 2D map without WebGL. */
function LayerView({ row }: { row: LayerRow }) {
  // Fetched even when the keepers hide the layer on 地图管理: hiding is the map's, not the data's.
  const shown = useMemo(() => [{ ...row, visible: true }], [row]);
  const [layer] = useLayerData(shown);
  const [fallback, setFallback] = useState<'webgl' | 'load' | null>(() => (hasWebGL() ? null : 'webgl'));
  const data = layer?.data;
  const [west, south, east, north] = row.bbox;
  const extrusion = useMemo(
    () => (data ? extrusionOf(data, [(west + east) / 2, (south + north) / 2]) : null),
    [data, west, south, east, north],
  );
  const label = `${row.name}的三维视图：${extrusion?.buildings.length ?? 0} 栋建筑`;

  if (fallback)
    return (
      <>
        <Notice role="status">
          {fallback === 'webgl' ? NO_WEBGL : '三维组件加载失败，已改为二维显示。请刷新页面重试。'}
        </Notice>
        <ArchiveMap rows={shown} focus={shown[0]!} />
        {extrusion ? (
          <Card>
            <BuildingTable extrusion={extrusion} />
          </Card>
        ) : null}
      </>
    );
  if (!extrusion)
    return (
      <Card>
        <p role="status">正在加载图层“{row.name}”的要素…</p>
      </Card>
    );
  return (
    <Card>
      <h2 className="el-heading">{row.name}</h2>
      <p className="el-note el-3d__summary">
        档案 {row.caseNo} · 共 {extrusion.total.toLocaleString('zh-CN')} 栋建筑，高度{' '}
        {metres(extrusion.minHeight)}至 {metres(extrusion.maxHeight)}。高度取属性“高度”，没有时按“层数” ×{' '}
        {metresPerFloor} 米。
      </p>
      {extrusion.total > extrusion.buildings.length ? (
        <Notice>
          建筑较多，三维视图显示离图层中心最近的 {extrusion.buildings.length.toLocaleString('zh-CN')} 栋。
        </Notice>
      ) : null}
      {extrusion.defaulted > 0 ? (
        <Notice>
          {extrusion.defaulted} 栋建筑缺少高度和层数，按 {DEFAULT_HEIGHT} 米显示。
        </Notice>
      ) : null}
      {extrusion.skipped > 0 ? <Notice>{extrusion.skipped} 个要素不是面，未显示。</Notice> : null}
      {extrusion.buildings.length === 0 ? (
        <p className="el-empty">该图层没有可显示的建筑轮廓。</p>
      ) : (
        <>
          <Scene extrusion={extrusion} label={label} onFail={setFallback} />
          <BuildingTable extrusion={extrusion} />
        </>
      )}
    </Card>
  );
}

export function ThreeDimensionalPage() {
  const [search, setSearch] = useSearchParams();
  const layerId = Number(search.get('layerId')) || null;
  const [keyword, setKeyword] = useState('');
  const list = useCall(electronicsCalls.layerList, {
    extrudable: '1',
    page: 1,
    rows: LIST_MAX,
    ...(keyword ? { name: keyword } : {}),
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  // The linked layer stays chosen while a search lists others.
  const [chosen, setChosen] = useState<LayerRow | null>(null);
  const found = rows.find((row) => row.layerId === layerId);
  useEffect(() => {
    if (found) setChosen(found);
    else if (layerId === null) setChosen(null);
  }, [found, layerId]);
  const current = chosen?.layerId === layerId ? chosen : (found ?? null);
  const selectId = useId();
  const searchId = useId();
  const choose = (id: string) =>
    setSearch(
      (params) => {
        if (id) params.set('layerId', id);
        else params.delete('layerId');
        return params;
      },
      { replace: false },
    );
  const none = list.data && total === 0 && !keyword;

  return (
    <>
      <PageHeader
        title="三维展示"
        description="建筑图层（带“高度”或“层数”属性的建筑轮廓）按高度拉伸，在三维视图中旋转、缩放查看。"
      />
      {list.error ? <Notice tone="danger">{list.error.message}</Notice> : null}
      {none ? (
        <Card>
          <p className="el-empty">
            暂无可三维展示的建筑图层：建筑轮廓图层需带有“高度”或“层数”属性，可在数据上传中上传。
          </p>
        </Card>
      ) : (
        <Card>
          <div className="el-3d__choose">
            <Field id={searchId} label="查找图层" hint="按图层名称">
              {(control) => (
                <input
                  {...control}
                  type="search"
                  className="ui-input"
                  value={keyword}
                  maxLength={100}
                  onChange={(event) => setKeyword(event.target.value.trim())}
                />
              )}
            </Field>
            <Field
              id={selectId}
              label="建筑图层"
              hint={
                total > rows.length
                  ? `共 ${total} 个，列出最新的 ${rows.length} 个；可按名称查找`
                  : list.data
                    ? `共 ${total} 个`
                    : '正在加载…'
              }
            >
              {(control) => (
                <select
                  {...control}
                  className="ui-input"
                  value={current?.layerId ?? ''}
                  onChange={(event) => choose(event.target.value)}
                >
                  <option value="">请选择建筑图层</option>
                  {current && !rows.some((row) => row.layerId === current.layerId) ? (
                    <option value={current.layerId}>
                      {current.name}（{current.caseNo}）
                    </option>
                  ) : null}
                  {rows.map((row) => (
                    <option key={row.layerId} value={row.layerId}>
                      {row.name}（{row.caseNo}，{row.featureCount.toLocaleString('zh-CN')} 个要素）
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {layerId !== null && list.data && !current && !keyword ? (
            <Notice>没有找到该建筑图层：它可能不存在、无权查看，或缺少“高度”和“层数”属性。</Notice>
          ) : null}
        </Card>
      )}
      {current ? <LayerView key={current.layerId} row={current} /> : null}
    </>
  );
}
