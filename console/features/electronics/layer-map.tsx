/**
 * The archive's map (数据上传, 地图管理): the city on the hall map's base (Tianditu tiles when
 * configured, else the district outlines, which need nothing from outside), the vector layers drawn
 * as canvas tiles cut in the browser (vector-tiles.ts), a click naming the feature under it, and the
 * view fitted to the layer in focus. Loaded lazily with Leaflet, only by the pages that show it.
 */
import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import type { DistrictShape, MapClientConfig } from '@shared/calls/hall';
import { CityMap } from './city-map';
import type { LayerRow } from '@shared/calls/electronics';
import { VectorLayers } from './vector-layers';

export interface MapLayer {
  row: LayerRow;
  data: GeoJSON.FeatureCollection | undefined;
}

interface Hit {
  layerName: string;
  properties: Record<string, unknown>;
  latlng: L.LatLng;
  /** A point feature's own position (shown to a metre's precision and better). */
  point: [number, number] | null;
}

/** Fits the view to the layer in focus when it changes. */
function FitTo({ bbox }: { bbox: LayerRow['bbox'] | null }) {
  const map = useMap();
  const key = bbox?.join(',');
  useEffect(() => {
    if (!bbox) return;
    const [west, south, east, north] = bbox;
    if (west === east && south === north) map.setView([south, west], 18);
    else
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { maxZoom: 18, padding: [24, 24] },
      );
    // Keyed by the box's text: a new array of the same box does not move the view.
  }, [map, key]);
  return null;
}

/** The point a click found, when its feature is one point. */
function pointOf(properties: Record<string, unknown>, data: GeoJSON.FeatureCollection | undefined) {
  const feature = data?.features.find((item) => item.properties === properties);
  const geometry = feature?.geometry;
  return geometry?.type === 'Point' ? (geometry.coordinates.slice(0, 2) as [number, number]) : null;
}

export default function LayerMap({
  config,
  districts,
  layers,
  focus,
}: {
  config: MapClientConfig;
  districts: readonly DistrictShape[];
  layers: readonly MapLayer[];
  /** The extent to show (a layer's), or null for the city. */
  focus: LayerRow['bbox'] | null;
}) {
  const [hit, setHit] = useState<Hit | null>(null);
  return (
    <CityMap config={config} districts={districts}>
      <VectorLayers
        layers={layers.map(({ row, data }) => ({
          id: row.layerId,
          name: row.name,
          data,
          style: row.style,
          visible: row.visible,
        }))}
        onFeatureClick={(found) => {
          const layer = layers.find((item) => item.row.layerId === found.layerId);
          setHit({
            layerName: found.layerName,
            properties: found.properties,
            latlng: found.latlng,
            point: pointOf(found.properties, layer?.data),
          });
        }}
      />
      <FitTo bbox={focus} />
      {hit ? (
        <Popup position={hit.latlng} eventHandlers={{ remove: () => setHit(null) }}>
          <div className="el-feature">
            <strong>{hit.layerName}</strong>
            <table>
              <tbody>
                {Object.entries(hit.properties).map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row">{key}</th>
                    <td>{value === null || value === undefined ? '—' : String(value)}</td>
                  </tr>
                ))}
                {hit.point ? (
                  <tr>
                    <th scope="row">位置</th>
                    <td data-testid="feature-position">
                      {hit.point[0].toFixed(7)}，{hit.point[1].toFixed(7)}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        </Popup>
      ) : null}
    </CityMap>
  );
}
