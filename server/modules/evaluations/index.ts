export { evaluationReviewHooks } from './appeals';
export { evaluationRoutes } from './routes';
