export { authChangeRoutes, authorizationRoutes } from './routes';
export { sendDueAuthorizationReminders } from './reminders';
export { authorizationReviewHooks, authorizationReviewItems } from './review-hooks';
export { authorizationWorkSource } from './work-source';
