export { evaluationReviewHooks } from './appeals';
export { evaluationRoutes } from './routes';
export { evaluationWorkSource } from './work-source';
export { recordEvaluationOnTimeline } from './timeline';
export { scoredAgainst } from './criteria';
