export { caseRoutes, offlineRoutes } from './routes';
export { offlineReviewHooks, offlineReviewItems } from './review-hooks';
export { caseArchiveFolder } from './archive-folder';
