/**
 * Shapes of the map calls: the wire types come from their contracts (shared/calls/hall.ts), so
 * the server, the hall's map island and the API docs agree by construction.
 */
export type {
  BBox,
  ClusterFeature,
  ClusterResult,
  DistrictItem,
  DistrictProjectNum,
  DistrictShape,
  MapClientConfig,
  MapFilter,
  Place,
  ProjectCard,
  ProjectDistribute,
  ReverseResult,
} from '@shared/calls/hall';
