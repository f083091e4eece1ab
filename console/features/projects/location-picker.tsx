/**
 * Picks a project's location on the map (react-leaflet, the same tiles as the hall's map: Tianditu
 * when configured, else the district outlines alone) or by searching a place; the point is
 * reverse-geocoded to its district and address. The server derives the district again from the point
 * on save: what is shown here is a preview, not trusted input.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect, useState, type FormEvent } from 'react';
import { CircleMarker, GeoJSON, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { callApi } from '@shared/api/call';
import { hallCalls, type Place } from '@shared/calls/hall';
import { Button } from '@shared/ui/button';
import { useCall } from '@console/kit/query';
import { useApi } from '@console/lib/api';

export interface PickedPoint {
  lon: number;
  lat: number;
  districtName: string | null;
  address: string | null;
}

function ClickToPick({ onPick }: { onPick: (lon: number, lat: number) => void }) {
  useMapEvents({ click: (event) => onPick(event.latlng.lng, event.latlng.lat) });
  return null;
}

function FlyTo({ point }: { point: { lon: number; lat: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.lat, point.lon], Math.max(map.getZoom(), 13));
  }, [map, point]);
  return null;
}

export function LocationPicker({
  value,
  onChange,
  error,
}: {
  value: { lon: number; lat: number } | null;
  onChange: (point: PickedPoint) => void;
  error?: string | undefined;
}) {
  const api = useApi();
  const config = useCall(hallCalls.mapConfig, {});
  const districts = useCall(hallCalls.mapDistricts, {});
  const [keyword, setKeyword] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [status, setStatus] = useState('点击地图选取项目位置，或搜索地名。');
  const [focus, setFocus] = useState<{ lon: number; lat: number } | null>(null);

  const pick = async (lon: number, lat: number) => {
    setStatus('正在查询该位置所在区县…');
    try {
      const found = await callApi(api, hallCalls.mapReverse, { lon, lat });
      onChange({ lon, lat, districtName: found.districtName, address: found.address });
      setStatus(
        found.districtName
          ? `已选取：${found.address ?? found.districtName}（${lon.toFixed(6)}，${lat.toFixed(6)}）`
          : '该位置不在本市范围内，请重新选取。',
      );
    } catch (problem) {
      setStatus(problem instanceof Error ? problem.message : '查询失败，请重试');
    }
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!keyword.trim()) return;
    try {
      const found = await callApi(api, hallCalls.mapSearch, { keyword: keyword.trim() });
      setPlaces(found);
      setStatus(found.length === 0 ? '没有找到该地点' : `找到 ${found.length} 个地点，请选择`);
    } catch (problem) {
      setStatus(problem instanceof Error ? problem.message : '搜索失败，请重试');
    }
  };

  const bbox = config.data?.bbox;
  return (
    <fieldset className="location-picker" aria-describedby="location-status">
      <legend>项目位置</legend>
      <div className="location-picker__search" role="search">
        <label htmlFor="location-keyword">搜索地名</label>
        <input
          id="location-keyword"
          value={keyword}
          maxLength={50}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void search(event);
          }}
        />
        <Button type="button" variant="secondary" size="sm" onClick={(event) => void search(event)}>
          搜索
        </Button>
      </div>
      {places && places.length > 0 ? (
        <ul className="location-picker__places">
          {places.map((place, index) => (
            <li key={`${place.name}-${index}`}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setFocus({ lon: place.lon, lat: place.lat });
                  setPlaces(null);
                  void pick(place.lon, place.lat);
                }}
              >
                {place.name}
                {place.address ? `（${place.address}）` : ''}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="location-picker__map" data-testid="location-map">
        {bbox ? (
          <MapContainer
            bounds={[
              [bbox.south, bbox.west],
              [bbox.north, bbox.east],
            ]}
            minZoom={8}
            maxZoom={18}
            className="location-picker__canvas"
            attributionControl={config.data?.provider === 'tianditu'}
          >
            {config.data?.tiles ? (
              <>
                <TileLayer url={config.data.tiles.vec} subdomains="01234567" attribution="天地图" />
                <TileLayer url={config.data.tiles.cva} subdomains="01234567" />
              </>
            ) : null}
            {(districts.data ?? []).map((d) =>
              d.boundary ? (
                <GeoJSON
                  key={d.districtCode}
                  data={d.boundary}
                  interactive={false}
                  style={{ color: '#1d4f91', weight: 1.5, fillColor: '#dce8f6', fillOpacity: 0.5 }}
                />
              ) : null,
            )}
            <ClickToPick onPick={(lon, lat) => void pick(lon, lat)} />
            <FlyTo point={focus} />
            {value ? (
              <CircleMarker
                center={[value.lat, value.lon]}
                radius={9}
                pathOptions={{ color: '#b3261e', fillColor: '#d93025', fillOpacity: 0.9 }}
              />
            ) : null}
          </MapContainer>
        ) : (
          <p>正在加载地图…</p>
        )}
      </div>
      <p id="location-status" className="location-picker__status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p className="location-picker__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
