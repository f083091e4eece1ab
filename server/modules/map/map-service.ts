/**
 * The map-service interface (ARCHITECTURE.md, "Maps"): place search and reverse geocoding, with two
 * providers. Tianditu when TIANDITU_TOKEN is set (needs the internet), otherwise the local provider
 * (offline: our districts and projects).
 */
import type { MapConfig } from '@server/config';
import type { BBox, MapClientConfig, Place, ReverseResult } from './types';

export interface MapService {
  readonly provider: MapClientConfig['provider'];
  /** Up to 10 places matching the keyword, inside the city's fixed bounding box. */
  searchPlace(keyword: string): Promise<Place[]>;
  /** What is at the point. */
  reverseGeocode(lon: number, lat: number): Promise<ReverseResult>;
}

/** Place search answers at most this many hits (spec section 9). */
export const PLACE_SEARCH_COUNT = 10;

export function isInside(bbox: BBox, lon: number, lat: number): boolean {
  return lon >= bbox.west && lon <= bbox.east && lat >= bbox.south && lat <= bbox.north;
}

/** Tianditu WMTS tile template for Leaflet ({s} = t0..t7). */
export function tiandituTileUrl(layer: 'vec' | 'cva', token: string): string {
  return (
    `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
    `&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(token)}`
  );
}

/** What the browser needs for the base map. */
export function mapClientConfig(config: MapConfig): MapClientConfig {
  const token = config.tiandituToken;
  return {
    provider: token ? 'tianditu' : 'local',
    bbox: config.bbox,
    tiles: token ? { vec: tiandituTileUrl('vec', token), cva: tiandituTileUrl('cva', token) } : null,
  };
}
