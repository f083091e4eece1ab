/**
 * 一张图's map: the archive cases as points, clustered in the browser (supercluster) so a zoomed-out
 * city shows a bubble per cluster with its count; a bubble zooms in, a point opens a card with the
 * case and a link to it. Loaded lazily with Leaflet.
 */
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import Supercluster from 'supercluster';
import type { PicturePoint } from '@shared/calls/electronics';
import type { DistrictShape, MapClientConfig } from '@shared/calls/hall';
import { CityMap } from './city-map';
import { CASE_LIST } from './links';

const clusterIcons = new Map<number, L.DivIcon>();
/**
 * A bubble with the count, three sizes; cached, as Leaflet compares icons by identity. The clustering
 * radius keeps bubbles apart (no two click targets overlap), the point's target is 24 px around its dot.
 */
function clusterIcon(count: number): L.DivIcon {
  const cached = clusterIcons.get(count);
  if (cached) return cached;
  const size = count < 10 ? 30 : count < 100 ? 36 : 42;
  const icon = L.divIcon({
    html: `<span>${count}</span>`,
    className: 'el-cluster',
    iconSize: [size, size],
  });
  clusterIcons.set(count, icon);
  return icon;
}
const pointIcon = L.divIcon({ html: '<span></span>', className: 'el-point', iconSize: [24, 24] });

function Clusters({ points }: { points: readonly PicturePoint[] }) {
  const map = useMap();
  const index = useMemo(() => {
    // Radius in 512-px tile units: 100 keeps cluster centres about 50 screen pixels apart.
    const built = new Supercluster<{ i: number }>({ radius: 100, maxZoom: 16 });
    built.load(
      points.map((point, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.lon, point.lat] },
        properties: { i },
      })),
    );
    return built;
  }, [points]);
  // Drawn again after each pan or zoom: the clusters are those of the bounds and zoom of the moment.
  const [, setMoves] = useState(0);
  useEffect(() => {
    const moved = () => setMoves((n) => n + 1);
    map.on('moveend', moved);
    return () => void map.off('moveend', moved);
  }, [map]);
  const bounds = map.getBounds();
  const features = index.getClusters(
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    Math.round(map.getZoom()),
  );
  return (
    <>
      {features.map((feature) => {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          i?: number;
        };
        if (props.cluster) {
          const id = props.cluster_id!;
          return (
            <Marker
              key={`c${id}`}
              position={[lat, lon]}
              icon={clusterIcon(props.point_count!)}
              title={`${props.point_count} 个档案，点击放大`}
              eventHandlers={{
                click: () => map.setView([lat, lon], Math.min(index.getClusterExpansionZoom(id), 18)),
              }}
            />
          );
        }
        const point = points[props.i!]!;
        return (
          <Marker key={`p${point.caseId}`} position={[lat, lon]} icon={pointIcon} title={point.projectName}>
            <Popup>
              <div className="el-feature">
                <strong>{point.projectName}</strong>
                <table>
                  <tbody>
                    <tr>
                      <th scope="row">档案编号</th>
                      <td>{point.caseNo}</td>
                    </tr>
                    <tr>
                      <th scope="row">测绘单位</th>
                      <td>{point.agencyName ?? '—'}</td>
                    </tr>
                    <tr>
                      <th scope="row">归档年份</th>
                      <td>{point.year}年</td>
                    </tr>
                  </tbody>
                </table>
                <Link to={`${CASE_LIST}?id=${point.caseId}`}>查看档案</Link>
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

export default function PictureMap({
  config,
  districts,
  points,
}: {
  config: MapClientConfig;
  districts: readonly DistrictShape[];
  points: readonly PicturePoint[];
}) {
  return (
    <CityMap config={config} districts={districts}>
      <Clusters points={points} />
    </CityMap>
  );
}
