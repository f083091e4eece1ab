export { contractChangeRoutes, contractFlowRoutes } from './change-routes';
export { contractFilingRoutes } from './filing-routes';
export { contractRoutes } from './routes';
export { contractReviewHooks, contractReviewItems } from './review-hooks';
export { contractWorkSource } from './work-source';
