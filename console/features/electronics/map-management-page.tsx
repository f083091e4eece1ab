/**
 * 地图管理 (/electronics/MapManagement; issue 23, docs/electronics.md "Vector data"): the keepers
 * order, show or hide, style, rename and classify every layer, drawn over the city as they set them.
 */
import { useState } from 'react';
import { electronicsCalls, type LayerRow } from '@shared/calls/electronics';
import { classification } from '@shared/domain/electronics';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import type { ActionOutcome } from '@console/kit/confirm-action';
import { deferredDialog } from '@console/kit/deferred-dialog';
import { useCall, useCallMutation } from '@console/kit/query';
import { StatusBadge } from '@console/kit/status-badge';
import { ArchiveMap, ThreeDimensionalLink } from './archive-map';
import { settingsOf } from './layer-settings-values';
import './electronics.css';

const LayerSettings = deferredDialog(() => import('./layer-settings'));

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
                  <LayerSettings
                    row={row}
                    onDone={setOutcome}
                    trigger={
                      <Button variant="secondary" size="sm" aria-label={`设置图层 ${row.name}`}>
                        设置
                      </Button>
                    }
                  />
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
