import { describe, expect, it } from 'vitest';
import { wireOf } from '@shared/calls/define';
import { hallCalls } from '@shared/calls/hall';
import { mapCalls } from './map-calls';

describe('the map island calls', () => {
  it('travel exactly as their contracts say', () => {
    expect(mapCalls.clusters).toEqual(wireOf(hallCalls.mapClusters));
    expect(mapCalls.project).toEqual(wireOf(hallCalls.mapProject));
    expect(mapCalls.search).toEqual(wireOf(hallCalls.mapSearch));
    expect(mapCalls.reverse).toEqual(wireOf(hallCalls.mapReverse));
  });
});
