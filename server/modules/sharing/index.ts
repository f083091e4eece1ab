export { sharingRoutes } from './routes';
export { sharingReviewHooks, shareNamedReviewers } from './review-hooks';
export { sharingWorkSource } from './work-source';
