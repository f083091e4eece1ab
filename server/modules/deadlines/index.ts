export { deadlineRoutes } from './routes';
export { DEADLINE_REMINDER_JOB, deadlineView, dueAt, lastDayText, reviewTaskType } from './service';
