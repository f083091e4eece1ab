/** The pages of the sharing feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import {
  AchievementSharingPage,
  ApplyDetailsPage,
  ApplyProjectListPage,
  ApplyProjectRecordingPage,
  MyProjectListSharePage,
} from './sharing-pages';

export const pages: FeaturePages<'sharing'> = {
  'workflow/AchievementSharing': AchievementSharingPage,
  'workflow/applyProjectList': ApplyProjectListPage,
  'workflow/applyDetials': ApplyDetailsPage,
  'workflow/applyProjectRecording': ApplyProjectRecordingPage,
  'workflow/myProjectListShare': MyProjectListSharePage,
};
