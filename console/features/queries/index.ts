/** The pages of the statistics queries (issue 25), by route (shared/domain/console-pages.ts): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { AchievementQueryPage } from './achievement-page';
import { DistrictCountyPage } from './district-county-page';
import { MapStatisticalPage } from './map-statistical-page';
import { ProjectQueryPage } from './project-query-page';

export const pages: FeaturePages<'queries'> = {
  'query/districtCounty': DistrictCountyPage,
  'query/achievementQuery': AchievementQueryPage,
  'query/projectQuery': ProjectQueryPage,
  'noticemanger/mapStatistical': MapStatisticalPage,
};
