/**
 * The archive's map of vector layers (地图管理, 数据上传, and 三维展示's 2D view): the layers' features,
 * fetched once each, drawn over the city by ./layer-map.tsx (Leaflet, loaded with the map).
 */
import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { hallCalls } from '@shared/calls/hall';
import { electronicsCalls, type LayerRow } from '@shared/calls/electronics';
import { Button } from '@shared/ui/button';
import { Card } from '@shared/ui/page';
import { useCall } from '@console/kit/query';
import { useApi } from '@console/lib/api';
import type { MapLayer } from './layer-map';
import { THREE_DIMENSIONAL } from './links';
import './electronics.css';

const LayerMap = lazy(() => import('./layer-map'));

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
export function ThreeDimensionalLink({ row }: { row: LayerRow }) {
  return row.extrudable ? (
    <Button asChild variant="ghost" size="sm">
      <Link to={`${THREE_DIMENSIONAL}?layerId=${row.layerId}`} aria-label={`三维展示 ${row.name}`}>
        三维
      </Link>
    </Button>
  ) : null;
}
