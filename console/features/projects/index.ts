/** The pages of the projects feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'projects'> = {
  'demandmanger/release': () => import('./demand-pages').then((module) => module.ReleasePage),
  'demandmanger/newProjece': () => import('./project-form-page').then((module) => module.NewProjectPage),
  'demandmanger/releaseList': () => import('./demand-pages').then((module) => module.ReleaseListPage),
  'demandmanger/submitFile': () => import('./demand-pages').then((module) => module.SubmitFilePage),
  'demandmanger/demandQuery': () => import('./demand-pages').then((module) => module.DemandQueryPage),
  'demandmanger/DemandXmXg': () => import('./project-form-page').then((module) => module.EditProjectPage),
  'demandmanger/demandDetails': () =>
    import('./demand-details-page').then((module) => module.DemandDetailsPage),
  'notdchy/DemandRelease': () => import('./demand-release-page').then((module) => module.DemandReleasePage),
};
