/** The demandmanger route group's pages (issue 13, projects slice): one lazy chunk, registered in console/app/pages.ts. */
import { DemandDetailsPage } from './demand-details-page';
import { DemandQueryPage, ReleaseListPage, ReleasePage, SubmitFilePage } from './demand-pages';
import { EditProjectPage, NewProjectPage } from './project-form-page';

export const pages = {
  release: ReleasePage,
  newProjece: NewProjectPage,
  releaseList: ReleaseListPage,
  submitFile: SubmitFilePage,
  demandQuery: DemandQueryPage,
  DemandXmXg: EditProjectPage,
  demandDetails: DemandDetailsPage,
};
