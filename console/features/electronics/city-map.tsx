/**
 * The city on the hall map's base, for the archive's maps (地图管理, 数据上传, 一张图): Tianditu tiles
 * when configured, else the district outlines, which need nothing from outside. What a page draws on
 * it comes as children (react-leaflet layers). Imported only by the lazily loaded map modules.
 */
import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { GeoJSON, MapContainer, TileLayer } from 'react-leaflet';
import type { DistrictShape, MapClientConfig } from '@shared/calls/hall';

export function CityMap({
  config,
  districts,
  children,
}: {
  config: MapClientConfig;
  districts: readonly DistrictShape[];
  children: ReactNode;
}) {
  const { bbox } = config;
  return (
    <MapContainer
      bounds={[
        [bbox.south, bbox.west],
        [bbox.north, bbox.east],
      ]}
      minZoom={7}
      maxZoom={18}
      className="el-map__leaflet"
      attributionControl={config.provider === 'tianditu'}
    >
      {config.tiles ? (
        <>
          <TileLayer url={config.tiles.vec} subdomains="01234567" attribution="天地图" maxZoom={18} />
          <TileLayer url={config.tiles.cva} subdomains="01234567" maxZoom={18} />
        </>
      ) : (
        districts.map((district) =>
          district.boundary ? (
            <GeoJSON
              key={district.districtCode}
              data={district.boundary}
              interactive={false}
              style={{ color: '#94a3b8', weight: 1, fillColor: '#f1f5f9', fillOpacity: 0.6 }}
            />
          ) : null,
        )
      )}
      {children}
    </MapContainer>
  );
}
