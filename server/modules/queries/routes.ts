/** Statistics queries (shared/calls/queries.ts); the rules are in the services beside. */
import { implement } from '@server/lib/calls';
import { queryCalls } from '@shared/calls/queries';
import { achievementStatistics, exportAchievement } from './achievement';
import { districtCounty, exportDistrictCounty } from './district-county';
import { exportProjects, queryProjects } from './project-query';

export const queryRoutes = implement(queryCalls, (ctx) => ({
  districtCounty: (input, { user }) =>
    districtCounty(ctx.db, user, input, ctx.services.now(), ctx.services.results),
  districtCountyExport: (input, { user }) =>
    exportDistrictCounty(ctx.db, user, input, ctx.services.now(), ctx.services.results),
  achievement: (input, { user }) => achievementStatistics(ctx.db, user, input),
  achievementExport: (input, { user }) => exportAchievement(ctx.db, user, input),
  projects: (input, { user }) => queryProjects(ctx.db, user, input, ctx.services.now()),
  projectsExport: (input, { user }) => exportProjects(ctx.db, user, input, ctx.services.now()),
}));
