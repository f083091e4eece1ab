/** The pages of the projects feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { DemandDetailsPage } from './demand-details-page';
import { DemandQueryPage, ReleaseListPage, ReleasePage, SubmitFilePage } from './demand-pages';
import { EditProjectPage, NewProjectPage } from './project-form-page';
import { DemandReleasePage } from './demand-release-page';

export const pages: FeaturePages<'projects'> = {
  'demandmanger/release': ReleasePage,
  'demandmanger/newProjece': NewProjectPage,
  'demandmanger/releaseList': ReleaseListPage,
  'demandmanger/submitFile': SubmitFilePage,
  'demandmanger/demandQuery': DemandQueryPage,
  'demandmanger/DemandXmXg': EditProjectPage,
  'demandmanger/demandDetails': DemandDetailsPage,
  'notdchy/DemandRelease': DemandReleasePage,
};
