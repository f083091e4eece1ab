export { jobRoutes } from './routes';
export { createJobRunner, type JobDefinition, type JobRunner } from './runner';
