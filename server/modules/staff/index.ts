export { staffChangeRoutes, staffFileRoutes, staffRoutes } from './routes';
export { staffReviewHooks, staffReviewItems } from './review-hooks';
