import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { createTiandituMapService, TIANDITU_SEARCH_LEVEL } from './tianditu-provider';
import type { MapClientConfig, Place, ReverseResult } from './types';

/** A stand-in for api.tianditu.gov.cn on 127.0.0.1: records each request and answers canned JSON. */
interface Seen {
  path: string;
  postStr: Record<string, unknown>;
  type: string | null;
  tk: string | null;
}
const seen: Seen[] = [];
let failNext = false;
let fake: http.Server;
let apiUrl: string;
let ctx: TestContext;
const bbox = { west: 118.0, south: 36.2, east: 118.6, north: 36.6 };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const postStr = JSON.parse(url.searchParams.get('postStr') ?? '{}') as Record<string, unknown>;
    seen.push({
      path: url.pathname,
      postStr,
      type: url.searchParams.get('type'),
      tk: url.searchParams.get('tk'),
    });
    if (failNext) {
      res.writeHead(503).end('busy');
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    if (url.pathname === '/v2/search' && postStr.queryType === 1) {
      res.end(
        JSON.stringify({
          resultType: 1,
          pois: [
            { name: '云州市人民医院', address: '云中区健康路1号', lonlat: '118.31,36.41' },
            { name: '城外的点', address: '别处', lonlat: '117.0,35.0' },
          ],
        }),
      );
    } else if (url.pathname === '/v2/search' && postStr.queryType === 4) {
      res.end(
        JSON.stringify({
          resultType: 4,
          suggests: [
            { name: '云州市人民医院', address: '云中区健康路1号', lonlat: '118.31,36.41' },
            { name: '人民公园', address: '', lonlat: '118.32 36.42' },
            { name: '无坐标建议' },
          ],
        }),
      );
    } else if (url.pathname === '/geocoder') {
      res.end(
        JSON.stringify({
          status: '0',
          result: {
            formatted_address: '云州市云中区健康路1号',
            addressComponent: { county: '云中区', county_code: '156379902' },
          },
        }),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  ctx = await createTestContext({ TIANDITU_TOKEN: 'test-token', TIANDITU_API_URL: apiUrl });
});

afterAll(async () => {
  await ctx.dispose();
  await new Promise((resolve) => fake.close(resolve));
});

describe('Tianditu provider (against a local fake server)', () => {
  it('searches with queryType 1 and 4, level 12, count 10, inside the fixed box, merging the hits', async () => {
    seen.length = 0;
    const service = createTiandituMapService({ token: 'tk-1', apiUrl, bbox });
    const places = await service.searchPlace('人民');
    const searches = seen.filter((s) => s.path === '/v2/search');
    expect(searches.map((s) => s.postStr.queryType).sort()).toEqual([1, 4]);
    for (const s of searches) {
      expect(s).toMatchObject({ type: 'query', tk: 'tk-1' });
      expect(s.postStr).toMatchObject({
        keyWord: '人民',
        level: TIANDITU_SEARCH_LEVEL,
        count: 10,
        mapBound: '118,36.2,118.6,36.6',
      });
    }
    expect(places).toEqual<Place[]>([
      { name: '云州市人民医院', address: '云中区健康路1号', lon: 118.31, lat: 36.41, kind: 'place' },
      { name: '人民公园', address: null, lon: 118.32, lat: 36.42, kind: 'place' },
    ]);
  });

  it('reverse geocodes through /geocoder', async () => {
    seen.length = 0;
    const service = createTiandituMapService({ token: 'tk-1', apiUrl, bbox });
    expect(await service.reverseGeocode(118.31, 36.41)).toEqual<ReverseResult>({
      address: '云州市云中区健康路1号',
      districtCode: '156379902',
      districtName: '云中区',
    });
    expect(seen[0]).toMatchObject({
      path: '/geocoder',
      type: 'geocode',
      postStr: { lon: 118.31, lat: 36.41 },
    });
  });

  it('is what the API uses when TIANDITU_TOKEN is set, and a failure answers 502 in the envelope', async () => {
    const app = createApp(ctx);
    const config = (await (await app.request('/smsend/map/config')).json()) as { object: MapClientConfig };
    expect(config.object.provider).toBe('tianditu');
    expect(config.object.tiles?.vec).toContain('LAYER=vec');
    expect(config.object.tiles?.cva).toContain('LAYER=cva');
    expect(config.object.tiles?.vec).toContain('tk=test-token');

    seen.length = 0;
    const search = await app.request(`/smsend/map/search?keyword=${encodeURIComponent('人民')}`);
    expect(((await search.json()) as { object: Place[] }).object).toHaveLength(2);
    expect(seen.every((s) => s.tk === 'test-token')).toBe(true);

    failNext = true;
    try {
      const failed = await app.request('/smsend/map/reverse?lon=118.3&lat=36.4');
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({
        success: false,
        message: '天地图服务暂不可用，请稍后重试',
      });
    } finally {
      failNext = false;
    }
  });
});
