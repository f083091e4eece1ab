/** The pages of the sharing feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'sharing'> = {
  'workflow/AchievementSharing': () =>
    import('./sharing-pages').then((module) => module.AchievementSharingPage),
  'workflow/applyProjectList': () => import('./sharing-pages').then((module) => module.ApplyProjectListPage),
  'workflow/applyDetials': () => import('./sharing-pages').then((module) => module.ApplyDetailsPage),
  'workflow/applyProjectRecording': () =>
    import('./sharing-pages').then((module) => module.ApplyProjectRecordingPage),
  'workflow/myProjectListShare': () =>
    import('./sharing-pages').then((module) => module.MyProjectListSharePage),
};
