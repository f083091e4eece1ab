/**
 * The base map's two calls (shared/calls/hall.ts) as lean wire descriptions of their contracts, as
 * the hall's map island sends them (hall/islands/map/map-calls.ts): read the same, typed by the
 * contracts, without hall.ts's schemas and the domain modules they import in the archive's chunk
 * (issue 23: each /electronics page ≤ 150 KB gzipped before interaction). base-map-calls.test.ts
 * checks each equals its contract's wire, so they cannot drift.
 */
import type { hallCalls } from '@shared/calls/hall';
import type { LeanCall } from '@shared/calls/define';

const get = {
  base: 'business',
  methods: ['GET'],
  encoding: 'form',
  envelope: 'object',
  queryFields: [],
  pathParams: [],
} as const;

export const baseMapCalls = {
  config: { ...get, operationId: 'hall.mapConfig', path: 'map/config' } as LeanCall<
    typeof hallCalls.mapConfig
  >,
  districts: { ...get, operationId: 'hall.mapDistricts', path: 'map/districts' } as LeanCall<
    typeof hallCalls.mapDistricts
  >,
};
