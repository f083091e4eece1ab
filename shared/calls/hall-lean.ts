/**
 * The hall's calls that pages read without the hall's schemas, as lean wire descriptions of their
 * contracts (shared/calls/hall.ts): sent through callApi or useCall like any call and typed by the
 * contracts, but without carrying zod, hall.ts and the domain modules it imports into a page held to
 * a JavaScript budget (the hall's map page, 150 KB; the archive's pages, issue 23). One list for the
 * hall's map island and the console's base map and district filter; hall-lean.test.ts checks each
 * equals its contract's wire, so none can drift.
 */
import type { hallCalls } from './hall';
import type { LeanCall } from './define';

type HallCalls = typeof hallCalls;

/** Every lean call is a plain GET of the business base with its query in the URL. */
const get = <K extends keyof HallCalls>(operationId: `hall.${K}`, path: string) =>
  ({
    operationId,
    base: 'business',
    path,
    methods: ['GET'],
    encoding: 'form',
    envelope: 'object',
    queryFields: [],
    pathParams: [],
  }) as LeanCall<HallCalls[K]>;

export const leanHallCalls = {
  mapClusters: get<'mapClusters'>('hall.mapClusters', 'map/clusters'),
  mapProject: get<'mapProject'>('hall.mapProject', 'map/project'),
  mapSearch: get<'mapSearch'>('hall.mapSearch', 'map/search'),
  mapReverse: get<'mapReverse'>('hall.mapReverse', 'map/reverse'),
  mapConfig: get<'mapConfig'>('hall.mapConfig', 'map/config'),
  mapDistricts: get<'mapDistricts'>('hall.mapDistricts', 'map/districts'),
  districts: get<'districts'>('hall.districts', 'sgs/getAllDistrict'),
};
