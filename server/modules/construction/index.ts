export { constructionExportRoutes } from './export-routes';
export { constructionRoutes } from './routes';
export { constructionReviewHooks, constructionReviewItems } from './review-hooks';
