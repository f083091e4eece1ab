/**
 * The map island's calls as lean wire descriptions of their contracts (shared/calls/hall.ts): the
 * island sends them through callApi like any call, typed by the contracts, but without carrying zod
 * and the schemas into the map page (its JavaScript budget is 150 KB gzipped). map-calls.test.ts
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

export const mapCalls = {
  clusters: { ...get, operationId: 'hall.mapClusters', path: 'map/clusters' } as LeanCall<
    typeof hallCalls.mapClusters
  >,
  project: { ...get, operationId: 'hall.mapProject', path: 'map/project' } as LeanCall<
    typeof hallCalls.mapProject
  >,
  search: { ...get, operationId: 'hall.mapSearch', path: 'map/search' } as LeanCall<
    typeof hallCalls.mapSearch
  >,
  reverse: { ...get, operationId: 'hall.mapReverse', path: 'map/reverse' } as LeanCall<
    typeof hallCalls.mapReverse
  >,
};
