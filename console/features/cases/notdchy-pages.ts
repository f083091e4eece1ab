/** The /notdchy pages of survey cases and the owner's release list (issue 13, offline-and-cases slice). */
import { DemandReleasePage } from '@console/features/demands/demand-release-page';
import { AgencyToDoPage, CaseAddPage, CaseDetailPage } from './case-pages';

export const pages = {
  // The agency's to-do: the offers to answer (authorizations) and, below, the cases to open.
  toDoList: AgencyToDoPage,
  DemandRelease: DemandReleasePage,
  CaseAdd: CaseAddPage,
  CaseDetail: CaseDetailPage,
};
