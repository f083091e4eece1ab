/** The pages of the results feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { DoneListPage, ResDetailsPage, ToDoListPage } from './acceptance-pages';
import { CatalogueManagePage } from './catalogue-page';
import {
  AchieCompleteListPage,
  DetialsPage,
  MyCaseListPage,
  MyProjectListPage,
  ProjectListPage,
} from './history-pages';
import { SubOfficeResultPage, SubOfficeResultsPage } from './district-pages';
import { CaseAddPage, ProgressQueryPage, ResultsSubmissionPage } from './submission-pages';

export const pages: FeaturePages<'results'> = {
  'fruitcatalog/manage': CatalogueManagePage,
  'checkaddaccreditation/resultsSubmission': ResultsSubmissionPage,
  'workflow/caseadd': CaseAddPage,
  'workflow/ToDoList': ToDoListPage,
  'workflow/progressQuery': ProgressQueryPage,
  'workflow/resDetails': ResDetailsPage,
  'workflow/DoneList': DoneListPage,
  'workflow/myCaseList': MyCaseListPage,
  'workflow/myProjectList': MyProjectListPage,
  'workflow/projectList': ProjectListPage,
  'workflow/achieCompleteList': AchieCompleteListPage,
  'workflow/detials': DetialsPage,
  'workflow/resDetailsSubOffice': SubOfficeResultPage,
  'workflow/ResultDetailsSubofficemenu': SubOfficeResultsPage,
};
