import 'leaflet/dist/leaflet.css';
import './map.css';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import L from 'leaflet';
import {
  GeoJSON,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { readEmbeddedApiBases } from '@shared/api/bases';
import { projectStatus } from '@shared/domain/statuses';
import { formatDate } from '@shared/format';
import type {
  ClusterResult,
  DistrictShape,
  MapClientConfig,
  MapFilter,
  Place,
  ProjectCard,
} from '@shared/calls/hall';
import { ClusterLayer } from './cluster-layer';
import { placeIcon } from './leaflet-icons';
import { createMapApi, districtShade, formatCount, isAbort, messageOf, type MapApi } from './map-data';

export interface ProjectMapProps {
  config: MapClientConfig;
  districts: DistrictShape[];
  stages: { id: number; name: string }[];
  years: number[];
}

const PLACE_ZOOM = 15;

function DistrictLayer({
  districts,
  counts,
}: {
  districts: DistrictShape[];
  counts: Record<string, number> | null;
}) {
  const max = Math.max(0, ...districts.map((d) => counts?.[d.districtCode] ?? d.projectNum));
  return (
    <>
      {districts.map((d) => {
        if (!d.boundary) return null;
        const count = counts ? (counts[d.districtCode] ?? 0) : d.projectNum;
        return (
          <GeoJSON
            // Re-created when its count changes: react-leaflet does not restyle a GeoJSON layer.
            key={`${d.districtCode}:${count}:${max}`}
            data={d.boundary}
            interactive={false}
            style={{ color: '#1d4f91', weight: 1.5, fillColor: districtShade(count, max), fillOpacity: 0.55 }}
          >
            <Tooltip
              permanent
              direction="center"
              className="map-district-label"
              interactive={false}
              pane="district-labels"
            >
              {d.districtName}
              <br />
              {formatCount(count)} 个项目
            </Tooltip>
          </GeoJSON>
        );
      })}
    </>
  );
}

/** District names go under the markers (markers are at 600), so a label never hides a cluster. */
function DistrictLabelPane() {
  const map = useMap();
  // Created during render, before the district layer below adds its tooltips to it.
  if (!map.getPane('district-labels')) {
    const pane = map.createPane('district-labels');
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
  }
  return null;
}

/** Reverse geocoding: a click on the map (not on a marker) says what is there. */
function ReverseOnClick({ api }: { api: MapApi }) {
  const [spot, setSpot] = useState<{ lat: number; lng: number; text: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useMapEvents({
    click(event) {
      const { lat, lng } = event.latlng;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setSpot({ lat, lng, text: '正在查询…' });
      api.reverse(lng, lat, current.signal).then(
        (result) => setSpot({ lat, lng, text: result.address ?? '不在本市范围内' }),
        (error: unknown) => {
          if (!isAbort(error)) setSpot({ lat, lng, text: messageOf(error) });
        },
      );
    },
  });
  if (!spot) return null;
  return (
    <Popup position={[spot.lat, spot.lng]} eventHandlers={{ remove: () => setSpot(null) }}>
      <div className="map-reverse" data-testid="reverse-result">
        <strong>{spot.text}</strong>
        <span>
          经度 {spot.lng.toFixed(5)}，纬度 {spot.lat.toFixed(5)}
        </span>
      </div>
    </Popup>
  );
}

/** Flies to a picked place and marks it. */
function PlaceMarker({ place }: { place: Place | null }) {
  const map = useMap();
  useEffect(() => {
    if (place) map.flyTo([place.lat, place.lon], Math.max(map.getZoom(), PLACE_ZOOM), { duration: 0.6 });
  }, [map, place]);
  if (!place) return null;
  return <Marker position={[place.lat, place.lon]} icon={placeIcon} title={place.name} alt={place.name} />;
}

function ProjectCardView({ card, onClose }: { card: ProjectCard; onClose: () => void }) {
  const tone = projectStatus.find(card.status)?.tone ?? 'neutral';
  const rows: [string, string | null][] = [
    ['项目编号', card.projectNo],
    ['当前阶段', card.stageName ?? '未发布需求'],
    ['所在区县', card.districtName],
    ['项目地址', card.address],
    ['建设单位', card.constructionName],
    ['项目类型', card.projectType],
    ['创建日期', formatDate(card.createdAt)],
  ];
  return (
    <section className="map-card" aria-labelledby="map-card-title" tabIndex={-1} id="map-card">
      <div className="map-card-head">
        <h3 id="map-card-title">{card.projectName}</h3>
        <button type="button" className="map-card-close" onClick={onClose} aria-label="关闭项目信息">
          ×
        </button>
      </div>
      <p>
        <span className={`map-tag tone-${tone}`}>{card.statusName}</span>
      </p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {card.demandId !== null ? (
        <p>
          <a href={`/demand/demandDetails?id=${card.demandId}`}>需求详情与中介选取公示</a>
        </p>
      ) : null}
    </section>
  );
}

export default function ProjectMap({ config, districts, stages, years }: ProjectMapProps) {
  // The bases HallLayout embeds (<ApiBases/>), as every hall script reads them.
  const api = useMemo(() => createMapApi(readEmbeddedApiBases(document)), []);
  const [filter, setFilter] = useState<MapFilter>({});
  const [result, setResult] = useState<ClusterResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [searchState, setSearchState] = useState<string>('');
  const [picked, setPicked] = useState<Place | null>(null);
  const [card, setCard] = useState<ProjectCard | null>(null);
  const cardRequest = useRef<AbortController | null>(null);

  const { west, south, east, north } = config.bbox;
  const bounds = useMemo(() => L.latLngBounds([south, west], [north, east]), [south, west, north, east]);
  const maxBounds = useMemo(() => bounds.pad(0.5), [bounds]);

  const onResult = useCallback((next: ClusterResult) => {
    setResult(next);
    setError(null);
  }, []);

  const pickProject = useCallback(
    (pkid: number) => {
      cardRequest.current?.abort();
      const controller = new AbortController();
      cardRequest.current = controller;
      api.project(pkid, controller.signal).then(
        (next) => {
          setCard(next);
          requestAnimationFrame(() => document.getElementById('map-card')?.focus());
        },
        (failure: unknown) => {
          if (!isAbort(failure)) setError(messageOf(failure));
        },
      );
    },
    [api],
  );

  const setFilterValue = (key: keyof MapFilter, value: string) =>
    setFilter((current) => {
      const next = { ...current };
      if (value === '') delete next[key];
      else next[key] = Number(value);
      return next;
    });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (!text) {
      setSearchState('请输入地名或项目名称');
      return;
    }
    setSearchState('正在搜索…');
    api.search(text).then(
      (hits) => {
        setPlaces(hits);
        setSearchState(hits.length ? `找到 ${hits.length} 个结果` : '没有找到相关地点');
      },
      (failure: unknown) => setSearchState(messageOf(failure)),
    );
  };

  const kindLabel: Record<Place['kind'], string> = { district: '区县', project: '项目', place: '地点' };

  return (
    <div className="map-app">
      <div className="map-toolbar">
        <form className="map-filters" aria-label="项目筛选" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span>审批阶段</span>
            <select value={filter.stage ?? ''} onChange={(e) => setFilterValue('stage', e.target.value)}>
              <option value="">全部阶段</option>
              {stages.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>项目状态</span>
            <select value={filter.status ?? ''} onChange={(e) => setFilterValue('status', e.target.value)}>
              <option value="">全部状态</option>
              {projectStatus.entries.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>年份</span>
            <select value={filter.year ?? ''} onChange={(e) => setFilterValue('year', e.target.value)}>
              <option value="">全部年份</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y} 年
                </option>
              ))}
            </select>
          </label>
        </form>
        <form className="map-search" role="search" aria-label="地点搜索" onSubmit={search}>
          <label htmlFor="map-search-input">地点搜索</label>
          <div className="map-search-row">
            <input
              id="map-search-input"
              type="search"
              value={keyword}
              maxLength={50}
              placeholder="地名、区县或项目名称"
              onChange={(e) => setKeyword(e.target.value)}
            />
            <button type="submit" className="button">
              搜索
            </button>
          </div>
        </form>
      </div>

      <p className="map-summary" role="status">
        {error
          ? error
          : result
            ? `当前筛选共 ${formatCount(result.total)} 个项目，可见范围内 ${result.features.length} 个标记`
            : '正在加载项目分布…'}
      </p>

      <div className="map-body">
        <div className="map-frame" data-testid="project-map">
          <MapContainer
            bounds={bounds}
            maxBounds={maxBounds}
            minZoom={8}
            maxZoom={18}
            zoomSnap={0.5}
            className="map-canvas"
            attributionControl={config.provider === 'tianditu'}
          >
            {config.tiles ? (
              <>
                <TileLayer url={config.tiles.vec} subdomains="01234567" attribution="天地图" />
                <TileLayer url={config.tiles.cva} subdomains="01234567" />
              </>
            ) : null}
            <DistrictLabelPane />
            <DistrictLayer districts={districts} counts={result ? result.districtCounts : null} />
            <ClusterLayer
              api={api}
              filter={filter}
              onResult={onResult}
              onError={setError}
              onPickProject={pickProject}
            />
            <ReverseOnClick api={api} />
            <PlaceMarker place={picked} />
          </MapContainer>
        </div>

        <aside className="map-side" aria-label="搜索结果与项目信息">
          {card ? <ProjectCardView card={card} onClose={() => setCard(null)} /> : null}
          <section className="map-results" aria-labelledby="map-results-title">
            <h3 id="map-results-title">搜索结果</h3>
            <p className="map-results-state" aria-live="polite">
              {searchState || '输入地名或项目名称搜索，点击地图可查询该处地址。'}
            </p>
            {places && places.length > 0 ? (
              <ul className="map-results-list">
                {places.map((place, index) => (
                  <li key={`${place.kind}-${place.name}-${index}`}>
                    <button type="button" onClick={() => setPicked(place)}>
                      <span className="map-result-name">{place.name}</span>
                      <span className="map-result-meta">
                        {kindLabel[place.kind]}
                        {place.address ? ` · ${place.address}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
