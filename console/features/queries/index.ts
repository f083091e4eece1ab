/** The pages of the statistics queries (issue 25), by route (shared/domain/console-pages.ts) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'queries'> = {
  'query/districtCounty': () => import('./district-county-page').then((module) => module.DistrictCountyPage),
  'query/achievementQuery': () => import('./achievement-page').then((module) => module.AchievementQueryPage),
  'query/projectQuery': () => import('./project-query-page').then((module) => module.ProjectQueryPage),
  'noticemanger/mapStatistical': () =>
    import('./map-statistical-page').then((module) => module.MapStatisticalPage),
};
