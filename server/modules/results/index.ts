export {
  acceptanceRoutes,
  catalogueRoutes,
  districtResultRoutes,
  projectHistoryRoutes,
  resultRoutes,
  workflowRoutes,
} from './routes';
export { fixDemandCatalogue } from './catalogue';
export { attachResultFile } from './submission';
export { resultReviewHooks, resultReviewItems } from './review-hooks';
export { resultWorkSource } from './work-source';
export { resultArchiveFolder } from './archive-folder';
export { prepareResultItems } from './project';
