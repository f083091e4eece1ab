/**
 * The public hall's calls on the business base (shared/calls/hall.ts): home counts and newest
 * items, the agency directory, the project map. Each handler asks one service.
 */
import { implement } from '@server/lib/calls';
import { listPublicAgencies, newestAgencies } from '@server/modules/agencies';
import {
  countProjectsByDistrict,
  getProjectDistribute,
  listDistricts,
  listDistrictShapes,
  getProjectCard,
} from '@server/modules/map';
import {
  countApprovedAgencies,
  countConstructionUnits,
  countNatureDepts,
  getHallCounts,
} from '@server/modules/statistics';
import { hallCalls } from '@shared/calls/hall';
import { monthlyProjectStatistics, newestConstructions, newestProjects, projectStatistics } from './newest';

export const hallRoutes = implement(hallCalls, (ctx) => {
  const { db } = ctx;
  const map = () => ctx.services.map;
  return {
    counts: () => getHallCounts(db),
    agencyCount: () => countApprovedAgencies(db),
    constructionCount: () => countConstructionUnits(db),
    natureDeptCount: () => countNatureDepts(db),
    newestConstructions: ({ num, type }) => newestConstructions(db, num, type === 1),
    newestAgencies: ({ num }) => newestAgencies(db, num),
    newestProjects: ({ num }) => newestProjects(db, num),
    projectStatistics: () => projectStatistics(db),
    projectStatistics2: () => monthlyProjectStatistics(db, ctx.services.now()),
    agencies: (input) => listPublicAgencies(db, input),
    districts: () => listDistricts(db),
    districtProjectCounts: () => countProjectsByDistrict(db),
    projectDistribution: () => getProjectDistribute(db),
    mapClusters: (input) => map().clusters.clusters(input),
    mapProject: ({ pkid }) => getProjectCard(db, pkid),
    mapSearch: ({ keyword }) => map().service.searchPlace(keyword),
    mapReverse: ({ lon, lat }) => map().service.reverseGeocode(lon, lat),
    mapDistricts: () => listDistrictShapes(db),
    mapConfig: () => map().clientConfig,
  };
});
