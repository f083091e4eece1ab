/** The pages of the results feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'results'> = {
  'fruitcatalog/manage': () => import('./catalogue-page').then((module) => module.CatalogueManagePage),
  'checkaddaccreditation/resultsSubmission': () =>
    import('./submission-pages').then((module) => module.ResultsSubmissionPage),
  'workflow/caseadd': () => import('./submission-pages').then((module) => module.CaseAddPage),
  'workflow/ToDoList': () => import('./acceptance-pages').then((module) => module.ToDoListPage),
  'workflow/progressQuery': () => import('./submission-pages').then((module) => module.ProgressQueryPage),
  'workflow/resDetails': () => import('./acceptance-pages').then((module) => module.ResDetailsPage),
  'workflow/DoneList': () => import('./acceptance-pages').then((module) => module.DoneListPage),
  'workflow/myCaseList': () => import('./history-pages').then((module) => module.MyCaseListPage),
  'workflow/myProjectList': () => import('./history-pages').then((module) => module.MyProjectListPage),
  'workflow/projectList': () => import('./history-pages').then((module) => module.ProjectListPage),
  'workflow/achieCompleteList': () =>
    import('./history-pages').then((module) => module.AchieCompleteListPage),
  'workflow/detials': () => import('./history-pages').then((module) => module.DetialsPage),
  'workflow/resDetailsSubOffice': () =>
    import('./district-pages').then((module) => module.SubOfficeResultPage),
  'workflow/ResultDetailsSubofficemenu': () =>
    import('./district-pages').then((module) => module.SubOfficeResultsPage),
};
