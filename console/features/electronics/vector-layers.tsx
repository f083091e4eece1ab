/**
 * Vector layers inside react-leaflet's <MapContainer>: one canvas tile layer per layer (vector-tiles.ts),
 * built when its data arrives and kept while it is hidden, so showing it again does not index the data
 * anew. A map click names the topmost feature under it; VectorPopup shows its properties.
 */
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { createVectorTileLayer, type VectorStyle, type VectorTileLayer } from './vector-tiles';

export interface VectorLayerInput {
  id: number;
  name: string;
  data: GeoJSON.FeatureCollection | undefined;
  style: VectorStyle;
  visible: boolean;
}

export interface VectorFeatureHit {
  layerId: number;
  layerName: string;
  /** The feature's own properties object (the same reference as in the layer's data). */
  properties: Record<string, unknown>;
  latlng: L.LatLng;
}

interface Built {
  data: GeoJSON.FeatureCollection;
  layer: VectorTileLayer;
  style: VectorStyle;
  zIndex: number;
}

function sameStyle(a: VectorStyle, b: VectorStyle): boolean {
  return (
    a.color === b.color &&
    a.width === b.width &&
    a.fill === b.fill &&
    a.fillOpacity === b.fillOpacity &&
    a.labelField === b.labelField
  );
}

/**
 * Draws `layers` in their order, the first at the bottom. Renders nothing itself; the layers go to
 * Leaflet's overlay pane, above the base tiles and below markers and popups.
 */
export function VectorLayers({
  layers,
  onFeatureClick,
}: {
  layers: readonly VectorLayerInput[];
  onFeatureClick?: (hit: VectorFeatureHit) => void;
}) {
  const map = useMap();
  const built = useRef(new Map<number, Built>());
  // The click handler reads the latest props without subscribing again on every render.
  const latest = useRef({ layers, onFeatureClick });
  useEffect(() => {
    latest.current = { layers, onFeatureClick };
  });

  useEffect(() => {
    const current = built.current;
    const present = new Set<number>();
    layers.forEach((input, order) => {
      if (!input.data) return;
      present.add(input.id);
      const zIndex = order + 1;
      let entry = current.get(input.id);
      if (entry && entry.data !== input.data) {
        entry.layer.remove();
        current.delete(input.id);
        entry = undefined;
      }
      // Indexed only once shown: a hidden layer costs nothing until then.
      if (!entry && !input.visible) return;
      if (!entry) {
        const layer = createVectorTileLayer(input.data, input.style, { pane: 'overlayPane', zIndex });
        // The moment a layer's tiles in view are all drawn, for the bench (first draw after navigation).
        layer.once('load', () => performance.mark(`vector-layer-drawn:${input.id}`));
        entry = { data: input.data, layer, style: input.style, zIndex };
        current.set(input.id, entry);
      } else {
        if (!sameStyle(entry.style, input.style)) {
          entry.style = input.style;
          entry.layer.setStyle(input.style);
        }
        if (entry.zIndex !== zIndex) {
          entry.zIndex = zIndex;
          entry.layer.setZIndex(zIndex);
        }
      }
      if (input.visible && !map.hasLayer(entry.layer)) entry.layer.addTo(map);
      if (!input.visible && map.hasLayer(entry.layer)) entry.layer.remove();
    });
    for (const [id, entry] of current) {
      if (present.has(id)) continue;
      entry.layer.remove();
      current.delete(id);
    }
  }, [map, layers]);

  useEffect(() => {
    const current = built.current;
    return () => {
      for (const entry of current.values()) entry.layer.remove();
      current.clear();
    };
  }, [map]);

  useEffect(() => {
    const onClick = (event: L.LeafletMouseEvent) => {
      const { layers: inputs, onFeatureClick: report } = latest.current;
      if (!report) return;
      const zoom = map.getZoom();
      for (let i = inputs.length - 1; i >= 0; i--) {
        const input = inputs[i]!;
        const entry = built.current.get(input.id);
        if (!input.visible || !entry || !map.hasLayer(entry.layer)) continue;
        const properties = entry.layer.featureAt(event.latlng, zoom);
        if (properties) {
          report({ layerId: input.id, layerName: input.name, properties, latlng: event.latlng });
          return;
        }
      }
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  return null;
}

const POPUP_MAX_ROWS = 50;

function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A popup listing a clicked feature's properties. `onClose` gets the hit whose popup closed: clear the
 * state only if it is still that hit (`setHit((h) => (h === closed ? null : h))`), as the popup of the
 * previous hit also reports its removal when a new one replaces it.
 */
export function VectorPopup({
  hit,
  onClose,
}: {
  hit: VectorFeatureHit | null;
  onClose?: (closed: VectorFeatureHit) => void;
}) {
  if (!hit) return null;
  const entries = Object.entries(hit.properties);
  return (
    <Popup
      key={`${hit.layerId}:${hit.latlng.lat}:${hit.latlng.lng}`}
      position={hit.latlng}
      maxWidth={360}
      maxHeight={300}
      eventHandlers={{ remove: () => onClose?.(hit) }}
    >
      <table style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <caption style={{ fontWeight: 600, textAlign: 'left', paddingBottom: 4 }}>{hit.layerName}</caption>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td>该要素没有属性</td>
            </tr>
          ) : (
            entries.slice(0, POPUP_MAX_ROWS).map(([key, value]) => (
              <tr key={key}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: 8, verticalAlign: 'top' }}>
                  {key}
                </th>
                <td style={{ wordBreak: 'break-all' }}>{shownValue(value)}</td>
              </tr>
            ))
          )}
          {entries.length > POPUP_MAX_ROWS ? (
            <tr>
              <td colSpan={2}>另有 {entries.length - POPUP_MAX_ROWS} 项属性未显示</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </Popup>
  );
}
