export { deadlineRoutes } from './routes';
export {
  DEADLINE_REMINDER_JOB,
  deadlineView,
  dueAt,
  lastDayText,
  loadCalendar,
  reviewTaskType,
} from './service';
