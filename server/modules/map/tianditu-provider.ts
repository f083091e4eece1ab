/**
 * The Tianditu map service (only when TIANDITU_TOKEN is set): place search (/v2/search, queryType 1
 * and 4, level 12, count 10, inside the fixed bounding box) and reverse geocoding (/geocoder). Needs
 * the internet; the tests run it against a local fake server through `apiUrl`.
 */
import { AppError } from '@shared/errors/app-error';
import { isInside, PLACE_SEARCH_COUNT, type MapService } from './map-service';
import type { BBox, Place, ReverseResult } from './types';

export interface TiandituOptions {
  token: string;
  /** https://api.tianditu.gov.cn by default (TIANDITU_API_URL). */
  apiUrl: string;
  bbox: BBox;
  timeoutMs?: number;
}

/** Search level and query types the spec prescribes (section 7, "Maps service"; section 9). */
export const TIANDITU_SEARCH_LEVEL = 12;
export const TIANDITU_QUERY_TYPES = [1, 4] as const;

interface TiandituPoi {
  name?: string;
  address?: string;
  lonlat?: string;
}

interface TiandituSearchAnswer {
  pois?: TiandituPoi[];
  suggests?: TiandituPoi[];
}

interface TiandituGeocodeAnswer {
  status?: string;
  result?: { formatted_address?: string; addressComponent?: { county?: string; county_code?: string } };
}

const unavailable = (cause: unknown) =>
  new AppError('internal', { message: '天地图服务暂不可用，请稍后重试', status: 502, cause });

/** "lon,lat" or "lon lat" → numbers, or undefined. */
function parseLonLat(value: string | undefined): [number, number] | undefined {
  const parts = value?.split(/[ ,]+/).map(Number);
  if (!parts || parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return undefined;
  return parts as [number, number];
}

export function createTiandituMapService(options: TiandituOptions): MapService {
  const { token, apiUrl, bbox } = options;
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call<T>(path: string, postStr: object, type: string): Promise<T> {
    const url = new URL(`${apiUrl}${path}`);
    url.searchParams.set('postStr', JSON.stringify(postStr));
    url.searchParams.set('type', type);
    url.searchParams.set('tk', token);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unavailable(error);
    }
    if (!response.ok) throw unavailable(new Error(`Tianditu answered ${response.status}`));
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw unavailable(error);
    }
  }

  return {
    provider: 'tianditu',

    async searchPlace(keyword) {
      const mapBound = [bbox.west, bbox.south, bbox.east, bbox.north].join(',');
      const answers = await Promise.all(
        TIANDITU_QUERY_TYPES.map((queryType) =>
          call<TiandituSearchAnswer>(
            '/v2/search',
            {
              keyWord: keyword,
              level: TIANDITU_SEARCH_LEVEL,
              mapBound,
              queryType,
              start: 0,
              count: PLACE_SEARCH_COUNT,
            },
            'query',
          ),
        ),
      );
      const places: Place[] = [];
      const seen = new Set<string>();
      for (const poi of answers.flatMap((answer) => [...(answer.pois ?? []), ...(answer.suggests ?? [])])) {
        const position = parseLonLat(poi.lonlat);
        if (!poi.name || !position || !isInside(bbox, position[0], position[1])) continue;
        const key = `${poi.name}|${position.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        places.push({
          name: poi.name,
          address: poi.address || null,
          lon: position[0],
          lat: position[1],
          kind: 'place',
        });
      }
      return places.slice(0, PLACE_SEARCH_COUNT);
    },

    async reverseGeocode(lon, lat): Promise<ReverseResult> {
      const answer = await call<TiandituGeocodeAnswer>('/geocoder', { lon, lat, ver: 1 }, 'geocode');
      if (answer.status !== '0' || !answer.result?.formatted_address) {
        return { address: null, districtCode: null, districtName: null };
      }
      const county = answer.result.addressComponent;
      return {
        address: answer.result.formatted_address,
        districtCode: county?.county_code ?? null,
        districtName: county?.county ?? null,
      };
    },
  };
}
