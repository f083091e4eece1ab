export { workbenchRoutes } from './routes';
export { byDeadline, workHome, WORK_TODO_LIMIT } from './service';
export type { ItemCount, OpenTask, RecentMessage, WorkContext, WorkSource, WorkSources } from './sources';
