import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { cityBox } from '@server/seed/geo';
import { isInside, mapClientConfig } from './map-service';

describe('map configuration', () => {
  it('defaults the fixed bounding box to the demo city', () => {
    expect(loadConfig({}).map.bbox).toEqual(cityBox);
  });

  it('reads MAP_BBOX and refuses a box that is inside out', () => {
    expect(loadConfig({ MAP_BBOX: '116.1,39.7,116.7,40.2' }).map.bbox).toEqual({
      west: 116.1,
      south: 39.7,
      east: 116.7,
      north: 40.2,
    });
    expect(() => loadConfig({ MAP_BBOX: '118.6,36.2,118.0,36.6' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_BBOX: '118,36' })).toThrow(/MAP_BBOX/);
  });

  it('uses the local provider without a token, Tianditu vec/cva tiles with one', () => {
    expect(mapClientConfig(loadConfig({}).map)).toMatchObject({ provider: 'local', tiles: null });
    const withToken = mapClientConfig(loadConfig({ TIANDITU_TOKEN: 'abc' }).map);
    expect(withToken.provider).toBe('tianditu');
    // Written out rather than built with tiandituTileUrl, so a wrong address there fails here.
    // {s}, {z}, {y} and {x} are Leaflet's placeholders and must reach the browser unchanged.
    expect(withToken.tiles).toEqual({
      vec: expect.stringMatching(
        /^https:\/\/t\{s\}\.tianditu\.gov\.cn\/vec_w\/wmts\?.*LAYER=vec.*TILEMATRIX=\{z\}&TILEROW=\{y\}&TILECOL=\{x\}.*tk=abc$/,
      ),
      cva: expect.stringMatching(
        /^https:\/\/t\{s\}\.tianditu\.gov\.cn\/cva_w\/wmts\?.*LAYER=cva.*TILEMATRIX=\{z\}&TILEROW=\{y\}&TILECOL=\{x\}.*tk=abc$/,
      ),
    });
  });

  it('isInside includes the edges and nothing outside', () => {
    expect(isInside(cityBox, 118.0, 36.2)).toBe(true);
    expect(isInside(cityBox, 118.3, 36.4)).toBe(true);
    expect(isInside(cityBox, 118.61, 36.4)).toBe(false);
  });
});
