import { describe, expect, it } from 'vitest';
import { wireOf } from '@shared/calls/define';
import { hallCalls } from '@shared/calls/hall';
import { baseMapCalls } from './base-map-calls';

describe("the archive's base map calls", () => {
  it('travel exactly as their contracts say', () => {
    expect(baseMapCalls.config).toEqual(wireOf(hallCalls.mapConfig));
    expect(baseMapCalls.districts).toEqual(wireOf(hallCalls.mapDistricts));
  });
});
