import { useEffect, useRef, useState } from 'react';
import { Marker, useMap } from 'react-leaflet';
import { projectStatus } from '@shared/domain/statuses';
import type { ClusterResult, MapFilter } from '@shared/calls/hall';
import { clusterIcon, pointIcon } from './leaflet-icons';
import { formatCount, isAbort, messageOf, type MapApi } from './map-data';

interface Props {
  api: MapApi;
  filter: MapFilter;
  onResult: (result: ClusterResult) => void;
  onError: (message: string) => void;
  onPickProject: (pkid: number) => void;
}

/** Pan and zoom settle for this long before clusters are asked for. */
const DEBOUNCE_MS = 120;

/**
 * Clusters from the server for the visible box and zoom: asked for on every moveend (debounced), the
 * previous request aborted when a newer one supersedes it.
 */
export function ClusterLayer({ api, filter, onResult, onError, onPickProject }: Props) {
  const map = useMap();
  const [result, setResult] = useState<ClusterResult | null>(null);
  const callbacks = useRef({ onResult, onError });
  callbacks.current = { onResult, onError };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const load = () => {
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      const bounds = map.getBounds();
      api
        .clusters(
          map.getZoom(),
          {
            west: bounds.getWest(),
            south: bounds.getSouth(),
            east: bounds.getEast(),
            north: bounds.getNorth(),
          },
          filter,
          signal,
        )
        .then((next) => {
          if (signal.aborted) return;
          setResult(next);
          callbacks.current.onResult(next);
        })
        .catch((error: unknown) => {
          if (!isAbort(error) && !signal.aborted) callbacks.current.onError(messageOf(error));
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(load, DEBOUNCE_MS);
    };
    load();
    map.on('moveend', schedule);
    return () => {
      map.off('moveend', schedule);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [api, map, filter]);

  if (!result) return null;
  return (
    <>
      {result.features.map((feature) => {
        const [lon, lat] = feature.geometry.coordinates;
        const props = feature.properties;
        if (props.cluster) {
          return (
            <Marker
              key={`c${props.clusterId}`}
              position={[lat, lon]}
              icon={clusterIcon(props.count, formatCount(props.count))}
              title={`${formatCount(props.count)} 个项目，点击放大`}
              alt={`${formatCount(props.count)} 个项目`}
              eventHandlers={{ click: () => map.flyTo([lat, lon], props.expansionZoom, { duration: 0.4 }) }}
            />
          );
        }
        const tone = projectStatus.find(props.status)?.tone ?? 'neutral';
        return (
          <Marker
            key={`p${props.pkid}`}
            position={[lat, lon]}
            icon={pointIcon(tone)}
            title={`${props.name}（${projectStatus.label(props.status)}）`}
            alt={props.name}
            eventHandlers={{ click: () => onPickProject(props.pkid) }}
          />
        );
      })}
    </>
  );
}
