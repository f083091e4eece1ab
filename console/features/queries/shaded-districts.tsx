/**
 * The map of /noticemanger/mapStatistical: district outlines filled with their shade, a tooltip and a
 * click each (react-leaflet, on the hall map's base: Tianditu tiles when configured, else the outlines
 * alone). Loaded lazily with the page's map.
 */
import 'leaflet/dist/leaflet.css';
import { GeoJSON, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import type { DistrictShape, MapClientConfig } from '@shared/calls/hall';

export interface ShadedArea {
  key: string;
  boundary: NonNullable<DistrictShape['boundary']>;
  fill: string;
  tooltip: string;
  onClick: () => void;
}

export default function ShadedDistricts({
  bbox,
  config,
  areas,
}: {
  bbox: MapClientConfig['bbox'];
  config: MapClientConfig | undefined;
  areas: readonly ShadedArea[];
}) {
  return (
    <MapContainer
      bounds={[
        [bbox.south, bbox.west],
        [bbox.north, bbox.east],
      ]}
      minZoom={7}
      maxZoom={14}
      className="qr-map__leaflet"
      attributionControl={config?.provider === 'tianditu'}
    >
      {config?.tiles ? (
        <>
          <TileLayer url={config.tiles.vec} subdomains="01234567" attribution="天地图" />
          <TileLayer url={config.tiles.cva} subdomains="01234567" />
        </>
      ) : null}
      {areas.map((area) => (
        <GeoJSON
          key={area.key}
          data={area.boundary}
          style={{ color: '#334155', weight: 1, fillColor: area.fill, fillOpacity: 0.85 }}
          eventHandlers={{ click: area.onClick }}
        >
          <Tooltip sticky>{area.tooltip}</Tooltip>
        </GeoJSON>
      ))}
    </MapContainer>
  );
}
